import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../log.ts';
import { createSession } from '../session.ts';
import { bootKeyFromTime, isSameBoot } from './boot.ts';
import type { LoginSession } from './sessions.ts';
import {
  cleanUpTaskTests,
  createMachine,
  createStateDir,
  heldEventFiles,
  LOGIN_POLL_MS,
  loginTask,
  session,
  startTestTriggers,
  startupTask,
} from './test-support.ts';
import type { HeldTask } from './triggers.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2025-03-01T08:00:00Z'));
});
afterEach(() => {
  cleanUpTaskTests();
  vi.useRealTimers();
});

/** Lets the first look at the sessions (and anything else started) finish. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** A device that has run before: its first start recorded a boot, and it holds `tasks`. */
const deviceHolding = async (tasks: HeldTask[], sessions: LoginSession[] = []) => {
  const stateDir = createStateDir();
  const machine = createMachine();
  machine.sessions = sessions;
  const first = await startTestTriggers(stateDir, machine);
  first.triggers.onTaskSet(tasks);
  await settle();
  first.triggers.stop();
  return { stateDir, machine };
};

describe('the task set an agent holds', () => {
  it('is kept on disk and replaced by every taskSet', async () => {
    const { stateDir, machine } = await deviceHolding([startupTask(1), loginTask(2)]);
    const restarted = await startTestTriggers(stateDir, machine);
    expect(restarted.triggers.heldTasks()).toEqual([startupTask(1), loginTask(2)]);

    restarted.triggers.onTaskSet([loginTask(3)]);
    const onDisk = JSON.parse(fs.readFileSync(path.join(stateDir, 'tasks', 'state.json'), 'utf8'));
    expect(onDisk.tasks).toEqual([loginTask(3)]);
    expect((await startTestTriggers(stateDir, machine)).triggers.heldTasks()).toEqual([loginTask(3)]);
  });
});

describe('ON_SYSTEM_STARTUP', () => {
  it('fires once per startup task after a new boot, and nothing when the agent restarts within the boot', async () => {
    const { stateDir, machine } = await deviceHolding([startupTask(1), startupTask(2), loginTask(3)]);
    machine.bootKey = 'id:boot-2';
    const afterBoot = await startTestTriggers(stateDir, machine);
    expect(afterBoot.events().map(({ taskId, trigger }) => ({ taskId, trigger }))).toEqual([
      { taskId: 1, trigger: 'ON_SYSTEM_STARTUP' },
      { taskId: 2, trigger: 'ON_SYSTEM_STARTUP' },
    ]);
    expect(
      afterBoot
        .events()
        .every((event) => event.deviceId === 7 && event.occurredAt === '2025-03-01T08:00:00.000Z'),
    ).toBe(true);
    // The server sends its set after the hello: the same tasks do not fire again.
    afterBoot.triggers.onTaskSet([startupTask(1), startupTask(2), loginTask(3)]);
    expect(afterBoot.events()).toHaveLength(2);
    afterBoot.triggers.stop();

    const restarted = await startTestTriggers(stateDir, machine);
    restarted.triggers.onTaskSet([startupTask(1), startupTask(2), loginTask(3)]);
    await settle();
    expect(restarted.events()).toEqual([]);
  });

  it('counts the boot for a task that arrives with the first set after it, and not for one added later', async () => {
    const { stateDir, machine } = await deviceHolding([startupTask(1)]);
    machine.bootKey = 'id:boot-2';
    const agent = await startTestTriggers(stateDir, machine);
    agent.triggers.onTaskSet([startupTask(1), startupTask(4)]); // task 4 was created while the device was off
    agent.triggers.onTaskSet([startupTask(1), startupTask(4), startupTask(5)]); // created during this boot
    expect(agent.events().map((event) => event.taskId)).toEqual([1, 4]);
    agent.triggers.stop();

    machine.bootKey = 'id:boot-3';
    const nextBoot = await startTestTriggers(stateDir, machine);
    expect(nextBoot.events().map((event) => event.taskId)).toEqual([1, 4, 5]);
  });

  it('fires nothing at the first start of a new agent, whatever the first set holds', async () => {
    const agent = await startTestTriggers(createStateDir(), createMachine());
    agent.triggers.onTaskSet([startupTask(1)]);
    expect(agent.events()).toEqual([]);
  });

  it('takes boot times within two minutes of each other for one boot (Windows has no boot id)', () => {
    const boot = bootKeyFromTime('2025-03-01T06:00:00.000Z');
    expect(isSameBoot(boot, bootKeyFromTime('2025-03-01T06:00:01.000Z'))).toBe(true);
    expect(isSameBoot(boot, bootKeyFromTime('2025-03-01T06:01:59.000Z'))).toBe(true);
    expect(isSameBoot(boot, bootKeyFromTime('2025-03-01T06:05:00.000Z'))).toBe(false);
    expect(isSameBoot('id:a', 'id:b')).toBe(false);
    expect(isSameBoot('id:a', 'id:a')).toBe(true);
  });
});

