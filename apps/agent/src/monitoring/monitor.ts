import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  type AgentCondition,
  type AgentMessage,
  type ConditionType,
  conditionSetText,
  MAX_OBSERVATIONS_PER_REPORT,
  type ServerConditionDryRunRequest,
  type ServerConditionSet,
} from '@rmm/domain';
import type { RunAsHost } from '../jobs/run-as.ts';
import type { Logger } from '../log.ts';
import { probeCapabilities, systemCapabilityHost } from './capabilities.ts';
import { judgeConditionsOnce } from './dry-run.ts';
import { currentObservations, evaluate, type InstanceState } from './evaluate.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import { type CheckContext, createCheck } from './samplers/index.ts';
import { defaultMonitoringSettings, type MonitoringSettings, msOf } from './settings.ts';
import { systemSources } from './sources.ts';
import { type HeldReport, type HeldSet, type HeldStates, openMonitoringStore } from './store.ts';
import type { Check, Reading, Sources } from './types.ts';
import { createUdpHub } from './udp-hub.ts';

export type MonitorOptions = {
  stateDir: string;
  deviceId: number;
  /** Sends on the current connection; false when there is none (the observations stay on disk). */
  send: (message: AgentMessage) => boolean;
  log: Logger;
  platform?: NodeJS.Platform;
  settings?: MonitoringSettings;
  /** Replaces parts of what the samplers read from the machine (tests). */
  sources?: Partial<Sources>;
  /** The types announced; probed on the machine when not given. */
  capabilities?: ConditionType[];
  runAsHost?: RunAsHost;
  now?: () => Date;
  newId?: () => string;
};

type Running = {
  condition: AgentCondition;
  /** The parameters' stable text: a set that changes them starts the condition afresh. */
  parametersText: string;
  check: Check;
  states: Map<string, InstanceState>;
  timer: NodeJS.Timeout | undefined;
  isStopped: boolean;
  lastError: string | undefined;
  /** Settles after the first sample (whatever its outcome). */
  firstSample: Promise<void>;
};

const parametersTextOf = (condition: AgentCondition) => conditionSetText([condition]);

/** Only what decides a crossing is written to disk on change; values and texts change with every sample. */
const decidingPart = (states: ReadonlyMap<string, InstanceState>) =>
  JSON.stringify([...states].map(([instance, state]) => [instance, state.triggered, state.since]));

/**
 * The agent's monitoring (issue 19): holds the condition set the server sent (on disk, so it survives
 * restarts), samples each condition it can on its own timer, turns crossings into observations held in the
 * outbox until the server confirms them, and sends a full report of the current states after a new set or a
 * reconnect. The server decides what an observation means (docs/decisions.md "Agent monitoring").
 */
