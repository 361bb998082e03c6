import { setTimeout as sleepFor } from 'node:timers/promises';
import * as z from 'zod';
import { cwAnd, cwEquals, cwIn } from './connectwise-conditions.ts';
import {
  CwAddition,
  CwAgreement,
  CwCatalogItem,
  CwCompany,
  CwCompanyInfo,
  CwCompanySite,
  CwConfiguration,
  CwConfigurationStatus,
  CwConfigurationType,
  CwErrorBody,
  CwReference,
  CwSystemInfo,
} from './connectwise-schemas.ts';

/**
 * A client of ConnectWise Manage's REST API 3.0, written from its public documentation:
 * - the API lives at `https://{site}/{codebase}apis/3.0`; the codebase (`v4_6_release/`) is the `Codebase` of
 *   `GET https://{site}/login/companyinfo/{companyId}` unless the settings name one;
 * - Basic auth of `{companyId}+{publicKey}:{privateKey}` and the `clientId` header on every call;
 * - lists take `conditions`, `childConditions`, `orderBy`, `page` and `pageSize` (at most 1000) and answer the
 *   next page's address in the `Link` header (`rel="next"`), followed here up to `maxPages` pages;
 * - errors come as `{code, message, errors: [{code, message, resource, field}]}`;
 * - 429 carries Retry-After: waited out (when at most `maxRetryAfterSeconds`) up to `maxRetries` times.
 * Every answer is checked with the zod schemas of connectwise-schemas.ts. Node's fetch; no other package.
 */

export type ConnectWiseConnection = {
  /** `na.myconnectwise.net`, or with a scheme (`http://` only with `allowHttp`: a local test server). */
  site: string;
  /** The login company id (what a member types at sign-in). */
  companyId: string;
  publicKey: string;
  privateKey: string;
  /** The integration's clientId from developer.connectwise.com. */
  clientId: string;
  /** `v4_6_release/`; null or empty: asked of companyinfo. */
  codebase: string | null;
};

export type ConnectWiseLimits = {
  allowHttp: boolean;
  /** One request, answer and body included. */
  timeoutMs: number;
  /** Rows per page (ConnectWise allows at most 1000). */
  pageSize: number;
  /** Pages of one list before it is given up as endless. */
  maxPages: number;
  /** Retries of a 429. */
  maxRetries: number;
  /** A longer Retry-After is not waited out. */
  maxRetryAfterSeconds: number;
};

export const CW_MAX_PAGE_SIZE = 1000;

export type ConnectWiseErrorKind =
  | 'SETTINGS'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'REJECTED'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  | 'TIMEOUT'
  | 'BAD_ANSWER'
  | 'TOO_MANY_PAGES';

/** What went wrong with a call, in words fit for the console and the sync log (never a credential). */
export class ConnectWiseError extends Error {
  constructor(
    readonly kind: ConnectWiseErrorKind,
    message: string,
    readonly status?: number,
    readonly cwCode?: string,
  ) {
    super(message);
    this.name = 'ConnectWiseError';
  }
}

type Sleep = (ms: number) => Promise<unknown>;
type Query = Record<string, string | number | undefined>;
type Method = 'GET' | 'POST' | 'PATCH';
type Answer = { status: number; data: unknown; headers: Headers };

/** The site's origin: `https://` unless it names `http://` and that is allowed. */
export const siteOrigin = (site: string, allowHttp: boolean): URL => {
  const trimmed = site.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    throw new ConnectWiseError(
      'SETTINGS',
      `"${site}" is not a ConnectWise site (e.g. na.myconnectwise.net).`,
    );
  }
  if (url.protocol === 'http:' && !allowHttp)
    throw new ConnectWiseError(
      'SETTINGS',
      'The site may be http:// only with PSA_CW_ALLOW_HTTP=1 (a local test server).',
    );
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConnectWiseError('SETTINGS', `Unsupported scheme ${url.protocol} for the site.`);
  return new URL(url.origin);
};

