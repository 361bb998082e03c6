import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { LocalBackend, parseOrganizationKey, Repository } from '@rmm/backup';
import type { ChunkerParams } from '@rmm/backup/repo/config';
import type { ConsoleEvent } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastAgentSettings, listen, waitFor } from '../../../test/agents.ts';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { backupKeys } from '../../db/schema.ts';
import { connectAgent, enrolDevice, openEvents, waitForJob } from '../jobs/test-fixtures.ts';
import { createPlan, revisionStats, runJob, submitJobs } from './test-fixtures.ts';

/** Everything the server logs, to show that no key is ever in it. */
const logLines: string[] = [];
let ctx: TestContext;
let serverUrl: string;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  ctx = await createTestApp({ ...fastAgentSettings }, { logger: { level: 'trace', stream } });
  serverUrl = await listen(ctx);
});
afterAll(() => ctx?.close());

type Agent = Awaited<ReturnType<typeof connectAgent>>;

const backupResult = (agent: Agent, jobUid: string, backup: Record<string, unknown>, overrides = {}) =>
  agent.result(jobUid, {
    resultContent: { exitCode: null, errorMessage: null, backup: { v: 1, ...backup } },
    ...overrides,
  });

/** A device with a connected agent, in an organization with a cloud plan covering it. */
const setUp = async (planOverrides: Record<string, unknown> = {}) => {
  const { organization, identity } = await enrolDevice(ctx, serverUrl);
  const plan = await createPlan(ctx, organization.id, { targets: { allDevices: true }, ...planOverrides });
  const agent = await connectAgent(serverUrl, identity);
  const device = { id: identity.deviceId, displayName: 'raw-agent' };
  const run = async (overrides: Record<string, unknown> = {}) => {
    const response = await submitJobs(ctx, device.id, [runJob(device, plan, overrides)]);
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json().nodes[0].jobs[0] as { jobUid: string };
    const message = await waitFor(() => agent.ofType('job').find((m) => m.job.jobUid === job.jobUid));
    return { job, message };
  };
  return { organization, plan, agent, device, run };
};

