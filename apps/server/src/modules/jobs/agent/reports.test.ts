import type { ServerMessage } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helpers.ts';
import { createDevice, createScriptJob, getJob, submitJobs } from '../test-fixtures.ts';
import { type AgentJobContext, createReportWriter, onJobAck, onJobResult } from './reports.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ jobExpirySeconds: 3600 });
});
afterAll(() => ctx?.close());

const result = (deviceId: number, jobUid: string, finishedAt = new Date().toISOString()) => ({
  v: 1 as const,
  type: 'jobResult' as const,
  deviceId,
  jobUid,
  status: 'COMPLETED' as const,
  result: 'SUCCESS' as const,
  resultContent: { exitCode: 0, stdout: 'hi\n', stderr: '', truncated: false, errorMessage: null },
  finishedAt,
});

/** A writer of its own, so the test's logger sees what it logs. */
const withWriter = (store: Omit<AgentJobContext, 'jobReports'>): AgentJobContext => ({
  ...store,
  jobReports: createReportWriter(store),
});

describe('job reports of many agents at once', () => {
  it('writes the reports that arrive together in one batch; a bad one fails alone', async () => {
    const devices = await Promise.all([1, 2, 3].map(() => createDevice(ctx)));
    const jobs = await Promise.all(
      devices.map(async (d) => (await submitJobs(ctx, d.id, [createScriptJob()]))[0]!),
    );
    const sent: ServerMessage[][] = devices.map(() => []);
    const log = { warn: vi.fn(), error: vi.fn() };
    const reports = withWriter({ db: ctx.db, bus: ctx.app.bus, log });
    const agents = devices.map((device, i) => ({
      device: { id: device.id, organizationId: device.organizationId },
      send: (message: ServerMessage) => void sent[i]!.push(message),
    }));

    // Sent in one turn of the event loop: one batch. One ack names another device's job.
    const acks = await Promise.allSettled([
      ...agents.map(({ device, send }, i) =>
        onJobAck(reports, device, send, {
          v: 1,
          type: 'jobAck',
          deviceId: device.id,
          jobUid: jobs[i]!.jobUid,
          state: 'accepted',
        }),
      ),
      onJobAck(reports, agents[0]!.device, agents[0]!.send, {
        v: 1,
        type: 'jobAck',
        deviceId: agents[0]!.device.id,
        jobUid: jobs[1]!.jobUid,
        state: 'accepted',
      }),
    ]);
    expect(acks.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(log.warn).toHaveBeenCalledWith(
      { deviceId: agents[0]!.device.id, jobUid: jobs[1]!.jobUid },
      'ack of an unknown job',
    );
    for (const job of jobs) expect((await getJob(ctx, job.jobUid)).jobStatus).toBe('IN_PROGRESS');
    expect((await getJob(ctx, jobs[1]!.jobUid)).history.map((h) => h.event)).toEqual([
      'created',
      'acknowledged',
    ]);

    // The second agent's finish time is one PostgreSQL refuses (year 0): its batch is written
    // again report by report, and only that result stays unstored (its agent will send it again).
    const results = await Promise.allSettled(
      agents.map(({ device, send }, i) =>
        onJobResult(
          reports,
          device,
          send,
          result(device.id, jobs[i]!.jobUid, i === 1 ? '0000-01-01T00:00:00Z' : undefined),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ reports: 3 }),
      'a batch of job reports failed; writing them one by one',
    );
    const stored = sent.map((messages) => messages.filter((m) => m.type === 'jobResultStored').length);
    expect(stored).toEqual([1, 0, 1]);
    const statuses = await Promise.all(jobs.map(async (job) => (await getJob(ctx, job.jobUid)).jobStatus));
    expect(statuses).toEqual(['COMPLETED', 'IN_PROGRESS', 'COMPLETED']);
    const done = await getJob(ctx, jobs[0]!.jobUid);
    expect(done).toMatchObject({ jobResult: 'SUCCESS', resultContent: { exitCode: 0, stdout: 'hi\n' } });
    expect(done.history.map((h) => h.event)).toEqual(['created', 'acknowledged', 'result']);
  });

  it('writes an acknowledgement and the result that follows it at once in one batch, in order', async () => {
    const device = await createDevice(ctx);
    const [job] = await submitJobs(ctx, device.id, [createScriptJob()]);
    const messages: ServerMessage[] = [];
    const reports = withWriter({ db: ctx.db, bus: ctx.app.bus, log: { warn: vi.fn(), error: vi.fn() } });
    const agent = { id: device.id, organizationId: device.organizationId };
    const send = (message: ServerMessage) => void messages.push(message);
    const ack = { v: 1 as const, type: 'jobAck' as const, deviceId: device.id, jobUid: job!.jobUid };
    await Promise.all([
      onJobAck(reports, agent, send, { ...ack, state: 'accepted' }),
      onJobResult(reports, agent, send, result(device.id, job!.jobUid)),
      // A second acknowledgement of the same job cannot join the batch: it goes in the next one.
      onJobAck(reports, agent, send, { ...ack, state: 'duplicate' }),
    ]);
    const stored = await getJob(ctx, job!.jobUid);
    expect(stored).toMatchObject({ jobStatus: 'COMPLETED', jobResult: 'SUCCESS' });
    expect(stored.startedAt).toEqual(expect.any(String));
    expect(stored.history.map((h) => h.event)).toEqual([
      'created',
      'acknowledged',
      'result',
      'acknowledged after COMPLETED',
    ]);
    expect(messages.map((m) => m.type)).toEqual(['jobResultStored']);
  });
});
