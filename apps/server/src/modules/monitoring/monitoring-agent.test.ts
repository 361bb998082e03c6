import type { ConsoleEvent, DeviceNode } from '@rmm/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectRaw, deviceAuthorization, fastAgentSettings, listen, waitFor } from '../../../test/agents.ts';
import { createTestApp, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { CONDITIONS_CHANGED_SUBJECT } from '../../bus/subjects.ts';
import { alertEvents, alerts, conditionStates, jobs } from '../../db/schema.ts';
import {
  alertsOf,
  assignPolicy,
  conditionOf,
  monitoredAgent,
  nextTime,
  observation,
  setPolicyConditions,
} from './test-fixtures.ts';

let ctx: TestContext;
let serverUrl: string;
beforeAll(async () => {
  // The alert sweeper runs when a test says so (with the time it names); flap protection: more than 2 clears
  // within 10 minutes.
  ctx = await createTestApp({
    ...fastAgentSettings,
    alertSweepIntervalMs: 3_600_000,
    alertFlapCount: 2,
    alertFlapWindowMinutes: 10,
  });
  serverUrl = await listen(ctx);
});
afterAll(() => ctx?.close());

const getDevice = async (id: number): Promise<DeviceNode> =>
  (await ctx.request('GET', `/devices/${id}`)).json();
const storedAlerts = (deviceId: number) => ctx.db.select().from(alerts).where(eq(alerts.deviceId, deviceId));

const openEvents = () =>
  new Promise<{ socket: WebSocket; events: ConsoleEvent[] }>((resolve, reject) => {
    const socket = new WebSocket(`${serverUrl.replace('http', 'ws')}/events`, {
      headers: { cookie: ctx.adminCookie, origin: ORIGIN },
    });
    const events: ConsoleEvent[] = [];
    socket.on('message', (data) => {
      events.push(JSON.parse(data.toString()));
      if (events.length === 1) resolve({ socket, events });
    });
    socket.once('error', reject);
  });

describe('condition sets', () => {
  it('sends the set after hello when the agent holds another, not when it holds this one, and on every change', async () => {
    const first = await monitoredAgent(ctx, serverUrl);
    const cpu = conditionOf('CPU');
    const policy = await assignPolicy(ctx, [first.deviceId], [cpu]);
    const set = await first.nextSet(1);
    expect(set.conditions).toEqual([{ key: cpu.id, type: 'CPU', parameters: cpu.parameters }]);

    // Reconnect holding that set: nothing is sent.
    first.agent.socket.close();
    const again = await connectRaw(serverUrl, deviceAuthorization(first.identity));
    await again.next('welcome');
    again.send({
      v: 1,
      type: 'hello',
      deviceId: first.deviceId,
      agentVersion: 'test',
      platform: 'linux',
      conditionCapabilities: ['CPU', 'DISK'],
      conditionSetHash: set.conditionSetHash,
    });
    await again.next('taskSet');
    await ctx.app.monitoring.idle();
    expect(again.received.some((m) => m.type === 'conditionSet')).toBe(false);

    // A change reaches the connected agent; a type it cannot sample is left out.
    const disk = conditionOf('DISK');
    await setPolicyConditions(ctx, policy.id, [cpu, disk, conditionOf('SOFTWARE')], [first.deviceId]);
    const changed = await waitFor(() => again.received.find((m) => m.type === 'conditionSet'));
    expect(changed.type === 'conditionSet' && changed.conditions.map((c) => c.type).sort()).toEqual([
      'CPU',
      'DISK',
    ]);
    again.socket.close();
  });

  it('re-sends a set to an agent connected to another server process', async () => {
    const other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      secretKey: Buffer.alloc(32, 7),
      logger: false,
      bus: ctx.app.bus,
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = other.server.address() as { port: number };
      const agent = await monitoredAgent(ctx, `http://127.0.0.1:${port}`);
      const policy = await assignPolicy(ctx, [agent.deviceId], [conditionOf('CPU')]);
      await agent.nextSet(1);
      await setPolicyConditions(
        ctx,
        policy.id,
        [conditionOf('CPU'), conditionOf('MEMORY')],
        [agent.deviceId],
      );
      await agent.nextSet(2);
      agent.agent.socket.close();
    } finally {
      await other.close();
    }
  });

  it("gives a probe the network conditions naming it; their alerts are the probe's, keyed by the target", async () => {
    const probe = await monitoredAgent(ctx, serverUrl);
    const watched = await monitoredAgent(ctx, serverUrl);
    const ping = conditionOf('PING', { probeDeviceId: probe.deviceId });
    await assignPolicy(ctx, [watched.deviceId], [ping]);
    const set = await probe.nextSet(1);
    expect(set.conditions[0]).toMatchObject({ key: ping.id, type: 'PING' });
    await probe.report([observation(ping.id, true, { value: 100 })]);
    const [alert] = await alertsOf(ctx, `deviceId=${probe.deviceId}`);
    expect(alert).toMatchObject({ conditionType: 'PING', instance: '192.0.2.10', deviceId: probe.deviceId });
    expect(await alertsOf(ctx, `deviceId=${watched.deviceId}`)).toEqual([]);
    probe.agent.socket.close();
    watched.agent.socket.close();
  });
});

