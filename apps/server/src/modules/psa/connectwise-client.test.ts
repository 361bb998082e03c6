import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConditions } from '../../../test/cw-conditions.ts';
import {
  addManyCompanies,
  type FakeConnectWise,
  startFakeConnectWise,
} from '../../../test/fake-connectwise.ts';
import {
  type ConnectWiseConnection,
  ConnectWiseError,
  type ConnectWiseLimits,
  createConnectWiseClient,
  nextLink,
} from './connectwise-client.ts';
import { cwAnd, cwEquals, cwIn, cwLike, cwValue } from './connectwise-conditions.ts';

/** The connector against the local ConnectWise server (test/fake-connectwise.ts); no database. */

let fake: FakeConnectWise;
const limits: ConnectWiseLimits = {
  allowHttp: true,
  timeoutMs: 2_000,
  pageSize: 1000,
  maxPages: 10,
  maxRetries: 2,
  maxRetryAfterSeconds: 5,
};
const connection = (overrides: Partial<ConnectWiseConnection> = {}): ConnectWiseConnection => ({
  site: fake.url,
  companyId: fake.companyId,
  publicKey: fake.publicKey,
  privateKey: fake.privateKey,
  clientId: fake.clientId,
  codebase: null,
  ...overrides,
});
const waits: number[] = [];
const client = (
  overrides: Partial<ConnectWiseConnection> = {},
  limitOverrides: Partial<ConnectWiseLimits> = {},
) =>
  createConnectWiseClient(
    connection(overrides),
    { ...limits, ...limitOverrides },
    {
      sleep: async (ms: number) => {
        waits.push(ms);
      },
    },
  );
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectWiseError);
  return error as ConnectWiseError;
};

beforeAll(async () => {
  fake = await startFakeConnectWise();
  fake.addCompany({ name: 'Acme', types: ['Client'], sites: ['Main', 'Warehouse'] });
  fake.addCompany({ name: 'Acme Labs', types: ['Prospect'] });
  fake.addCompany({ name: 'Globex "East"', types: ['Client'], status: 'Inactive' });
  fake.addCompany({ name: 'Initech', types: ['Vendor', 'Client'] });
  addManyCompanies(fake, 2500);
});
afterAll(() => fake?.close());

describe('connection', () => {
  it('discovers the codebase, then signs every call with companyId+publicKey:privateKey and the clientId', async () => {
    const cw = client();
    expect(await cw.apiRoot()).toBe(`${fake.url}/v4_6_release/apis/3.0/`);
    const info = await cw.systemInfo();
    expect(info.version).toMatch(/^v2025/);
    const last = fake.requests.at(-1)!;
    expect(last.path).toBe('/system/info');
    expect(last.clientId).toBe(fake.clientId);
    expect(Buffer.from(last.authorization!.replace('Basic ', ''), 'base64').toString()).toBe(
      `${fake.companyId}+${fake.publicKey}:${fake.privateKey}`,
    );
  });

  it('uses a configured codebase without asking companyinfo, and refuses http:// unless allowed', async () => {
    expect(await client({ codebase: 'v4_6_release' }).apiRoot()).toBe(`${fake.url}/v4_6_release/apis/3.0/`);
    expect(() => createConnectWiseClient(connection(), { ...limits, allowHttp: false })).toThrow(
      /PSA_CW_ALLOW_HTTP/,
    );
  });

  it('names an unknown company id, and a bad key as refused credentials (401)', async () => {
    expect((await failure(client({ companyId: 'nobody' }).systemInfo())).message).toContain(
      'ConnectWise knows no company "nobody"',
    );
    const refused = await failure(client({ privateKey: 'wrong' }).systemInfo());
    expect(refused).toMatchObject({ kind: 'UNAUTHORIZED', status: 401, cwCode: 'Unauthorized' });
    expect(refused.message).toContain(
      'ConnectWise refused the credentials (401 Unauthorized: Invalid credentials',
    );
    expect(refused.message).not.toContain('wrong');
  });
});