export const createMonitor = (options: MonitorOptions) => {
  const { log, deviceId } = options;
  const platform = options.platform ?? process.platform;
  const settings = options.settings ?? defaultMonitoringSettings();
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const sources: Sources = { ...systemSources(platform), ...options.sources };
  const store = openMonitoringStore(options.stateDir, log);
  const scriptsDir = path.join(store.dir, 'scripts');
  fs.rmSync(scriptsDir, { recursive: true, force: true }); // left by an agent stopped mid-run
  const udp = createUdpHub(log);
  const context: CheckContext = {
    platform,
    settings,
    sources,
    now,
    log,
    udp,
    scriptsDir,
    ...(options.runAsHost ? { runAsHost: options.runAsHost } : {}),
  };
  const running = new Map<string, Running>();
  const notSampled = new Map<string, string>();
  let capabilities = new Set<ConditionType>();
  let held: HeldSet | undefined;
  let outbox: Outbox;
  let isConnected = false;
  let isFullDue = false;
  let isRoundDone = true;
  let round = 0;
  let isStopped = false;
  /** Dry runs one at a time: a console clicking again does not pile samples up on the machine. */
  let dryRuns: Promise<unknown> = Promise.resolve();

  const saveStates = () => {
    if (!held) return;
    const conditions: HeldStates['conditions'] = {};
    for (const [key, entry] of running)
      conditions[key] = { parameters: entry.parametersText, instances: Object.fromEntries(entry.states) };
    try {
      store.saveStates({ conditionSetHash: held.conditionSetHash, conditions });
    } catch (error) {
      log.error(`monitoring: the conditions' states could not be saved: ${(error as Error).message}`);
    }
  };

  const sendReport = (report: HeldReport, isFull: boolean) =>
    options.send({
      v: 1,
      type: 'conditionReport',
      deviceId,
      reportId: report.reportId,
      conditionSetHash: report.conditionSetHash,
      full: isFull,
      observations: report.observations,
    });

  /** Queued crossings go out as reports while connected (as many as the window allows), then a full report if due. */
  const flush = () => {
    if (!isConnected) return;
    for (const report of outbox.takeReports()) if (!sendReport(report, false)) return;
    sendFullIfDue();
  };

  /**
   * The whole current state, after every crossing seen before it has been sent (the server reads them in
   * order, so an older crossing never lands after the state that replaced it). Not kept on disk: a reconnect
   * sends a new one. Triggered instances first; past MAX_OBSERVATIONS_PER_REPORT the clear ones are left out.
   */
  const sendFullIfDue = () => {
    if (!isConnected || !isFullDue || !isRoundDone || !held || outbox.queued().length > 0) return;
    const observations = [...running]
      .flatMap(([key, entry]) => currentObservations(entry.states).map((o) => ({ ...o, key })))
      .sort((a, b) => Number(b.triggered) - Number(a.triggered));
    if (observations.length > MAX_OBSERVATIONS_PER_REPORT)
      log.warn(
        `monitoring: ${observations.length} states, the full report lists the first ${MAX_OBSERVATIONS_PER_REPORT} (triggered first)`,
      );
    const report = {
      reportId: newId(),
      conditionSetHash: held.conditionSetHash,
      observations: observations.slice(0, MAX_OBSERVATIONS_PER_REPORT),
    };
    if (sendReport(report, true)) isFullDue = false;
  };

  const onReadings = (entry: Running, readings: Reading[]) => {
    if (entry.isStopped || !held) return;
    const before = decidingPart(entry.states);
    const { states, observations } = evaluate(entry.states, readings, entry.check.durationMs, now());
    entry.states = states;
    if (observations.length) {
      const hash = held.conditionSetHash;
      for (const o of observations)
        log.info(
          `monitoring: ${entry.condition.type} ${entry.condition.key}${o.instance ? ` ${o.instance}` : ''} ${o.triggered ? 'triggered' : 'cleared'}: ${o.text}`,
        );
      try {
        outbox.append(
          observations.map((o) => ({
            conditionSetHash: hash,
            observation: { ...o, key: entry.condition.key },
          })),
        );
      } catch (error) {
        log.error(`monitoring: observations could not be saved: ${(error as Error).message}`);
      }
    }
    if (decidingPart(states) !== before) saveStates();
    flush();
  };

  const schedule = (entry: Running) => {
    const tick = async () => {
      if (entry.isStopped) return;
      try {
        const readings = await entry.check.sample();
        entry.lastError = undefined;
        onReadings(entry, readings);
      } catch (error) {
        const message = (error as Error).message;
        if (message !== entry.lastError)
          log.warn(
            `monitoring: ${entry.condition.type} ${entry.condition.key} cannot be sampled: ${message}`,
          );
        entry.lastError = message;
      } finally {
        if (!entry.isStopped) entry.timer = setTimeout(() => void tick(), entry.check.intervalMs);
      }
    };
    return tick();
  };

  const stopEntry = (entry: Running) => {
    entry.isStopped = true;
    clearTimeout(entry.timer);
    try {
      entry.check.stop?.();
    } catch (error) {
      log.warn(`monitoring: ${entry.condition.key} did not stop cleanly: ${(error as Error).message}`);
    }
  };

  /** Brings the running checks in line with the set: unchanged ones go on, changed and new ones start. */
  const apply = (set: HeldSet, restored: HeldStates | undefined) => {
    const wanted = new Map(set.conditions.map((condition) => [condition.key, condition]));
    for (const [key, entry] of running) {
      const condition = wanted.get(key);
      if (
        !condition ||
        condition.type !== entry.condition.type ||
        parametersTextOf(condition) !== entry.parametersText
      ) {
        stopEntry(entry);
        running.delete(key);
      }
    }
    notSampled.clear();
    const started: Running[] = [];
    for (const condition of set.conditions) {
      if (running.has(condition.key)) continue;
      if (!capabilities.has(condition.type)) {
        notSampled.set(condition.key, `this agent cannot sample ${condition.type} here`);
        continue;
      }
      let check: Check;
      try {
        check = createCheck(condition, context);
      } catch (error) {
        notSampled.set(condition.key, (error as Error).message);
        continue;
      }
      const parametersText = parametersTextOf(condition);
      const kept = restored?.conditions[condition.key];
      const entry: Running = {
        condition,
        parametersText,
        check,
        states: new Map(kept && kept.parameters === parametersText ? Object.entries(kept.instances) : []),
        timer: undefined,
        isStopped: false,
        lastError: undefined,
        firstSample: Promise.resolve(),
      };
      running.set(condition.key, entry);
      started.push(entry);
    }
    for (const [key, reason] of notSampled)
      log.warn(`monitoring: condition ${key} is not sampled: ${reason}`);
    for (const entry of started) entry.firstSample = schedule(entry);
    // The full report waits for the first samples of the new checks (at most fullReportWaitSeconds).
    const thisRound = ++round;
    isRoundDone = started.length === 0;
    if (!isRoundDone) {
      const limit = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, msOf(settings, settings.fullReportWaitSeconds));
        timer.unref();
      });
      void Promise.race([Promise.allSettled(started.map((entry) => entry.firstSample)), limit]).then(() => {
        if (thisRound !== round || isStopped) return;
        isRoundDone = true;
        sendFullIfDue();
      });
    }
  };

  return {
    /** Before the first connection: what this machine offers, the set held, the states and the outbox from disk. */
    start: async () => {
      capabilities = new Set(
        options.capabilities ?? (await probeCapabilities(systemCapabilityHost(platform, sources))),
      );
      log.info(`monitoring: can sample ${[...capabilities].join(', ')}`);
      outbox = createOutbox({
        initial: store.loadOutbox(),
        save: store.saveOutbox,
        maxHeld: settings.maxHeldObservations,
        maxInFlight: settings.maxReportsInFlight,
        log,
        newId,
      });
      held = store.loadSet();
      if (held) {
        const restored = store.loadStates();
        apply(held, restored?.conditionSetHash === held.conditionSetHash ? restored : undefined);
        saveStates();
      }
    },
    /** What `hello` carries. */
    helloFields: () => ({
      conditionCapabilities: [...capabilities],
      conditionSetHash: held?.conditionSetHash ?? null,
    }),
    /** A new connection (after hello): unconfirmed reports again with their ids, queued crossings, then the full state. */
    onConnected: () => {
      isConnected = true;
      for (const report of outbox.inFlight()) if (!sendReport(report, false)) return;
      isFullDue = true;
      flush();
    },
    onDisconnected: () => {
      isConnected = false;
    },
    /** A `conditionSet`: held on disk, the checks brought in line, a full report once they have sampled. */
    onConditionSet: (message: Pick<ServerConditionSet, 'conditionSetHash' | 'conditions'>) => {
      const next: HeldSet = {
        conditionSetHash: message.conditionSetHash,
        conditions: message.conditions,
        receivedAt: now().toISOString(),
      };
      try {
        store.saveSet(next);
      } catch (error) {
        log.error(`monitoring: the condition set could not be saved: ${(error as Error).message}`);
      }
      log.info(
        `monitoring: condition set ${next.conditionSetHash} with ${next.conditions.length} condition(s)`,
      );
      held = next;
      apply(next, undefined);
      saveStates();
      isFullDue = true;
      sendFullIfDue();
    },
    /** A `conditionReportStored`: that report leaves the disk; more may go. */
    onReportStored: (reportId: string) => {
      try {
        outbox.acknowledge(reportId);
      } catch (error) {
        log.error(`monitoring: report ${reportId} could not be removed: ${(error as Error).message}`);
      }
      flush();
    },
    /**
     * A policy's dry run: the conditions sampled once now, apart from the set, its states and the outbox
     * (dry-run.ts). The time waited behind an earlier dry run counts against `timeoutMs`.
     */
    dryRun: (request: Pick<ServerConditionDryRunRequest, 'requestId' | 'conditions' | 'timeoutMs'>) => {
      const deadline = Date.now() + request.timeoutMs;
      const run = dryRuns.then(() =>
        judgeConditionsOnce(
          request.conditions,
          { capabilities, context },
          { requestId: request.requestId, timeoutMs: Math.max(0, deadline - Date.now()) },
        ),
      );
      dryRuns = run.catch(() => undefined);
      return run;
    },
    /** The states held now, per condition key (tests and diagnostics). */
    states: () => new Map([...running].map(([key, entry]) => [key, new Map(entry.states)])),
    notSampled: () => new Map(notSampled),
    heldObservations: () => outbox.heldCount(),
    stop: () => {
      isStopped = true;
      for (const entry of running.values()) stopEntry(entry);
      running.clear();
      udp.close();
    },
  };
};
export type Monitor = ReturnType<typeof createMonitor>;
