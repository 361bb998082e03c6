import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOutbox } from './outbox.ts';
import { HeldOutbox, type QueuedObservation } from './store.ts';
import {
  cleanUpMonitoringTests,
  condition,
  fastSettings,
  recordingLog,
  startTestMonitor,
  tempDir,
} from './test-support.ts';

afterEach(cleanUpMonitoringTests);

/** A machine whose memory use the test sets. */
const machine = () => {
  const state = { usedPercent: 20 };
  return {
    state,
    sources: {
      memory: async () => ({ total: 1000, available: 1000 - state.usedPercent * 10 }),
    },
  };
};

const outboxOnDisk = (stateDir: string) =>
  HeldOutbox.parse(JSON.parse(fs.readFileSync(path.join(stateDir, 'monitoring', 'outbox.json'), 'utf8')));

const memoryAbove50 = condition('MEMORY', { operator: 'ABOVE', thresholdPercent: 50, durationMinutes: 1 });

describe('the agent monitor', () => {
  it('sends a full report after a new set, then a crossing held on disk until the server confirms it, again after a restart', async () => {
    const stateDir = tempDir();
    const host = machine();
    const first = await startTestMonitor(stateDir, { sources: host.sources });
    expect(first.monitor.helloFields().conditionSetHash).toBeNull();
    first.connect();
    first.monitor.onConditionSet({ conditionSetHash: 'set-1', conditions: [memoryAbove50] });

    // The full report comes once the condition has been sampled: clear, with the value.
    const full = await first.waitForReport((r) => r.full);
    expect(full).toMatchObject({ conditionSetHash: 'set-1', deviceId: 7 });
    expect(full.observations).toEqual([
      expect.objectContaining({ key: memoryAbove50.key, instance: '', triggered: false, value: 20 }),
    ]);

    // Above the threshold for the condition's minute (600 ms here) it triggers, with the agent's time.
    const before = Date.now();
    host.state.usedPercent = 80;
    const crossing = await first.waitForReport((r) => !r.full);
    const [observation] = crossing.observations;
    expect(observation).toMatchObject({ key: memoryAbove50.key, triggered: true, value: 80 });
    expect(Date.parse(observation!.observedAt) - before).toBeGreaterThanOrEqual(600);
    expect(outboxOnDisk(stateDir).inFlight.map((r) => r.reportId)).toEqual([crossing.reportId]);

    // The agent stops before the server confirmed it: the next run holds the set and sends the report again.
    first.monitor.stop();
    const second = await startTestMonitor(stateDir, { sources: host.sources, isConnected: false });
    expect(second.monitor.helloFields()).toEqual({
      conditionCapabilities: expect.arrayContaining(['MEMORY', 'CPU']),
      conditionSetHash: 'set-1',
    });
    second.connect();
    const again = await second.waitForReport((r) => !r.full);
    expect(again.reportId).toBe(crossing.reportId);
    expect(again.observations).toEqual(crossing.observations);
    // The restored state is still triggered: no second crossing, and the full report says so.
    const fullAgain = await second.waitForReport((r) => r.full);
    expect(fullAgain.observations[0]).toMatchObject({ triggered: true, observedAt: observation!.observedAt });

    second.monitor.onReportStored(crossing.reportId);
    expect(outboxOnDisk(stateDir).inFlight).toEqual([]);
    second.monitor.stop();
    const third = await startTestMonitor(stateDir, { sources: host.sources });
    third.connect();
    await third.waitForReport((r) => r.full);
    expect(third.reports().filter((r) => !r.full)).toEqual([]);
  });

  it('keeps crossings while offline and sends them, in order, before the full state when the connection returns', async () => {
    const stateDir = tempDir();
    const host = machine();
    const run = await startTestMonitor(stateDir, { sources: host.sources });
    run.connect();
    run.monitor.onConditionSet({ conditionSetHash: 'set-2', conditions: [memoryAbove50] });
    await run.waitForReport((r) => r.full);
    run.disconnect();
    host.state.usedPercent = 90;
    await vi.waitFor(() => expect(run.monitor.heldObservations()).toBe(1), { timeout: 10_000 });
    host.state.usedPercent = 10;
    await vi.waitFor(() => expect(run.monitor.heldObservations()).toBe(2), { timeout: 10_000 });
    expect(outboxOnDisk(stateDir).queue.map((q) => q.observation.triggered)).toEqual([true, false]);
    const sentBefore = run.sent.length;

    run.connect();
    const after = run.reports().slice(-2);
    expect(run.sent.length).toBe(sentBefore + 2);
    expect(after[0]).toMatchObject({ full: false });
    expect(after[0]!.observations.map((o) => o.triggered)).toEqual([true, false]);
    expect(after[1]).toMatchObject({ full: true });
    expect(after[1]!.observations[0]).toMatchObject({ triggered: false, value: 10 });
  });

  it('restarts only the conditions a new set changes, and forgets the removed ones', async () => {
    const stateDir = tempDir();
    const host = machine();
    host.state.usedPercent = 95;
    const run = await startTestMonitor(stateDir, { sources: host.sources });
    run.connect();
    const other = condition('MEMORY', { operator: 'ABOVE', thresholdPercent: 99, durationMinutes: 1 });
    run.monitor.onConditionSet({ conditionSetHash: 'a', conditions: [memoryAbove50, other] });
    await run.waitForReport((r) => !r.full && r.observations[0]?.key === memoryAbove50.key);

    // Same key and parameters: the triggered state carries over; the other condition is gone.
    run.monitor.onConditionSet({ conditionSetHash: 'b', conditions: [memoryAbove50] });
    const full = await run.waitForReport((r) => r.full && r.conditionSetHash === 'b');
    expect(full.observations).toEqual([expect.objectContaining({ key: memoryAbove50.key, triggered: true })]);
    expect([...run.monitor.states().keys()]).toEqual([memoryAbove50.key]);

    // Changed parameters: the condition starts afresh (not triggered until its window has passed again).
    const changed = { ...memoryAbove50, parameters: { ...memoryAbove50.parameters, durationMinutes: 30 } };
    run.monitor.onConditionSet({ conditionSetHash: 'c', conditions: [changed] });
    const fresh = await run.waitForReport((r) => r.full && r.conditionSetHash === 'c');
    expect(fresh.observations).toEqual([expect.objectContaining({ triggered: false, value: 95 })]);
  });

  it('announces what it cannot sample by leaving it out, and logs the conditions it was given of those types', async () => {
    const stateDir = tempDir();
    const run = await startTestMonitor(stateDir, { capabilities: ['CPU'] });
    expect(run.monitor.helloFields().conditionCapabilities).toEqual(['CPU']);
    const service = condition('SERVICE', { name: 'cron', trigger: 'NOT_RUNNING', durationMinutes: 1 });
    const backup = condition('BACKUP_JOB', { trigger: 'FAILED' });
    run.connect();
    run.monitor.onConditionSet({ conditionSetHash: 'x', conditions: [service, backup] });
    expect(run.monitor.notSampled()).toEqual(
      new Map([
        [service.key, 'this agent cannot sample SERVICE here'],
        [backup.key, 'this agent cannot sample BACKUP_JOB here'],
      ]),
    );
    // Nothing to wait for: the full report of an empty state goes at once.
    expect(run.reports()).toEqual([expect.objectContaining({ full: true, observations: [] })]);
    expect(run.lines.some((line) => line.includes(`condition ${service.key} is not sampled`))).toBe(true);
  });
});