describe('conditions', () => {
  it('builds values ConnectWise reads back, quotes and backslashes escaped', () => {
    expect(cwValue('Globex "East" \\ West')).toBe('"Globex \\"East\\" \\\\ West"');
    expect(cwAnd(cwEquals('name', 'Acme'), cwIn('status/name', ['Active', 'Inactive']))).toBe(
      '(name = "Acme") and (status/name in ("Active", "Inactive"))',
    );
    expect(cwAnd('', cwLike('name', 'Ac%'))).toBe('name like "Ac%"');
    expect(() => cwEquals('name) or (1', 'x')).toThrow();
    const matches = parseConditions(cwEquals('name', 'Globex "East" \\ West'));
    expect(matches({ name: 'Globex "East" \\ West' })).toBe(true);
  });

  it('filters with =, in, like, and/or and parentheses, on lists with childConditions', async () => {
    const cw = client();
    const names = async (query: { conditions?: string; childConditions?: string }) =>
      (await cw.companies(query)).map((company) => company.name);
    expect(await names({ conditions: 'name = "acme"' })).toEqual(['Acme']);
    expect(await names({ conditions: 'name like "Acme%"' })).toEqual(['Acme', 'Acme Labs']);
    expect(await names({ conditions: cwEquals('name', 'Globex "East"') })).toEqual(['Globex "East"']);
    expect(
      await names({
        conditions: 'name like "%e%" and status/name = "Active"',
        childConditions: 'types/name = "Client"',
      }),
    ).toEqual(['Acme', 'Initech']);
    expect(
      await names({
        conditions: '(name = "Acme" or name = "Initech") and status/name != "Inactive"',
        childConditions: 'types/name in ("Client","Prospect")',
      }),
    ).toEqual(['Acme', 'Initech']);
    expect(
      await names({ conditions: 'name = "Acme" or name = "Acme Labs" and status/name = "Inactive"' }),
    ).toEqual(['Acme']);
  });

  it('answers 400 with the error body for conditions it cannot read', async () => {
    const refused = await failure(client().companies({ conditions: 'name = ' }));
    expect(refused).toMatchObject({ kind: 'REJECTED', status: 400, cwCode: 'InvalidObject' });
    expect(refused.message).toContain('conditions is invalid');
    expect(refused.message).toContain('conditions: Expected a value');
  });
});

describe('paging', () => {
  it('follows the Link header over 2,500 companies in pages of 1000', async () => {
    const before = fake.requests.length;
    const companies = await client({ codebase: 'v4_6_release/' }).companies({
      conditions: 'name like "Company %"',
    });
    expect(companies).toHaveLength(2500);
    expect(new Set(companies.map((c) => c.id)).size).toBe(2500);
    expect(companies[0]!.name).toBe('Company 0001');
    expect(companies.at(-1)!.name).toBe('Company 2500');
    const pages = fake.requests.slice(before).map((r) => new URL(r.path, 'http://x').searchParams);
    expect(pages.map((p) => [p.get('page'), p.get('pageSize')])).toEqual([
      ['1', '1000'],
      ['2', '1000'],
      ['3', '1000'],
    ]);
  });

  it('reads the next link among the others', () => {
    expect(
      nextLink(
        '<https://x/a?page=1>; rel="first", <https://x/a?page=3>; rel="next", <https://x/a?page=9>; rel="last"',
      ),
    ).toBe('https://x/a?page=3');
    expect(nextLink('<https://x/a?page=1>; rel="first", <https://x/a?page=2>; rel="prev"')).toBeUndefined();
  });

  it('stops a list that never ends after the page limit', async () => {
    fake.endlessPaging = true;
    try {
      const endless = await failure(client({}, { pageSize: 50, maxPages: 4 }).companies());
      expect(endless.kind).toBe('TOO_MANY_PAGES');
      expect(endless.message).toContain('after 4 pages of 50');
    } finally {
      fake.endlessPaging = false;
    }
  });

  it('does not follow a next link to another host with the credentials', async () => {
    fake.failNext('/company/companies/types', {
      body: [{ id: 1, name: 'Client' }],
      headers: {
        link: '<https://evil.example/v4_6_release/apis/3.0/company/companies/types?page=2>; rel="next"',
      },
    });
    const refused = await failure(client({ codebase: 'v4_6_release/' }).companyTypes());
    expect(refused.kind).toBe('BAD_ANSWER');
    expect(fake.requests.some((r) => r.path.includes('evil'))).toBe(false);
  });
});

