import { randomUUID } from 'node:crypto';
import { type Alert, defaultHealthStatusSettings } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganizationInput,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { alertEvents, alerts, devices } from '../../db/schema.ts';

/** The alerts API: lists and filters, acknowledge and reset by hand, maintenance windows, health settings. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ alertSweepIntervalMs: 3_600_000 });
});
afterAll(() => ctx?.close());

const newOrganization = async () =>
  (await ctx.request('POST', '/organizations', createOrganizationInput())).json();
const newDevice = async (organizationId: number, displayName = `PC-${randomUUID().slice(0, 6)}`) => {
  const [row] = await ctx.db.insert(devices).values({ organizationId, displayName }).returning();
  return row!;
};
const newAlert = async (
  device: { id: number; organizationId: number },
  values: Partial<typeof alerts.$inferInsert> = {},
) => {
  const [row] = await ctx.db
    .insert(alerts)
    .values({
      deviceId: device.id,
      organizationId: device.organizationId,
      conditionId: randomUUID(),
      conditionName: 'CPU above 90%',
      conditionType: 'CPU',
      severity: 'MINOR',
      priority: 'LOW',
      message: 'CPU at 97',
      triggerTime: new Date(),
      ...values,
    })
    .returning();
  return row!;
};
const list = async (query: string, cookie?: string) => {
  const response = await ctx.request('GET', `/alerts?${query}`, undefined, cookie ? { cookie } : {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Alert[]; count: number };
};

describe('GET /alerts', () => {
  it('filters by organization, device, severity, acknowledgement and text, sorts and pages', async () => {
    const org = await newOrganization();
    const web = await newDevice(org.id, 'web-01');
    const db = await newDevice(org.id, 'db-01');
    const minor = await newAlert(web, { triggerTime: new Date(Date.now() - 3000) });
    const critical = await newAlert(db, {
      severity: 'CRITICAL',
      conditionName: 'Disk free',
      conditionType: 'DISK',
      instance: '/var',
      message: 'Only 3% free on /var',
      triggerTime: new Date(Date.now() - 2000),
    });
    const acknowledged = await newAlert(web, {
      severity: 'MAJOR',
      acknowledgeTime: new Date(),
      acknowledgedBy: 'someone@test.local',
      triggerTime: new Date(Date.now() - 1000),
    });
    await newAlert(web, { status: 'RESET', resetTime: new Date(), resetReason: 'CLEARED' });

    const all = await list(`organizationId=${org.id}`);
    expect(all.data.map((a) => a.id)).toEqual([acknowledged.id, critical.id, minor.id]);
    expect(all.data[1]).toMatchObject({ deviceName: 'db-01', organizationName: org.name, instance: '/var' });
    expect((await list(`organizationId=${org.id}&deviceId=${db.id}`)).data.map((a) => a.id)).toEqual([
      critical.id,
    ]);
    expect(
      (await list(`organizationId=${org.id}&severity=CRITICAL,MAJOR&sort=-severity`)).data.map((a) => a.id),
    ).toEqual([critical.id, acknowledged.id]);
    expect((await list(`organizationId=${org.id}&acknowledged=false`)).count).toBe(2);
    expect((await list(`organizationId=${org.id}&search=3%25 free`)).data.map((a) => a.id)).toEqual([
      critical.id,
    ]);
    expect((await list(`organizationId=${org.id}&search=WEB-`)).count).toBe(2);
    expect((await list(`organizationId=${org.id}&status=RESET`)).count).toBe(1);
    const page = await list(`organizationId=${org.id}&sort=triggerTime&pageSize=2&page=2`);
    expect(page).toMatchObject({ count: 3, data: [expect.objectContaining({ id: acknowledged.id })] });
    expect((await ctx.request('GET', '/alerts?severity=LOUD')).statusCode).toBe(400);
  });

  it("answers another organization's alert as missing for a scoped technician", async () => {
    const mine = await newOrganization();
    const theirs = await newOrganization();
    const own = await newAlert(await newDevice(mine.id));
    const foreign = await newAlert(await newDevice(theirs.id));
    const tech = await createUser(ctx, { permissions: ['alerts.view', 'alerts.manage'], scope: [mine.id] });
    expect((await list('', tech.cookie)).data.map((a) => a.id)).toEqual([own.id]);
    const missing = await ctx.request('GET', `/alerts/${foreign.id}`, undefined, { cookie: tech.cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('The alert does not exist.');
    // A bulk action leaves what the caller cannot see alone.
    const acknowledged = await ctx.request(
      'POST',
      '/alerts/acknowledge',
      { ids: [own.id, foreign.id] },
      { cookie: tech.cookie },
    );
    expect(acknowledged.json()).toEqual({ changed: 1 });
    expect((await ctx.request('GET', `/alerts/${foreign.id}`)).json().acknowledgeTime).toBeNull();
  });
});

describe('acknowledge and reset by hand', () => {
  it('acknowledges once, resets with who did it, and writes each as an alert event and an activity', async () => {
    const org = await newOrganization();
    const alert = await newAlert(await newDevice(org.id));
    expect((await ctx.request('POST', '/alerts/acknowledge', { ids: [alert.id] })).json()).toEqual({
      changed: 1,
    });
    expect((await ctx.request('POST', '/alerts/acknowledge', { ids: [alert.id] })).json()).toEqual({
      changed: 0,
    });
    const acknowledged = (await ctx.request('GET', `/alerts/${alert.id}`)).json();
    expect(acknowledged).toMatchObject({ acknowledgedBy: 'admin@test.local', status: 'ACTIVE' });
    expect((await ctx.request('POST', '/alerts/reset', { ids: [alert.id] })).json()).toEqual({ changed: 1 });
    expect((await ctx.request('POST', '/alerts/reset', { ids: [alert.id] })).json()).toEqual({ changed: 0 });
    expect((await ctx.request('GET', `/alerts/${alert.id}`)).json()).toMatchObject({
      status: 'RESET',
      resetReason: 'MANUAL',
      resetBy: 'admin@test.local',
    });
    const events = await ctx.db.select().from(alertEvents);
    expect(events.filter((e) => e.alertId === alert.id).map((e) => e.change)).toEqual([
      'ACKNOWLEDGED',
      'RESET',
    ]);
    const activities = (await ctx.request('GET', '/activities?pageSize=50')).json().data as {
      action: string;
    }[];
    expect(activities.map((a) => a.action)).toEqual(
      expect.arrayContaining(['alert.acknowledged', 'alert.reset']),
    );
  });

  it('refuses without the permission (403) and an empty or oversized list (400)', async () => {
    const org = await newOrganization();
    const alert = await newAlert(await newDevice(org.id));
    const viewer = await createUser(ctx, { permissions: ['alerts.view'], scope: 'all' });
    const nobody = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    expect((await ctx.request('GET', '/alerts', undefined, { cookie: nobody.cookie })).statusCode).toBe(403);
    for (const path of ['/alerts/acknowledge', '/alerts/reset'])
      expect(
        (await ctx.request('POST', path, { ids: [alert.id] }, { cookie: viewer.cookie })).statusCode,
      ).toBe(403);
    expect((await ctx.request('POST', '/alerts/reset', { ids: [] })).statusCode).toBe(400);
    expect(
      (await ctx.request('POST', '/alerts/reset', { ids: Array.from({ length: 501 }, (_, n) => n + 1) }))
        .statusCode,
    ).toBe(400);
    expect((await ctx.request('GET', `/alerts/${alert.id}`)).json().status).toBe('ACTIVE');
  });
});

describe('maintenance windows', () => {
  const window = (organizationId: number, extra: Record<string, unknown> = {}) => ({
    name: 'Patch night',
    organizationId,
    startTime: '2031-03-01T22:00:00Z',
    endTime: '2031-03-02T02:00:00Z',
    ...extra,
  });

  it('are created, listed, changed and deleted in the organization, with its devices only', async () => {
    const org = await newOrganization();
    const other = await newOrganization();
    const device = await newDevice(org.id);
    const created = await ctx.request(
      'POST',
      '/maintenance-windows',
      window(org.id, { deviceIds: [device.id] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      organizationName: org.name,
      deviceIds: [device.id],
      createdBy: 'admin@test.local',
      startTime: '2031-03-01T22:00:00.000Z',
    });
    const id = created.json().id as number;
    const foreignDevice = await newDevice(other.id);
    const refused = await ctx.request(
      'PUT',
      `/maintenance-windows/${id}`,
      window(org.id, { deviceIds: [foreignDevice.id] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain("is not a device of the window's organization");
    const backwards = await ctx.request(
      'POST',
      '/maintenance-windows',
      window(org.id, { endTime: '2031-03-01T21:00:00Z' }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toContain('The window must end after it starts');
    const updated = await ctx.request(
      'PUT',
      `/maintenance-windows/${id}`,
      window(org.id, { name: 'Longer' }),
    );
    expect(updated.json()).toMatchObject({ name: 'Longer', deviceIds: [] });
    expect(
      (await ctx.request('GET', `/maintenance-windows?organizationId=${org.id}`))
        .json()
        .data.map((w: { id: number }) => w.id),
    ).toEqual([id]);
    const scoped = await createUser(ctx, {
      permissions: ['alerts.view', 'alerts.manage'],
      scope: [other.id],
    });
    expect(
      (await ctx.request('GET', `/maintenance-windows/${id}`, undefined, { cookie: scoped.cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.request('POST', '/maintenance-windows', window(org.id), { cookie: scoped.cookie }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.request('DELETE', `/maintenance-windows/${id}`)).json()).toEqual({ ok: true });
    expect((await ctx.request('GET', `/maintenance-windows/${id}`)).statusCode).toBe(404);
  });
});

describe('health status settings', () => {
  it('answers the defaults, takes a whole new mapping, and refuses a partial one', async () => {
    expect((await ctx.request('GET', '/settings/health-status')).json()).toEqual(
      defaultHealthStatusSettings(),
    );
    const partial = await ctx.request('PUT', '/settings/health-status', { offlineIsUnhealthy: false });
    expect(partial.statusCode).toBe(400);
    const next = { ...defaultHealthStatusSettings(), offlineIsUnhealthy: false };
    expect((await ctx.request('PUT', '/settings/health-status', next)).json()).toEqual(next);
    expect((await ctx.request('GET', '/settings/health-status')).json()).toEqual(next);
    const viewer = await createUser(ctx, { permissions: ['settings.view'], scope: 'all' });
    expect(
      (await ctx.request('PUT', '/settings/health-status', next, { cookie: viewer.cookie })).statusCode,
    ).toBe(403);
  });
});
