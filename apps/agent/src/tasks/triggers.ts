import { createHash } from 'node:crypto';
import type { AgentMessage, ServerTaskSet } from '@rmm/domain';
import type { Logger } from '../log.ts';
import { type BootKeySource, isSameBoot, systemBootKey } from './boot.ts';
import { type LoginSession, type LoginSessionSource, systemLoginSessions } from './sessions.ts';
import { MAX_HELD_EVENTS, openTaskStore, type TaskTriggerState, type TriggerEvent } from './store.ts';

export type HeldTask = ServerTaskSet['tasks'][number];

export type TaskTriggerOptions = {
  stateDir: string;
  deviceId: number;
  /** Sends on the current connection; false when there is none (events stay on disk). */
  send: (message: AgentMessage) => boolean;
  log: Logger;
  /** How often the logon sessions are looked at. */
  loginPollMs: number;
  now?: () => Date;
  bootKey?: BootKeySource;
  loginSessions?: LoginSessionSource;
};

const EVENT_NAMESPACE = Buffer.from('8d2f64a1c5b94e0e9f3a7b6c1d2e3f40', 'hex');

/**
 * A name-based (version 5) UUID: the same boot and task, or the same session and task, always give
 * the same eventId, so an event written again after a crash is the one the server already knows.
 */
