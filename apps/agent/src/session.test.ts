import type { AgentMessage, DeviceInventory } from '@rmm/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './log.ts';
import { createSession, type SessionOptions } from './session.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const identity = {
  serverUrl: 'http://s',
  deviceId: 5,
  deviceSecret: 'x'.repeat(43),
  organizationId: 1,
  enrolledAt: 'then',
};
const metrics = { cpuPercent: 1, memoryPercent: 2, diskPercent: 3 };
const welcome = {
  v: 1,
  type: 'welcome',
  deviceId: 5,
  approvalStatus: 'APPROVED',
  heartbeatIntervalSeconds: 30,
  serverTime: 'now',
} as const;

const setup = (
  inventory: () => DeviceInventory,
  heartbeatSeconds?: number,
  wakeOnLan: (macs: string[]) => Promise<void> = async () => {},
  jobs?: SessionOptions['jobs'],
) => {
  const sent: AgentMessage[] = [];
  const session = createSession({
    identity,
    heartbeatSeconds,
    platform: 'linux',
    collectInventory: async () => inventory(),
    collectMetrics: async () => metrics,
    wakeOnLan,
    jobs,
    log: createLogger(() => {}),
  });
  session.attach({ send: (message) => sent.push(message) > 0, stop: async () => {} });
  return { session, sent, types: () => sent.map((m) => m.type) };
};

const inventoryOf = (hostname: string) =>
  ({ hostname, volumes: [], collectedAt: new Date().toISOString() }) as unknown as DeviceInventory;

describe('an agent session', () => {
  it('answers the welcome with hello, a heartbeat and its inventory, all naming its own device', async () => {
    vi.useFakeTimers();
    const { session, sent, types } = setup(() => inventoryOf('pc'));
    session.onMessage(welcome);
    await vi.advanceTimersByTimeAsync(0);
    expect(types().sort()).toEqual(['heartbeat', 'hello', 'inventory']);
    expect(sent.every((m) => m.deviceId === 5)).toBe(true);
    session.stop();
  });

  it('beats at the interval the server names, unless overridden', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter: exactly the interval
    const server = setup(() => inventoryOf('pc'));
    server.session.onMessage(welcome);
    await vi.advanceTimersByTimeAsync(46_000);
    expect(server.types().filter((t) => t === 'heartbeat').length).toBe(2); // now, then at 30 s
    server.session.stop();
    const overridden = setup(() => inventoryOf('pc'), 1);
    overridden.session.onMessage(welcome);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(overridden.types().filter((t) => t === 'heartbeat').length).toBe(11); // now, then every second
    overridden.session.stop();
  });

  it('sends the inventory again only when it changed', async () => {
    vi.useFakeTimers();
    let hostname = 'pc';
    const { session, types } = setup(() => inventoryOf(hostname));
    session.onMessage(welcome);
    await vi.advanceTimersByTimeAsync(0);
    await session.checkInventory();
    expect(types().filter((t) => t === 'inventory')).toHaveLength(1);
    hostname = 'pc-renamed';
    await session.checkInventory();
    expect(types().filter((t) => t === 'inventory')).toHaveLength(2);
    session.onMessage({ v: 1, type: 'inventoryRequest' });
    await vi.advanceTimersByTimeAsync(0);
    expect(types().filter((t) => t === 'inventory')).toHaveLength(3);
    session.stop();
  });
});

describe('the inventory after a welcome', () => {
  it('is not sent again when the server already holds it, and is when the server holds another or none', async () => {
    vi.useFakeTimers();
    const { session, sent } = setup(() => inventoryOf('pc'));
    const inventories = () => sent.filter((m) => m.type === 'inventory');
    session.onMessage(welcome); // the server holds none
    await vi.advanceTimersByTimeAsync(0);
    expect(inventories()).toHaveLength(1);
    const { inventoryKey } = inventories()[0] as { inventoryKey?: string };
    expect(inventoryKey).toMatch(/^[0-9a-f]{64}$/);

    // A reconnect to a server that stored it: nothing to send.
    session.onMessage({ ...welcome, inventoryKey });
    await vi.advanceTimersByTimeAsync(0);
    expect(inventories()).toHaveLength(1);

    // A server that holds another one (say, restored from a backup) or lost it gets it again.
    session.onMessage({ ...welcome, inventoryKey: 'f'.repeat(64) });
    await vi.advanceTimersByTimeAsync(0);
    expect(inventories()).toHaveLength(2);
    session.onMessage({ ...welcome, inventoryKey: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(inventories()).toHaveLength(3);
    session.stop();
  });
});

describe('wake-on-lan', () => {
  const inventory = () => ({}) as DeviceInventory;

  it('sends the packets and answers wakeOnLanResult with the request id', async () => {
    const woken: string[][] = [];
    const { session, sent } = setup(inventory, undefined, async (macs) => void woken.push(macs));
    session.onMessage({ v: 1, type: 'wakeOnLan', macs: ['01:02:03:04:05:06'], requestId: 'r1' });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(woken).toEqual([['01:02:03:04:05:06']]);
    expect(sent[0]).toEqual({ v: 1, type: 'wakeOnLanResult', deviceId: 5, requestId: 'r1', ok: true });
  });

  it('answers ok false with the reason when sending fails', async () => {
    const { session, sent } = setup(inventory, undefined, async () => {
      throw new Error('EACCES');
    });
    session.onMessage({ v: 1, type: 'wakeOnLan', macs: ['01:02:03:04:05:06'], requestId: 'r2' });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ type: 'wakeOnLanResult', requestId: 'r2', ok: false, error: 'EACCES' });
  });
});

