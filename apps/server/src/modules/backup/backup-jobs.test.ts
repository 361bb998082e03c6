import { backupErrorMessages } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import {
  createDevice,
  createOrganization,
  createPlan,
  insertRevision,
  restoreJob,
  runJob,
  submitJobs,
  type TestOrganization,
  type TestPlan,
} from './test-fixtures.ts';

let ctx: TestContext;
let org: TestOrganization;
let other: TestOrganization;
let device: Awaited<ReturnType<typeof createDevice>>;
let sibling: Awaited<ReturnType<typeof createDevice>>;
let plan: TestPlan;
beforeAll(async () => {
  ctx = await createTestApp();
  org = await createOrganization(ctx);
  other = await createOrganization(ctx);
  device = await createDevice(ctx, org.id);
  sibling = await createDevice(ctx, org.id);
  plan = await createPlan(ctx, org.id, { name: 'Nightly', targets: { allDevices: true } });
});
afterAll(() => ctx?.close());

const refusal = async (nodeId: number, job: unknown, cookie?: string) => {
  const response = await submitJobs(ctx, nodeId, [job], cookie);
  return {
    status: response.statusCode,
    code: response.json().error?.code,
    message: response.json().error?.message,
  };
};
const cancelBody = ({
  jobUid,
  jobType,
  jobName,
  nodeId,
}: {
  jobUid: string;
  jobType: string;
  jobName: string;
  nodeId: number;
}) => ({
  nodes: [{ nodeId, jobs: [{ jobUid, jobType, jobName, jobStatus: 'CANCEL_REQUESTED' }] }],
});
const cancel = (job: { jobUid: string; jobType: string; jobName: string; nodeId: number }) =>
  ctx.request('POST', '/webapp/submit/job', cancelBody(job));