const loginsOf = (events: { taskId: number; trigger: string; user?: string }[]) =>
  events.map(({ taskId, trigger, user }) => ({ taskId, trigger, user }));

describe('ON_USER_LOGIN', () => {
  it('fires with the user when a new session appears, once per login task', async () => {
    const { stateDir, machine } = await deviceHolding(
      [loginTask(3), loginTask(4), startupTask(1)],
      [session('alice', '1')],
    );
    const agent = await startTestTriggers(stateDir, machine);
    await settle();
    expect(agent.events()).toEqual([]); // alice was on at the agent's first look
    machine.sessions = [session('alice', '1'), session('bob', '2')];
    await vi.advanceTimersByTimeAsync(LOGIN_POLL_MS);
    expect(loginsOf(agent.events())).toEqual([
      { taskId: 3, trigger: 'ON_USER_LOGIN', user: 'bob' },
      { taskId: 4, trigger: 'ON_USER_LOGIN', user: 'bob' },
    ]);
    await vi.advanceTimersByTimeAsync(LOGIN_POLL_MS * 3);
    expect(agent.events()).toHaveLength(2);

    // bob logs off and on again: a new session, a new event.
    machine.sessions = [session('alice', '1'), session('bob', '5')];
    await vi.advanceTimersByTimeAsync(LOGIN_POLL_MS);
    expect(loginsOf(agent.events()).slice(2)).toEqual([
      { taskId: 3, trigger: 'ON_USER_LOGIN', user: 'bob' },
      { taskId: 4, trigger: 'ON_USER_LOGIN', user: 'bob' },
    ]);
  });

  it('fires for a logon while the agent was stopped, and for every session of a new boot', async () => {
    const { stateDir, machine } = await deviceHolding([loginTask(3)], [session('alice', '1')]);
    machine.sessions = [session('alice', '1'), session('carol', '2')];
    const restarted = await startTestTriggers(stateDir, machine);
    await settle();
    expect(loginsOf(restarted.events())).toEqual([{ taskId: 3, trigger: 'ON_USER_LOGIN', user: 'carol' }]);
    restarted.triggers.stop();

    machine.bootKey = 'id:boot-2';
    machine.sessions = [session('alice', '1')]; // ids start again after a boot
    const afterBoot = await startTestTriggers(stateDir, machine);
    await settle();
    expect(loginsOf(afterBoot.events())).toEqual([{ taskId: 3, trigger: 'ON_USER_LOGIN', user: 'alice' }]);
  });

  it('only records who is logged on at the first look of a new agent', async () => {
    const machine = createMachine();
    machine.sessions = [session('alice', '1')];
    const agent = await startTestTriggers(createStateDir(), machine);
    agent.triggers.onTaskSet([loginTask(3)]);
    await vi.advanceTimersByTimeAsync(LOGIN_POLL_MS * 2);
    expect(agent.events()).toEqual([]);
  });

  it('logs once when the sessions cannot be read, and goes on looking', async () => {
    const { stateDir, machine } = await deviceHolding([loginTask(3)]);
    machine.isSessionListFailing = true;
    const agent = await startTestTriggers(stateDir, machine);
    await vi.advanceTimersByTimeAsync(LOGIN_POLL_MS * 3);
    expect(agent.logged.filter((line) => line.includes('cannot be read'))).toHaveLength(1);
    machine.isSessionListFailing = false;
    machine.sessions = [session('dave', '9')];
    await vi.advanceTimersByTimeAsync(LOGIN_POLL_MS);
    expect(loginsOf(agent.events())).toEqual([{ taskId: 3, trigger: 'ON_USER_LOGIN', user: 'dave' }]);
  });
});