const filesOf = (dir: string) =>
  Object.fromEntries(
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => fs.statSync(path.join(dir, file)).isFile())
      .map((file) => [file, fs.readFileSync(path.join(dir, file), 'utf8')]),
  );

describe("a policy's dry run on the agent", () => {
  it('samples each condition once now and answers, leaving the set, its states, the outbox and the disk alone', async () => {
    const stateDir = tempDir();
    const host = machine();
    let isProcessListStuck = false;
    const processNames = () =>
      isProcessListStuck ? new Promise<string[]>(() => {}) : Promise.resolve(['sshd']);
    const run = await startTestMonitor(stateDir, { sources: { ...host.sources, processNames } });
    run.connect();
    run.monitor.onConditionSet({ conditionSetHash: 'held', conditions: [memoryAbove50] });
    await run.waitForReport((r) => r.full);
    const states = run.monitor.states();
    const files = filesOf(path.join(stateDir, 'monitoring'));
    const sentBefore = run.sent.length;

    // The held condition's key with another threshold, a new one, a process, and what cannot be judged here.
    const heldKeyLower = {
      ...memoryAbove50,
      parameters: { ...memoryAbove50.parameters, thresholdPercent: 10 },
    };
    const process = condition('PROCESS', { name: 'nginx', trigger: 'NOT_RUNNING', durationMinutes: 5 });
    const syslog = condition('SYSLOG', { port: 5514, textContains: 'error' });
    const battery = condition('BATTERY', { thresholdPercent: 20 });
    const answers = await run.monitor.dryRun({
      requestId: '3f1c8a52-8d1e-4c1e-9a55-8d0f5c1b2a3c',
      conditions: [heldKeyLower, process, syslog, battery],
      timeoutMs: 5000,
    });
    expect(answers).toEqual([
      {
        key: memoryAbove50.key,
        outcome: 'TRIGGERED',
        text: '',
        instances: [{ instance: '', value: 20, text: 'Memory 20% (above 10%: yes)' }],
      },
      {
        key: process.key,
        outcome: 'TRIGGERED',
        text: '',
        instances: [{ instance: 'nginx', value: 0, text: 'nginx is not running' }],
      },
      expect.objectContaining({
        key: syslog.key,
        outcome: 'UNSUPPORTED',
        text: expect.stringContaining('arrive'),
      }),
      {
        key: battery.key,
        outcome: 'UNSUPPORTED',
        instances: [],
        text: 'this agent cannot sample BATTERY here',
      },
    ]);

    // A sample that does not finish in time answers FAILED, the others still come.
    isProcessListStuck = true;
    const late = await run.monitor.dryRun({
      requestId: '4f1c8a52-8d1e-4c1e-9a55-8d0f5c1b2a3c',
      conditions: [process, memoryAbove50],
      timeoutMs: 200,
    });
    expect(late).toEqual([
      expect.objectContaining({ outcome: 'FAILED', text: 'the sample did not finish within 0.2 s' }),
      expect.objectContaining({ key: memoryAbove50.key, outcome: 'CLEAR' }),
    ]);

    // The held condition goes on as before: same state, nothing sent or written.
    expect(run.monitor.states()).toEqual(states);
    expect(run.sent.length).toBe(sentBefore);
    expect(filesOf(path.join(stateDir, 'monitoring'))).toEqual(files);
    expect(run.monitor.heldObservations()).toBe(0);
  });
});

