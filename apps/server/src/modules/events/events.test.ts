import type { ConsoleEvent } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  connectRaw,
  createEnrollment,
  deviceAuthorization,
  enrolRaw,
  fastAgentSettings,
  listen,
  waitFor,
} from '../../../test/agents.ts';
import { createTestApp, createUser, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { ALL_CONSOLE_EVENTS } from '../../bus/subjects.ts';

let ctx: TestContext;
let serverUrl: string;
beforeAll(async () => {
  ctx = await createTestApp(fastAgentSettings);
  serverUrl = await listen(ctx);
});
afterAll(() => ctx?.close());

const openEvents = (headers: Record<string, string>) =>
  new Promise<{ socket: WebSocket; events: ConsoleEvent[] }>((resolve, reject) => {
    const socket = new WebSocket(`${serverUrl.replace('http', 'ws')}/events`, { headers });
    const events: ConsoleEvent[] = [];
    socket.on('message', (data) => {
      events.push(JSON.parse(data.toString()));
      if (events.length === 1) resolve({ socket, events });
    });
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });

describe('the console realtime channel /events', () => {
  it('refuses a foreign Origin and a missing session', async () => {
    await expect(openEvents({ cookie: ctx.adminCookie, origin: 'https://evil.example' })).rejects.toThrow(
      'HTTP 403',
    );
    await expect(openEvents({ origin: ORIGIN })).rejects.toThrow('HTTP 401');
  });

  it('listens to the bus only while a console is connected, and again when the next one comes', async () => {
    const subscribe = ctx.app.bus.subscribe;
    const listening = new Set<symbol>();
    const spy = vi.spyOn(ctx.app.bus, 'subscribe').mockImplementation((subject, handler) => {
      const stop = subscribe(subject, handler);
      if (subject !== ALL_CONSOLE_EVENTS) return stop;
      const id = Symbol(subject);
      listening.add(id);
      return () => {
        listening.delete(id);
        stop();
      };
    });
    try {
      const first = await openEvents({ cookie: ctx.adminCookie, origin: ORIGIN });
      const second = await openEvents({ cookie: ctx.adminCookie, origin: ORIGIN });
      expect(listening.size).toBe(1);
      first.socket.close();
      second.socket.close();
      await waitFor(() => listening.size === 0, { what: 'the hub to stop listening' });

      const third = await openEvents({ cookie: ctx.adminCookie, origin: ORIGIN });
      expect(listening.size).toBe(1);
      const { token } = await createEnrollment(ctx);
      const device = (await enrolRaw(serverUrl, token.token, { hostname: 'after-a-pause' })).body;
      await waitFor(
        () => third.events.some((e) => e.type === 'device.created' && e.device.id === device.deviceId),
        { what: 'device.created' },
      );
      third.socket.close();
    } finally {
      spy.mockRestore();
    }
  });

  it('pushes new devices and status changes of the organizations in the user scope only', async () => {
    const mine = await createEnrollment(ctx);
    const theirs = await createEnrollment(ctx);
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: [mine.organization.id] });
    const admin = await openEvents({ cookie: ctx.adminCookie, origin: ORIGIN });
    const scoped = await openEvents({ cookie: tech.cookie, origin: ORIGIN });
    expect(scoped.events[0]!.type).toBe('ready');

    const own = (await enrolRaw(serverUrl, mine.token.token, { hostname: 'mine-1' })).body;
    const other = (await enrolRaw(serverUrl, theirs.token.token, { hostname: 'theirs-1' })).body;
    const agent = await connectRaw(serverUrl, deviceAuthorization(own));
    await agent.next('welcome');

    const isUp = (events: ConsoleEvent[]) =>
      events.find((e) => e.type === 'device.status' && e.deviceId === own.deviceId && e.status === 'UP');
    await waitFor(() => isUp(scoped.events), { what: 'UP event' });
    const created = scoped.events.find((e) => e.type === 'device.created');
    expect(created).toMatchObject({
      organizationId: mine.organization.id,
      device: { id: own.deviceId, hostname: 'mine-1' },
    });
    expect(isUp(scoped.events)).toMatchObject({
      previousStatus: 'DOWN',
      organizationId: mine.organization.id,
    });
    // The admin (all organizations) sees the other device; the technician never does.
    await waitFor(() =>
      admin.events.find((e) => e.type === 'device.created' && e.device.id === other.deviceId),
    );
    expect(JSON.stringify(scoped.events)).not.toContain('theirs-1');

    agent.socket.close();
    await waitFor(
      () =>
        scoped.events.find(
          (e) => e.type === 'device.status' && e.deviceId === own.deviceId && e.status === 'DOWN',
        ),
      { what: 'DOWN event', timeoutMs: 10_000 },
    );
    admin.socket.close();
    scoped.socket.close();
  });

  it('sends nothing to a user without devices.view', async () => {
    const { token } = await createEnrollment(ctx);
    const outsider = await createUser(ctx, { permissions: ['activities.view'], scope: 'all' });
    const channel = await openEvents({ cookie: outsider.cookie, origin: ORIGIN });
    const admin = await openEvents({ cookie: ctx.adminCookie, origin: ORIGIN });
    await enrolRaw(serverUrl, token.token);
    await waitFor(() => admin.events.some((e) => e.type === 'device.created'));
    expect(channel.events.map((e) => e.type)).toEqual(['ready']);
    channel.socket.close();
    admin.socket.close();
  });
});
