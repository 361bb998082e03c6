import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeCompany,
  type FakeConnectWise,
  startFakeConnectWise,
} from '../../../test/fake-connectwise.ts';
import { createOrganizationInput, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { activities, devices, psaConfigurations, psaConnections, users } from '../../db/schema.ts';
import { hashPassword } from '../auth/service.ts';

/**
 * The ConnectWise PSA integration through HTTP (issue 22), against the local ConnectWise server: connection
 * settings, spec §7's two calls and their cache, the account mappings with auto-map and clear (spec §3, §4),
 * the product and configuration-type mappings.
 */

let ctx: TestContext;
let fake: FakeConnectWise;
const companies = {} as Record<'acme' | 'globex' | 'initech' | 'umbrella', FakeCompany>;
const unique = () => randomUUID().slice(0, 6);

const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  site: fake.url,
  companyId: fake.companyId,
  publicKey: fake.publicKey,
  privateKey: fake.privateKey,
  clientId: fake.clientId,
  ...overrides,
});
const newOrganization = async (name: string, locations = ['Head office']) =>
  (
    await ctx.request(
      'POST',
      '/organizations',
      createOrganizationInput({ name, locations: locations.map((location) => ({ name: location })) }),
    )
  ).json() as { id: number; name: string; locations: { id: number; name: string }[] };