describe('the outbox', () => {
  const entry = (key: string, triggered: boolean, index: number): QueuedObservation => ({
    conditionSetHash: index < 600 ? 'h1' : 'h2',
    observation: {
      key,
      instance: '',
      triggered,
      value: null,
      text: '',
      observedAt: new Date(1_700_000_000_000 + index * 1000).toISOString(),
    },
  });

  it('cuts reports of at most 500 observations of one set, at most maxInFlight unconfirmed', () => {
    const saved: HeldOutbox[] = [];
    const { log } = recordingLog();
    const outbox = createOutbox({
      initial: undefined,
      save: (o) => saved.push(structuredClone(o)),
      maxHeld: 10_000,
      maxInFlight: 2,
      log,
    });
    outbox.append(Array.from({ length: 1200 }, (_, i) => entry(`k${i}`, true, i)));
    const first = outbox.takeReports();
    expect(first.map((r) => [r.conditionSetHash, r.observations.length])).toEqual([
      ['h1', 500],
      ['h1', 100],
    ]);
    expect(outbox.takeReports()).toEqual([]);
    expect(outbox.acknowledge(first[0]!.reportId)).toBe(true);
    expect(outbox.acknowledge(first[0]!.reportId)).toBe(false);
    expect(outbox.takeReports().map((r) => [r.conditionSetHash, r.observations.length])).toEqual([
      ['h2', 500],
    ]);
    // Every change is on disk before it is sent or forgotten.
    expect(saved.at(-1)!.inFlight.map((r) => r.observations.length)).toEqual([100, 500]);
    expect(saved.at(-1)!.queue).toHaveLength(100);
  });

  it('past its bound drops the older crossings of a key first, then the oldest', () => {
    const { log, lines } = recordingLog();
    const outbox = createOutbox({ initial: undefined, save: () => {}, maxHeld: 4, maxInFlight: 4, log });
    // a flaps three times, b and c cross once each.
    outbox.append([
      entry('a', true, 0),
      entry('b', true, 1),
      entry('a', false, 2),
      entry('a', true, 3),
      entry('c', true, 4),
    ]);
    expect(outbox.queued().map((q) => `${q.observation.key}${q.observation.triggered}`)).toEqual([
      'btrue',
      'afalse',
      'atrue',
      'ctrue',
    ]);
    outbox.append([entry('a', false, 5), entry('d', true, 6)]);
    expect(outbox.queued().map((q) => `${q.observation.key}${q.observation.triggered}`)).toEqual([
      'btrue',
      'ctrue',
      'afalse',
      'dtrue',
    ]);
    outbox.append([entry('e', true, 7)]);
    expect(outbox.queued().map((q) => q.observation.key)).toEqual(['c', 'a', 'd', 'e']);
    expect(lines.filter((line) => line.startsWith('WARN'))).toHaveLength(3);
  });
});

describe('fastSettings', () => {
  it('keeps every interval of the defaults, only shorter', () => {
    expect(fastSettings().intervals.usage * fastSettings().secondMs).toBe(150);
  });
});