describe('run-now backup jobs', () => {
  it('are stored START_REQUESTED with the current names, and cancel as CANCEL_REQUESTED', async () => {
    for (const actionType of ['STRATA_BACKUP', 'STRATA_INTEGRITY_CHECK']) {
      const response = await submitJobs(ctx, device.id, [
        runJob(
          { id: device.id, displayName: 'old name' },
          { ...plan, name: 'old plan name' },
          { actionType },
        ),
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const [job] = response.json().nodes[0].jobs;
      expect(job).toMatchObject({
        jobType: 'BACKUP',
        jobStatus: 'START_REQUESTED',
        content: {
          nodeId: device.id,
          planId: plan.planId,
          nodeName: device.displayName,
          planName: 'Nightly',
          actionType,
        },
      });
      const cancelled = await cancel(job);
      expect(cancelled.json().nodes[0].jobs[0].jobStatus).toBe('CANCEL_REQUESTED');
    }
    const full = await submitJobs(ctx, device.id, [runJob(device, plan, { fullBackup: true })]);
    expect(full.json().nodes[0].jobs[0].content.fullBackup).toBe(true);
  });

  it('are refused with the reason when they cannot run, storing nothing', async () => {
    const before = (await ctx.request('GET', `/jobs?nodeId=${device.id}&state=ALL&pageSize=500`)).json()
      .count;
    const hybridless = await refusal(device.id, runJob(device, plan, { actionType: 'STRATA_UPSYNC' }));
    expect(hybridless).toMatchObject({
      status: 422,
      message: backupErrorMessages.BACKUP_UPSYNC_NEEDS_HYBRID,
    });
    expect(
      await refusal(
        device.id,
        runJob(device, plan, { actionType: 'STRATA_INTEGRITY_CHECK', fullBackup: true }),
      ),
    ).toMatchObject({ status: 422, code: 'BACKUP_FULL_ONLY_FOR_BACKUP' });
    expect(await refusal(device.id, runJob(device, plan, { actionType: 'STRATA_RESTORE' }))).toMatchObject({
      status: 422,
      code: 'BACKUP_RESTORE_IS_A_RESTORE_JOB',
    });
    expect(await refusal(device.id, runJob(sibling, plan))).toMatchObject({
      status: 422,
      code: 'BACKUP_NODE_MISMATCH',
    });
    const narrow = await createPlan(ctx, org.id, { targets: { deviceIds: [sibling.id] } });
    expect(await refusal(device.id, runJob(device, narrow))).toMatchObject({
      status: 422,
      message: backupErrorMessages.BACKUP_PLAN_NOT_ASSIGNED,
    });
    const theirs = await createPlan(ctx, other.id, { targets: { allDevices: true } });
    expect(await refusal(device.id, runJob(device, theirs))).toMatchObject({
      status: 404,
      code: 'BACKUP_PLAN_NOT_FOUND',
    });
    expect(await refusal(device.id, runJob(device, { planId: 'not-a-plan', name: 'x' }))).toMatchObject({
      status: 404,
      code: 'BACKUP_PLAN_NOT_FOUND',
    });
    const image = await createPlan(ctx, org.id, {
      kind: 'image',
      include: ['C:\\'],
      targets: { allDevices: true },
    });
    expect(await refusal(device.id, runJob(device, image))).toMatchObject({
      status: 422,
      message:
        'Image backup is not available for this device yet: its agent backs up files and folders only.',
    });
    const after = (await ctx.request('GET', `/jobs?nodeId=${device.id}&state=ALL&pageSize=500`)).json().count;
    expect(after).toBe(before);
  });

  it('run an upsync of a hybrid plan', async () => {
    const hybrid = await createPlan(ctx, org.id, {
      destination: { type: 'HYBRID', local: { type: 'LOCAL', path: '/var/backups' } },
      targets: { allDevices: true },
    });
    const response = await submitJobs(ctx, device.id, [
      runJob(device, hybrid, { actionType: 'STRATA_UPSYNC' }),
    ]);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('need backup.viewAndManage, and cancelling too', async () => {
    const runner = await createUser(ctx, {
      permissions: ['jobs.run', 'jobs.view', 'jobs.cancel'],
      scope: 'all',
    });
    expect(await refusal(device.id, runJob(device, plan), runner.cookie)).toMatchObject({ status: 403 });
    const manager = await createUser(ctx, {
      permissions: ['jobs.run', 'jobs.view', 'backup.viewAndManage'],
      scope: [org.id],
    });
    const made = await submitJobs(ctx, device.id, [runJob(device, plan)], manager.cookie);
    expect(made.statusCode, made.body).toBe(200);
    const [job] = made.json().nodes[0].jobs;
    const refused = await ctx.request('POST', '/webapp/submit/job', cancelBody(job), {
      cookie: runner.cookie,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('restore jobs', () => {
  it('restore a revision in place or to another device of the organization, and cancel by type', async () => {
    const revision = await insertRevision(ctx, {
      organizationId: org.id,
      planId: plan.planId,
      deviceId: device.id,
    });
    const inPlace = await submitJobs(ctx, device.id, [restoreJob(revision)]);
    expect(inPlace.statusCode, inPlace.body).toBe(200);
    const [job] = inPlace.json().nodes[0].jobs;
    expect(job).toMatchObject({
      jobType: 'RESTORE',
      jobStatus: 'START_REQUESTED',
      content: { sourceNodeName: device.displayName, sourcePlanName: 'Plan', restoreType: 'FILE' },
    });
    expect((await cancel(job)).json().nodes[0].jobs[0].jobStatus).toBe('CANCEL_REQUESTED');
    const elsewhere = await submitJobs(ctx, sibling.id, [
      restoreJob(revision, {
        restoreType: 'BATCH',
        destinationPath: 'D:\\Restored',
        extractContent: { files: ['/home/a/x'], folders: [] },
      }),
    ]);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const [batch] = elsewhere.json().nodes[0].jobs;
    expect((await cancel(batch)).json().nodes[0].jobs[0].jobStatus).toBe('CANCELLED');
    const extract = await submitJobs(ctx, sibling.id, [
      restoreJob(revision, { restoreType: 'EXTRACT', extractContent: { files: [], folders: ['/home/a'] } }),
    ]);
    expect(extract.statusCode, extract.body).toBe(200);
  });

  it('are refused with the reason when they cannot run', async () => {
    const revision = await insertRevision(ctx, {
      organizationId: org.id,
      planId: plan.planId,
      deviceId: device.id,
    });
    for (const restoreType of ['VIRTUAL_DISK', 'PHYSICAL_DISK'])
      expect(await refusal(device.id, restoreJob(revision, { restoreType }))).toMatchObject({
        status: 422,
        message: backupErrorMessages.BACKUP_DISK_RESTORE_NOT_SUPPORTED,
      });
    expect(await refusal(device.id, restoreJob({ ...revision, revisionId: 'feedbeef' }))).toMatchObject({
      status: 404,
      code: 'BACKUP_REVISION_NOT_FOUND',
    });
    expect(await refusal(device.id, restoreJob({ ...revision, nodeId: sibling.id }))).toMatchObject({
      status: 404,
      code: 'BACKUP_REVISION_NOT_FOUND',
    });
    expect(await refusal(device.id, restoreJob(revision, { restoreType: 'BATCH' }))).toMatchObject({
      status: 422,
      message: backupErrorMessages.BACKUP_RESTORE_SELECTION_REQUIRED,
    });
    expect(await refusal(device.id, restoreJob(revision, { sourcePath: ' ' }))).toMatchObject({
      status: 422,
      code: 'BACKUP_RESTORE_SELECTION_REQUIRED',
    });
    expect(await refusal(device.id, restoreJob(revision, { destinationPath: 'relative' }))).toMatchObject({
      status: 422,
      code: 'BACKUP_DESTINATION_PATH',
    });
    // Another organization's device: neither its revisions to us, nor ours to it.
    const theirDevice = await createDevice(ctx, other.id);
    expect(await refusal(theirDevice.id, restoreJob(revision))).toMatchObject({
      status: 422,
      message: backupErrorMessages.BACKUP_OTHER_ORGANIZATION,
    });
    // A revision only on the local disk of the device that made it.
    const local = await insertRevision(ctx, {
      organizationId: org.id,
      planId: plan.planId,
      deviceId: device.id,
      location: 'LOCAL',
    });
    expect(await refusal(sibling.id, restoreJob(local))).toMatchObject({
      status: 422,
      code: 'BACKUP_REVISION_NOT_REACHABLE',
    });
    expect((await submitJobs(ctx, device.id, [restoreJob(local)])).statusCode).toBe(200);
  });

  it('need backup.viewAndRestore, and a source device in scope', async () => {
    const revision = await insertRevision(ctx, {
      organizationId: org.id,
      planId: plan.planId,
      deviceId: device.id,
    });
    const manager = await createUser(ctx, {
      permissions: ['jobs.run', 'jobs.view', 'backup.viewAndManage'],
      scope: 'all',
    });
    expect(await refusal(device.id, restoreJob(revision), manager.cookie)).toMatchObject({ status: 403 });
    const restorer = await createUser(ctx, {
      permissions: ['jobs.run', 'jobs.view', 'backup.viewAndRestore'],
      scope: [other.id],
    });
    const theirDevice = await createDevice(ctx, other.id);
    expect(await refusal(theirDevice.id, restoreJob(revision), restorer.cookie)).toMatchObject({
      status: 404,
    });
    const activities = (
      await ctx.request('GET', '/activities?action=job.submit&outcome=FAILURE&pageSize=100')
    ).json();
    expect(
      activities.data.some((a: { detail: string }) => a.detail.includes('needs backup.viewAndRestore')),
    ).toBe(true);
  });
});