describe('backup jobs at the agent', () => {
  it('carry the plan, the repository, the keys and the throttle, in the message to the agent only', async () => {
    const { organization, plan, agent, device, run } = await setUp({ exclude: ['*.iso'] });
    const workHours = { weekDays: ['MONDAY'], start: '09:00', end: '17:00', timeZone: 'UTC' };
    await ctx.request('PUT', `/backup/strata/clients/${organization.id}/throttles`, {
      level: 'DEVICE',
      targetId: device.id,
      workHoursBytesPerSecond: 1_048_576,
      offHoursBytesPerSecond: null,
      workHours,
    });
    const { job, message } = await run({ fullBackup: true });
    const backup = message.job.backup!;
    expect(backup).toMatchObject({
      v: 1,
      actionType: 'STRATA_BACKUP',
      organizationId: organization.id,
      plan: {
        planId: plan.planId,
        name: plan.name,
        kind: 'fileFolder',
        include: ['/home'],
        exclude: ['*.iso'],
      },
      repository: { type: 'CLOUD', url: '/backup/strata/repository' },
      throttle: { workHoursBytesPerSecond: 1_048_576, offHoursBytesPerSecond: null, workHours },
      fullBackup: true,
    });
    const masterKey = Buffer.from(backup.keys.masterKey, 'base64');
    expect(masterKey).toHaveLength(32);

    // As the agent would: a new repository from the organization's master key and chunker, with its own device
    // key and the organization's key file from the job. The downloaded restore key then opens it, alone.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-repo-'));
    const deviceKek = randomBytes(32);
    const repository = await Repository.init(
      new LocalBackend(folder, { fsync: false }),
      { kek: deviceKek },
      { from: { masterKey, chunker: backup.keys.chunker as ChunkerParams } },
    );
    const { organizationKeyFile } = backup.keys;
    await repository.backend.write(
      'keys',
      organizationKeyFile.name,
      Buffer.from(organizationKeyFile.content, 'base64'),
    );
    await repository.close();
    const file = await ctx.request('GET', `/backup/strata/clients/${organization.id}/restore-key/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    const keyFile = file.json();
    expect(keyFile).toMatchObject({
      type: 'strata-organization-key',
      version: 1,
      organizationId: String(organization.id),
      fingerprint: organizationKeyFile.fingerprint,
      organizationName: organization.name,
    });
    expect(keyFile.repositories).toContainEqual({
      repositoryId: backup.repository.repositoryId,
      type: 'CLOUD',
      location: null,
    });
    const reopened = await Repository.open(new LocalBackend(folder), {
      organizationKey: parseOrganizationKey(file.body),
    });
    expect(reopened.config.chunker).toEqual(backup.keys.chunker);
    await reopened.close();
    fs.rmSync(folder, { recursive: true, force: true });
    expect((await ctx.request('GET', `/activities?action=backup.restoreKey.download`)).json().count).toBe(1);

    // Nowhere else: not in the stored job, its answer or its history, not at rest, not in the log.
    const restoreKey = Buffer.from(keyFile.key, 'base64');
    const secrets = [
      backup.keys.masterKey,
      masterKey.toString('hex'),
      keyFile.key,
      restoreKey.toString('hex'),
    ];
    const stored = (await ctx.request('GET', `/webapp/job/${job.jobUid}`)).body;
    const listed = (await ctx.request('GET', `/jobs?nodeId=${device.id}&state=ALL`)).body;
    const [sealed] = await ctx.db.select().from(backupKeys);
    for (const secret of secrets) {
      expect(stored).not.toContain(secret);
      expect(listed).not.toContain(secret);
      expect(JSON.stringify(sealed)).not.toContain(secret);
      expect(logLines.join('\n')).not.toContain(secret);
    }
    expect(logLines.length).toBeGreaterThan(10);
    await agent.close();
  });

  it('store the revision the agent reports, once, and show it in the lists and the status', async () => {
    const { organization, plan, agent, device, run } = await setUp();
    const { job } = await run();
    agent.ack(job.jobUid);
    const revision = {
      revisionId: 'a1b2c3d4',
      parentRevisionId: null,
      time: new Date(Date.now() - 60_000).toISOString(),
      location: 'CLOUD',
      stats: revisionStats,
    };
    backupResult(agent, job.jobUid, { actionType: 'STRATA_BACKUP', planId: plan.planId, revision });
    await waitForJob(ctx, job.jobUid, (j) => j.jobStatus === 'COMPLETED');
    // The agent sends the result again (it missed jobResultStored): nothing changes.
    backupResult(agent, job.jobUid, { actionType: 'STRATA_BACKUP', planId: plan.planId, revision });
    await waitFor(() => agent.ofType('jobResultStored').length === 2);

    const revisions = (await ctx.request('GET', `/backup/strata/nodes/${device.id}/revisions`)).json();
    expect(revisions).toMatchObject({ count: 1, page: 1 });
    expect(revisions.data[0]).toMatchObject({
      revisionId: 'a1b2c3d4',
      planId: plan.planId,
      planName: plan.name,
      nodeId: device.id,
      location: 'CLOUD',
      stats: revisionStats,
      jobUid: job.jobUid,
    });
    expect((await ctx.request('GET', `/backup/strata/plans/${plan.planId}/revisions`)).json().count).toBe(1);
    const status = (await ctx.request('GET', `/backup/strata/plans-status?nodeId=${device.id}`)).json();
    expect(status.data[0]).toMatchObject({
      planId: plan.planId,
      nodeId: device.id,
      lastBackup: { jobUid: job.jobUid, jobStatus: 'COMPLETED', jobResult: 'SUCCESS', ignored: false },
      lastRevision: { revisionId: 'a1b2c3d4', location: 'CLOUD' },
    });
    expect(status.data[0].lastSuccessAt).not.toBeNull();
    const nodeStatus = await ctx.request(
      'GET',
      `/backup/strata/nodes/${device.id}/strata-status?fetchHasData=true`,
    );
    expect(nodeStatus.json()).toEqual({
      enabled: true,
      hasData: true,
      hasCloudData: true,
      hasLocalData: false,
      divisionConfig: { enabled: true, bucket: null },
    });
    const clientStatus = await ctx.request(
      'GET',
      `/backup/strata/clients/${organization.id}/strata-status?fetchHasData=false`,
    );
    expect(clientStatus.json()).toEqual({ enabled: true, divisionConfig: { enabled: true, bucket: null } });
    // A restore of it goes to the agent with the cloud repository and the same keys.
    const restore = await submitJobs(ctx, device.id, [
      {
        jobType: 'RESTORE',
        jobName: 'Restore report',
        content: {
          revisionId: 'a1b2c3d4',
          sourcePath: '/home/report.txt',
          sourceNodeId: device.id,
          sourcePlanId: plan.planId,
          sourceNodeName: '',
          sourcePlanName: '',
          destinationPath: '/tmp/restored',
          collisionHandling: 'KEEP_BOTH',
          restoreType: 'FILE',
          restorePermissions: false,
          restoreDeletedFiles: false,
          backupJobId: job.jobUid,
          actionType: 'STRATA_RESTORE',
        },
      },
    ]);
    const restoreUid = restore.json().nodes[0].jobs[0].jobUid;
    const sent = await waitFor(() => agent.ofType('job').find((m) => m.job.jobUid === restoreUid));
    expect(sent.job.backup).toMatchObject({ actionType: 'STRATA_RESTORE', repository: { type: 'CLOUD' } });
    expect(sent.job.content).toMatchObject({ revisionId: 'a1b2c3d4', restoreType: 'FILE' });
    await agent.close();
  });

  it('mark upsynced revisions, forget what retention removed, and count local storage', async () => {
    const { organization, plan, agent, device, run } = await setUp({
      destination: { type: 'HYBRID', local: { type: 'LOCAL', path: '/var/backups' } },
    });
    const first = await run();
    expect(first.message.job.backup).toMatchObject({
      repository: { type: 'LOCAL', path: '/var/backups' },
      upsyncTo: { type: 'CLOUD', url: '/backup/strata/repository' },
    });
    const localRepositoryId = first.message.job.backup!.repository.repositoryId;
    const revisionOf = (revisionId: string) => ({
      revisionId,
      parentRevisionId: null,
      time: new Date().toISOString(),
      location: 'LOCAL',
      stats: revisionStats,
    });
    backupResult(agent, first.job.jobUid, {
      actionType: 'STRATA_BACKUP',
      planId: plan.planId,
      revision: revisionOf('r1'),
      localRepository: { repositoryId: localRepositoryId, bytes: 5000 },
    });
    await waitForJob(ctx, first.job.jobUid, (j) => j.jobStatus === 'COMPLETED');
    const second = await run();
    backupResult(agent, second.job.jobUid, {
      actionType: 'STRATA_BACKUP',
      planId: plan.planId,
      revision: revisionOf('r2'),
      forgottenRevisionIds: ['r1'],
    });
    await waitForJob(ctx, second.job.jobUid, (j) => j.jobStatus === 'COMPLETED');
    const upsync = await run({ actionType: 'STRATA_UPSYNC' });
    backupResult(agent, upsync.job.jobUid, {
      actionType: 'STRATA_UPSYNC',
      planId: plan.planId,
      upsync: { revisionIds: ['r2'], filesCopied: 4, bytesCopied: 4000 },
    });
    await waitForJob(ctx, upsync.job.jobUid, (j) => j.jobStatus === 'COMPLETED');

    const revisions = (await ctx.request('GET', `/backup/strata/nodes/${device.id}/revisions`)).json();
    expect(
      revisions.data.map((r: { revisionId: string; location: string }) => [r.revisionId, r.location]),
    ).toEqual([['r2', 'BOTH']]);
    const storage = (
      await ctx.request('GET', `/backup/strata/storage?organizationId=${organization.id}`)
    ).json();
    expect(storage.data).toEqual([
      {
        organizationId: organization.id,
        organizationName: organization.name,
        cloudBytes: 0,
        localBytes: 5000,
        cloudQuotaBytes: null,
        revisions: 1,
      },
    ]);
    const status = (await ctx.request('GET', `/backup/strata/plans-status?nodeId=${device.id}`)).json()
      .data[0];
    expect(status.lastUpsync).toMatchObject({ jobUid: upsync.job.jobUid, actionType: 'STRATA_UPSYNC' });
    await agent.close();
  });

  it('mark the plan when an integrity check fails, until one passes; a failed backup can be cleared', async () => {
    const { plan, agent, device, run } = await setUp();
    const check = await run({ actionType: 'STRATA_INTEGRITY_CHECK' });
    expect(check.message.job.backup).toMatchObject({ actionType: 'STRATA_INTEGRITY_CHECK', readData: true });
    backupResult(
      agent,
      check.job.jobUid,
      {
        actionType: 'STRATA_INTEGRITY_CHECK',
        planId: plan.planId,
        integrity: {
          ok: false,
          readData: true,
          checkedFiles: 12,
          checkedBytes: 4096,
          problems: ['pack 9f2e: hash mismatch'],
        },
      },
      { result: 'FAILURE' },
    );
    await waitForJob(ctx, check.job.jobUid, (j) => j.jobStatus === 'COMPLETED');
    const marked = (await ctx.request('GET', `/backup/strata/plans/${plan.planId}`)).json().plan;
    expect(marked).toMatchObject({ integrityStatus: 'FAILED', integrityMessage: 'pack 9f2e: hash mismatch' });
    const failed = (
      await ctx.request('GET', `/backup/strata/plans-status?state=FAILED&nodeId=${device.id}`)
    ).json();
    expect(failed.count).toBe(1);

    const backup = await run();
    agent.result(backup.job.jobUid, { result: 'FAILURE', resultContent: { errorMessage: 'disk full' } });
    await waitForJob(ctx, backup.job.jobUid, (j) => j.jobStatus === 'COMPLETED');
    const ignorePath = `/backup/strata/nodes/${device.id}/plans-status/${plan.planId}/jobs/${backup.job.jobUid}/ignore`;
    const cleared = await ctx.request('PUT', ignorePath);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toEqual({ resultCode: 'SUCCESS' });
    const row = (await ctx.request('GET', `/backup/strata/plans-status?nodeId=${device.id}`)).json().data[0];
    expect(row.lastBackup).toMatchObject({ jobResult: 'FAILURE', errorMessage: 'disk full', ignored: true });

    const passed = await run({ actionType: 'STRATA_INTEGRITY_CHECK' });
    backupResult(agent, passed.job.jobUid, {
      actionType: 'STRATA_INTEGRITY_CHECK',
      planId: plan.planId,
      integrity: { ok: true, readData: true, checkedFiles: 12, checkedBytes: 4096, problems: [] },
    });
    await waitForJob(ctx, passed.job.jobUid, (j) => j.jobStatus === 'COMPLETED');
    expect(
      (await ctx.request('GET', `/backup/strata/plans/${plan.planId}`)).json().plan.integrityStatus,
    ).toBe('OK');
    expect(
      (await ctx.request('GET', `/backup/strata/plans-status?state=FAILED&nodeId=${device.id}`)).json().count,
    ).toBe(0);
    await agent.close();
  });

  it('relay progress to consoles as backup.progress, only for its own backup jobs', async () => {
    const { agent, device, run, plan } = await setUp();
    const viewer = await createUser(ctx, { permissions: ['jobs.view'], scope: 'all' });
    const events = await openEvents(serverUrl, viewer.cookie);
    const { job } = await run();
    const progress = {
      phase: 'BACKING_UP',
      files: 120,
      totalFiles: 1000,
      bytes: 10_485_760,
      totalBytes: 104_857_600,
      bytesPerSecond: 2_097_152,
      etaSeconds: 45,
    };
    // A job uid that is not this device's backup job is dropped (sent first: messages are handled in order).
    agent.send({
      v: 1,
      type: 'backupProgress',
      deviceId: device.id,
      jobUid: crypto.randomUUID(),
      ...progress,
    });
    agent.send({ v: 1, type: 'backupProgress', deviceId: device.id, jobUid: job.jobUid, ...progress });
    const seen = await waitFor(() =>
      events.events.find(
        (e): e is Extract<ConsoleEvent, { type: 'backup.progress' }> => e.type === 'backup.progress',
      ),
    );
    expect(seen).toMatchObject({
      organizationId: expect.any(Number),
      nodeId: device.id,
      jobUid: job.jobUid,
      actionType: 'STRATA_BACKUP',
      planId: plan.planId,
      ...progress,
    });
    expect(events.events.filter((e) => e.type === 'backup.progress')).toHaveLength(1);
    events.socket.close();
    await agent.close();
  });

  it('fail at delivery when the plan is gone since the submit, with the reason', async () => {
    const { identity, organization } = await enrolDevice(ctx, serverUrl);
    const plan = await createPlan(ctx, organization.id, { targets: { allDevices: true } });
    const device = { id: identity.deviceId, displayName: 'raw-agent' };
    const response = await submitJobs(ctx, device.id, [runJob(device, plan)]);
    const { jobUid } = response.json().nodes[0].jobs[0];
    await ctx.request('DELETE', `/backup/strata/plans/${plan.planId}`);
    const agent = await connectAgent(serverUrl, identity);
    const failed = await waitForJob(ctx, jobUid, (j) => j.jobStatus === 'COMPLETED');
    expect(failed).toMatchObject({
      jobResult: 'FAILURE',
      resultContent: {
        errorMessage: 'The backup plan was deleted after the job was submitted, so the job was not run.',
      },
    });
    expect(agent.jobUidsReceived()).not.toContain(jobUid);
    await agent.close();
  });
});