describe('jobs on a session', () => {
  const jobUid = '0b7f6f6e-4d47-4c5e-9a55-8d0f5c1b2a3c';

  it('hands job messages to the runner and asks it to resend held results after each welcome', () => {
    const calls: string[] = [];
    const jobs = {
      onJob: (job: { jobUid: string }) => void calls.push(`job ${job.jobUid}`),
      onCancel: (uid: string) => void calls.push(`cancel ${uid}`),
      onResultStored: (uid: string) => void calls.push(`stored ${uid}`),
      resendHeldResults: () => void calls.push('resend'),
    };
    const { session, types } = setup(() => ({}) as DeviceInventory, undefined, undefined, jobs);
    session.onMessage(welcome);
    expect(types()[0]).toBe('hello'); // the results go after hello
    session.onMessage({
      v: 1,
      type: 'job',
      job: { jobUid, jobType: 'ACTION', jobName: 'x', content: {}, expiresAt: 'later' },
    });
    session.onMessage({ v: 1, type: 'jobCancel', jobUid });
    session.onMessage({ v: 1, type: 'jobResultStored', jobUid });
    session.onMessage(welcome);
    expect(calls).toEqual(['resend', `job ${jobUid}`, `cancel ${jobUid}`, `stored ${jobUid}`, 'resend']);
    session.stop();
  });
});

describe('scheduled tasks on a session', () => {
  it('hands the task set and the stored events to the triggers, and asks them to resend after each welcome', () => {
    const calls: string[] = [];
    const tasks = {
      onTaskSet: (held: { taskId: number }[]) =>
        void calls.push(`set ${held.map((task) => task.taskId).join(',')}`),
      onTriggerStored: (eventId: string) => void calls.push(`stored ${eventId}`),
      resendHeld: () => void calls.push('resend'),
    };
    const sent: AgentMessage[] = [];
    const session = createSession({
      identity,
      heartbeatSeconds: undefined,
      platform: 'linux',
      collectInventory: async () => ({}) as DeviceInventory,
      collectMetrics: async () => metrics,
      wakeOnLan: async () => {},
      tasks,
      log: createLogger(() => {}),
    });
    session.attach({ send: (message) => sent.push(message) > 0, stop: async () => {} });
    session.onMessage(welcome);
    expect(sent[0]?.type).toBe('hello'); // the events go after hello
    const eventId = '0b7f6f6e-4d47-4c5e-9a55-8d0f5c1b2a3c';
    session.onMessage({ v: 1, type: 'taskSet', tasks: [{ taskId: 4, trigger: 'ON_USER_LOGIN' }] });
    session.onMessage({ v: 1, type: 'taskTriggerStored', eventId });
    expect(calls).toEqual(['resend', 'set 4', `stored ${eventId}`]);
    session.stop();
  });
});

describe('monitoring on a session', () => {
  it('names the capabilities and the set held in hello, then hands over sets, confirmations and the connection', () => {
    const calls: string[] = [];
    const monitoring = {
      helloFields: () => ({
        conditionCapabilities: ['CPU' as const, 'DISK' as const],
        conditionSetHash: 'h-1',
      }),
      onConnected: () => void calls.push('connected'),
      onDisconnected: () => void calls.push('disconnected'),
      onConditionSet: (set: { conditionSetHash: string }) => void calls.push(`set ${set.conditionSetHash}`),
      onReportStored: (reportId: string) => void calls.push(`stored ${reportId}`),
      dryRun: async () => [],
    };
    const sent: AgentMessage[] = [];
    const session = createSession({
      identity,
      heartbeatSeconds: undefined,
      platform: 'linux',
      collectInventory: async () => ({}) as DeviceInventory,
      collectMetrics: async () => metrics,
      wakeOnLan: async () => {},
      monitoring,
      log: createLogger(() => {}),
    });
    session.attach({ send: (message) => sent.push(message) > 0, stop: async () => {} });
    session.onMessage(welcome);
    expect(sent[0]).toMatchObject({
      type: 'hello',
      conditionCapabilities: ['CPU', 'DISK'],
      conditionSetHash: 'h-1',
    });
    const reportId = '5d0f1f4e-2b47-4c5e-9a55-8d0f5c1b2a3c';
    session.onMessage({ v: 1, type: 'conditionSet', conditionSetHash: 'h-2', conditions: [] });
    session.onMessage({ v: 1, type: 'conditionReportStored', reportId });
    session.onClose();
    expect(calls).toEqual(['connected', 'set h-2', `stored ${reportId}`, 'disconnected']);
    session.stop();
  });
});
