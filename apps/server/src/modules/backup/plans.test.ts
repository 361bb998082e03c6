import { backupErrorMessages, backupPlanMessages } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import {
  createDevice,
  createOrganization,
  createPlan,
  planBody,
  type TestOrganization,
} from './test-fixtures.ts';

let ctx: TestContext;
let org: TestOrganization;
let other: TestOrganization;
beforeAll(async () => {
  ctx = await createTestApp();
  org = await createOrganization(ctx);
  other = await createOrganization(ctx);
});
afterAll(() => ctx?.close());

const plansPath = (organizationId: number) => `/backup/strata/clients/${organizationId}/plans`;
const activities = async (action: string) =>
  (await ctx.request('GET', `/activities?action=${action}&pageSize=100`)).json().data as {
    targetName: string;
    detail: string | null;
    outcome: string;
  }[];

describe('backup plans', () => {
  it('are created with the schedule, retention and targets given, listed, read, changed and deleted', async () => {
    const device = await createDevice(ctx, org.id);
    const made = await ctx.request(
      'POST',
      plansPath(org.id),
      planBody({
        name: 'Documents',
        targets: { deviceIds: [device.id], locationIds: [org.locations[0]!.id] },
      }),
    );
    expect(made.statusCode).toBe(201);
    const { plan } = made.json();
    expect(plan).toMatchObject({
      name: 'Documents',
      kind: 'fileFolder',
      include: ['/home'],
      exclude: ['*.tmp'],
      destination: { type: 'CLOUD' },
      schedule: { scheduleType: 'DAILY', scheduleHour: 17, scheduleMinute: 0, timeZone: 'UTC' },
      retention: { keepLast: 10, keepDaily: 7, keepWeekly: 4, keepMonthly: 12 },
      enabled: true,
      targets: { allDevices: false, deviceIds: [device.id], locationIds: [org.locations[0]!.id] },
      integrityStatus: null,
    });
    expect(plan.planId).toMatch(/^[0-9a-f-]{36}$/);
    // Daily at 17:00 UTC: the next run is a 17:00 within a day.
    const next = new Date(plan.nextRunAt);
    expect(next.getUTCHours()).toBe(17);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);

    const list = (await ctx.request('GET', plansPath(org.id))).json();
    expect(list.data.map((p: { name: string }) => p.name)).toContain('Documents');
    expect((await ctx.request('GET', `/backup/strata/plans/${plan.planId}`)).json().plan.name).toBe(
      'Documents',
    );
    const devicePlans = (await ctx.request('GET', `/backup/strata/nodes/${device.id}/plans`)).json().plans;
    expect(devicePlans.map((p: { planId: string }) => p.planId)).toContain(plan.planId);

    const changed = await ctx.request(
      'PUT',
      `/backup/strata/plans/${plan.planId}`,
      planBody({
        name: 'Documents',
        enabled: false,
        schedule: { ...plan.schedule, scheduleType: 'NO_SCHEDULE' },
      }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().plan).toMatchObject({
      enabled: false,
      nextRunAt: null,
      targets: { deviceIds: [] },
    });

    expect((await ctx.request('DELETE', `/backup/strata/plans/${plan.planId}`)).statusCode).toBe(200);
    expect((await ctx.request('GET', `/backup/strata/plans/${plan.planId}`)).statusCode).toBe(404);
    expect((await activities('backupPlan.create')).map((a) => a.targetName)).toContain('Documents');
    expect((await activities('backupPlan.update')).map((a) => a.targetName)).toContain('Documents');
    expect((await activities('backupPlan.delete')).map((a) => a.targetName)).toContain('Documents');
  });

  it('refuses what cannot run, saying why', async () => {
    const expectRefused = async (body: Record<string, unknown>, status: number, message: string) => {
      const response = await ctx.request('POST', plansPath(org.id), planBody(body));
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toContain(message);
    };
    await expectRefused({ include: ['relative/path'] }, 400, backupPlanMessages.includeAbsolute);
    await expectRefused({ include: [] }, 400, backupPlanMessages.includeRequired);
    await expectRefused({ exclude: ['/data/[a'] }, 400, backupPlanMessages.unbalancedBrackets);
    await expectRefused(
      { destination: { type: 'LOCAL', path: 'backups' } },
      400,
      backupPlanMessages.localPath,
    );
    await expectRefused({ kind: 'networkShare' }, 400, backupPlanMessages.networkShareKind);
    await expectRefused(
      { destination: { type: 'NETWORK_SHARE', path: '\\\\nas\\backup', credentialId: 999_999 } },
      404,
      backupErrorMessages.BACKUP_CREDENTIAL_NOT_FOUND,
    );
    await expectRefused({ kind: 'arrowImage' }, 422, backupErrorMessages.BACKUP_KIND_NOT_AVAILABLE);
    const theirDevice = await createDevice(ctx, other.id);
    await expectRefused(
      { targets: { deviceIds: [theirDevice.id] } },
      404,
      backupErrorMessages.BACKUP_TARGET_NOT_FOUND,
    );
    await expectRefused(
      { targets: { locationIds: [other.locations[0]!.id] } },
      404,
      backupErrorMessages.BACKUP_TARGET_NOT_FOUND,
    );
    const taken = await createPlan(ctx, org.id);
    await expectRefused({ name: taken.name.toUpperCase() }, 409, backupErrorMessages.BACKUP_PLAN_NAME_TAKEN);
    // The failure is an activity too.
    expect((await activities('backupPlan.create')).some((a) => a.outcome === 'FAILURE')).toBe(true);
  });

  it('takes a network share with a credential of the organization, and arrowImage once the flag is on', async () => {
    const credential = (
      await ctx.request('POST', `/credential/organization/${org.id}`, {
        name: 'NAS',
        kind: 'WINDOWS_LOCAL_ADMIN',
        username: 'backup',
        password: 'nas password',
      })
    ).json();
    const share = await createPlan(ctx, org.id, {
      kind: 'networkShare',
      destination: { type: 'NETWORK_SHARE', path: '\\\\nas\\backup', credentialId: credential.id },
    });
    expect(share).toMatchObject({ destination: { type: 'NETWORK_SHARE', credentialId: credential.id } });
    await ctx.request('PUT', '/settings/feature-flags', { backup_arrow_image: true });
    try {
      expect(
        (await ctx.request('POST', plansPath(org.id), planBody({ kind: 'arrowImage' }))).statusCode,
      ).toBe(201);
    } finally {
      await ctx.request('PUT', '/settings/feature-flags', { backup_arrow_image: false });
    }
  });

  it('are out of reach without the permissions, and outside the scope', async () => {
    const plan = await createPlan(ctx, org.id);
    const reader = await createUser(ctx, { permissions: ['backup.viewAndRestore'], scope: [org.id] });
    const nobody = await createUser(ctx, {
      permissions: ['devices.view', 'jobs.run', 'jobs.view'],
      scope: 'all',
    });
    const as = (cookie: string) => ({ cookie });
    expect((await ctx.request('GET', plansPath(org.id), undefined, as(reader.cookie))).statusCode).toBe(200);
    expect((await ctx.request('POST', plansPath(org.id), planBody(), as(reader.cookie))).statusCode).toBe(
      403,
    );
    expect((await ctx.request('GET', plansPath(org.id), undefined, as(nobody.cookie))).statusCode).toBe(403);
    expect((await ctx.request('GET', plansPath(other.id), undefined, as(reader.cookie))).statusCode).toBe(
      404,
    );
    const theirs = await createPlan(ctx, other.id);
    expect(
      (await ctx.request('GET', `/backup/strata/plans/${theirs.planId}`, undefined, as(reader.cookie)))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.request('GET', `/backup/strata/plans/${plan.planId}`, undefined, as(reader.cookie)))
        .statusCode,
    ).toBe(200);
  });
});

