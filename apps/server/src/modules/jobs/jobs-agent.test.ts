import type { ConsoleEvent } from '@rmm/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastAgentSettings, listen, waitFor } from '../../../test/agents.ts';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { activities } from '../../db/schema.ts';
import {
  type BackupSeed,
  cancelJob,
  connectAgent,
  createBackupJob,
  createRemoteJob,
  createRestoreJob,
  createScriptJob,
  enrolDevice,
  getJob,
  openEvents,
  seedBackup,
  submitJobs,
  waitForJob,
} from './test-fixtures.ts';

let ctx: TestContext;
let serverUrl: string;
beforeAll(async () => {
  ctx = await createTestApp({ ...fastAgentSettings, jobExpirySeconds: 3600 });
  serverUrl = await listen(ctx);
});
afterAll(() => ctx?.close());

const eventsOf = <T extends ConsoleEvent['type']>(events: ConsoleEvent[], type: T) =>
  events.filter((e): e is Extract<ConsoleEvent, { type: T }> => e.type === type);

describe('the cancel rule (spec §4), each job type in each state a cancel meets', () => {
  // VIRTUAL_DISK and PHYSICAL_DISK restores are refused at submit until image backups exist (backup-jobs.test.ts);
  // the domain's cancelStatusFor still asks them to stop (jobs.test.ts of the domain).
  const cases = [
    { type: 'an ACTION script', job: () => createScriptJob(), status: 'CANCELLED' },
    { type: 'a BACKUP', job: (seed: BackupSeed) => createBackupJob(seed), status: 'CANCEL_REQUESTED' },
    {
      type: 'a FILE restore',
      job: (seed: BackupSeed) => createRestoreJob(seed, 'FILE'),
      status: 'CANCEL_REQUESTED',
    },
    {
      type: 'a FILE_FOLDER restore',
      job: (seed: BackupSeed) => createRestoreJob(seed, 'FILE_FOLDER'),
      status: 'CANCEL_REQUESTED',
    },
    {
      type: 'a BATCH restore',
      job: (seed: BackupSeed) => createRestoreJob(seed, 'BATCH'),
      status: 'CANCELLED',
    },
    {
      type: 'an EXTRACT restore',
      job: (seed: BackupSeed) => createRestoreJob(seed, 'EXTRACT'),
      status: 'CANCELLED',
    },
    { type: 'a REMOTE connection', job: () => createRemoteJob(), status: 'CANCEL_REQUESTED' },
  ] as const;

  for (const { type, job: newJob, status } of cases) {
    it(`${type}: ${status} whether its agent has taken it or not; the agent is told to stop it`, async () => {
      const { identity } = await enrolDevice(ctx, serverUrl);
      const seed = await seedBackup(ctx, identity.deviceId);
      const [queued, running] = await submitJobs(ctx, identity.deviceId, [newJob(seed), newJob(seed)]);
      // START_REQUESTED: the agent is away.
      const queuedAnswer = await cancelJob(ctx, queued!);
      expect(queuedAnswer.statusCode, queuedAnswer.body).toBe(200);
      expect(queuedAnswer.json().nodes[0].jobs[0].jobStatus).toBe(status);

      // The agent connects: a job asked to stop comes with its cancel; a cancelled one never comes.
      const agent = await connectAgent(serverUrl, identity);
      await waitFor(() => agent.jobUidsReceived().includes(running!.jobUid));
      if (status === 'CANCEL_REQUESTED') {
        expect(agent.jobUidsReceived()).toContain(queued!.jobUid);
        await waitFor(() => agent.ofType('jobCancel').some((m) => m.jobUid === queued!.jobUid));
      } else expect(agent.jobUidsReceived()).not.toContain(queued!.jobUid);

      // IN_PROGRESS: acknowledged by the agent.
      agent.ack(running!.jobUid);
      await waitForJob(ctx, running!.jobUid, (j) => j.jobStatus === 'IN_PROGRESS');
      const runningAnswer = await cancelJob(ctx, running!);
      expect(runningAnswer.json().nodes[0].jobs[0].jobStatus).toBe(status);
      await waitFor(() => agent.ofType('jobCancel').some((m) => m.jobUid === running!.jobUid));
      const stored = await getJob(ctx, running!.jobUid);
      expect(stored.jobStatus).toBe(status);
      expect(stored.finishedAt === null).toBe(status === 'CANCEL_REQUESTED');
      await agent.close();
    });
  }
});

