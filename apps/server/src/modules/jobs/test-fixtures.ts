import { randomUUID } from 'node:crypto';
import type { ConsoleEvent, GetJobResponse, ServerMessage, StoredJob } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import WebSocket from 'ws';
import {
  connectRaw,
  createEnrollment,
  deviceAuthorization,
  enrolRaw,
  waitFor,
} from '../../../test/agents.ts';
import { createOrganizationInput, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { devices } from '../../db/schema.ts';
import { createPlan, insertRevision } from '../backup/test-fixtures.ts';

/** Test data and a hand-driven agent for the jobs tests. */

export const createScriptJob = (overrides: Record<string, unknown> = {}) => ({
  jobType: 'ACTION',
  jobName: `script ${randomUUID().slice(0, 8)}`,
  content: { script: { language: 'sh', code: 'echo hello' } },
  ...overrides,
});

/** A backup plan covering the device and a revision of it: what backup and restore jobs need to be accepted. */
export type BackupSeed = { nodeId: number; planId: string; revisionId: string };

export const seedBackup = async (ctx: TestContext, nodeId: number): Promise<BackupSeed> => {
  const [device] = await ctx.db
    .select({ organizationId: devices.organizationId })
    .from(devices)
    .where(eq(devices.id, nodeId));
  const plan = await createPlan(ctx, device!.organizationId, { targets: { allDevices: true } });
  const { revisionId } = await insertRevision(ctx, {
    organizationId: device!.organizationId,
    planId: plan.planId,
    deviceId: nodeId,
  });
  return { nodeId, planId: plan.planId, revisionId };
};

export const createBackupJob = (seed: BackupSeed, overrides: Record<string, unknown> = {}) => ({
  jobType: 'BACKUP',
  jobName: `backup ${randomUUID().slice(0, 8)}`,
  content: {
    nodeId: seed.nodeId,
    planId: seed.planId,
    nodeName: 'PC',
    planName: 'Nightly',
    actionType: 'STRATA_BACKUP',
  },
  ...overrides,
});

export const createRestoreJob = (
  seed: BackupSeed,
  restoreType: string,
  overrides: Record<string, unknown> = {},
) => ({
  jobType: 'RESTORE',
  jobName: `restore ${randomUUID().slice(0, 8)}`,
  content: {
    revisionId: seed.revisionId,
    sourcePath: '/home',
    sourceNodeId: seed.nodeId,
    sourcePlanId: seed.planId,
    sourceNodeName: 'PC',
    sourcePlanName: 'Nightly',
    destinationPath: '/restore',
    collisionHandling: 'OVERWRITE',
    restoreType,
    restorePermissions: true,
    restoreDeletedFiles: false,
    extractContent: { files: ['/home/a.txt'], folders: [] },
    actionType: 'STRATA_RESTORE',
  },
  ...overrides,
});

export const createRemoteJob = (overrides: Record<string, unknown> = {}) => ({
  jobType: 'REMOTE',
  jobName: `remote ${randomUUID().slice(0, 8)}`,
  content: {},
  ...overrides,
});

export const createOrganization = async (ctx: TestContext) =>
  (await ctx.request('POST', '/organizations', createOrganizationInput())).json() as {
    id: number;
    name: string;
  };

/** A device without an agent (offline): jobs for it wait in the queue. */
export const createDevice = async (ctx: TestContext, organizationId?: number) => {
  const orgId = organizationId ?? (await createOrganization(ctx)).id;
  const [row] = await ctx.db
    .insert(devices)
    .values({ organizationId: orgId, displayName: `PC-${randomUUID().slice(0, 8)}` })
    .returning();
  return row!;
};

export const submit = (
  ctx: TestContext,
  body: unknown,
  options: { cookie?: string; idempotencyKey?: string; app?: TestContext['app'] } = {},
) =>
  (options.app ?? ctx.app).inject({
    method: 'POST',
    url: '/webapp/submit/job',
    payload: body as never,
    headers: {
      cookie: options.cookie ?? ctx.adminCookie,
      origin: ORIGIN,
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
  });

/** Submits jobs to one node and answers the stored jobs. */
export const submitJobs = async (ctx: TestContext, nodeId: number, jobs: unknown[]) => {
  const response = await submit(ctx, { nodes: [{ nodeId, jobs }] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().nodes[0].jobs as StoredJob[];
};

/** Re-submits a job with the status the console's cancel rule gives. */
export const cancelJob = (ctx: TestContext, job: StoredJob, options: { cookie?: string } = {}) =>
  submit(
    ctx,
    {
      nodes: [
        {
          nodeId: job.nodeId,
          jobs: [{ jobUid: job.jobUid, jobType: job.jobType, jobName: job.jobName, jobStatus: 'CANCELLED' }],
        },
      ],
    },
    options,
  );

export const getJob = async (ctx: TestContext, jobUid: string) => {
  const response = await ctx.request('GET', `/webapp/job/${jobUid}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as GetJobResponse).job;
};

export const waitForJob = (
  ctx: TestContext,
  jobUid: string,
  check: (job: GetJobResponse['job']) => boolean,
) =>
  waitFor(
    async () => {
      const job = await getJob(ctx, jobUid);
      return check(job) ? job : undefined;
    },
    { what: `job ${jobUid}` },
  );

/** An enrolled device and its hand-driven agent connection (welcome received, hello sent). */
export const connectAgent = async (
  serverUrl: string,
  identity: { deviceId: number; deviceSecret: string },
) => {
  const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
  await agent.next('welcome');
  agent.send({ v: 1, type: 'hello', deviceId: identity.deviceId, agentVersion: 'test', platform: 'linux' });
  const ofType = <T extends ServerMessage['type']>(type: T) =>
    agent.received.filter((m): m is Extract<ServerMessage, { type: T }> => m.type === type);
  const jobUidsReceived = () => ofType('job').map((m) => m.job.jobUid);
  const deviceId = identity.deviceId;
  return {
    ...agent,
    deviceId,
    ofType,
    jobUidsReceived,
    ack: (jobUid: string, state: 'accepted' | 'duplicate' = 'accepted') =>
      agent.send({ v: 1, type: 'jobAck', deviceId, jobUid, state }),
    output: (jobUid: string, seq: number, data: string) =>
      agent.send({ v: 1, type: 'jobOutput', deviceId, jobUid, seq, stream: 'stdout', data }),
    result: (jobUid: string, overrides: Record<string, unknown> = {}) =>
      agent.send({
        v: 1,
        type: 'jobResult',
        deviceId,
        jobUid,
        status: 'COMPLETED',
        result: 'SUCCESS',
        resultContent: { exitCode: 0, stdout: 'hello\n', stderr: '', truncated: false, errorMessage: null },
        startedAt: new Date(Date.now() - 1000).toISOString(),
        finishedAt: new Date().toISOString(),
        ...overrides,
      }),
    close: async () => {
      agent.socket.close();
      await agent.closed;
    },
  };
};

/** A new device with an agent identity (not connected yet). */
export const enrolDevice = async (ctx: TestContext, serverUrl: string) => {
  const { organization, token } = await createEnrollment(ctx);
  const identity = (await enrolRaw(serverUrl, token.token)).body;
  return { organization, identity };
};

/** The console's realtime channel, collecting every event. */
export const openEvents = (serverUrl: string, cookie: string) =>
  new Promise<{ socket: WebSocket; events: ConsoleEvent[] }>((resolve, reject) => {
    const socket = new WebSocket(`${serverUrl.replace('http', 'ws')}/events`, {
      headers: { cookie, origin: ORIGIN },
    });
    const events: ConsoleEvent[] = [];
    socket.on('message', (data) => {
      events.push(JSON.parse(data.toString()));
      if (events.length === 1) resolve({ socket, events });
    });
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
