import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastAgentSettings, isNatsReachable, listen, natsTestUrl, waitFor } from '../../../test/agents.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import {
  cancelJob,
  connectAgent,
  createScriptJob,
  enrolDevice,
  openEvents,
  submit,
  waitForJob,
} from './test-fixtures.ts';

const natsReachable = await isNatsReachable();
if (!natsReachable) console.info(`jobs cluster tests skipped: no NATS at ${natsTestUrl}`);

/** Two server processes on one database and one NATS: the agent is connected to the first. */
describe.skipIf(!natsReachable)('jobs across two server nodes', () => {
  let ctx: TestContext;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let serverUrl: string;

  beforeAll(async () => {
    const nats = { natsUrl: natsTestUrl, natsSubjectPrefix: `jobs${process.pid}${Date.now()}` };
    ctx = await createTestApp({ ...fastAgentSettings, ...nats, jobExpirySeconds: 3600 });
    serverUrl = await listen(ctx);
    other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      secretKey: Buffer.alloc(32, 7),
      logger: false,
    });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  it('a job submitted on one node reaches the agent connected to the other, and its cancel too', async () => {
    const { identity } = await enrolDevice(ctx, serverUrl);
    const agent = await connectAgent(serverUrl, identity);
    // The node subscribed to the device's subject before its welcome; this makes it reach NATS.
    await ctx.app.bus.flush();
    const response = await submit(
      ctx,
      { nodes: [{ nodeId: identity.deviceId, jobs: [createScriptJob(), createScriptJob()] }] },
      { app: other },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [first, second] = response.json().nodes[0].jobs;
    const delivered = await agent.next('job');
    expect(delivered.job.jobUid).toBe(first.jobUid);
    agent.ack(first.jobUid);
    agent.result(first.jobUid);
    await waitForJob(ctx, first.jobUid, (job) => job.jobStatus === 'COMPLETED');

    const cancelled = await other.inject({
      method: 'POST',
      url: '/webapp/submit/job',
      headers: { cookie: ctx.adminCookie, origin: ctx.config.publicUrl! },
      payload: {
        nodes: [
          {
            nodeId: second.nodeId,
            jobs: [{ jobUid: second.jobUid, jobType: 2, jobName: 'x', jobStatus: 'CANCELLED' }],
          },
        ],
      },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await agent.next('jobCancel')).jobUid).toBe(second.jobUid);
    expect((await cancelJob(ctx, second)).json().error.code).toBe('JOB_FINISHED');
    await agent.close();
  });

  it("a console on one node sees the other node's job events from its `ready` on", async () => {
    const { identity } = await enrolDevice(ctx, serverUrl);
    // No pause after `ready`: the node answers it once its subscription has reached NATS.
    const channel = await openEvents(serverUrl, ctx.adminCookie);
    const response = await submit(
      ctx,
      { nodes: [{ nodeId: identity.deviceId, jobs: [createScriptJob()] }] },
      { app: other },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [job] = response.json().nodes[0].jobs;
    await waitFor(() => channel.events.some((e) => e.type === 'job.updated' && e.job.jobUid === job.jobUid), {
      what: 'job.updated from the other node',
    });
    channel.socket.close();
  });
});