describe('failures', () => {
  it('a 4xx names ConnectWise code, message and the fields of its errors', async () => {
    const refused = await failure(
      client().createConfiguration({
        name: 'PC-1',
        typeId: 999,
        statusId: null,
        companyId: fake.companies[0]!.id,
        siteId: null,
      }),
    );
    expect(refused).toMatchObject({ kind: 'REJECTED', status: 400, cwCode: 'InvalidObject' });
    expect(refused.message).toBe(
      'ConnectWise refused POST /company/configurations (400 InvalidObject: configuration object is invalid (type: type is not a configuration type)).',
    );
  });

  it('a 404 and a 5xx are told apart', async () => {
    expect((await failure(client().company(987654))).kind).toBe('NOT_FOUND');
    fake.failNext('/procurement/catalog', {
      status: 503,
      body: { code: 'ServiceUnavailable', message: 'Down for maintenance' },
    });
    const down = await failure(client().catalogItems());
    expect(down).toMatchObject({ kind: 'UNAVAILABLE', status: 503 });
    expect(down.message).toContain('Down for maintenance');
  });

  it('waits out a 429 for its Retry-After, a bounded number of times', async () => {
    waits.length = 0;
    fake.failNext('/company/configurations/types', {
      status: 429,
      headers: { 'retry-after': '2' },
      body: {},
    });
    const types = await client().configurationTypes();
    expect(types.map((t) => t.name)).toEqual(['Managed Server', 'Managed Workstation']);
    expect(waits).toEqual([2000]);

    waits.length = 0;
    for (let i = 0; i < 3; i++)
      fake.failNext('/company/configurations/statuses', { status: 429, headers: { 'retry-after': '1' } });
    const limited = await failure(client().configurationStatuses());
    expect(limited).toMatchObject({ kind: 'RATE_LIMITED', status: 429 });
    expect(waits).toEqual([1000, 1000]);

    waits.length = 0;
    fake.failNext('/company/configurations/statuses', { status: 429, headers: { 'retry-after': '600' } });
    expect((await failure(client().configurationStatuses())).message).toContain('try again in 600 s');
    expect(waits).toEqual([]);
  });

  it('gives up on a slow answer after the timeout', async () => {
    fake.failNext('/system/info', { delayMs: 600, delayOnly: true });
    const slow = await failure(client({ codebase: 'v4_6_release/' }, { timeoutMs: 150 }).systemInfo());
    expect(slow.kind).toBe('TIMEOUT');
    expect(slow.message).toBe('ConnectWise did not answer GET /system/info within 0.15 s.');
  });

  it('refuses an answer of an unexpected shape, naming the field', async () => {
    fake.failNext(/^\/company\/companies\/\d+\/sites$/, { body: [{ id: 'seven', name: 'Main' }] });
    const odd = await failure(client().companySites(fake.companies[0]!.id));
    expect(odd.kind).toBe('BAD_ANSWER');
    expect(odd.message).toMatch(
      /^ConnectWise answered GET \/company\/companies\/\d+\/sites \(page 1\) with an unexpected shape: 0\.id: /,
    );
    fake.failNext('/system/info', { body: { hello: 'world' } });
    expect((await failure(client().systemInfo())).message).toContain('version:');
  });
});

describe('records', () => {
  it('lists sites, agreements and additions, and keeps an addition quantity in step', async () => {
    const acme = fake.companies[0]!;
    const cw = client();
    expect((await cw.companySites(acme.id)).map((s) => s.name)).toEqual(['Main', 'Warehouse']);
    const agreement = fake.addAgreement(acme.id, 'Managed services');
    expect((await cw.agreements(acme.id)).map((a) => a.name)).toEqual(['Managed services']);
    const created = await cw.createAddition(agreement.id, { productId: 11, quantity: 3 });
    expect(created).toMatchObject({ product: { id: 11 }, quantity: 3 });
    await cw.setAdditionQuantity(agreement.id, created.id, 5);
    expect((await cw.additions(agreement.id)).map((a) => [a.product.id, a.quantity])).toEqual([[11, 5]]);
    expect(fake.requests.at(-2)!.body).toEqual([{ op: 'replace', path: 'quantity', value: 5 }]);
  });

  it('creates a configuration and retires it with a status', async () => {
    const acme = fake.companies[0]!;
    const cw = client();
    const site = fake.sites.find((s) => s.companyId === acme.id)!;
    const made = await cw.createConfiguration({
      name: 'PC-7',
      typeId: 21,
      statusId: 31,
      companyId: acme.id,
      siteId: site.id,
      serialNumber: 'SN7',
    });
    expect(made).toMatchObject({ name: 'PC-7', type: { id: 21 }, site: { id: site.id } });
    await cw.setConfigurationStatus(made.id, 32);
    expect((await cw.configurations({ companyId: acme.id, ids: [made.id] }))[0]!.status).toMatchObject({
      id: 32,
    });
  });
});