describe('jobs and a connected agent', () => {
  it('sends a job submitted while the agent is connected; ack makes it IN_PROGRESS; the result is stored', async () => {
    const { identity } = await enrolDevice(ctx, serverUrl);
    const agent = await connectAgent(serverUrl, identity);
    await waitFor(async () => (await getDeviceAgentVersion(identity.deviceId)) === 'test');
    const [job] = await submitJobs(ctx, identity.deviceId, [
      createScriptJob({ content: { script: { language: 'sh', code: 'echo hi' }, parameters: ['a b'] } }),
    ]);
    const sent = await agent.next('job');
    expect(sent.job).toEqual({
      jobUid: job!.jobUid,
      jobType: 'ACTION',
      jobName: job!.jobName,
      content: {
        script: { language: 'sh', code: 'echo hi' },
        parameters: ['a b'],
        runAs: 'SYSTEM',
        timeoutSeconds: 3600,
      },
      expiresAt: job!.expiresAt,
    });

    agent.ack(job!.jobUid);
    const running = await waitForJob(ctx, job!.jobUid, (j) => j.jobStatus === 'IN_PROGRESS');
    expect(running.startedAt).not.toBeNull();

    agent.result(job!.jobUid, {
      result: 'FAILURE',
      resultContent: { exitCode: 3, stdout: 'out\n', stderr: 'bad\n', truncated: false, errorMessage: null },
    });
    await waitFor(() => agent.ofType('jobResultStored').length === 1);
    expect(agent.ofType('jobResultStored')[0]).toEqual({
      v: 1,
      type: 'jobResultStored',
      jobUid: job!.jobUid,
    });
    const done = await getJob(ctx, job!.jobUid);
    expect(done).toMatchObject({
      jobStatus: 'COMPLETED',
      jobResult: 'FAILURE',
      resultContent: { exitCode: 3, stdout: 'out\n', stderr: 'bad\n', truncated: false },
    });
    expect(done.finishedAt).not.toBeNull();
    expect(done.history.map((h) => h.event)).toEqual(['created', 'sent', 'acknowledged', 'result']);
    const [activity] = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'job.result'), eq(activities.targetId, String(identity.deviceId))));
    expect(activity).toMatchObject({ actorName: 'agent', outcome: 'FAILURE', targetType: 'device' });
    expect(activity?.detail).toContain('COMPLETED FAILURE, exit code 3');
    await agent.close();
  });

  it('stores an acknowledgement, output and the result sent right behind it in their order', async () => {
    const { identity } = await enrolDevice(ctx, serverUrl);
    const agent = await connectAgent(serverUrl, identity);
    const jobs = await submitJobs(ctx, identity.deviceId, [createScriptJob(), createScriptJob()]);
    for (const [n, job] of jobs.entries()) {
      await agent.next('job');
      // The connection does not wait for an acknowledgement's write before reading what follows.
      agent.ack(job.jobUid);
      if (n === 1) agent.output(job.jobUid, 0, 'a line\n');
      agent.result(job.jobUid);
    }
    await waitFor(() => agent.ofType('jobResultStored').length === 2, { what: 'both results stored' });
    const expected = [
      ['created', 'sent', 'acknowledged', 'result'],
      ['created', 'sent', 'acknowledged', 'output', 'result'],
    ];
    for (const [n, { jobUid }] of jobs.entries()) {
      const done = await getJob(ctx, jobUid);
      expect(done.jobStatus).toBe('COMPLETED');
      expect(done.history.map((h) => h.event)).toEqual(expected[n]);
      expect(done.startedAt).not.toBeNull();
      expect(Date.parse(done.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(done.startedAt!));
    }
    await agent.close();
  });

  it('delivers the offline queue in creation order after hello, without the finished ones', async () => {
    const { identity } = await enrolDevice(ctx, serverUrl);
    const queued = await submitJobs(ctx, identity.deviceId, [
      createScriptJob({ jobName: 'one' }),
      createScriptJob({ jobName: 'two' }),
      createScriptJob({ jobName: 'three' }),
    ]);
    const [later] = await submitJobs(ctx, identity.deviceId, [createScriptJob({ jobName: 'four' })]);
    await cancelJob(ctx, queued[1]!);
    const agent = await connectAgent(serverUrl, identity);
    await waitFor(() => agent.ofType('job').length === 3, { what: 'three jobs' });
    expect(agent.ofType('job').map((m) => m.job.jobName)).toEqual(['one', 'three', 'four']);
    expect(agent.jobUidsReceived()).toEqual([queued[0]!.jobUid, queued[2]!.jobUid, later!.jobUid]);
    // The cancelled one was never sent: its history says so.
    expect((await getJob(ctx, queued[1]!.jobUid)).history.map((h) => h.event)).toEqual([
      'created',
      'cancelled',
    ]);
    expect((await getJob(ctx, queued[0]!.jobUid)).history.at(-1)).toMatchObject({
      event: 'sent',
      detail: 'after the agent connected',
    });
    await agent.close();
  });

  it('sends unfinished jobs again after a reconnect; a duplicate ack and result change nothing', async () => {
    const { identity } = await enrolDevice(ctx, serverUrl);
    const first = await connectAgent(serverUrl, identity);
    const [job] = await submitJobs(ctx, identity.deviceId, [createScriptJob()]);
    await first.next('job');
    first.ack(job!.jobUid);
    await waitForJob(ctx, job!.jobUid, (j) => j.jobStatus === 'IN_PROGRESS');
    await first.close();

    const second = await connectAgent(serverUrl, identity);
    expect((await second.next('job')).job.jobUid).toBe(job!.jobUid);
    second.ack(job!.jobUid, 'duplicate');
    second.result(job!.jobUid);
    second.result(job!.jobUid);
    await waitFor(() => second.ofType('jobResultStored').length === 2);
    const done = await getJob(ctx, job!.jobUid);
    expect(done).toMatchObject({ jobStatus: 'COMPLETED', jobResult: 'SUCCESS' });
    expect(done.history.map((h) => h.event)).toEqual([
      'created',
      'sent',
      'acknowledged',
      'sent',
      'acknowledged',
      'result',
      'result again',
    ]);
    const results = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'job.result'), eq(activities.targetId, String(identity.deviceId))));
    expect(results).toHaveLength(1);
    await second.close();

    // Finished: not sent on the next connection. A job submitted after the connection comes after its
    // queue, so once that one is in, the finished one would have been too.
    const third = await connectAgent(serverUrl, identity);
    const [marker] = await submitJobs(ctx, identity.deviceId, [
      createScriptJob({ jobName: 'after the queue' }),
    ]);
    await waitFor(() => third.ofType('job').length >= 1);
    expect(third.jobUidsReceived()).toEqual([marker!.jobUid]);
    await third.close();
  });

  it("confirms a result of an unknown job, and ignores another device's job", async () => {
    const { identity } = await enrolDevice(ctx, serverUrl);
    const { identity: otherIdentity } = await enrolDevice(ctx, serverUrl);
    const [theirs] = await submitJobs(ctx, otherIdentity.deviceId, [createScriptJob()]);
    const agent = await connectAgent(serverUrl, identity);
    agent.ack(theirs!.jobUid);
    agent.result(theirs!.jobUid);
    await waitFor(() => agent.ofType('jobResultStored').length === 1);
    const untouched = await getJob(ctx, theirs!.jobUid);
    expect(untouched.jobStatus).toBe('START_REQUESTED');
    expect(untouched.history.map((h) => h.event)).toEqual(['created']);
    await agent.close();
  });

  it('cancels a running script at once (CANCELLED) and tells the agent; its late result goes to history, its output is kept', async () => {
    const { identity } = await enrolDevice(ctx, serverUrl);
    const agent = await connectAgent(serverUrl, identity);
    const [job] = await submitJobs(ctx, identity.deviceId, [createScriptJob()]);
    await agent.next('job');
    agent.ack(job!.jobUid);
    await waitForJob(ctx, job!.jobUid, (j) => j.jobStatus === 'IN_PROGRESS');

    const response = await cancelJob(ctx, job!);
    expect(response.json().nodes[0].jobs[0].jobStatus).toBe('CANCELLED');
    expect((await agent.next('jobCancel')).jobUid).toBe(job!.jobUid);
    // The result that loses the race: in the history, its output kept, and still confirmed.
    const output = {
      exitCode: null,
      stdout: 'until stopped\n',
      stderr: '',
      truncated: false,
      errorMessage: null,
    };
    agent.result(job!.jobUid, { status: 'COMPLETED', result: 'SUCCESS', resultContent: output });
    await waitFor(() => agent.ofType('jobResultStored').length === 1);
    const after = await getJob(ctx, job!.jobUid);
    expect(after).toMatchObject({ jobStatus: 'CANCELLED', jobResult: null, resultContent: output });
    expect(after.history.map((h) => h.event)).toEqual([
      'created',
      'sent',
      'acknowledged',
      'cancelled',
      'result after cancel',
    ]);
    await agent.close();
  });

  it('asks a running backup to stop (CANCEL_REQUESTED) until the agent reports it CANCELLED', async () => {
    const { identity } = await enrolDevice(ctx, serverUrl);
    const agent = await connectAgent(serverUrl, identity);
    const [job] = await submitJobs(ctx, identity.deviceId, [
      createBackupJob(await seedBackup(ctx, identity.deviceId)),
    ]);
    await agent.next('job');
    agent.ack(job!.jobUid);
    await waitForJob(ctx, job!.jobUid, (j) => j.jobStatus === 'IN_PROGRESS');

    const response = await cancelJob(ctx, job!);
    expect(response.json().nodes[0].jobs[0].jobStatus).toBe('CANCEL_REQUESTED');
    await agent.next('jobCancel');
    await agent.close();
    // Still unfinished: a reconnecting agent gets the job and the cancel again.
    const again = await connectAgent(serverUrl, identity);
    await waitFor(() => again.received.some((m) => m.type === 'jobCancel'));
    expect(
      again.received.filter((m) => m.type === 'job' || m.type === 'jobCancel').map((m) => m.type),
    ).toEqual(['job', 'jobCancel']);
    again.result(job!.jobUid, {
      status: 'CANCELLED',
      result: 'FAILURE',
      resultContent: { errorMessage: 'stopped' },
    });
    const cancelled = await waitForJob(ctx, job!.jobUid, (j) => j.jobStatus === 'CANCELLED');
    expect(cancelled).toMatchObject({ jobResult: 'FAILURE', resultContent: { errorMessage: 'stopped' } });
    await again.close();
  });

  it('a result that commits before the cancel wins: the cancel is refused and recorded', async () => {
    const { identity } = await enrolDevice(ctx, serverUrl);
    const agent = await connectAgent(serverUrl, identity);
    const [job] = await submitJobs(ctx, identity.deviceId, [
      createBackupJob(await seedBackup(ctx, identity.deviceId)),
    ]);
    await agent.next('job');
    agent.ack(job!.jobUid);
    agent.result(job!.jobUid);
    await waitFor(() => agent.ofType('jobResultStored').length === 1);
    const response = await cancelJob(ctx, job!);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('JOB_FINISHED');
    const after = await getJob(ctx, job!.jobUid);
    expect(after.jobStatus).toBe('COMPLETED');
    expect(after.history.map((h) => h.event)).toEqual([
      'created',
      'sent',
      'acknowledged',
      'result',
      'cancel refused',
    ]);
    expect(after.history.at(-1)?.detail).toContain('already COMPLETED');
    await agent.close();
  });

  it('a cancel and a result at the same moment: exactly one wins, the other is in the history', async () => {
    const { identity } = await enrolDevice(ctx, serverUrl);
    const agent = await connectAgent(serverUrl, identity);
    const [job] = await submitJobs(ctx, identity.deviceId, [createScriptJob()]);
    await agent.next('job');
    agent.ack(job!.jobUid);
    await waitForJob(ctx, job!.jobUid, (j) => j.jobStatus === 'IN_PROGRESS');
    agent.result(job!.jobUid);
    const response = await cancelJob(ctx, job!);
    await waitFor(() => agent.ofType('jobResultStored').length === 1);
    const after = await getJob(ctx, job!.jobUid);
    const events = after.history.map((h) => h.event);
    if (response.statusCode === 200) {
      expect(after.jobStatus).toBe('CANCELLED');
      expect(events.slice(-2)).toEqual(['cancelled', 'result after cancel']);
    } else {
      expect(response.statusCode).toBe(409);
      expect(after.jobStatus).toBe('COMPLETED');
      expect(events.slice(-2)).toEqual(['result', 'cancel refused']);
    }
    await agent.close();
  });

  it('tells an agent that acknowledges a job cancelled meanwhile to stop it', async () => {
    const { identity } = await enrolDevice(ctx, serverUrl);
    const agent = await connectAgent(serverUrl, identity);
    const [job] = await submitJobs(ctx, identity.deviceId, [createScriptJob()]);
    await agent.next('job');
    await cancelJob(ctx, job!);
    await waitFor(() => agent.ofType('jobCancel').length === 1);
    agent.ack(job!.jobUid);
    await waitFor(() => agent.ofType('jobCancel').length === 2);
    const after = await getJob(ctx, job!.jobUid);
    expect(after.jobStatus).toBe('CANCELLED');
    expect(after.history.at(-1)).toMatchObject({ event: 'acknowledged after CANCELLED', detail: 'accepted' });
    await agent.close();
  });

  it('keeps stored output within JOB_OUTPUT_CAP_BYTES and drops NUL characters', async () => {
    const { identity } = await enrolDevice(ctx, serverUrl);
    const agent = await connectAgent(serverUrl, identity);
    const [job] = await submitJobs(ctx, identity.deviceId, [createScriptJob()]);
    await agent.next('job');
    agent.result(job!.jobUid, {
      resultContent: {
        exitCode: 0,
        stdout: `${'x'.repeat(1_048_576)}tail`,
        stderr: 'a\u0000b',
        truncated: false,
      },
    });
    const done = await waitForJob(ctx, job!.jobUid, (j) => j.jobStatus === 'COMPLETED');
    expect(done.resultContent?.stdout).toHaveLength(1_048_576);
    expect(done.resultContent).toMatchObject({ truncated: true, stderr: 'a\uFFFDb' });
    await agent.close();
  });
});

