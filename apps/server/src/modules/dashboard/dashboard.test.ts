import { randomUUID } from 'node:crypto';
import type { ListDevicesByOrganizationResponse } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganizationInput,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { devices } from '../../db/schema.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const createOrganization = async (overrides: Record<string, unknown> = {}) =>
  (await ctx.request('POST', '/organizations', createOrganizationInput(overrides))).json() as Promise<{
    id: number;
    name: string;
  }>;

const createDevices = async (organizationId: number, statuses: string[]) => {
  for (const status of statuses) {
    await ctx.db
      .insert(devices)
      .values({ organizationId, displayName: `PC-${randomUUID().slice(0, 8)}`, nodeRoleId: 2, status });
  }
};

const byOrganization = async (query = '', cookie?: string) => {
  const response = await ctx.request(
    'GET',
    `/dashboard/devices-by-organization${query}`,
    undefined,
    cookie ? { cookie } : {},
  );
  expect(response.statusCode).toBe(200);
  return response.json() as ListDevicesByOrganizationResponse;
};

describe('GET /dashboard/devices-by-organization', () => {
  it('counts devices up, down and warning per organization, those with devices down first', async () => {
    const calm = await createOrganization({ name: `A calm ${randomUUID().slice(0, 6)}` });
    const troubled = await createOrganization({ name: `Z troubled ${randomUUID().slice(0, 6)}` });
    const empty = await createOrganization({ name: `M empty ${randomUUID().slice(0, 6)}` });
    await createDevices(calm.id, ['UP', 'UP', 'WARNING']);
    await createDevices(troubled.id, ['UP', 'DOWN', 'DOWN']);

    const result = await byOrganization('?pageSize=500');
    expect(result).toMatchObject({ page: 1, pageSize: 500, count: 3 });
    expect(result.totals).toEqual({ up: 3, down: 2, warning: 1, total: 6 });
    expect(result.data).toEqual([
      { organizationId: troubled.id, organizationName: troubled.name, up: 1, down: 2, warning: 0, total: 3 },
      { organizationId: calm.id, organizationName: calm.name, up: 2, down: 0, warning: 1, total: 3 },
      { organizationId: empty.id, organizationName: empty.name, up: 0, down: 0, warning: 0, total: 0 },
    ]);

    const secondPage = await byOrganization('?pageSize=2&page=2');
    expect(secondPage).toMatchObject({ count: 3, page: 2, pageSize: 2 });
    expect(secondPage.data.map((row) => row.organizationId)).toEqual([empty.id]);
  });

  it("answers only the organizations in the caller's scope, and needs devices.view", async () => {
    const mine = await createOrganization();
    const other = await createOrganization();
    await createDevices(mine.id, ['DOWN']);
    await createDevices(other.id, ['UP', 'UP']);

    const scoped = await createUser(ctx, { permissions: ['devices.view'], scope: [mine.id] });
    const result = await byOrganization('', scoped.cookie);
    expect(result.data.map((row) => row.organizationId)).toEqual([mine.id]);
    expect(result.count).toBe(1);
    expect(result.totals).toEqual({ up: 0, down: 1, warning: 0, total: 1 });

    const withoutDevices = await createUser(ctx, { permissions: ['organizations.view'], scope: 'all' });
    const refused = await ctx.request('GET', '/dashboard/devices-by-organization', undefined, {
      cookie: withoutDevices.cookie,
    });
    expect(refused.statusCode).toBe(403);
  });
});