describe('the events held on disk', () => {
  it('are sent again after every reconnect until the server stored them, then dropped', async () => {
    const { stateDir, machine } = await deviceHolding([startupTask(1)]);
    machine.bootKey = 'id:boot-2';
    const agent = await startTestTriggers(stateDir, machine);
    const session = createSession({
      identity: {
        serverUrl: 'http://s',
        deviceId: 7,
        deviceSecret: 'x'.repeat(43),
        organizationId: 1,
        enrolledAt: 'then',
      },
      heartbeatSeconds: 3600,
      platform: 'linux',
      collectInventory: async () => ({}) as never,
      collectMetrics: async () => ({ cpuPercent: 1, memoryPercent: 1, diskPercent: 1 }),
      wakeOnLan: async () => {},
      tasks: agent.triggers,
      log: createLogger(() => {}),
    });
    session.attach({ send: () => true, stop: async () => {} });
    const welcome = {
      v: 1,
      type: 'welcome',
      deviceId: 7,
      approvalStatus: 'APPROVED',
      heartbeatIntervalSeconds: 30,
      serverTime: 'now',
    } as const;
    const [event] = agent.events();
    expect(event?.taskId).toBe(1);
    expect(heldEventFiles(stateDir)).toEqual([`${event?.eventId}.json`]);

    session.onMessage(welcome); // a reconnect without the server having stored it
    session.onMessage(welcome);
    expect(agent.events().map((sent) => sent.eventId)).toEqual([
      event?.eventId,
      event?.eventId,
      event?.eventId,
    ]);

    session.onMessage({ v: 1, type: 'taskTriggerStored', eventId: event!.eventId });
    expect(heldEventFiles(stateDir)).toEqual([]);
    session.onMessage(welcome);
    expect(agent.events()).toHaveLength(3);
    session.stop();
  });

  it('survive a crash: a restarted agent sends what was never confirmed, and fires nothing again', async () => {
    const { stateDir, machine } = await deviceHolding([startupTask(1), startupTask(2)]);
    machine.bootKey = 'id:boot-2';
    const offline = await startTestTriggers(stateDir, machine);
    offline.setConnected(false);
    offline.triggers.stop();
    expect(heldEventFiles(stateDir)).toHaveLength(2);

    const restarted = await startTestTriggers(stateDir, machine);
    expect(restarted.events()).toEqual([]);
    restarted.triggers.resendHeld();
    expect(restarted.events().map((event) => event.taskId)).toEqual([1, 2]);
  });

  it('keep the same eventId when a startup event is written again (the state was lost after the event)', async () => {
    const { stateDir, machine } = await deviceHolding([startupTask(1)]);
    const statePath = path.join(stateDir, 'tasks', 'state.json');
    const before = fs.readFileSync(statePath, 'utf8');
    machine.bootKey = 'id:boot-2';
    const first = await startTestTriggers(stateDir, machine);
    first.triggers.stop();
    fs.writeFileSync(statePath, before); // as if the agent died between the event and the state
    const again = await startTestTriggers(stateDir, machine);
    expect(again.events().map((event) => event.eventId)).toEqual(
      first.events().map((event) => event.eventId),
    );
    expect(heldEventFiles(stateDir)).toHaveLength(1);
  });
});

describe('damaged files', () => {
  it('a corrupt state file is logged and reset, and the agent goes on', async () => {
    const { stateDir, machine } = await deviceHolding([startupTask(1)]);
    fs.writeFileSync(path.join(stateDir, 'tasks', 'state.json'), '{"tasks": [{"taskId": "one"');
    fs.writeFileSync(
      path.join(stateDir, 'tasks', 'outbox', '0b7f6f6e-4d47-4c5e-9a55-8d0f5c1b2a3c.json'),
      'garbage',
    );
    machine.bootKey = 'id:boot-2';
    const agent = await startTestTriggers(stateDir, machine);
    expect(agent.logged.filter((line) => line.startsWith('ERROR'))).toEqual([
      expect.stringContaining('0b7f6f6e-4d47-4c5e-9a55-8d0f5c1b2a3c.json is damaged'),
      expect.stringContaining('state.json is damaged, starting with no task set'),
    ]);
    expect(agent.triggers.heldTasks()).toEqual([]);
    expect(heldEventFiles(stateDir)).toEqual([]);
    agent.triggers.onTaskSet([startupTask(1)]);
    agent.triggers.stop();
    const restarted = await startTestTriggers(stateDir, machine);
    expect(restarted.triggers.heldTasks()).toEqual([startupTask(1)]);
    expect(restarted.logged.filter((line) => line.startsWith('ERROR'))).toEqual([]);
  });
});
