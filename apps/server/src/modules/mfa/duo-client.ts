import { createHmac } from 'node:crypto';

/**
 * A small client of Duo's Auth API v2 (https://duo.com/docs/authapi): preauth, an asynchronous push, and
 * its status. Requests are signed as Duo documents (signature v2): HMAC-SHA1, keyed with the secret key,
 * of the date (RFC 2822), the method, the lower-cased host, the path and the canonical parameters, joined
 * by newlines; sent as `Authorization: Basic base64(ikey:hex)` with the same `Date` header.
 */

export type DuoSettings = {
  /** `api-xxxxxxxx.duosecurity.com`, or `http://127.0.0.1:port` when `allowHttp` (a local test server). */
  apiHost: string;
  integrationKey: string;
  secretKey: string;
  allowHttp?: boolean;
  timeoutMs: number;
};

/** Duo did not answer (network error, timeout, or a 5xx): try again later. */
export class DuoUnavailableError extends Error {}
/** Duo answered `stat: FAIL` (bad credentials, an unknown user, bad parameters): `code` is Duo's. */
export class DuoApiError extends Error {
  constructor(
    readonly status: number,
    readonly duoCode: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** Percent-encoding as Python's `urllib.parse.quote(value, '~')`: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export const duoQuote = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The parameters sorted by encoded key, `key=value` joined by `&` (as the query string or form body). */
export const canonParams = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([key, value]) => [duoQuote(key), duoQuote(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');

export const canonicalRequest = (
  date: string,
  method: string,
  host: string,
  path: string,
  params: Record<string, string>,
) => [date, method.toUpperCase(), host.toLowerCase(), path, canonParams(params)].join('\n');

export const signRequest = (
  settings: Pick<DuoSettings, 'integrationKey' | 'secretKey'>,
  canonical: string,
) => {
  const signature = createHmac('sha1', settings.secretKey).update(canonical, 'utf8').digest('hex');
  return `Basic ${Buffer.from(`${settings.integrationKey}:${signature}`).toString('base64')}`;
};

/** RFC 2822 in UTC, as Duo's clients send it: `Tue, 21 Aug 2012 17:29:18 -0000`. */
export const rfc2822Date = (date = new Date()) => date.toUTCString().replace(/GMT$/, '-0000');

/** The API root: https unless told otherwise, and http only when allowed (a local test server). */
const baseUrlOf = (settings: DuoSettings) => {
  const raw = /^[a-z]+:\/\//i.test(settings.apiHost) ? settings.apiHost : `https://${settings.apiHost}`;
  const url = new URL(raw);
  if (url.protocol === 'http:' && !settings.allowHttp)
    throw new Error('DUO_API_HOST may be http:// only with DUO_ALLOW_HTTP=1 (a local test server)');
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`DUO_API_HOST: unsupported scheme ${url.protocol}`);
  return url;
};

export type DuoPreauth = {
  result: 'auth' | 'allow' | 'deny' | 'enroll';
  status_msg: string;
  devices?: unknown[];
};
export type DuoAuthStatus = { result: 'allow' | 'deny' | 'waiting'; status: string; status_msg: string };

export const createDuoClient = (settings: DuoSettings) => {
  const base = baseUrlOf(settings);

  const call = async <T>(method: 'GET' | 'POST', path: string, params: Record<string, string>) => {
    const date = rfc2822Date();
    const authorization = signRequest(settings, canonicalRequest(date, method, base.host, path, params));
    const query = canonParams(params);
    const url = `${base.origin}${path}${method === 'GET' && query ? `?${query}` : ''}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization,
          date,
          accept: 'application/json',
          ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(method === 'POST' ? { body: query } : {}),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${settings.timeoutMs} ms`
          : String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
      throw new DuoUnavailableError(`Duo could not be reached (${path}): ${reason}`);
    }
    const text = await response.text().catch(() => '');
    let body: { stat?: string; response?: T; code?: number; message?: string; message_detail?: string };
    try {
      body = JSON.parse(text);
    } catch {
      if (response.status >= 500) throw new DuoUnavailableError(`Duo answered ${response.status} (${path})`);
      throw new DuoApiError(response.status, undefined, `Duo answered ${response.status} (${path})`);
    }
    if (response.ok && body.stat === 'OK' && body.response !== undefined) return body.response;
    const detail = [body.message, body.message_detail].filter(Boolean).join(': ');
    const message = `Duo answered ${response.status} (${path}): ${body.code ?? ''} ${detail}`.trim();
    if (response.status >= 500) throw new DuoUnavailableError(message);
    throw new DuoApiError(response.status, body.code, message);
  };

  return {
    /** Whether the user may authenticate, must enroll first, or is denied (`result`, `status_msg`). */
    preauth: (username: string) => call<DuoPreauth>('POST', '/auth/v2/preauth', { username }),
    /** Starts a push to the user's first capable device; answers the transaction id at once (async). */
    pushAsync: async (username: string) => {
      const { txid } = await call<{ txid: string }>('POST', '/auth/v2/auth', {
        username,
        factor: 'push',
        device: 'auto',
        async: '1',
      });
      if (typeof txid !== 'string' || txid === '') throw new DuoApiError(200, undefined, 'Duo gave no txid');
      return txid;
    },
    /** The push's state: `waiting`, or the user's answer `allow`/`deny`. */
    authStatus: (txid: string) => call<DuoAuthStatus>('GET', '/auth/v2/auth_status', { txid }),
  };
};

export type DuoClient = ReturnType<typeof createDuoClient>;
