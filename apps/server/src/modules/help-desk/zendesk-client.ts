import { Readable } from 'node:stream';
import { setTimeout as sleepFor } from 'node:timers/promises';

/**
 * A small client of Zendesk's Support API (developer.zendesk.com "Tickets", "Ticket Attachments"):
 * `POST /api/v2/uploads?filename=` with the file as the body (answers `{upload: {token}}`), then
 * `POST /api/v2/tickets` with `{ticket: {...}}` naming the tokens in `comment.uploads` (answers `{ticket: {id}}`).
 * Signs in with an API token as Zendesk documents: Basic `{email}/token:{api_token}`. Zendesk's errors come as
 * `{error, description}` (`RecordInvalid`, "Couldn't authenticate you") or `{error: {title, message}}`; a 429
 * carries Retry-After, waited out once when short.
 */

export type ZendeskSettings = {
  /** `https://{subdomain}.zendesk.com`, or `http://127.0.0.1:port` when `allowHttp` (a local test server). */
  url: string;
  email: string;
  apiToken: string;
  allowHttp: boolean;
  timeoutMs: number;
  maxRetryAfterSeconds: number;
};

/** Zendesk accepts attachments of at most 50 MB. */
export const ZENDESK_MAX_UPLOAD_BYTES = 50 * 1_048_576;

export type ZendeskTicket = {
  subject: string;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  comment: { body: string; uploads: string[] };
  custom_fields: { id: number; value: string | boolean }[];
  email_ccs: { user_email: string }[];
  requester: { name: string; email: string };
};

/**
 * Zendesk refused the request (`isUnavailable` false: bad credentials, an invalid ticket) or could not take it
 * (`isUnavailable`: no answer, a 5xx, a rate limit longer than we wait).
 */
export class ZendeskError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly isUnavailable: boolean,
    message: string,
  ) {
    super(message);
  }
}

/** What fetch sends: text, or a stream (the file). */
type RequestBody = NonNullable<RequestInit['body']>;

type Sleep = (ms: number) => Promise<unknown>;

const baseUrlOf = (settings: ZendeskSettings) => {
  const url = new URL(settings.url);
  if (url.protocol === 'http:' && !settings.allowHttp)
    throw new Error('ZENDESK_URL may be http:// only with ZENDESK_ALLOW_HTTP=1 (a local test server)');
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`ZENDESK_URL: unsupported scheme ${url.protocol}`);
  return url;
};

/** The text of a Zendesk error body, in either of its shapes. */
export const zendeskErrorText = (body: unknown, status: number) => {
  const data = (body ?? {}) as { error?: unknown; description?: unknown; details?: unknown };
  const parts: string[] = [];
  if (typeof data.error === 'string') parts.push(data.error);
  if (data.error && typeof data.error === 'object') {
    const { title, message } = data.error as { title?: unknown; message?: unknown };
    if (typeof title === 'string') parts.push(title);
    if (typeof message === 'string') parts.push(message);
  }
  if (typeof data.description === 'string') parts.push(data.description);
  if (data.details && typeof data.details === 'object') {
    const details = Object.entries(data.details as Record<string, unknown>)
      .flatMap(([field, list]) =>
        Array.isArray(list)
          ? list.map((item) => `${field}: ${(item as { description?: string }).description ?? 'invalid'}`)
          : [],
      )
      .slice(0, 5);
    parts.push(...details);
  }
  return parts.length > 0 ? parts.join(' — ') : `HTTP ${status}`;
};

/** Retry-After in seconds (a number, or an HTTP date); undefined when absent or unreadable. */
const retryAfterSeconds = (header: string | null, now = Date.now()) => {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
};

export const createZendeskClient = (settings: ZendeskSettings, { sleep = sleepFor as Sleep } = {}) => {
  const base = baseUrlOf(settings);
  const authorization = `Basic ${Buffer.from(`${settings.email}/token:${settings.apiToken}`).toString('base64')}`;

  /** One call; `body` is made again for the retry after a 429 (a file stream cannot be sent twice). */
  const call = async (
    method: 'POST',
    path: string,
    makeBody: () => { body: RequestBody; headers: Record<string, string> },
  ): Promise<unknown> => {
    for (let attempt = 1; ; attempt++) {
      const { body, headers } = makeBody();
      let response: Response;
      try {
        response = await fetch(new URL(path, base), {
          method,
          headers: { accept: 'application/json', authorization, ...headers },
          body,
          duplex: 'half',
          redirect: 'error',
          signal: AbortSignal.timeout(settings.timeoutMs),
        } as RequestInit);
      } catch (error) {
        throw new ZendeskError(undefined, true, `Zendesk did not answer: ${(error as Error).message}`);
      }
      const text = await response.text().catch(() => '');
      let data: unknown;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        data = undefined;
      }
      if (response.ok) return data;
      if (response.status === 429) {
        const wait = retryAfterSeconds(response.headers.get('retry-after'));
        if (attempt === 1 && wait !== undefined && wait <= settings.maxRetryAfterSeconds) {
          await sleep(wait * 1000);
          continue;
        }
        throw new ZendeskError(
          429,
          true,
          `Zendesk is limiting requests${wait === undefined ? '' : `; try again in ${wait} s`}.`,
        );
      }
      const message = `Zendesk answered ${response.status}: ${zendeskErrorText(data, response.status)}`;
      throw new ZendeskError(response.status, response.status >= 500, message);
    }
  };

  return {
    /** Uploads one file (streamed from `open`); answers its token for `comment.uploads`. */
    upload: async ({
      fileName,
      contentType,
      size,
      open,
    }: {
      fileName: string;
      contentType: string;
      size: number;
      open: () => Readable;
    }) => {
      const path = `/api/v2/uploads?${new URLSearchParams({ filename: fileName })}`;
      const data = (await call('POST', path, () => ({
        body: Readable.toWeb(open()) as unknown as RequestBody,
        headers: { 'content-type': contentType, 'content-length': String(size) },
      }))) as { upload?: { token?: unknown } } | undefined;
      const token = data?.upload?.token;
      if (typeof token !== 'string' || token === '')
        throw new ZendeskError(undefined, false, 'Zendesk answered an upload without a token.');
      return token;
    },
    /** Creates the ticket; answers its id. */
    createTicket: async (ticket: ZendeskTicket) => {
      const data = (await call('POST', '/api/v2/tickets', () => ({
        body: JSON.stringify({ ticket }),
        headers: { 'content-type': 'application/json' },
      }))) as { ticket?: { id?: unknown } } | undefined;
      const id = data?.ticket?.id;
      if (typeof id !== 'number' && typeof id !== 'string')
        throw new ZendeskError(undefined, false, 'Zendesk answered a ticket without an id.');
      return String(id);
    },
  };
};

export type ZendeskClient = ReturnType<typeof createZendeskClient>;