/** Retry-After in seconds (a number or an HTTP date); undefined when absent or unreadable. */
export const retryAfterSeconds = (header: string | null, now = Date.now()) => {
  if (!header) return undefined;
  const seconds = Number(header);
  if (header.trim() !== '' && Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
};

/** The `rel="next"` address of a Link header, if any. */
export const nextLink = (header: string | null): string | undefined => {
  if (!header) return undefined;
  for (const match of header.matchAll(/<([^>]*)>\s*((?:;\s*[^,;]+)*)/g)) {
    const rels = [...(match[2] ?? '').matchAll(/rel\s*=\s*"?([^";]+)"?/gi)].flatMap((m) =>
      (m[1] ?? '').trim().toLowerCase().split(/\s+/),
    );
    if (rels.includes('next')) return match[1];
  }
  return undefined;
};

/** ConnectWise's error body as one line: `code: message (field: message, ...)`. */
export const cwErrorText = (data: unknown, status: number) => {
  const parsed = CwErrorBody.safeParse(data);
  if (!parsed.success) return `HTTP ${status}`;
  const { code, message, errors } = parsed.data;
  const details = (errors ?? [])
    .slice(0, 5)
    .map((e) => [e.field, e.message ?? e.code].filter(Boolean).join(': '))
    .filter((text) => text !== '');
  const head = [code, message].filter(Boolean).join(': ') || `HTTP ${status}`;
  return details.length > 0 ? `${head} (${details.join('; ')})` : head;
};

const issueText = (error: z.ZodError) => {
  const [issue] = error.issues;
  if (!issue) return 'invalid';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'the answer';
  return `${where}: ${issue.message}`;
};

const describeCall = (method: Method, url: URL, apiPath: string) =>
  `${method} ${url.pathname.startsWith(apiPath) ? url.pathname.slice(apiPath.length) || '/' : url.pathname}`;

