import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConditionsError, parseConditions } from './cw-conditions.ts';

/**
 * A local server speaking the part of ConnectWise Manage's REST API 3.0 the connector uses, from ConnectWise's
 * public documentation:
 * - `GET /login/companyinfo/{companyId}` → `{CompanyName, Codebase: "v4_6_release/", ...}` (no auth; `null`
 *   for an unknown company), the API under `/v4_6_release/apis/3.0`;
 * - Basic auth `{companyId}+{publicKey}:{privateKey}` and a `clientId` header, else 401 `{code, message}`;
 * - lists with `conditions` and `childConditions` (cw-conditions.ts), `page` and `pageSize` (25 by default, at
 *   most 1000) and a `Link` header (`next`, `last`, `first`, `prev`);
 * - errors as `{code, message, errors: [{code, message, resource, field}]}`;
 * - POST creates, PATCH takes JSON Patch (`[{op: "replace", path, value}]`).
 * Tests queue failures per path (any status, body or headers, a delay, an answer of another shape), make a list
 * endless, or revoke the credentials after some calls.
 */

export type Ref = { id: number; name: string };
export type FakeCompany = {
  id: number;
  identifier: string;
  name: string;
  status: Ref;
  types: Ref[];
  deletedFlag: boolean;
};
export type FakeSite = { id: number; companyId: number; name: string; inactiveFlag: boolean };
export type FakeAgreement = {
  id: number;
  name: string;
  company: Ref;
  agreementStatus: string;
  cancelledFlag: boolean;
};
export type FakeAddition = {
  id: number;
  agreementId: number;
  product: { id: number; identifier: string };
  quantity: number;
  billCustomer: string;
  cancelledDate: string | null;
};
export type FakeCatalogItem = { id: number; identifier: string; description: string; inactiveFlag: boolean };
export type FakeConfiguration = {
  id: number;
  name: string;
  type: Ref;
  status: Ref | null;
  company: Ref;
  site: Ref | null;
  serialNumber?: string;
};

/** A queued answer: a status (default 200) with a body and headers, after an optional delay. */
export type Failure = {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Only wait `delayMs`, then answer as usual. */
  delayOnly?: boolean;
};

export type FakeConnectWise = {
  /** `http://127.0.0.1:port`: the site to configure (with PSA_CW_ALLOW_HTTP). */
  url: string;
  companyId: string;
  publicKey: string;
  privateKey: string;
  clientId: string;
  codebase: string;
  companies: FakeCompany[];
  sites: FakeSite[];
  agreements: FakeAgreement[];
  additions: FakeAddition[];
  catalog: FakeCatalogItem[];
  configurationTypes: { id: number; name: string; inactiveFlag: boolean }[];
  configurationStatuses: { id: number; description: string; closedFlag: boolean; defaultFlag: boolean }[];
  configurations: FakeConfiguration[];
  companyTypes: Ref[];
  companyStatuses: Ref[];
  /** Every request: method, path (without the API root) with its query, and the two auth headers. */
  requests: { method: string; path: string; authorization?: string; clientId?: string; body?: unknown }[];
  /** Answers the next request whose path (without the API root and query) matches. */
  failNext: (path: string | RegExp, failure: Failure) => void;
  /** Lists answer a `next` link forever (the same rows again). */
  endlessPaging: boolean;
  /** After this many more authenticated API calls the keys stop working (401). */
  revokeAfter: (calls: number) => void;
  addCompany: (company: { name: string; status?: string; types?: string[]; sites?: string[] }) => FakeCompany;
  addAgreement: (companyId: number, name: string) => FakeAgreement;
  close: () => Promise<void>;
};

const API_PREFIX = '/v4_6_release/apis/3.0';
const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 1000;

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

const error = (status: number, code: string, message: string, errors?: unknown[]): Reply => ({
  status,
  body: { code, message, ...(errors ? { errors } : {}) },
});
const invalid = (resource: string, field: string, message: string) =>
  error(400, 'InvalidObject', `${resource} object is invalid`, [
    { code: 'InvalidField', message, resource, field },
  ]);