describe('condition reports', () => {
  it('raises an alert, updates it in place when the severity changes, and resets it when the value clears', async () => {
    const events = await openEvents();
    const a = await monitoredAgent(ctx, serverUrl);
    const cpu = conditionOf('CPU', { severity: 'MINOR' });
    const policy = await assignPolicy(ctx, [a.deviceId], [cpu]);
    await a.nextSet(1);
    const triggeredAt = nextTime();
    await a.report([observation(cpu.id, true, { value: 97.5, observedAt: triggeredAt })]);
    const [raised] = await alertsOf(ctx, `deviceId=${a.deviceId}`);
    expect(raised).toMatchObject({
      conditionId: cpu.id,
      conditionName: 'CPU condition',
      severity: 'MINOR',
      status: 'ACTIVE',
      value: 97.5,
      triggerTime: new Date(triggeredAt).toISOString(),
      deviceName: 'raw-agent',
    });
    await waitFor(() =>
      events.events.some(
        (e) => e.type === 'alert.changed' && e.change === 'RAISED' && e.alert.id === raised!.id,
      ),
    );
    // The policy makes it CRITICAL: the alert is updated in place (the agent's set is the same: no new one).
    const setsBefore = a.sets().length;
    await setPolicyConditions(ctx, policy.id, [{ ...cpu, severity: 'CRITICAL' }], [a.deviceId]);
    await ctx.app.monitoring.idle();
    expect(a.sets()).toHaveLength(setsBefore);
    const [updated] = await alertsOf(ctx, `deviceId=${a.deviceId}`);
    expect(updated).toMatchObject({ id: raised!.id, severity: 'CRITICAL' });
    await a.report([observation(cpu.id, false, { value: 20 })]);
    expect(await alertsOf(ctx, `deviceId=${a.deviceId}`)).toEqual([]);
    const [reset] = await alertsOf(ctx, `deviceId=${a.deviceId}&status=RESET`);
    expect(reset).toMatchObject({ id: raised!.id, resetReason: 'CLEARED', resetBy: null });
    await waitFor(() =>
      ['UPDATED', 'RESET'].every((change) =>
        events.events.some(
          (e) => e.type === 'alert.changed' && e.change === change && e.alert.id === raised!.id,
        ),
      ),
    );
    // Every transition is an activity of the device.
    const activities = (await ctx.request('GET', `/activities?pageSize=100`)).json().data as {
      action: string;
      targetId: string;
    }[];
    expect(
      activities
        .filter((x) => x.targetId === String(a.deviceId) && x.action.startsWith('alert.'))
        .map((x) => x.action)
        .sort(),
    ).toEqual(['alert.raised', 'alert.reset', 'alert.updated']);
    events.socket.close();
    a.agent.socket.close();
  });

  it('AFTER_TIME resets when the sweeper finds it due; MANUAL only by hand, recording who', async () => {
    const a = await monitoredAgent(ctx, serverUrl);
    const timed = conditionOf('CPU', { reset: { mode: 'AFTER_TIME', afterMinutes: 30 } });
    const manual = conditionOf('MEMORY', { reset: { mode: 'MANUAL' } });
    await assignPolicy(ctx, [a.deviceId], [timed, manual]);
    await a.nextSet(2);
    const at = nextTime();
    await a.report([
      observation(timed.id, true, { observedAt: at }),
      observation(manual.id, true, { observedAt: at }),
    ]);
    await a.report([observation(timed.id, false), observation(manual.id, false)]);
    expect((await alertsOf(ctx, `deviceId=${a.deviceId}`)).map((x) => x.conditionType).sort()).toEqual([
      'CPU',
      'MEMORY',
    ]);
    await ctx.app.monitoring.sweep(new Date(Date.parse(at) + 29 * 60_000));
    expect(await alertsOf(ctx, `deviceId=${a.deviceId}`)).toHaveLength(2);
    await ctx.app.monitoring.sweep(new Date(Date.parse(at) + 30 * 60_000));
    const left = await alertsOf(ctx, `deviceId=${a.deviceId}`);
    expect(left.map((x) => x.conditionType)).toEqual(['MEMORY']);
    expect((await alertsOf(ctx, `deviceId=${a.deviceId}&status=RESET`))[0]).toMatchObject({
      conditionType: 'CPU',
      resetReason: 'TIME',
    });
    const response = await ctx.request('POST', '/alerts/reset', { ids: [left[0]!.id] });
    expect(response.json()).toEqual({ changed: 1 });
    const [byHand] = await alertsOf(ctx, `deviceId=${a.deviceId}&status=RESET&sort=-triggerTime`).then(
      (list) => list.filter((x) => x.conditionType === 'MEMORY'),
    );
    expect(byHand).toMatchObject({ resetReason: 'MANUAL', resetBy: 'admin@test.local' });
    a.agent.socket.close();
  });

  it('keeps one ACTIVE alert per key when many reports arrive at once on two server processes', async () => {
    const other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      secretKey: Buffer.alloc(32, 7),
      logger: false,
      bus: ctx.app.bus,
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = other.server.address() as { port: number };
      const a = await monitoredAgent(ctx, serverUrl);
      const cpu = conditionOf('CPU');
      await assignPolicy(ctx, [a.deviceId], [cpu]);
      await a.nextSet(1);
      // The same device connected to the second process too (as during a reconnect that overlaps).
      const b = await connectRaw(`http://127.0.0.1:${port}`, deviceAuthorization(a.identity));
      await b.next('welcome');
      b.send({
        v: 1,
        type: 'hello',
        deviceId: a.deviceId,
        agentVersion: 'test',
        platform: 'linux',
        conditionCapabilities: ['CPU'],
        conditionSetHash: null,
      });
      await b.next('conditionSet');
      const reports = Array.from({ length: 20 }, (_, n) => ({
        v: 1,
        type: 'conditionReport',
        deviceId: a.deviceId,
        reportId: crypto.randomUUID(),
        conditionSetHash: a.sets().at(-1)!.conditionSetHash,
        full: false,
        observations: [observation(cpu.id, true, { value: 90 + (n % 10) })],
      }));
      for (const [n, report] of reports.entries()) (n % 2 ? b : a.agent).send(report);
      await waitFor(
        () =>
          reports.every((r) =>
            [...a.agent.received, ...b.received].some(
              (m) => m.type === 'conditionReportStored' && m.reportId === r.reportId,
            ),
          ),
        { what: 'every report stored' },
      );
      const stored = await storedAlerts(a.deviceId);
      expect(stored.filter((x) => x.status === 'ACTIVE')).toHaveLength(1);
      expect(stored).toHaveLength(1);
      b.socket.close();
      a.agent.socket.close();
    } finally {
      await other.close();
    }
  });

  it('writes the reports of many devices that arrive together, each raising its own alert', async () => {
    const agents = await Promise.all(Array.from({ length: 6 }, () => monitoredAgent(ctx, serverUrl)));
    const cpu = conditionOf('CPU');
    await assignPolicy(
      ctx,
      agents.map((a) => a.deviceId),
      [cpu],
    );
    await Promise.all(agents.map((a) => a.nextSet(1)));
    await Promise.all(agents.map((a) => a.report([observation(cpu.id, true, { value: 95 })])));
    for (const a of agents) {
      const [alert] = await alertsOf(ctx, `deviceId=${a.deviceId}`);
      expect(alert).toMatchObject({ conditionId: cpu.id, value: 95, deviceId: a.deviceId });
    }
    const events = await ctx.db.select().from(alertEvents);
    const ids = new Set((await storedAlerts(agents[0]!.deviceId)).map((x) => x.id));
    expect(events.filter((e) => ids.has(e.alertId)).map((e) => e.change)).toEqual(['RAISED']);
    for (const a of agents) a.agent.socket.close();
  });

  it('refuses a key it was not given and a value of the wrong type: logged, nothing stored, still acknowledged', async () => {
    const a = await monitoredAgent(ctx, serverUrl);
    const cpu = conditionOf('CPU');
    const software = conditionOf('SOFTWARE');
    await assignPolicy(ctx, [a.deviceId], [cpu, software]);
    await a.nextSet(2);
    await a.report([
      observation(crypto.randomUUID(), true),
      observation(cpu.id, true, { value: 250 }),
      observation(software.id, true, { value: 3 }),
      observation(cpu.id, true, { instance: 'C:' }),
    ]);
    expect(await storedAlerts(a.deviceId)).toEqual([]);
    expect(
      await ctx.db.select().from(conditionStates).where(eq(conditionStates.deviceId, a.deviceId)),
    ).toEqual([]);
    a.agent.socket.close();
  });

  it('raises nothing during a maintenance window of the device, and again after it', async () => {
    const a = await monitoredAgent(ctx, serverUrl);
    const cpu = conditionOf('CPU');
    await assignPolicy(ctx, [a.deviceId], [cpu]);
    await a.nextSet(1);
    const start = nextTime();
    const window = await ctx.request('POST', '/maintenance-windows', {
      name: 'Patch night',
      organizationId: a.organization.id,
      deviceIds: [a.deviceId],
      startTime: start,
      endTime: new Date(Date.parse(start) + 60 * 60_000).toISOString(),
    });
    expect(window.statusCode, window.body).toBe(201);
    await a.report([observation(cpu.id, true)]);
    expect(await storedAlerts(a.deviceId)).toEqual([]);
    await a.report([observation(cpu.id, false)]);
    await a.report([observation(cpu.id, true, { observedAt: nextTime(120) })]);
    expect((await alertsOf(ctx, `deviceId=${a.deviceId}`)).length).toBe(1);
    a.agent.socket.close();
  });

  it('raises a trigger a maintenance window suppressed when the window ends, if the key is still triggered', async () => {
    const a = await monitoredAgent(ctx, serverUrl);
    const cpu = conditionOf('CPU');
    const memory = conditionOf('MEMORY');
    await assignPolicy(ctx, [a.deviceId], [cpu, memory]);
    await a.nextSet(2);
    const start = nextTime();
    const end = new Date(Date.parse(start) + 60 * 60_000);
    const window = await ctx.request('POST', '/maintenance-windows', {
      name: 'Patch night',
      organizationId: a.organization.id,
      deviceIds: [a.deviceId],
      startTime: start,
      endTime: end.toISOString(),
    });
    expect(window.statusCode, window.body).toBe(201);
    await a.report([
      observation(cpu.id, true, { value: 97, text: 'CPU at 97 % for 5 minutes' }),
      observation(memory.id, true, { value: 95 }),
    ]);
    // Memory clears within the window: nothing is left to raise for it.
    await a.report([observation(memory.id, false, { value: 40 })]);
    expect(await storedAlerts(a.deviceId)).toEqual([]);
    await ctx.app.monitoring.sweep(new Date(Date.parse(start) + 30 * 60_000));
    expect(await storedAlerts(a.deviceId)).toEqual([]);

    // The window is over and CPU is still triggered: the sweeper raises it, as of the window's end.
    await ctx.app.monitoring.sweep(new Date(end.getTime() + 60_000));
    const raised = await alertsOf(ctx, `deviceId=${a.deviceId}`);
    expect(raised).toEqual([
      expect.objectContaining({
        conditionId: cpu.id,
        status: 'ACTIVE',
        value: 97,
        message: 'CPU at 97 % for 5 minutes',
        triggerTime: end.toISOString(),
      }),
    ]);
    const [state] = await ctx.db
      .select()
      .from(conditionStates)
      .where(and(eq(conditionStates.deviceId, a.deviceId), eq(conditionStates.conditionId, cpu.id)));
    expect(state).toMatchObject({ triggered: true, suppressed: null });
    // Raised once: a later sweep finds nothing more to do, and the agent's clear resets it as usual.
    await ctx.app.monitoring.sweep(new Date(end.getTime() + 120_000));
    expect(await storedAlerts(a.deviceId)).toHaveLength(1);
    await a.report([observation(cpu.id, false, { value: 20, observedAt: nextTime(90) })]);
    expect(await alertsOf(ctx, `deviceId=${a.deviceId}`)).toEqual([]);
    a.agent.socket.close();
  });

  it('holds the reset of a flapping key until it has been stable for the window', async () => {
    const a = await monitoredAgent(ctx, serverUrl);
    const cpu = conditionOf('CPU');
    await assignPolicy(ctx, [a.deviceId], [cpu]);
    await a.nextSet(1);
    // Triggered and cleared three times within ten minutes: the third clear is one too many.
    for (let n = 0; n < 3; n++) {
      await a.report([observation(cpu.id, true)]);
      await a.report([observation(cpu.id, false)]);
    }
    const [held] = await alertsOf(ctx, `deviceId=${a.deviceId}`);
    expect(held).toMatchObject({ status: 'ACTIVE', flapping: true });
    const reset = await alertsOf(ctx, `deviceId=${a.deviceId}&status=RESET`);
    expect(reset).toHaveLength(2);
    const lastChange = Date.parse(nextTime(0));
    await ctx.app.monitoring.sweep(new Date(lastChange + 5 * 60_000));
    expect(await alertsOf(ctx, `deviceId=${a.deviceId}`)).toHaveLength(1);
    await ctx.app.monitoring.sweep(new Date(lastChange + 11 * 60_000));
    expect(await alertsOf(ctx, `deviceId=${a.deviceId}`)).toEqual([]);
    const [settled] = await alertsOf(ctx, `deviceId=${a.deviceId}&status=RESET&sort=-triggerTime`);
    expect(settled).toMatchObject({ id: held!.id, resetReason: 'CLEARED' });
    a.agent.socket.close();
  });

  it('reconciles a full report: keys not listed as triggered clear, removed conditions reset', async () => {
    const a = await monitoredAgent(ctx, serverUrl);
    const cpu = conditionOf('CPU');
    const disk = conditionOf('DISK', {
      parameters: { mode: 'PERCENT_FREE', thresholdPercent: 10, durationMinutes: 5 },
    });
    const memory = conditionOf('MEMORY', { reset: { mode: 'MANUAL' } });
    const policy = await assignPolicy(ctx, [a.deviceId], [cpu, disk, memory]);
    const set = await a.nextSet(3);
    await a.report([
      observation(cpu.id, true),
      observation(disk.id, true, { instance: '/', value: 4 }),
      observation(disk.id, true, { instance: '/var', value: 3 }),
    ]);
    expect(await alertsOf(ctx, `deviceId=${a.deviceId}`)).toHaveLength(3);
    await a.report([observation(disk.id, true, { instance: '/', value: 4 })], {
      full: true,
      conditionSetHash: set.conditionSetHash,
    });
    expect(
      (await alertsOf(ctx, `deviceId=${a.deviceId}`)).map((x) => `${x.conditionType} ${x.instance}`),
    ).toEqual(['DISK /']);
    // A full report made under an older set reconciles nothing.
    await setPolicyConditions(ctx, policy.id, [cpu, memory], [a.deviceId]);
    const newer = await a.nextSet(2);
    await a.report([], { full: true, conditionSetHash: set.conditionSetHash });
    expect(await alertsOf(ctx, `deviceId=${a.deviceId}`)).toHaveLength(1);
    await a.report([], { full: true, conditionSetHash: newer.conditionSetHash });
    expect(await alertsOf(ctx, `deviceId=${a.deviceId}`)).toEqual([]);
    const removed = (await alertsOf(ctx, `deviceId=${a.deviceId}&status=RESET`)).find(
      (x) => x.instance === '/',
    );
    expect(removed).toMatchObject({ resetReason: 'CONDITION_REMOVED' });
    a.agent.socket.close();
  });

  it("runs a condition's automations once per trigger, as script jobs sent to the agent", async () => {
    const script = await ctx.request('POST', '/scripts', {
      name: `Restart ${crypto.randomUUID()}`,
      language: 'sh',
      operatingSystems: ['LINUX'],
      code: 'systemctl restart app',
    });
    expect(script.statusCode, script.body).toBe(201);
    const scriptId = script.json().script.id as number;
    const a = await monitoredAgent(ctx, serverUrl);
    const cpu = conditionOf('CPU', { automations: [{ scriptId }] });
    await assignPolicy(ctx, [a.deviceId], [cpu]);
    await a.nextSet(1);
    const jobsOf = () => ctx.db.select().from(jobs).where(eq(jobs.deviceId, a.deviceId));
    await a.report([observation(cpu.id, true)]);
    await a.report([observation(cpu.id, true)]);
    expect(await jobsOf()).toHaveLength(1);
    const sent = await a.agent.next('job');
    expect(sent.job).toMatchObject({ jobType: 'ACTION', jobName: expect.stringContaining('Restart') });
    await a.report([observation(cpu.id, false)]);
    await a.report([observation(cpu.id, true)]);
    const stored = await jobsOf();
    expect(stored).toHaveLength(2);
    const [raised] = await alertsOf(ctx, `deviceId=${a.deviceId}`);
    expect(stored.map((j) => (j.data as { alertId: number }).alertId)).toContain(raised!.id);
    a.agent.socket.close();
  });

  it("gives a SCRIPT_RESULT condition its library script's newest version, and a new version a new set", async () => {
    const body = {
      name: `Health check ${crypto.randomUUID()}`,
      language: 'sh',
      operatingSystems: ['LINUX'],
      code: 'echo ok',
    };
    const created = await ctx.request('POST', '/scripts', body);
    expect(created.statusCode, created.body).toBe(201);
    const scriptId = created.json().script.id as number;
    const a = await monitoredAgent(ctx, serverUrl);
    const check = conditionOf('SCRIPT_RESULT', { parameters: { scriptId, intervalMinutes: 5 } });
    await assignPolicy(ctx, [a.deviceId], [check]);
    const first = await a.nextSet(1);
    expect(first.conditions[0]!.parameters).toMatchObject({
      scriptId,
      script: { scriptId, version: 1, language: 'sh', code: 'echo ok' },
    });
    const updated = await ctx.request('PUT', `/scripts/${scriptId}`, { ...body, code: 'echo better' });
    expect(updated.statusCode, updated.body).toBe(200);
    ctx.app.bus.publish(CONDITIONS_CHANGED_SUBJECT, { deviceIds: [a.deviceId] });
    const second = await waitFor(() => {
      const last = a.sets().at(-1);
      return last && last.conditionSetHash !== first.conditionSetHash ? last : undefined;
    });
    expect(second.conditions[0]!.parameters).toMatchObject({ script: { version: 2, code: 'echo better' } });
    a.agent.socket.close();
  });

  it('makes the device WARNING with the health its alerts map to, found by the WARNING preset', async () => {
    const a = await monitoredAgent(ctx, serverUrl);
    a.agent.send({
      v: 1,
      type: 'heartbeat',
      deviceId: a.deviceId,
      sentAt: new Date().toISOString(),
      metrics: { cpuPercent: 99, memoryPercent: 99, diskPercent: 99 },
    });
    // Busy metrics alone change nothing: the device is UP and healthy.
    await waitFor(async () => (await getDevice(a.deviceId)).status === 'UP');
    expect((await getDevice(a.deviceId)).healthStatus).toBe('HEALTHY');
    const cpu = conditionOf('CPU', { severity: 'MINOR' });
    await assignPolicy(ctx, [a.deviceId], [cpu]);
    await a.nextSet(1);
    await a.report([observation(cpu.id, true, { value: 99 })]);
    expect(await getDevice(a.deviceId)).toMatchObject({ status: 'WARNING', healthStatus: 'NEEDS_ATTENTION' });
    const warning = (
      await ctx.request('GET', `/searches/-4/devices?organizationId=${a.organization.id}`)
    ).json();
    expect(warning.data.map((d: { id: number }) => d.id)).toEqual([a.deviceId]);
    const byHealth = (
      await ctx.request('POST', '/searches/run', {
        criteria: {
          match: 'all',
          rules: [{ field: 'healthStatus', operator: 'equals', value: 'NEEDS_ATTENTION' }],
        },
        organizationId: a.organization.id,
      })
    ).json();
    expect(byHealth.data.map((d: { id: number }) => d.id)).toEqual([a.deviceId]);

    // MINOR now makes a device UNHEALTHY.
    const settings = (await ctx.request('GET', '/settings/health-status')).json();
    const put = await ctx.request('PUT', '/settings/health-status', {
      ...settings,
      severities: { ...settings.severities, MINOR: 'UNHEALTHY' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await getDevice(a.deviceId)).toMatchObject({ status: 'WARNING', healthStatus: 'UNHEALTHY' });

    await a.report([observation(cpu.id, false, { value: 10 })]);
    expect(await getDevice(a.deviceId)).toMatchObject({ status: 'UP', healthStatus: 'HEALTHY' });
    a.agent.socket.close();
  });
});