export const createConnectWiseClient = (
  connection: ConnectWiseConnection,
  limits: ConnectWiseLimits,
  { sleep = sleepFor as Sleep } = {},
) => {
  const origin = siteOrigin(connection.site, limits.allowHttp);
  const pageSize = Math.min(Math.max(1, Math.floor(limits.pageSize)), CW_MAX_PAGE_SIZE);
  const authorization = `Basic ${Buffer.from(
    `${connection.companyId}+${connection.publicKey}:${connection.privateKey}`,
  ).toString('base64')}`;

  /** One HTTP exchange with timeout and the 429 retries; the body is parsed as JSON when there is one. */
  const exchange = async (method: Method, url: URL, what: string, body?: unknown): Promise<Answer> => {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method,
          headers: {
            accept: 'application/json',
            authorization,
            clientId: connection.clientId,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          redirect: 'error',
          signal: AbortSignal.timeout(limits.timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'TimeoutError' || name === 'AbortError')
          throw new ConnectWiseError(
            'TIMEOUT',
            `ConnectWise did not answer ${what} within ${limits.timeoutMs / 1000} s.`,
          );
        const reason = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
        throw new ConnectWiseError('UNAVAILABLE', `ConnectWise could not be reached (${what}): ${reason}`);
      }
      let data: unknown;
      try {
        data = text === '' ? undefined : JSON.parse(text);
      } catch {
        data = undefined;
        if (response.ok)
          throw new ConnectWiseError(
            'BAD_ANSWER',
            `ConnectWise answered ${what} with something other than JSON.`,
          );
      }
      if (response.ok) return { status: response.status, data, headers: response.headers };
      if (response.status === 429) {
        const wait = retryAfterSeconds(response.headers.get('retry-after')) ?? 1;
        if (attempt < limits.maxRetries && wait <= limits.maxRetryAfterSeconds) {
          await sleep(wait * 1000);
          continue;
        }
        throw new ConnectWiseError(
          'RATE_LIMITED',
          `ConnectWise is limiting requests (${what}, 429); try again in ${wait} s.`,
          429,
        );
      }
      const detail = cwErrorText(data, response.status);
      const code = CwErrorBody.safeParse(data).data?.code ?? undefined;
      const status = response.status;
      if (status === 401)
        throw new ConnectWiseError(
          'UNAUTHORIZED',
          `ConnectWise refused the credentials (401 ${detail}). Check the company id, public and private key and the client id.`,
          status,
          code,
        );
      if (status === 403)
        throw new ConnectWiseError(
          'FORBIDDEN',
          `The API member may not ${what} (403 ${detail}); give its security role that permission.`,
          status,
          code,
        );
      if (status === 404)
        throw new ConnectWiseError('NOT_FOUND', `ConnectWise has no ${what} (404 ${detail}).`, status, code);
      if (status >= 500)
        throw new ConnectWiseError(
          'UNAVAILABLE',
          `ConnectWise failed on ${what} (${status} ${detail}).`,
          status,
          code,
        );
      throw new ConnectWiseError(
        'REJECTED',
        `ConnectWise refused ${what} (${status} ${detail}).`,
        status,
        code,
      );
    }
  };

  let apiBase: Promise<URL> | undefined;
  /** `{origin}/{codebase}apis/3.0/`, the codebase asked for once (again after a failure). */
  const base = () => {
    apiBase ??= (async () => {
      let codebase = connection.codebase?.trim() ?? '';
      if (codebase === '') {
        const url = new URL(`/login/companyinfo/${encodeURIComponent(connection.companyId)}`, origin);
        const { data } = await exchange('GET', url, 'GET /login/companyinfo');
        const info = CwCompanyInfo.safeParse(data);
        if (!info.success)
          throw new ConnectWiseError(
            data === undefined || data === null ? 'NOT_FOUND' : 'BAD_ANSWER',
            data === undefined || data === null
              ? `ConnectWise knows no company "${connection.companyId}" on ${origin.host}.`
              : `ConnectWise answered GET /login/companyinfo with an unexpected shape: ${issueText(info.error)}`,
          );
        codebase = info.data.Codebase;
      }
      const segment = codebase.replace(/^\/+|\/+$/g, '');
      if (!/^[\w.-]+$/.test(segment))
        throw new ConnectWiseError(
          'SETTINGS',
          `"${codebase}" is not a ConnectWise codebase (e.g. v4_6_release/).`,
        );
      return new URL(`/${segment}/apis/3.0/`, origin);
    })();
    apiBase.catch(() => {
      apiBase = undefined;
    });
    return apiBase;
  };

  const urlOf = async (path: string, query: Query = {}) => {
    const url = new URL(path.replace(/^\//, ''), await base());
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    return url;
  };

  const parse = <S extends z.ZodType>(schema: S, data: unknown, what: string): z.output<S> => {
    const parsed = schema.safeParse(data);
    if (!parsed.success)
      throw new ConnectWiseError(
        'BAD_ANSWER',
        `ConnectWise answered ${what} with an unexpected shape: ${issueText(parsed.error)}`,
      );
    return parsed.data;
  };

  const one = async <S extends z.ZodType>(
    schema: S,
    method: Method,
    path: string,
    body?: unknown,
  ): Promise<z.output<S>> => {
    const url = await urlOf(path);
    const what = describeCall(method, url, (await base()).pathname.replace(/\/$/, ''));
    const { data } = await exchange(method, url, what, body);
    return parse(schema, data, what);
  };

  /** Every row of a list, page after page along the Link header, at most `maxPages` pages. */
  const all = async <S extends z.ZodType>(
    schema: S,
    path: string,
    query: { conditions?: string; childConditions?: string; orderBy?: string } = {},
  ): Promise<z.output<S>[]> => {
    const apiRoot = await base();
    const apiPath = apiRoot.pathname.replace(/\/$/, '');
    let url = await urlOf(path, { ...query, page: 1, pageSize });
    const what = describeCall('GET', url, apiPath);
    const rows: z.output<S>[] = [];
    for (let page = 1; ; page++) {
      const answer = await exchange('GET', url, page === 1 ? what : `${what} (page ${page})`);
      rows.push(...parse(z.array(schema), answer.data ?? [], `${what} (page ${page})`));
      const link = answer.headers.get('link');
      const next = nextLink(link);
      const pageRows = Array.isArray(answer.data) ? answer.data.length : 0;
      // Without a Link header at all, full pages mean there may be more.
      const hasMore = next !== undefined || (link === null && pageRows >= pageSize);
      if (!hasMore) return rows;
      if (page >= limits.maxPages)
        throw new ConnectWiseError(
          'TOO_MANY_PAGES',
          `ConnectWise still had more of ${what} after ${limits.maxPages} pages of ${pageSize}; stopped there (PSA_CW_MAX_PAGES).`,
        );
      if (next === undefined) {
        url = new URL(url);
        url.searchParams.set('page', String(page + 1));
        continue;
      }
      const following = new URL(next, apiRoot);
      // Credentials go only to the API they were given for.
      if (following.origin !== apiRoot.origin || !following.pathname.startsWith(apiPath))
        throw new ConnectWiseError(
          'BAD_ANSWER',
          `ConnectWise's next page of ${what} points elsewhere (${following.origin}); not followed.`,
        );
      url = following;
    }
  };

  /** JSON Patch, as ConnectWise's PATCH takes it. */
  const replace = (fields: Record<string, unknown>) =>
    Object.entries(fields).map(([path, value]) => ({ op: 'replace', path, value }));

  return {
    /** The API root in use (the codebase discovered when not configured). */
    apiRoot: async () => (await base()).toString(),
    /** GET /system/info: proves site, codebase, credentials and clientId. */
    systemInfo: () => one(CwSystemInfo, 'GET', '/system/info'),
    companies: (query: { conditions?: string; childConditions?: string } = {}) =>
      all(CwCompany, '/company/companies', { ...query, orderBy: 'name asc' }),
    company: (id: number) => one(CwCompany, 'GET', `/company/companies/${id}`),
    companyTypes: () => all(CwReference, '/company/companies/types', { orderBy: 'name asc' }),
    companyStatuses: () => all(CwReference, '/company/companies/statuses', { orderBy: 'name asc' }),
    companySites: (companyId: number) =>
      all(CwCompanySite, `/company/companies/${companyId}/sites`, { orderBy: 'name asc' }),
    agreements: (companyId: number) =>
      all(CwAgreement, '/finance/agreements', {
        conditions: cwAnd(cwEquals('company/id', companyId), cwEquals('cancelledFlag', false)),
        orderBy: 'name asc',
      }),
    agreement: (id: number) => one(CwAgreement, 'GET', `/finance/agreements/${id}`),
    additions: (agreementId: number) =>
      all(CwAddition, `/finance/agreements/${agreementId}/additions`, { conditions: 'cancelledDate = null' }),
    createAddition: (agreementId: number, addition: { productId: number; quantity: number }) =>
      one(CwAddition, 'POST', `/finance/agreements/${agreementId}/additions`, {
        product: { id: addition.productId },
        quantity: addition.quantity,
        billCustomer: 'Billable',
      }),
    setAdditionQuantity: (agreementId: number, additionId: number, quantity: number) =>
      one(
        CwAddition,
        'PATCH',
        `/finance/agreements/${agreementId}/additions/${additionId}`,
        replace({ quantity }),
      ),
    catalogItems: (query: { conditions?: string } = {}) =>
      all(CwCatalogItem, '/procurement/catalog', {
        conditions: cwAnd(cwEquals('inactiveFlag', false), query.conditions),
        orderBy: 'identifier asc',
      }),
    configurationTypes: () =>
      all(CwConfigurationType, '/company/configurations/types', {
        conditions: cwEquals('inactiveFlag', false),
        orderBy: 'name asc',
      }),
    configurationStatuses: () =>
      all(CwConfigurationStatus, '/company/configurations/statuses', { orderBy: 'description asc' }),
    configurations: (query: { companyId: number; ids?: number[] }) =>
      all(CwConfiguration, '/company/configurations', {
        conditions: cwAnd(cwEquals('company/id', query.companyId), query.ids && cwIn('id', query.ids)),
      }),
    createConfiguration: (configuration: {
      name: string;
      typeId: number;
      statusId: number | null;
      companyId: number;
      siteId: number | null;
      serialNumber?: string;
      modelNumber?: string;
      osType?: string;
      ipAddress?: string;
    }) =>
      one(CwConfiguration, 'POST', '/company/configurations', {
        name: configuration.name,
        type: { id: configuration.typeId },
        company: { id: configuration.companyId },
        ...(configuration.statusId === null ? {} : { status: { id: configuration.statusId } }),
        ...(configuration.siteId === null ? {} : { site: { id: configuration.siteId } }),
        ...(configuration.serialNumber ? { serialNumber: configuration.serialNumber } : {}),
        ...(configuration.modelNumber ? { modelNumber: configuration.modelNumber } : {}),
        ...(configuration.osType ? { osType: configuration.osType } : {}),
        ...(configuration.ipAddress ? { ipAddress: configuration.ipAddress } : {}),
      }),
    setConfigurationStatus: (id: number, statusId: number) =>
      one(CwConfiguration, 'PATCH', `/company/configurations/${id}`, replace({ status: { id: statusId } })),
  };
};

export type ConnectWiseClient = ReturnType<typeof createConnectWiseClient>;
