import type { ServerMessage } from '@rmm/domain';
import fp from 'fastify-plugin';
import { CONDITIONS_CHANGED_SUBJECT } from '../../bus/subjects.ts';
import type { StatusChange } from '../devices/presence-repository.ts';
import { type ConditionSession, createConditionSession } from './agent-session.ts';
import type { EngineSettings } from './engine.ts';
import { createPolicyScanCache } from './policy-scan.ts';
import { createReportWriter } from './report-writer.ts';
import { checkBackupJobs, judgeDownDevices, onStatusChanges } from './server-conditions.ts';
import { sweepAlerts } from './sweeper.ts';

/** At most this many condition sets recomputed at once after a policy change (each is a few queries). */
const REFRESH_CONCURRENCY = 4;
/** BACKUP_JOB is checked every this many sweeps. */
const BACKUP_CHECK_EVERY = 20;

const parseChange = (message: unknown): { all: boolean; deviceIds: number[] } => {
  const value = (message ?? {}) as { all?: unknown; deviceIds?: unknown };
  const deviceIds = Array.isArray(value.deviceIds)
    ? value.deviceIds.filter((id): id is number => Number.isInteger(id))
    : [];
  return { all: value.all === true, deviceIds };
};

const inTurn = async <T>(items: readonly T[], limit: number, run: (item: T) => Promise<unknown>) => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
};

/**
 * The condition engine in each server process (docs/architecture.md "Monitoring"): the condition sessions of the
 * agents connected here (the gateway opens one per connection), the re-sending of their sets when policies
 * change (CONDITIONS_CHANGED on the bus, from any process), DEVICE_DOWN from this process's status changes, and
 * the alert sweeper.
 */
export const monitoringPlugin = fp(async (app) => {
  const { config } = app;
  const settings: EngineSettings = {
    flapCount: config.alertFlapCount,
    flapWindowMinutes: config.alertFlapWindowMinutes,
    jobExpirySeconds: config.jobExpirySeconds,
  };
  const scans = createPolicyScanCache(app.db);
  const engine = { db: app.db, bus: app.bus, settings, log: app.log };
  const writer = createReportWriter(engine);
  const context = { ...engine, scans, writer };
  const sessions = new Map<number, ConditionSession>();
  let pending: Promise<unknown> = Promise.resolve();
  const track = (work: () => Promise<unknown>, what: string) => {
    pending = pending.then(work).catch((error) => app.log.error({ err: error }, what));
    return pending;
  };

  const connect = (deviceId: number, send: (message: ServerMessage) => void) => {
    const session = createConditionSession(context, deviceId, send);
    sessions.set(deviceId, session);
    return {
      session,
      close: () => {
        if (sessions.get(deviceId) === session) sessions.delete(deviceId);
      },
    };
  };

  /**
   * Policies changed somewhere: the affected agents here (and every probe, before and after) get their sets,
   * and the affected devices that are DOWN have their DEVICE_DOWN conditions judged.
   */
  const onConditionsChanged = (message: unknown) => {
    const change = parseChange(message);
    const probesBefore = [...sessions].filter(([, s]) => s.isProbe()).map(([id]) => id);
    scans.invalidate();
    void track(() => judgeDownDevices(context, change), 'DEVICE_DOWN judgement of a new set failed');
    return track(async () => {
      const targets = new Set<number>();
      if (change.all) for (const id of sessions.keys()) targets.add(id);
      for (const id of [...change.deviceIds, ...probesBefore]) if (sessions.has(id)) targets.add(id);
      for (const id of (await scans.get()).probes.keys()) if (sessions.has(id)) targets.add(id);
      await inTurn(
        [...targets],
        REFRESH_CONCURRENCY,
        (id) => sessions.get(id)?.refresh() ?? Promise.resolve(),
      );
    }, 'condition sets refresh failed');
  };
  const unsubscribe = app.bus.subscribe(CONDITIONS_CHANGED_SUBJECT, onConditionsChanged);

  const statusChanged = (changes: StatusChange[], now = new Date()) =>
    track(() => onStatusChanges(context, changes, now), 'DEVICE_DOWN evaluation failed');
  app.deviceStatusListeners.push((changes) => void statusChanged(changes));

  let sweeps = 0;
  const sweep = (now = new Date()) => track(() => sweepAlerts(context, now), 'alert sweep failed');
  const checkBackups = (now = new Date()) =>
    track(() => checkBackupJobs(context, now), 'BACKUP_JOB check failed');

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      void sweep();
      if (++sweeps % BACKUP_CHECK_EVERY === 0) void checkBackups();
    }, config.alertSweepIntervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    unsubscribe();
    await pending;
    await writer.idle();
  });

  app.decorate('monitoring', {
    connect,
    sweep,
    checkBackups,
    statusChanged,
    /** Resolves once the work queued so far (refreshes, DEVICE_DOWN, sweeps, reports) is done. */
    idle: async () => {
      for (;;) {
        const current = pending;
        await current;
        await writer.idle();
        if (current === pending) return;
      }
    },
    /** Condition sessions of the agents connected to this process. */
    sessionCount: () => sessions.size,
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    monitoring: {
      connect: (
        deviceId: number,
        send: (message: ServerMessage) => void,
      ) => { session: ConditionSession; close: () => void };
      sweep: (now?: Date) => Promise<unknown>;
      checkBackups: (now?: Date) => Promise<unknown>;
      statusChanged: (changes: StatusChange[], now?: Date) => Promise<unknown>;
      idle: () => Promise<void>;
      sessionCount: () => number;
    };
  }
}