describe('job events on the console channel', () => {
  it('pushes job.updated on every change and relays job.output, to users with jobs.view in scope', async () => {
    const { organization, identity } = await enrolDevice(ctx, serverUrl);
    const viewer = await createUser(ctx, { permissions: ['jobs.view'], scope: [organization.id] });
    const deviceOnly = await createUser(ctx, { permissions: ['devices.view'], scope: [organization.id] });
    const outsider = await createUser(ctx, { permissions: ['jobs.view'], scope: [] });
    const channels = await Promise.all(
      [viewer, deviceOnly, outsider].map((u) => openEvents(serverUrl, u.cookie)),
    );
    const [seen, notAllowed, notInScope] = channels.map((c) => c.events);
    const agent = await connectAgent(serverUrl, identity);

    const statusesSeen = () => eventsOf(seen!, 'job.updated').map((e) => e.job.jobStatus);
    const [job] = await submitJobs(ctx, identity.deviceId, [createScriptJob()]);
    await agent.next('job');
    agent.ack(job!.jobUid);
    // An acknowledgement and a result that arrive together are written together (no IN_PROGRESS).
    await waitFor(() => statusesSeen().includes('IN_PROGRESS'), { what: 'IN_PROGRESS event' });
    agent.output(job!.jobUid, 0, 'first line\n');
    agent.output(job!.jobUid, 1, 'second line\n');
    agent.result(job!.jobUid);
    await waitFor(() => statusesSeen().includes('COMPLETED'), { what: 'COMPLETED event' });
    expect(statusesSeen()).toEqual(['START_REQUESTED', 'IN_PROGRESS', 'COMPLETED']);
    expect(eventsOf(seen!, 'job.updated')[2]).toMatchObject({
      organizationId: organization.id,
      job: { jobUid: job!.jobUid, jobResult: 'SUCCESS', nodeId: identity.deviceId },
    });
    expect(
      eventsOf(seen!, 'job.output').map(({ seq, stream, data, jobUid, nodeId }) => ({
        seq,
        stream,
        data,
        jobUid,
        nodeId,
      })),
    ).toEqual([
      { seq: 0, stream: 'stdout', data: 'first line\n', jobUid: job!.jobUid, nodeId: identity.deviceId },
      { seq: 1, stream: 'stdout', data: 'second line\n', jobUid: job!.jobUid, nodeId: identity.deviceId },
    ]);
    expect(notAllowed!.some((e) => e.type.startsWith('job.'))).toBe(false);
    expect(notInScope!.some((e) => e.type.startsWith('job.'))).toBe(false);
    for (const channel of channels) channel.socket.close();
    await agent.close();
  });
});

const getDeviceAgentVersion = async (deviceId: number) =>
  (await ctx.request('GET', `/devices/${deviceId}`)).json().agentVersion as string;