const readJson = (request: http.IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        resolve(Symbol.for('bad-json'));
      }
    });
  });

const ref = (list: Ref[], name: string) => {
  const found = list.find((item) => item.name.toLowerCase() === name.toLowerCase());
  if (!found) throw new Error(`fake ConnectWise: no ${name}`);
  return found;
};

export const startFakeConnectWise = async ({
  companyId = 'msptest',
  publicKey = 'PublicKey1234567',
  privateKey = 'PrivateKey7654321',
  clientId = '1b7c4a6e-6f1e-4c36-9a55-0c1a8f6f3c2d',
}: {
  companyId?: string;
  publicKey?: string;
  privateKey?: string;
  clientId?: string;
} = {}) => {
  const failures: { path: string | RegExp; failure: Failure }[] = [];
  let callsUntilRevoked = Number.POSITIVE_INFINITY;
  let nextId = 1000;
  const companyTypes: Ref[] = [
    { id: 1, name: 'Client' },
    { id: 2, name: 'Prospect' },
    { id: 3, name: 'Vendor' },
  ];
  const companyStatuses: Ref[] = [
    { id: 1, name: 'Active' },
    { id: 2, name: 'Inactive' },
    { id: 3, name: 'Not-Approved' },
  ];

  const fake: FakeConnectWise = {
    url: '',
    companyId,
    publicKey,
    privateKey,
    clientId,
    codebase: 'v4_6_release/',
    companies: [],
    sites: [],
    agreements: [],
    additions: [],
    catalog: [
      { id: 11, identifier: 'RMM-WKS', description: 'Managed workstation', inactiveFlag: false },
      { id: 12, identifier: 'RMM-SRV', description: 'Managed server', inactiveFlag: false },
      { id: 13, identifier: 'RMM-OLD', description: 'Retired plan', inactiveFlag: true },
    ],
    configurationTypes: [
      { id: 21, name: 'Managed Workstation', inactiveFlag: false },
      { id: 22, name: 'Managed Server', inactiveFlag: false },
    ],
    configurationStatuses: [
      { id: 31, description: 'Active', closedFlag: false, defaultFlag: true },
      { id: 32, description: 'Inactive', closedFlag: true, defaultFlag: false },
    ],
    configurations: [],
    companyTypes,
    companyStatuses,
    requests: [],
    failNext: (path, failure) => failures.push({ path, failure }),
    endlessPaging: false,
    revokeAfter: (calls) => {
      callsUntilRevoked = calls;
    },
    addCompany: ({ name, status = 'Active', types = ['Client'], sites = ['Main'] }) => {
      const id = nextId++;
      const company: FakeCompany = {
        id,
        identifier: name.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || `C${id}`,
        name,
        status: ref(companyStatuses, status),
        types: types.map((type) => ref(companyTypes, type)),
        deletedFlag: false,
      };
      fake.companies.push(company);
      for (const site of sites)
        fake.sites.push({ id: nextId++, companyId: id, name: site, inactiveFlag: false });
      return company;
    },
    addAgreement: (companyId, name) => {
      const company = fake.companies.find((c) => c.id === companyId)!;
      const agreement: FakeAgreement = {
        id: nextId++,
        name,
        company: { id: company.id, name: company.name },
        agreementStatus: 'Active',
        cancelledFlag: false,
      };
      fake.agreements.push(agreement);
      return agreement;
    },
    close: async () => {},
  };

  const companyRef = (company: FakeCompany) => ({
    id: company.id,
    identifier: company.identifier,
    name: company.name,
  });

  const list = (url: URL, rows: unknown[]): Reply => {
    let filtered = rows;
    try {
      for (const name of ['conditions', 'childConditions']) {
        const text = url.searchParams.get(name);
        if (text) filtered = filtered.filter(parseConditions(text));
      }
    } catch (cause) {
      if (!(cause instanceof ConditionsError)) throw cause;
      return error(400, 'InvalidObject', `conditions is invalid: ${cause.message}`, [
        { code: 'InvalidConditions', message: cause.message, resource: 'conditions', field: 'conditions' },
      ]);
    }
    const orderBy = /^(\w+)(?:\s+(asc|desc))?$/i.exec(url.searchParams.get('orderBy')?.trim() ?? '');
    if (orderBy) {
      const [, field, direction] = orderBy;
      const sign = direction?.toLowerCase() === 'desc' ? -1 : 1;
      const key = (row: unknown) => (row as Record<string, unknown>)[field!];
      filtered = [...filtered].sort((a, b) => {
        const x = key(a);
        const y = key(b);
        if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
        return sign * String(x ?? '').localeCompare(String(y ?? ''));
      });
    }
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const pageSize = Math.min(
      MAX_PAGE_SIZE,
      Math.max(1, Number(url.searchParams.get('pageSize') ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE),
    );
    const lastPage = Math.max(1, Math.ceil(filtered.length / pageSize));
    const pageRows = fake.endlessPaging
      ? filtered.slice(0, pageSize)
      : filtered.slice((page - 1) * pageSize, page * pageSize);
    const link = (to: number, rel: string) => {
      const target = new URL(url);
      target.searchParams.set('page', String(to));
      target.searchParams.set('pageSize', String(pageSize));
      return `<${target.toString()}>; rel="${rel}"`;
    };
    const links = [
      ...(page < lastPage || fake.endlessPaging ? [link(page + 1, 'next'), link(lastPage, 'last')] : []),
      ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : []),
    ];
    return { status: 200, body: pageRows, headers: links.length > 0 ? { link: links.join(', ') } : {} };
  };

  const found = <T>(item: T | undefined, what: string, id: number | string): Reply =>
    item === undefined
      ? error(404, 'NotFound', `${what} with id ${id} was not found.`)
      : { status: 200, body: item };

  const patch = (target: Record<string, unknown>, body: unknown, allowed: string[]): Reply | undefined => {
    if (!Array.isArray(body)) return error(400, 'InvalidObject', 'Patch operations must be an array');
    for (const operation of body as { op?: string; path?: string; value?: unknown }[]) {
      const path = operation.path?.replace(/^\//, '') ?? '';
      if (operation.op !== 'replace' || !allowed.includes(path))
        return error(400, 'InvalidObject', `Cannot ${operation.op} ${path}`);
      target[path] = operation.value;
    }
    return undefined;
  };

  const route = (method: string, url: URL, path: string, body: unknown): Reply => {
    const parts = path.split('/').filter(Boolean);
    const numberAt = (index: number) => Number(parts[index]);
    if (method === 'GET' && path === '/system/info')
      return {
        status: 200,
        body: { version: 'v2025.1.10000', isCloud: false, serverTimeZone: 'Eastern Standard Time' },
      };
    if (method === 'GET' && path === '/company/companies')
      return list(
        url,
        fake.companies.filter((c) => !c.deletedFlag),
      );
    if (method === 'GET' && path === '/company/companies/types') return list(url, fake.companyTypes);
    if (method === 'GET' && path === '/company/companies/statuses') return list(url, fake.companyStatuses);
    if (method === 'GET' && /^\/company\/companies\/\d+$/.test(path))
      return found(
        fake.companies.find((c) => c.id === numberAt(2) && !c.deletedFlag),
        'Company',
        numberAt(2),
      );
    if (method === 'GET' && /^\/company\/companies\/\d+\/sites$/.test(path)) {
      const company = fake.companies.find((c) => c.id === numberAt(2) && !c.deletedFlag);
      if (!company) return error(404, 'NotFound', `Company with id ${numberAt(2)} was not found.`);
      return list(
        url,
        fake.sites
          .filter((s) => s.companyId === company.id)
          .map((s) => ({
            id: s.id,
            name: s.name,
            inactiveFlag: s.inactiveFlag,
            company: companyRef(company),
          })),
      );
    }
    if (method === 'GET' && path === '/finance/agreements') return list(url, fake.agreements);
    if (method === 'GET' && /^\/finance\/agreements\/\d+$/.test(path))
      return found(
        fake.agreements.find((a) => a.id === numberAt(2)),
        'Agreement',
        numberAt(2),
      );
    if (/^\/finance\/agreements\/\d+\/additions(\/\d+)?$/.test(path)) {
      const agreement = fake.agreements.find((a) => a.id === numberAt(2));
      if (!agreement) return error(404, 'NotFound', `Agreement with id ${numberAt(2)} was not found.`);
      if (method === 'GET' && parts.length === 4)
        return list(
          url,
          fake.additions.filter((a) => a.agreementId === agreement.id),
        );
      if (method === 'POST' && parts.length === 4) {
        const input = body as { product?: { id?: unknown }; quantity?: unknown; billCustomer?: unknown };
        const product = fake.catalog.find((item) => item.id === input?.product?.id);
        if (!product) return invalid('addition', 'product', 'product is not a catalog item');
        if (typeof input.quantity !== 'number' || input.quantity < 0)
          return invalid('addition', 'quantity', 'quantity must be a number');
        const addition: FakeAddition = {
          id: nextId++,
          agreementId: agreement.id,
          product: { id: product.id, identifier: product.identifier },
          quantity: input.quantity,
          billCustomer: typeof input.billCustomer === 'string' ? input.billCustomer : 'Billable',
          cancelledDate: null,
        };
        fake.additions.push(addition);
        return { status: 201, body: addition };
      }
      if (method === 'PATCH' && parts.length === 5) {
        const addition = fake.additions.find((a) => a.id === numberAt(4) && a.agreementId === agreement.id);
        if (!addition) return error(404, 'NotFound', `Addition with id ${numberAt(4)} was not found.`);
        const copy = { ...addition } as Record<string, unknown>;
        const refused = patch(copy, body, ['quantity']);
        if (refused) return refused;
        if (typeof copy.quantity !== 'number')
          return invalid('addition', 'quantity', 'quantity must be a number');
        Object.assign(addition, copy);
        return { status: 200, body: addition };
      }
    }
    if (method === 'GET' && path === '/procurement/catalog') return list(url, fake.catalog);
    if (method === 'GET' && path === '/company/configurations/types')
      return list(url, fake.configurationTypes);
    if (method === 'GET' && path === '/company/configurations/statuses')
      return list(url, fake.configurationStatuses);
    if (method === 'GET' && path === '/company/configurations') return list(url, fake.configurations);
    if (method === 'POST' && path === '/company/configurations') {
      const input = body as {
        name?: unknown;
        type?: { id?: unknown };
        status?: { id?: unknown };
        company?: { id?: unknown };
        site?: { id?: unknown };
        serialNumber?: unknown;
      };
      if (typeof input?.name !== 'string' || input.name.trim() === '' || input.name.length > 100)
        return invalid('configuration', 'name', 'name is required and at most 100 characters');
      const type = fake.configurationTypes.find((t) => t.id === input.type?.id);
      if (!type) return invalid('configuration', 'type', 'type is not a configuration type');
      const company = fake.companies.find((c) => c.id === input.company?.id && !c.deletedFlag);
      if (!company) return invalid('configuration', 'company', 'company does not exist');
      const status = input.status
        ? fake.configurationStatuses.find((s) => s.id === input.status?.id)
        : undefined;
      if (input.status && !status)
        return invalid('configuration', 'status', 'status is not a configuration status');
      const site = input.site
        ? fake.sites.find((s) => s.id === input.site?.id && s.companyId === company.id)
        : undefined;
      if (input.site && !site) return invalid('configuration', 'site', 'site is not a site of the company');
      const configuration: FakeConfiguration = {
        id: nextId++,
        name: input.name,
        type: { id: type.id, name: type.name },
        status: status ? { id: status.id, name: status.description } : { id: 31, name: 'Active' },
        company: { id: company.id, name: company.name },
        site: site ? { id: site.id, name: site.name } : null,
        ...(typeof input.serialNumber === 'string' ? { serialNumber: input.serialNumber } : {}),
      };
      fake.configurations.push(configuration);
      return { status: 201, body: configuration };
    }
    if (/^\/company\/configurations\/\d+$/.test(path)) {
      const configuration = fake.configurations.find((c) => c.id === numberAt(2));
      if (!configuration)
        return error(404, 'NotFound', `Configuration with id ${numberAt(2)} was not found.`);
      if (method === 'GET') return { status: 200, body: configuration };
      if (method === 'PATCH') {
        const copy = { ...configuration } as Record<string, unknown>;
        const refused = patch(copy, body, ['status']);
        if (refused) return refused;
        const status = fake.configurationStatuses.find((s) => s.id === (copy.status as { id?: unknown })?.id);
        if (!status) return invalid('configuration', 'status', 'status is not a configuration status');
        configuration.status = { id: status.id, name: status.description };
        return { status: 200, body: configuration };
      }
    }
    return error(404, 'NotFound', `No resource at ${path}`);
  };

  const expectedAuthorization = () =>
    `Basic ${Buffer.from(`${fake.companyId}+${fake.publicKey}:${fake.privateKey}`).toString('base64')}`;

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.1'}`);
    const body = await readJson(request);
    const send = (reply: Reply) => {
      if (response.destroyed) return;
      response.writeHead(reply.status, {
        'content-type': 'application/json; charset=utf-8',
        ...reply.headers,
      });
      response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    };

    if (request.method === 'GET' && url.pathname.startsWith('/login/companyinfo/')) {
      const asked = decodeURIComponent(url.pathname.slice('/login/companyinfo/'.length));
      return send({
        status: 200,
        body:
          asked.toLowerCase() === fake.companyId.toLowerCase()
            ? {
                CompanyName: 'MSP Test Inc',
                Codebase: fake.codebase,
                VersionCode: 'v2025.1',
                VersionNumber: 'v4.6.10000',
                CompanyID: fake.companyId,
                IsCloud: false,
                SiteUrl: url.host,
              }
            : null,
      });
    }
    if (!url.pathname.startsWith(`${API_PREFIX}/`))
      return send(error(404, 'NotFound', `No API at ${url.pathname}`));
    const path = url.pathname.slice(API_PREFIX.length).replace(/\/$/, '');
    fake.requests.push({
      method: request.method ?? '',
      path: `${path}${url.search}`,
      authorization: request.headers.authorization,
      clientId: request.headers.clientid as string | undefined,
      ...(body === undefined ? {} : { body }),
    });

    if (!request.headers.clientid)
      return send(
        error(401, 'Unauthorized', 'A clientId header is required; see developer.connectwise.com.'),
      );
    if (request.headers.authorization !== expectedAuthorization() || callsUntilRevoked <= 0)
      return send(error(401, 'Unauthorized', 'Invalid credentials, or the API member is inactive.'));
    callsUntilRevoked--;

    const index = failures.findIndex(({ path: match }) =>
      typeof match === 'string' ? match === path : match.test(path),
    );
    if (index >= 0) {
      const { failure } = failures.splice(index, 1)[0]!;
      if (failure.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
      if (!failure.delayOnly)
        return send({ status: failure.status ?? 200, body: failure.body, headers: failure.headers });
    }
    if (body === Symbol.for('bad-json'))
      return send(error(400, 'InvalidObject', 'The body is not valid JSON'));
    return send(route(request.method ?? 'GET', url, path, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
};

/** `count` companies named `Company 0001`, ... (half clients, a quarter prospects, a quarter vendors). */
export const addManyCompanies = (fake: FakeConnectWise, count: number) => {
  const kinds = ['Client', 'Client', 'Prospect', 'Vendor'];
  for (let i = 1; i <= count; i++)
    fake.addCompany({
      name: `Company ${String(i).padStart(4, '0')}`,
      types: [kinds[i % kinds.length]!],
      status: i % 10 === 0 ? 'Inactive' : 'Active',
      sites: [],
    });
};