export const eventIdFor = (name: string) => {
  const hash = createHash('sha1').update(EVENT_NAMESPACE).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * The agent's side of ON_SYSTEM_STARTUP and ON_USER_LOGIN tasks: holds the server's task set on disk,
 * notices a new boot at start and new logon sessions on an interval, and reports each as a
 * `taskTriggered` event kept on disk and sent after every (re)connect until the server stored it.
 */
export const createTaskTriggers = (options: TaskTriggerOptions) => {
  const { deviceId, log } = options;
  const now = options.now ?? (() => new Date());
  const readBootKey = options.bootKey ?? systemBootKey();
  const listSessions = options.loginSessions ?? systemLoginSessions();
  const store = openTaskStore(options.stateDir, log);
  const held = new Map<string, TriggerEvent>();
  let state: TaskTriggerState | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let isChecking = false;
  let isSourceFailing = false;

  const send = (event: TriggerEvent) => options.send({ v: 1, type: 'taskTriggered', deviceId, ...event });

  const dropOldest = () => {
    if (held.size <= MAX_HELD_EVENTS) return;
    const oldest = [...held.values()].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
    for (const event of oldest.slice(0, held.size - MAX_HELD_EVENTS)) {
      log.warn(
        `scheduled tasks: too many unconfirmed events, dropping ${event.eventId} (task ${event.taskId})`,
      );
      store.removeEvent(event.eventId);
      held.delete(event.eventId);
    }
  };

  /** The events go to disk first, then the state that says they fired, then to the server. */
  const commit = (next: TaskTriggerState, events: TriggerEvent[] = []) => {
    try {
      for (const event of events) store.putEvent(event);
      store.saveState(next);
    } catch (error) {
      log.error(`scheduled tasks: the state could not be saved: ${(error as Error).message}`);
      return;
    }
    state = next;
    for (const event of events) {
      held.set(event.eventId, event);
      const who = event.user ? ` by ${JSON.stringify(event.user)}` : '';
      log.info(`scheduled task ${event.taskId}: ${event.trigger}${who}, event ${event.eventId}`);
    }
    dropOldest();
    for (const event of events) if (held.has(event.eventId)) send(event);
  };

  /** ON_SYSTEM_STARTUP tasks of the set that have not fired in this boot. */
  const startupEvents = (current: TaskTriggerState): TriggerEvent[] =>
    current.tasks
      .filter(
        (task) => task.trigger === 'ON_SYSTEM_STARTUP' && !current.boot.firedTaskIds.includes(task.taskId),
      )
      .map((task) => ({
        eventId: eventIdFor(`${deviceId}|${current.boot.key}|startup|${task.taskId}`),
        taskId: task.taskId,
        trigger: 'ON_SYSTEM_STARTUP',
        occurredAt: now().toISOString(),
      }));

  const withStartupFired = (current: TaskTriggerState, events: TriggerEvent[]): TaskTriggerState => ({
    ...current,
    boot: {
      ...current.boot,
      firedTaskIds: [...current.boot.firedTaskIds, ...events.map((event) => event.taskId)],
    },
  });

  const loginEvents = (current: TaskTriggerState, sessions: LoginSession[]): TriggerEvent[] => {
    const seen = new Set(current.sessionKeys);
    const loginTasks = current.tasks.filter((task) => task.trigger === 'ON_USER_LOGIN');
    return sessions
      .filter((session) => !seen.has(session.key))
      .flatMap((session) =>
        loginTasks.map((task) => ({
          eventId: eventIdFor(`${deviceId}|${current.boot.key}|login|${session.key}|${task.taskId}`),
          taskId: task.taskId,
          trigger: 'ON_USER_LOGIN' as const,
          user: session.user.slice(0, 256),
          occurredAt: now().toISOString(),
        })),
      );
  };

  /** A look at the logon sessions: a session not seen before in this boot fires the login tasks. */
  const checkLogins = async () => {
    if (isChecking || !state) return;
    isChecking = true;
    let sessions: LoginSession[];
    try {
      sessions = await listSessions();
      isSourceFailing = false;
    } catch (error) {
      if (!isSourceFailing)
        log.warn(`scheduled tasks: the logon sessions cannot be read: ${(error as Error).message}`);
      isSourceFailing = true;
      return;
    } finally {
      isChecking = false;
    }
    if (!state) return;
    const unique = [...new Map(sessions.map((session) => [session.key, session])).values()];
    const keys = unique.map((session) => session.key).sort();
    if (state.sessionKeys && keys.join('\n') === [...state.sessionKeys].sort().join('\n')) return;
    // The first look after a first start only records who is logged on already.
    const events = state.sessionKeys === null ? [] : loginEvents(state, unique);
    commit({ ...state, sessionKeys: keys }, events);
  };

  /** At agent start: the state from disk, and a new boot fires the startup tasks held. */
  const start = async () => {
    const bootKey = await readBootKey();
    for (const event of store.loadEvents()) held.set(event.eventId, event);
    const stored = store.loadState();
    if (!stored) {
      // First start (or a damaged state): this boot is recorded, nothing fires, the first look records.
      commit({ tasks: [], boot: { key: bootKey, firedTaskIds: [], isSetApplied: true }, sessionKeys: null });
    } else if (isSameBoot(stored.boot.key, bootKey)) {
      state = stored; // a restart within the boot: what fired stays fired
    } else {
      // A new boot: every session in it is new, and the startup tasks of the set held fire now; those
      // only in the first set the server sends in this boot fire when it arrives.
      const next: TaskTriggerState = {
        ...stored,
        boot: { key: bootKey, firedTaskIds: [], isSetApplied: false },
        sessionKeys: [],
      };
      const events = startupEvents(next);
      commit(withStartupFired(next, events), events);
    }
    pollTimer = setInterval(() => void checkLogins(), options.loginPollMs);
    void checkLogins();
  };

  return {
    start,
    checkLogins,
    /** A `taskSet`: replaces the set held (on disk). */
    onTaskSet: (tasks: HeldTask[]) => {
      if (!state) return;
      log.info(`scheduled tasks: holding ${tasks.length} task(s) with agent-side triggers`);
      const next: TaskTriggerState = { ...state, tasks };
      if (state.boot.isSetApplied) return commit(next);
      const events = startupEvents(next);
      const applied = withStartupFired(next, events);
      commit({ ...applied, boot: { ...applied.boot, isSetApplied: true } }, events);
    },
    /** A `taskTriggerStored`: the server has the event, it may go. */
    onTriggerStored: (eventId: string) => {
      if (!held.has(eventId)) return;
      try {
        store.removeEvent(eventId);
        held.delete(eventId);
      } catch (error) {
        log.error(`scheduled tasks: event ${eventId} could not be removed: ${(error as Error).message}`);
      }
    },
    /** After every (re)connect: every event the server has not confirmed, oldest first. */
    resendHeld: () => {
      const events = [...held.values()].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
      for (const event of events) send(event);
    },
    heldTasks: () => state?.tasks ?? [],
    stop: () => clearInterval(pollTimer),
  };
};
export type TaskTriggers = ReturnType<typeof createTaskTriggers>;