beforeAll(async () => {
  fake = await startFakeConnectWise();
  companies.acme = fake.addCompany({ name: `Acme ${unique()}`, sites: ['Main', 'Warehouse'] });
  companies.globex = fake.addCompany({ name: `Globex ${unique()}`, sites: ['HQ'] });
  companies.initech = fake.addCompany({ name: `Initech ${unique()}`, types: ['Prospect'] });
  companies.umbrella = fake.addCompany({ name: `Umbrella ${unique()}`, types: ['Vendor'] });
  ctx = await createTestApp({
    psaCwAllowHttp: true,
    psaCacheSeconds: 60,
    psaCwTimeoutMs: 3_000,
    psaCwMaxPages: 5,
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('the feature flag and the connection', () => {
  it('answers 404 while the PSA flag is off, then the unconnected settings', async () => {
    const off = await ctx.request('GET', '/psacw/v2/settings');
    expect(off.statusCode).toBe(404);
    expect(off.json().error.code).toBe('PSA_DISABLED');
    expect((await ctx.request('PUT', '/settings/feature-flags', { psa_connectwise: true })).statusCode).toBe(
      200,
    );
    const settings = (await ctx.request('GET', '/psacw/v2/settings')).json();
    expect(settings).toMatchObject({
      configured: false,
      companyTypes: ['Client'],
      companyStatuses: ['Active'],
    });
    const companiesBefore = await ctx.request('POST', '/psacw/v2/company/companies', {});
    expect(companiesBefore.statusCode).toBe(409);
    expect(companiesBefore.json().error.code).toBe('PSA_NOT_CONFIGURED');
  });

  it('tests typed settings without saving them, and says why a bad key fails', async () => {
    const bad = (
      await ctx.request('POST', '/psacw/v2/settings/test', settingsBody({ privateKey: 'nope' }))
    ).json();
    expect(bad).toMatchObject({ ok: false, version: null });
    expect(bad.message).toContain('ConnectWise refused the credentials (401');
    const good = (await ctx.request('POST', '/psacw/v2/settings/test', settingsBody())).json();
    expect(good).toMatchObject({ ok: true, apiRoot: `${fake.url}/v4_6_release/apis/3.0/` });
    expect((await ctx.request('GET', '/psacw/v2/settings')).json().configured).toBe(false);
  });

  it('saves the keys encrypted, never answers them, and keeps them when a save leaves them out', async () => {
    const missing = await ctx.request('PUT', '/psacw/v2/settings', settingsBody({ publicKey: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('PSA_KEYS_REQUIRED');
    const saved = await ctx.request('PUT', '/psacw/v2/settings', settingsBody({ syncIntervalSeconds: 3600 }));
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(fake.privateKey);
    expect(saved.body).not.toContain(fake.publicKey);
    expect(saved.json()).toMatchObject({ configured: true, hasKeys: true, syncIntervalSeconds: 3600 });
    expect(saved.json().nextSyncTime).not.toBeNull();
    const [row] = await ctx.db.select().from(psaConnections);
    expect(row!.privateKeyEncrypted).toMatch(/^v1\./);
    expect(row!.privateKeyEncrypted).not.toContain(fake.privateKey);
    expect(row!.publicKeyEncrypted).not.toContain(fake.publicKey);

    const { publicKey: _p, privateKey: _k, ...withoutKeys } = settingsBody();
    const kept = await ctx.request('PUT', '/psacw/v2/settings', {
      ...withoutKeys,
      companyTypes: ['Client', 'Prospect'],
    });
    expect(kept.json().companyTypes).toEqual(['Client', 'Prospect']);
    const test = (await ctx.request('POST', '/psacw/v2/settings/test')).json();
    expect(test.ok).toBe(true);
    expect((await ctx.request('GET', '/psacw/v2/settings')).json()).toMatchObject({ lastTestOk: true });
    const logged = await ctx.db
      .select()
      .from(activities)
      .where(eq(activities.action, 'psa.connection.update'));
    expect(logged.map((a) => a.detail).join(' ')).not.toContain(fake.privateKey);
  });

  it('refuses an http:// site and an interval not offered', async () => {
    const site = await ctx.request('PUT', '/psacw/v2/settings', settingsBody({ site: 'ftp://cw.example' }));
    expect(site.statusCode).toBe(400);
    const interval = await ctx.request(
      'PUT',
      '/psacw/v2/settings',
      settingsBody({ syncIntervalSeconds: 61 }),
    );
    expect(interval.statusCode).toBe(400);
    expect(interval.json().error.message).toContain('syncIntervalSeconds');
  });
});

describe('spec §7 calls', () => {
  it('POST /psacw/v2/company/companies lists the criteria’s companies as {companyList}, cached', async () => {
    const before = fake.requests.length;
    const listed = await ctx.request('POST', '/psacw/v2/company/companies', {});
    expect(listed.statusCode).toBe(200);
    const names = listed.json().companyList.map((c: { name: string }) => c.name);
    expect(names).toEqual(
      expect.arrayContaining([companies.acme.name, companies.globex.name, companies.initech.name]),
    );
    expect(names).not.toContain(companies.umbrella.name);
    expect(
      listed.json().companyList.find((c: { id: number }) => c.id === companies.initech.id),
    ).toMatchObject({
      status: 'Active',
      types: ['Prospect'],
    });
    const request = fake.requests.slice(before).find((r) => r.path.startsWith('/company/companies?'))!;
    const query = new URL(request.path, 'http://x').searchParams;
    expect(query.get('childConditions')).toBe('types/name in ("Client", "Prospect")');
    expect(query.get('conditions')).toContain('status/name in ("Active")');

    const calls = fake.requests.length;
    await ctx.request('POST', '/psacw/v2/company/companies', {});
    expect(fake.requests.length).toBe(calls);
    const filtered = await ctx.request('POST', '/psacw/v2/company/companies', {
      name: companies.acme.name.slice(0, 6),
      types: ['Client'],
    });
    expect(filtered.json().companyList.map((c: { id: number }) => c.id)).toContain(companies.acme.id);
    expect(filtered.json().companyList.map((c: { id: number }) => c.id)).not.toContain(companies.initech.id);
  });

  it('GET …/sites answers {companySiteList}; refresh reads again; a failure says Error fetching company sites', async () => {
    const path = `/psacw/v2/company/companies/${companies.acme.id}/sites`;
    const sites = (await ctx.request('GET', path)).json();
    expect(sites.companySiteList.map((s: { name: string }) => s.name)).toEqual(['Main', 'Warehouse']);
    fake.failNext(`/company/companies/${companies.acme.id}/sites`, {
      status: 500,
      body: { code: 'InternalError', message: 'Boom' },
    });
    expect((await ctx.request('GET', path)).statusCode).toBe(200);
    const refreshed = await ctx.request('GET', `${path}?refresh=true`);
    expect(refreshed.statusCode).toBe(502);
    expect(refreshed.json().error.message).toMatch(
      /^Error while refreshing company sites: ConnectWise failed/,
    );
    fake.failNext(`/company/companies/${companies.globex.id}/sites`, {
      status: 401,
      body: { code: 'Unauthorized', message: 'x' },
    });
    const failed = await ctx.request('GET', `/psacw/v2/company/companies/${companies.globex.id}/sites`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toMatch(
      /^Error fetching company sites: ConnectWise refused the credentials/,
    );
  });

  it('a company list of an unexpected shape is "Error fetching account companies" with the field', async () => {
    fake.failNext('/company/companies', { body: [{ id: 1, name: 'No identifier' }] });
    const odd = await ctx.request('POST', '/psacw/v2/company/companies?refresh=true', {});
    expect(odd.statusCode).toBe(502);
    expect(odd.json().error.message).toMatch(
      /^Error fetching account companies: ConnectWise answered GET \/company\/companies \(page 1\) with an unexpected shape: 0\.identifier/,
    );
  });
});

describe('product and configuration-type mappings', () => {
  it('stores catalog products and types by name from ConnectWise, refuses unknown ones and duplicates', async () => {
    const created = await ctx.request('POST', '/psacw/v2/product-mappings', {
      name: 'Standard',
      rules: [
        { nodeRoleId: 2, catalogItemId: 11 },
        { nodeRoleId: 1, catalogItemId: 12 },
      ],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().rules[0]).toMatchObject({ catalogItemIdentifier: 'RMM-WKS', groupId: null });
    const inactive = await ctx.request('POST', '/psacw/v2/product-mappings', {
      name: 'Old',
      rules: [{ nodeRoleId: 2, catalogItemId: 13 }],
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error.message).toBe(
      'The catalog item is not an active product of the ConnectWise catalog.',
    );
    const twice = await ctx.request('POST', '/psacw/v2/product-mappings', {
      name: 'Twice',
      rules: [
        { nodeRoleId: 2, catalogItemId: 11 },
        { nodeRoleId: 2, catalogItemId: 12 },
      ],
    });
    expect(twice.json().error.message).toBe('Each device role (and group) can be mapped once.');
    const taken = await ctx.request('POST', '/psacw/v2/product-mappings', {
      name: 'standard',
      rules: [{ nodeRoleId: 2, catalogItemId: 11 }],
    });
    expect(taken.statusCode).toBe(409);

    const types = await ctx.request('POST', '/psacw/v2/configuration-type-mappings', {
      name: 'Managed devices',
      statusOnCreateId: 31,
      statusOnDeleteId: 32,
      rules: [{ nodeRoleId: 2, configurationTypeId: 21 }],
    });
    expect(types.statusCode).toBe(201);
    expect(types.json()).toMatchObject({
      statusOnCreateName: 'Active',
      statusOnDeleteName: 'Inactive',
      rules: [{ configurationTypeName: 'Managed Workstation' }],
    });
  });
});

describe('account mappings (spec §3, §4)', () => {
  let acmeOrg: Awaited<ReturnType<typeof newOrganization>>;
  let globexOrg: Awaited<ReturnType<typeof newOrganization>>;
  let loneOrg: Awaited<ReturnType<typeof newOrganization>>;

  beforeAll(async () => {
    acmeOrg = await newOrganization(companies.acme.name.toUpperCase(), ['Main office', 'Depot']);
    globexOrg = await newOrganization(` ${companies.globex.name} `);
    loneOrg = await newOrganization(`Lone ${unique()}`);
  });

  it('lists every organization with its locations, unmapped, with search and paging', async () => {
    const page = (
      await ctx.request('GET', `/psacw/v2/mappings?search=${encodeURIComponent(acmeOrg.name)}`)
    ).json();
    expect(page.count).toBe(1);
    expect(page.data[0]).toMatchObject({
      clientId: acmeOrg.id,
      companyId: null,
      locationSiteMappings: [
        { locationName: 'Depot', mapped: false, productMappingType: 'CLIENT_DEFAULT' },
        { locationName: 'Main office', mapped: false },
      ],
    });
    const unmapped = (await ctx.request('GET', '/psacw/v2/mappings?state=UNMAPPED&pageSize=1')).json();
    expect(unmapped.data).toHaveLength(1);
    expect(unmapped.count).toBeGreaterThanOrEqual(3);
  });

  it('previews auto-map (names equal, case and spaces aside) and maps only the confirmed matches', async () => {
    const preview = await ctx.request('POST', '/psacw/v2/mappings/auto-map/preview');
    expect(preview.statusCode).toBe(200);
    const matches = preview.json().matches as { clientId: number; companyId: number }[];
    expect(matches).toEqual(
      expect.arrayContaining([
        {
          clientId: acmeOrg.id,
          clientName: acmeOrg.name,
          companyId: companies.acme.id,
          companyName: companies.acme.name,
        },
        expect.objectContaining({ clientId: globexOrg.id, companyId: companies.globex.id }),
      ]),
    );
    expect(matches.some((m) => m.clientId === loneOrg.id)).toBe(false);
    // Nothing is mapped by a preview.
    expect((await ctx.request('GET', `/psacw/v2/mappings/${acmeOrg.id}`)).json().companyId).toBeNull();

    const applied = await ctx.request('POST', '/psacw/v2/mappings/auto-map', {
      matches: [
        { clientId: acmeOrg.id, companyId: companies.acme.id },
        { clientId: loneOrg.id, companyId: companies.globex.id },
      ],
    });
    expect(applied.json()).toMatchObject({
      mapped: [{ clientId: acmeOrg.id, companyId: companies.acme.id }],
      skipped: [{ clientId: loneOrg.id }],
    });
    expect((await ctx.request('GET', `/psacw/v2/mappings/${acmeOrg.id}`)).json()).toMatchObject({
      companyId: companies.acme.id,
      companyName: companies.acme.name,
    });
    expect((await ctx.request('GET', `/psacw/v2/mappings/${globexOrg.id}`)).json().companyId).toBeNull();
  });

  it('auto-map failing at ConnectWise says "Error while auto mapping"', async () => {
    fake.failNext('/company/companies', {
      status: 503,
      body: { code: 'Unavailable', message: 'Maintenance' },
    });
    ctx.app.psa.cache.clear();
    const failed = await ctx.request('POST', '/psacw/v2/mappings/auto-map/preview');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toMatch(
      /^Error while auto mapping: ConnectWise failed on GET \/company\/companies/,
    );
  });

  it('saves sites, agreements and overrides with names from ConnectWise; an override equal to the default is the default', async () => {
    const standard = (await ctx.request('GET', '/psacw/v2/product-mappings'))
      .json()
      .data.find((m: { name: string }) => m.name === 'Standard');
    const [managed] = (await ctx.request('GET', '/psacw/v2/configuration-type-mappings')).json().data;
    const other = (
      await ctx.request('POST', '/psacw/v2/product-mappings', {
        name: `Servers ${unique()}`,
        rules: [{ nodeRoleId: 1, catalogItemId: 12 }],
      })
    ).json();
    const agreement = fake.addAgreement(companies.acme.id, 'Managed services');
    const [main, warehouse] = fake.sites.filter((s) => s.companyId === companies.acme.id);
    const [depot, mainOffice] = (await ctx.request('GET', `/psacw/v2/mappings/${acmeOrg.id}`)).json()
      .locationSiteMappings as { locationId: number }[];
    const saved = await ctx.request('PUT', `/psacw/v2/mappings/${acmeOrg.id}`, {
      companyId: companies.acme.id,
      productMappingId: standard.id,
      configurationTypeMappingId: managed.id,
      locationSiteMappings: [
        {
          locationId: mainOffice!.locationId,
          psaSiteId: main!.id,
          agreementId: agreement.id,
          productMappingId: standard.id,
          configurationTypeMappingId: null,
        },
        {
          locationId: depot!.locationId,
          psaSiteId: warehouse!.id,
          agreementId: agreement.id,
          productMappingId: other.id,
          configurationTypeMappingId: null,
        },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      productMappingName: 'Standard',
      configurationTypeMappingName: 'Managed devices',
      locationSiteMappings: [
        {
          locationName: 'Depot',
          psaSiteName: 'Warehouse',
          agreementName: 'Managed services',
          productMappingId: other.id,
          productMappingType: 'CUSTOM',
          mapped: true,
        },
        {
          locationName: 'Main office',
          psaSiteName: 'Main',
          productMappingId: null,
          productMappingType: 'CLIENT_DEFAULT',
        },
      ],
    });
    const inUse = await ctx.request('DELETE', `/psacw/v2/product-mappings/${other.id}`);
    expect(inUse.statusCode).toBe(409);

    const wrongSite = await ctx.request('PUT', `/psacw/v2/mappings/${acmeOrg.id}`, {
      companyId: companies.acme.id,
      productMappingId: null,
      configurationTypeMappingId: null,
      locationSiteMappings: [
        {
          locationId: depot!.locationId,
          psaSiteId: 999999,
          agreementId: null,
          productMappingId: null,
          configurationTypeMappingId: null,
        },
      ],
    });
    expect(wrongSite.statusCode).toBe(400);
    expect(wrongSite.json().error.message).toBe('The ConnectWise site is not a site of the chosen company.');
    const foreignLocation = await ctx.request('PUT', `/psacw/v2/mappings/${acmeOrg.id}`, {
      companyId: companies.acme.id,
      productMappingId: null,
      configurationTypeMappingId: null,
      locationSiteMappings: [
        {
          locationId: loneOrg.locations[0]!.id,
          psaSiteId: null,
          agreementId: null,
          productMappingId: null,
          configurationTypeMappingId: null,
        },
      ],
    });
    expect(foreignLocation.statusCode).toBe(400);
    // A refused save changed nothing.
    expect((await ctx.request('GET', `/psacw/v2/mappings/${acmeOrg.id}`)).json()).toMatchObject({
      productMappingName: 'Standard',
      locationSiteMappings: [{ psaSiteName: 'Warehouse' }, { psaSiteName: 'Main' }],
    });
  });

  it('a technician of some organizations maps those only, and cannot change the connection or run a sync', async () => {
    const roles = (await ctx.request('GET', '/user-roles')).json() as { id: number; name: string }[];
    const email = `scoped-${unique()}@test.local`;
    const password = `password of ${email}`;
    await ctx.db.insert(users).values({
      email,
      name: 'Scoped technician',
      passwordHash: await hashPassword(password),
      roleId: roles.find((role) => role.name === 'Technician')!.id,
      organizationScope: [loneOrg.id],
    });
    const cookie = await ctx.login({ email, password });
    const listed = (
      await ctx.request('GET', '/psacw/v2/mappings?pageSize=100', undefined, { cookie })
    ).json();
    expect(listed.data.map((row: { clientId: number }) => row.clientId)).toEqual([loneOrg.id]);
    const foreign = await ctx.request('GET', `/psacw/v2/mappings/${acmeOrg.id}`, undefined, { cookie });
    expect(foreign.statusCode).toBe(404);
    const settings = await ctx.request('PUT', '/psacw/v2/settings', settingsBody(), { cookie });
    expect(settings.statusCode).toBe(403);
    expect(settings.json().error.code).toBe('PSA_ALL_ORGANIZATIONS');
    expect((await ctx.request('POST', '/psacw/v2/sync', undefined, { cookie })).statusCode).toBe(403);
  });

  it('refuses a company that ConnectWise no longer has', async () => {
    const gone = fake.addCompany({ name: `Gone ${unique()}` });
    gone.deletedFlag = true;
    const refused = await ctx.request('PUT', `/psacw/v2/mappings/${loneOrg.id}`, {
      companyId: gone.id,
      productMappingId: null,
      configurationTypeMappingId: null,
      locationSiteMappings: [],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'The ConnectWise company does not exist (any more); choose another.',
    );
  });

  it('clears a mapping: company, product, configuration type and every location reset', async () => {
    const cleared = await ctx.request('DELETE', `/psacw/v2/mappings/${acmeOrg.id}`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      companyId: null,
      companyName: null,
      productMappingId: null,
      configurationTypeMappingId: null,
      locationSiteMappings: [
        { locationName: 'Depot', psaSiteId: null, agreementId: null, productMappingId: null, mapped: false },
        { locationName: 'Main office', psaSiteId: null, agreementId: null, mapped: false },
      ],
    });
    const actions = await ctx.db.select().from(activities).where(eq(activities.action, 'psa.mapping.clear'));
    expect(actions.at(-1)).toMatchObject({ organizationId: acmeOrg.id, outcome: 'SUCCESS' });
  });
});

describe('sync (issue 22 item 6)', () => {
  let org: Awaited<ReturnType<typeof newOrganization>>;
  let doomedOrg: Awaited<ReturnType<typeof newOrganization>>;
  let company: FakeCompany;
  let doomed: FakeCompany;
  let agreementId: number;
  const deviceIds: number[] = [];

  const sync = async () => {
    const started = await ctx.request('POST', '/psacw/v2/sync');
    expect(started.statusCode).toBe(202);
    await ctx.app.psa.idle();
    const run = (await ctx.request('GET', '/psacw/v2/sync/runs?pageSize=1')).json().data[0];
    expect(run.id).toBe(started.json().id);
    return run as { id: number; status: string; summary: Record<string, number> };
  };
  const logOf = async (runId: number) =>
    (await ctx.request('GET', `/psacw/v2/sync/log?runId=${runId}&pageSize=100`)).json().data as {
      level: string;
      recordType: string;
      recordName: string;
      clientName: string | null;
      message: string;
    }[];
  const additionsOf = () =>
    fake.additions
      .filter((a) => a.agreementId === agreementId)
      .map((a) => [a.product.identifier, a.quantity])
      .sort();
  const addDevice = async (locationId: number, nodeRoleId: number, name: string) => {
    const [row] = await ctx.db
      .insert(devices)
      .values({ organizationId: org.id, locationId, nodeRoleId, displayName: name })
      .returning({ id: devices.id });
    deviceIds.push(row!.id);
    return row!.id;
  };

  beforeAll(async () => {
    company = fake.addCompany({ name: `SyncCo ${unique()}`, sites: ['Main', 'Branch'] });
    doomed = fake.addCompany({ name: `DoomedCo ${unique()}`, sites: ['Only'] });
    agreementId = fake.addAgreement(company.id, 'Managed').id;
    org = await newOrganization(`Sync org ${unique()}`, ['HQ', 'Branch office']);
    doomedOrg = await newOrganization(`Doomed org ${unique()}`);
    const standard = (await ctx.request('GET', '/psacw/v2/product-mappings'))
      .json()
      .data.find((m: { name: string }) => m.name === 'Standard');
    const [managed] = (await ctx.request('GET', '/psacw/v2/configuration-type-mappings')).json().data;
    const [branchOffice, hq] = org.locations.sort((a, b) => a.name.localeCompare(b.name));
    const [main, branch] = fake.sites.filter((site) => site.companyId === company.id);
    const saved = await ctx.request('PUT', `/psacw/v2/mappings/${org.id}`, {
      companyId: company.id,
      productMappingId: standard.id,
      configurationTypeMappingId: managed.id,
      locationSiteMappings: [
        {
          locationId: hq!.id,
          psaSiteId: main!.id,
          agreementId,
          productMappingId: null,
          configurationTypeMappingId: null,
        },
        {
          locationId: branchOffice!.id,
          psaSiteId: branch!.id,
          agreementId,
          productMappingId: null,
          configurationTypeMappingId: null,
        },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const doomedSaved = await ctx.request('PUT', `/psacw/v2/mappings/${doomedOrg.id}`, {
      companyId: doomed.id,
      productMappingId: standard.id,
      configurationTypeMappingId: managed.id,
      locationSiteMappings: [],
    });
    expect(doomedSaved.statusCode).toBe(200);
    for (const name of ['WS-1', 'WS-2', 'WS-3']) await addDevice(hq!.id, 2, name);
    await addDevice(hq!.id, 1, 'SRV-1');
    await addDevice(branchOffice!.id, 2, 'WS-B');
  });

  it('creates agreement additions for the device counts and a configuration per mapped device', async () => {
    const run = await sync();
    expect(run.status).toBe('SUCCESS');
    expect(run.summary).toMatchObject({ additionsCreated: 2, configurationsCreated: 4, errors: 0 });
    expect(additionsOf()).toEqual([
      ['RMM-SRV', 1],
      ['RMM-WKS', 4],
    ]);
    const made = fake.configurations.filter((c) => c.company.id === company.id);
    expect(made.map((c) => [c.name, c.type.name, c.status?.name, c.site?.name]).sort()).toEqual([
      ['WS-1', 'Managed Workstation', 'Active', 'Main'],
      ['WS-2', 'Managed Workstation', 'Active', 'Main'],
      ['WS-3', 'Managed Workstation', 'Active', 'Main'],
      ['WS-B', 'Managed Workstation', 'Active', 'Branch'],
    ]);
    const log = await logOf(run.id);
    expect(log).toContainEqual(
      expect.objectContaining({
        level: 'INFO',
        recordName: `Addition RMM-WKS on agreement Managed (id ${agreementId})`,
        message: 'Added with quantity 4.',
        clientName: org.name,
      }),
    );
    // A second run finds everything in step and changes nothing.
    const again = await sync();
    expect(again.summary).toMatchObject({
      additionsCreated: 0,
      additionsUpdated: 0,
      configurationsCreated: 0,
    });
  });

  it('follows devices that go: the quantity drops and the configuration is retired with the delete status', async () => {
    const gone = deviceIds[0]!;
    const [tracked] = await ctx.db
      .select()
      .from(psaConfigurations)
      .where(eq(psaConfigurations.deviceId, gone));
    await ctx.db.delete(devices).where(eq(devices.id, gone));
    const run = await sync();
    expect(run.summary).toMatchObject({ additionsUpdated: 1, configurationsRetired: 1 });
    expect(additionsOf()).toEqual([
      ['RMM-SRV', 1],
      ['RMM-WKS', 3],
    ]);
    expect(fake.configurations.find((c) => c.id === tracked!.cwConfigurationId)?.status?.name).toBe(
      'Inactive',
    );
    expect(await logOf(run.id)).toContainEqual(
      expect.objectContaining({
        recordName: `Configuration WS-1 (id ${tracked!.cwConfigurationId})`,
        message: 'Retired: its device was removed.',
      }),
    );
  });

  it('a company deleted in ConnectWise while mapped: logged by name, the mapping kept and marked, others synced', async () => {
    doomed.deletedFlag = true;
    const before = (await ctx.request('GET', `/psacw/v2/mappings/${doomedOrg.id}`)).json();
    await addDevice(org.locations.find((l) => l.name === 'HQ')!.id, 2, 'WS-4');
    const run = await sync();
    expect(run.status).toBe('PARTIAL');
    const log = await logOf(run.id);
    expect(log).toContainEqual(
      expect.objectContaining({
        level: 'ERROR',
        recordType: 'COMPANY',
        recordName: `Company ${doomed.name} (id ${doomed.id})`,
        clientName: doomedOrg.name,
      }),
    );
    const after = (await ctx.request('GET', `/psacw/v2/mappings/${doomedOrg.id}`)).json();
    expect(after).toMatchObject({
      ...before,
      lastSyncTime: expect.any(String),
      syncError: expect.stringContaining('ConnectWise no longer has this company'),
    });
    expect(additionsOf()).toEqual([
      ['RMM-SRV', 1],
      ['RMM-WKS', 4],
    ]);
    expect((await ctx.request('GET', `/psacw/v2/mappings/${org.id}`)).json().syncError).toBeNull();
  });

  it('credentials that stop working mid-sync end the run FAILED, naming where, with no mapping changed', async () => {
    const mappingsBefore = (await ctx.request('GET', '/psacw/v2/mappings?pageSize=100')).json().data;
    await addDevice(org.locations.find((l) => l.name === 'HQ')!.id, 2, 'WS-5');
    fake.revokeAfter(2);
    try {
      const run = await sync();
      expect(run.status).toBe('FAILED');
      const log = await logOf(run.id);
      const stop = log.find((entry) => entry.recordType === 'CONNECTION')!;
      expect(stop.message).toMatch(/^ConnectWise stopped accepting the credentials at (Company|Agreement) /);
      expect(stop.message).toContain('no mapping was changed');
    } finally {
      fake.revokeAfter(Number.POSITIVE_INFINITY);
    }
    const mappingsAfter = (await ctx.request('GET', '/psacw/v2/mappings?pageSize=100')).json().data;
    const strip = (rows: { syncError: unknown; lastSyncTime: unknown }[]) =>
      rows.map(({ syncError: _e, lastSyncTime: _t, ...rest }) => rest);
    expect(strip(mappingsAfter)).toEqual(strip(mappingsBefore));
  });

  it('an answer of an unexpected shape or a list that never ends is logged against its record', async () => {
    fake.failNext(`/finance/agreements/${agreementId}/additions`, { body: [{ id: 1, quantity: 'many' }] });
    const odd = await sync();
    expect(odd.status).toBe('PARTIAL');
    const entry = (await logOf(odd.id)).find((e) => e.recordType === 'AGREEMENT')!;
    expect(entry).toMatchObject({ level: 'ERROR', recordName: `Agreement Managed (id ${agreementId})` });
    expect(entry.message).toContain('unexpected shape: 0.product');

    fake.endlessPaging = true;
    try {
      const endless = await sync();
      const stopped = (await logOf(endless.id)).find((e) => e.recordType === 'AGREEMENT')!;
      expect(stopped.message).toContain('after 5 pages');
    } finally {
      fake.endlessPaging = false;
    }
    // Back in step once ConnectWise answers well again.
    const healed = await sync();
    expect(additionsOf()).toEqual([
      ['RMM-SRV', 1],
      ['RMM-WKS', 5],
    ]);
    expect(healed.summary.errors).toBe(1);
  });

  it('runs on its schedule: not before the interval, once when due', async () => {
    const settings = (await ctx.request('GET', '/psacw/v2/settings')).json();
    const due = new Date(settings.nextSyncTime);
    const runsBefore = (await ctx.request('GET', '/psacw/v2/sync/runs')).json().count;
    await ctx.app.psa.tick(new Date(due.getTime() - 1000));
    await ctx.app.psa.idle();
    expect((await ctx.request('GET', '/psacw/v2/sync/runs')).json().count).toBe(runsBefore);
    await ctx.app.psa.tick(due);
    await ctx.app.psa.idle();
    const runs = (await ctx.request('GET', '/psacw/v2/sync/runs')).json();
    expect(runs.count).toBe(runsBefore + 1);
    expect(runs.data[0]).toMatchObject({ trigger: 'SCHEDULE', startedBy: null });
    const next = (await ctx.request('GET', '/psacw/v2/settings')).json().nextSyncTime;
    expect(new Date(next).getTime()).toBe(due.getTime() + settings.syncIntervalSeconds * 1000);
  });
});