describe('backup throttles and settings', () => {
  const workHours = {
    weekDays: ['MONDAY', 'FRIDAY'],
    start: '08:00',
    end: '18:00',
    timeZone: 'Europe/Berlin',
  };

  it('apply the most specific of organization, location and device', async () => {
    const device = await createDevice(ctx, org.id, { locationId: org.locations[0]!.id });
    const path = `/backup/strata/clients/${org.id}/throttles`;
    const save = (body: Record<string, unknown>) =>
      ctx.request('PUT', path, {
        workHoursBytesPerSecond: 1_048_576,
        offHoursBytesPerSecond: null,
        workHours,
        ...body,
      });
    expect((await save({ level: 'ORGANIZATION' })).statusCode).toBe(200);
    const effective = () => ctx.request('GET', `/backup/strata/nodes/${device.id}/throttle`);
    expect((await effective()).json().throttle).toMatchObject({
      level: 'ORGANIZATION',
      targetName: org.name,
    });
    await save({ level: 'LOCATION', targetId: org.locations[0]!.id, workHoursBytesPerSecond: 524_288 });
    expect((await effective()).json().throttle).toMatchObject({
      level: 'LOCATION',
      workHoursBytesPerSecond: 524_288,
    });
    const own = (
      await save({ level: 'DEVICE', targetId: device.id, offHoursBytesPerSecond: 10_485_760 })
    ).json();
    expect((await effective()).json().throttle).toMatchObject({
      level: 'DEVICE',
      targetName: device.displayName,
      offHoursBytesPerSecond: 10_485_760,
      workHours,
    });
    // Saving a target again replaces its throttle.
    await save({ level: 'DEVICE', targetId: device.id, workHoursBytesPerSecond: 2_097_152 });
    const list = (await ctx.request('GET', path)).json().throttles;
    expect(list.map((t: { level: string }) => t.level)).toEqual(['ORGANIZATION', 'LOCATION', 'DEVICE']);
    expect(list[2].workHoursBytesPerSecond).toBe(2_097_152);
    expect((await ctx.request('DELETE', `/backup/strata/throttles/${own.throttle.id}`)).statusCode).toBe(200);
    expect((await effective()).json().throttle.level).toBe('LOCATION');
    expect((await activities('backupThrottle.save')).length).toBeGreaterThanOrEqual(4);
    expect((await activities('backupThrottle.delete')).length).toBe(1);
  });

  it('refuses a slow rate, reversed hours and another organization as target', async () => {
    const path = `/backup/strata/clients/${org.id}/throttles`;
    const slow = await ctx.request('PUT', path, {
      level: 'ORGANIZATION',
      workHoursBytesPerSecond: 100,
      offHoursBytesPerSecond: null,
      workHours: { ...workHours, start: '18:00', end: '08:00' },
    });
    expect(slow.statusCode).toBe(400);
    expect(slow.json().error.message).toContain(backupPlanMessages.throttleRate);
    expect(slow.json().error.message).toContain(backupPlanMessages.workHoursOrder);
    const theirs = await createDevice(ctx, other.id);
    const foreign = await ctx.request('PUT', path, {
      level: 'DEVICE',
      targetId: theirs.id,
      workHoursBytesPerSecond: null,
      offHoursBytesPerSecond: null,
      workHours,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('keep a cloud quota per organization', async () => {
    const path = `/backup/strata/clients/${org.id}/settings`;
    expect((await ctx.request('GET', path)).json()).toEqual({
      organizationId: org.id,
      settings: { cloudQuotaBytes: null },
      cloudBytes: 0,
    });
    const saved = await ctx.request('PUT', path, { cloudQuotaBytes: 10_737_418_240 });
    expect(saved.json().settings.cloudQuotaBytes).toBe(10_737_418_240);
    expect((await activities('backup.settings.update')).length).toBe(1);
  });
});
