import { apiPaths, backupErrorMessages, messages } from '@rmm/domain';
import { createInventory } from '@rmm/domain/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { jobs } from '../../db/schema.ts';
import {
  createDevice,
  createOrganization,
  createPlan,
  insertRevision,
  runJob,
  submitJobs,
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

const json = async (url: string, cookie?: string) => {
  const response = await ctx.request('GET', url, undefined, cookie ? { cookie } : {});
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
};

describe('the backup calls of spec §7', () => {
  it('GET /divisionconfig/strata: the store is on, in a folder (no bucket)', async () => {
    expect(await json('/divisionconfig/strata')).toEqual({ enabled: true, bucket: null });
    const off = await createTestApp({ backupCloudEnabled: false });
    try {
      expect((await off.request('GET', '/divisionconfig/strata')).json()).toEqual({
        enabled: false,
        bucket: null,
      });
    } finally {
      await off.close();
    }
  });

  it('strata-status: enabled by an enabled plan, has-data by revisions, left out when not fetched', async () => {
    const device = await createDevice(ctx, org.id);
    const idle = await createDevice(ctx, org.id);
    const nodeStatus = (id: number, fetch = true) =>
      json(`/backup/strata/nodes/${id}/strata-status?fetchHasData=${fetch}`);
    expect(await nodeStatus(device.id)).toMatchObject({ enabled: false, hasData: false });
    const plan = await createPlan(ctx, org.id, { targets: { deviceIds: [device.id] } });
    await insertRevision(ctx, {
      organizationId: org.id,
      planId: plan.planId,
      deviceId: device.id,
      location: 'LOCAL',
    });
    expect(await nodeStatus(device.id)).toEqual({
      enabled: true,
      hasData: true,
      hasCloudData: false,
      hasLocalData: true,
      divisionConfig: { enabled: true, bucket: null },
    });
    expect(await nodeStatus(device.id, false)).toEqual({
      enabled: true,
      divisionConfig: { enabled: true, bucket: null },
    });
    expect(await nodeStatus(idle.id)).toMatchObject({ enabled: false, hasData: false });
    expect(await json(`/backup/strata/clients/${org.id}/strata-status`)).toMatchObject({
      enabled: true,
      hasLocalData: true,
      hasCloudData: false,
    });
    expect(await json(`/backup/strata/clients/${other.id}/strata-status`)).toMatchObject({
      enabled: false,
      hasData: false,
    });
    expect(await json('/backup/strata/strata-status')).toMatchObject({ enabled: true, hasData: true });
    expect((await ctx.request('GET', '/backup/strata/strata-status?fetchHasData=perhaps')).statusCode).toBe(
      400,
    );
  });

  it('restore-key answers a boolean: false until the organization has its keys', async () => {
    const device = await createDevice(ctx, other.id);
    const check = async () => {
      const response = await ctx.request('GET', apiPaths.backupRestoreKey(device.id));
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    expect(await check()).toBe('false');
    const missing = await ctx.request('GET', apiPaths.backupRestoreKey(2147483647));
    expect(missing.json().error.message).toBe(`${messages.backup.fetchError}: Device 2147483647 not found.`);
    // Checking made nothing: still false.
    expect(await check()).toBe('false');
    expect((await ctx.request('GET', apiPaths.backupRestoreKeyFile(other.id))).statusCode).toBe(200);
    expect(await check()).toBe('true');
    // The download is a state change: another site cannot make the browser fetch it.
    const crossSite = await ctx.request('GET', apiPaths.backupRestoreKeyFile(other.id), undefined, {
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('volumes: the device inventory volumes, with those the plan covers', async () => {
    const device = await createDevice(ctx, org.id, {
      inventory: createInventory({
        volumes: [
          { mount: '/', fsType: 'ext4', label: 'root', totalBytes: 100, freeBytes: 50 },
          { mount: '/home', fsType: 'ext4', label: 'home', totalBytes: 200, freeBytes: 20 },
          { mount: '/srv', fsType: 'xfs', label: 'srv', totalBytes: 300, freeBytes: 30 },
        ],
      }),
    });
    const plan = await createPlan(ctx, org.id, { include: ['/home/*/Documents', '/etc'] });
    const answer = await json(apiPaths.backupPlanVolumes(device.id, plan.planId));
    expect(answer).toEqual({
      resultCode: 'SUCCESS',
      volumes: [
        { mount: '/', fsType: 'ext4', label: 'root', totalBytes: 100, freeBytes: 50, included: true },
        { mount: '/home', fsType: 'ext4', label: 'home', totalBytes: 200, freeBytes: 20, included: true },
        { mount: '/srv', fsType: 'xfs', label: 'srv', totalBytes: 300, freeBytes: 30, included: false },
      ],
    });
    const theirPlan = await createPlan(ctx, other.id);
    expect(
      (await ctx.request('GET', apiPaths.backupPlanVolumes(device.id, theirPlan.planId))).statusCode,
    ).toBe(404);
  });

  it('ignore: clears a finished job of the device and plan, refuses others with the reason', async () => {
    const device = await createDevice(ctx, org.id);
    const plan = await createPlan(ctx, org.id, { targets: { allDevices: true } });
    const submitted = await submitJobs(ctx, device.id, [runJob(device, plan)]);
    const { jobUid } = submitted.json().nodes[0].jobs[0];
    const path = apiPaths.backupIgnoreJob(device.id, plan.planId, jobUid);
    const unfinished = await ctx.request('PUT', path);
    expect(unfinished.statusCode).toBe(409);
    // Spec §8's text, then why.
    expect(unfinished.json().error.message).toBe(
      `${messages.backup.clearJobError}: ${backupErrorMessages.BACKUP_JOB_NOT_FINISHED}`,
    );
    const otherPlan = await createPlan(ctx, org.id);
    const wrong = await ctx.request('PUT', apiPaths.backupIgnoreJob(device.id, otherPlan.planId, jobUid));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.code).toBe('BACKUP_JOB_NOT_FOUND');
    // The agent reported it failed (as its result would store it).
    await ctx.db
      .update(jobs)
      .set({ status: 'COMPLETED', jobResult: 'FAILURE', finishedAt: new Date() })
      .where(eq(jobs.jobUid, jobUid));
    const cleared = await ctx.request('PUT', path);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toEqual({ resultCode: 'SUCCESS' });
    const status = await json(`/backup/strata/plans-status?nodeId=${device.id}&planId=${plan.planId}`);
    expect(status.data[0].lastBackup).toMatchObject({ jobUid, ignored: true });
    expect((await json('/activities?action=backup.job.ignore&outcome=SUCCESS')).count).toBe(1);
    expect((await json('/activities?action=backup.job.ignore&outcome=FAILURE')).count).toBe(2);
  });

  it('lists revisions paged, newest first, filtered by plan and location', async () => {
    const device = await createDevice(ctx, org.id);
    const plan = await createPlan(ctx, org.id);
    const times = [3, 2, 1].map((h) => new Date(Date.now() - h * 3_600_000));
    const made = [];
    for (const [n, time] of times.entries())
      made.push(
        await insertRevision(ctx, {
          organizationId: org.id,
          planId: plan.planId,
          deviceId: device.id,
          time,
          location: n === 0 ? 'LOCAL' : 'CLOUD',
        }),
      );
    const page = await json(`${apiPaths.nodeBackupRevisions(device.id)}?pageSize=2`);
    expect(page).toMatchObject({ count: 3, page: 1, pageSize: 2 });
    expect(page.data.map((r: { revisionId: string }) => r.revisionId)).toEqual([
      made[2]!.revisionId,
      made[1]!.revisionId,
    ]);
    const local = await json(`${apiPaths.nodeBackupRevisions(device.id)}?location=LOCAL`);
    expect(local.data.map((r: { revisionId: string }) => r.revisionId)).toEqual([made[0]!.revisionId]);
    expect((await json(`${apiPaths.backupPlanRevisions(plan.planId)}?nodeId=${device.id}`)).count).toBe(3);
  });
});

describe('backup permissions and organization scope', () => {
  it('answer 403 to a technician without the backup permissions on every call, 404 outside the scope', async () => {
    const device = await createDevice(ctx, org.id);
    const plan = await createPlan(ctx, org.id, { targets: { allDevices: true } });
    const revision = await insertRevision(ctx, {
      organizationId: org.id,
      planId: plan.planId,
      deviceId: device.id,
    });
    const jobUid = (await submitJobs(ctx, device.id, [runJob(device, plan)])).json().nodes[0].jobs[0].jobUid;
    const calls: [method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', apiPaths.backupDivisionConfig()],
      ['GET', apiPaths.backupRestoreKey(device.id)],
      ['GET', apiPaths.backupRestoreKeyFile(org.id)],
      ['GET', apiPaths.backupStatus()],
      ['GET', apiPaths.backupClientStatus(org.id)],
      ['GET', apiPaths.backupNodeStatus(device.id)],
      ['GET', apiPaths.backupPlanVolumes(device.id, plan.planId)],
      ['PUT', apiPaths.backupIgnoreJob(device.id, plan.planId, jobUid)],
      ['GET', apiPaths.backupPlans(org.id)],
      ['POST', apiPaths.backupPlans(org.id), { name: 'x' }],
      ['GET', apiPaths.backupPlan(plan.planId)],
      ['PUT', apiPaths.backupPlan(plan.planId), { name: 'x' }],
      ['DELETE', apiPaths.backupPlan(plan.planId)],
      ['GET', apiPaths.nodeBackupPlans(device.id)],
      ['GET', apiPaths.backupPlansStatus()],
      ['GET', apiPaths.nodeBackupRevisions(device.id)],
      ['GET', apiPaths.backupPlanRevisions(plan.planId)],
      ['GET', apiPaths.backupRevisionTree(device.id, revision.revisionId)],
      ['GET', apiPaths.backupStorage()],
      ['GET', apiPaths.backupSettings(org.id)],
      ['PUT', apiPaths.backupSettings(org.id), { cloudQuotaBytes: null }],
      ['GET', apiPaths.backupThrottles(org.id)],
      ['PUT', apiPaths.backupThrottles(org.id), {}],
      ['DELETE', apiPaths.backupThrottle(1)],
      ['GET', apiPaths.nodeBackupThrottle(device.id)],
    ];
    const helpdesk = await createUser(ctx, {
      permissions: ['devices.view', 'jobs.view', 'jobs.run', 'organizations.view', 'activities.view'],
      scope: 'all',
    });
    for (const [method, url, body] of calls) {
      const response = await ctx.request(method, url, body, { cookie: helpdesk.cookie });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    // A restorer of another organization: the reads of this one are not found.
    const outsider = await createUser(ctx, { permissions: ['backup.viewAndRestore'], scope: [other.id] });
    for (const url of [
      apiPaths.backupRestoreKey(device.id),
      apiPaths.backupNodeStatus(device.id),
      apiPaths.backupClientStatus(org.id),
      apiPaths.backupPlan(plan.planId),
      apiPaths.nodeBackupRevisions(device.id),
      apiPaths.backupPlanVolumes(device.id, plan.planId),
      `${apiPaths.backupPlansStatus()}?organizationId=${org.id}`,
      `${apiPaths.backupStorage()}?organizationId=${org.id}`,
    ])
      expect((await ctx.request('GET', url, undefined, { cookie: outsider.cookie })).statusCode, url).toBe(
        404,
      );
    // Lists over the scope leave the other organization out.
    const storage = await json(apiPaths.backupStorage(), outsider.cookie);
    expect(storage.data.map((s: { organizationId: number }) => s.organizationId)).toEqual([other.id]);
    const statuses = await json(apiPaths.backupPlansStatus(), outsider.cookie);
    expect(statuses.data.every((s: { organizationId: number }) => s.organizationId === other.id)).toBe(true);
  });
});
