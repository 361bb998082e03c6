import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectRaw,
  createEnrollment,
  deviceAuthorization,
  enrolRaw,
  fastAgentSettings,
  isNatsReachable,
  listen,
  natsTestUrl,
} from '../../../test/agents.ts';
import { createTestApp, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';

const natsReachable = await isNatsReachable();
if (!natsReachable) console.info(`cluster tests skipped: no NATS at ${natsTestUrl}`);

/** Two server processes on one database and one NATS: an agent may be connected to either. */
describe.skipIf(!natsReachable)('two server nodes over NATS', () => {
  let ctx: TestContext;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let serverUrl: string;

  beforeAll(async () => {
    const nats = { natsUrl: natsTestUrl, natsSubjectPrefix: `cluster${process.pid}${Date.now()}` };
    ctx = await createTestApp({ ...fastAgentSettings, ...nats });
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

  it('delivers a change made on one node to the agent connected to the other', async () => {
    const { token } = await createEnrollment(ctx);
    const identity = (await enrolRaw(serverUrl, token.token)).body;
    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    await agent.next('welcome');
    const response = await other.inject({
      method: 'PATCH',
      url: `/devices/${identity.deviceId}`,
      headers: { cookie: ctx.adminCookie, origin: ORIGIN },
      payload: { approvalStatus: 'REJECTED' },
    });
    expect(response.statusCode).toBe(200);
    expect((await agent.next('goodbye')).reason).toBe('REJECTED');
    expect(await agent.closed).toBe(4403);
  });
});
