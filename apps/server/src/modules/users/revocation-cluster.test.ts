import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { isNatsReachable, natsTestUrl, waitFor } from '../../../test/agents.ts';
import { createTestApp, createUser, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';

const natsReachable = await isNatsReachable();
if (!natsReachable) console.info(`revocation cluster tests skipped: no NATS at ${natsTestUrl}`);

/**
 * Two server processes on one database and one NATS. A technician's console socket is open on the
 * second; an administrator acts on the first. The socket closes at once (the periodic re-check runs
 * only every minute, so a close within seconds is the bus's doing).
 */
describe.skipIf(!natsReachable)('ending sessions across two server processes', () => {
  let ctx: TestContext;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let otherUrl: string;

  beforeAll(async () => {
    ctx = await createTestApp({
      natsUrl: natsTestUrl,
      natsSubjectPrefix: `revoke${process.pid}${Date.now()}`,
    });
    other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      secretKey: Buffer.alloc(32, 7),
      logger: false,
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const { port } = other.server.address() as { port: number };
    otherUrl = `ws://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  /** A console socket on the second process; answers once `ready` arrived, and records its close. */
  const openConsole = (cookie: string) =>
    new Promise<{ socket: WebSocket; closed: () => number | undefined }>((resolve, reject) => {
      const socket = new WebSocket(`${otherUrl}/events`, { headers: { cookie, origin: ORIGIN } });
      let code: number | undefined;
      socket.on('close', (closeCode) => {
        code = closeCode;
      });
      socket.once('message', () => resolve({ socket, closed: () => code }));
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`HTTP ${response.statusCode}`)),
      );
      socket.once('error', reject);
    });

  const userIdOf = async (email: string) =>
    (await ctx.request('GET', `/users?search=${encodeURIComponent(email)}`)).json().data[0].id as number;

  it('disabling a user closes their socket on the other process, and their cookie stops working there', async () => {
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    const console = await openConsole(tech.cookie);
    await other.bus.flush();
    const response = await ctx.request('PUT', `/users/${await userIdOf(tech.email)}`, { isEnabled: false });
    expect(response.statusCode).toBe(200);
    await waitFor(() => console.closed() === 4401, {
      what: 'the socket closed as signed out',
      timeoutMs: 5000,
    });
    const me = await other.inject({ method: 'GET', url: '/auth/me', headers: { cookie: tech.cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('revoking one session closes that session socket only', async () => {
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    const second = await ctx.login({ email: tech.email, password: tech.password });
    const first = await openConsole(tech.cookie);
    const kept = await openConsole(second);
    await other.bus.flush();
    const id = await userIdOf(tech.email);
    const sessions = (
      await ctx.request('GET', `/users/${id}/sessions`, undefined, { cookie: second })
    ).json();
    const target = sessions.find((s: { isCurrent: boolean }) => !s.isCurrent);
    expect((await ctx.request('DELETE', `/users/${id}/sessions/${target.id}`)).statusCode).toBe(200);
    await waitFor(() => first.closed() === 4401, {
      what: 'the revoked session socket closed',
      timeoutMs: 5000,
    });
    expect(kept.closed()).toBeUndefined();
    expect(kept.socket.readyState).toBe(WebSocket.OPEN);
    kept.socket.close();
  });

  it("a new role ends the user's sessions: their socket closes on the other process", async () => {
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    const console = await openConsole(tech.cookie);
    await other.bus.flush();
    const readOnly = (await ctx.request('GET', '/user-roles?roleType=TECHNICIAN'))
      .json()
      .find((r: { name: string }) => r.name === 'Read-only');
    const response = await ctx.request('PUT', `/users/${await userIdOf(tech.email)}`, {
      roleId: readOnly.id,
    });
    expect(response.statusCode).toBe(200);
    await waitFor(() => console.closed() === 4401, { what: 'the socket closed', timeoutMs: 5000 });
  });
});
