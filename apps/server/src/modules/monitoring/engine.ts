import {
  type AlertSeverity,
  type Condition,
  deriveHealthStatus,
  findConditionTypeInfo,
  type HealthStatusSettings,
} from '@rmm/domain';
import type { Bus } from '../../bus/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { insertActivities } from '../activities/repository.ts';
import type { AlertRow } from '../alerts/mapper.ts';
import type { AlertUpdate } from '../alerts/repository.ts';
import {
  createTransitionBatch,
  type DeviceRef,
  MONITORING,
  publishTransitions,
  type TransitionBatch,
  type TransitionOutcome,
} from '../alerts/transitions.ts';
import { dispatchJobs } from '../jobs/dispatch.ts';
import type { JobRow } from '../jobs/mapper.ts';
import { storeAutomationJobs } from './automations.ts';
import * as repo from './repository.ts';

/**
 * The condition engine (docs/decisions.md "Monitoring engine"): a state machine per key (device, condition id,
 * instance) fed with observations (an agent's crossings, or the server's own for DEVICE_DOWN and BACKUP_JOB).
 * One transaction takes the requests of one or many devices (`commitMany`; the report writer gathers them): it
 * locks the devices' rows in id order first (so one device's transitions are serial on any process) and reads
 * their states, ACTIVE alerts and maintenance windows in the same statement; the state machines run in memory;
 * then one statement writes what changed: new alerts (one ACTIVE per key, by the database's partial unique
 * index: a conflict rolls the batch back), changed alerts, states, alert events, activities and the devices'
 * health. Automation jobs are stored in the same transaction. Consoles, agents and callers hear of it after
 * the commit.
 */

/** A condition as the engine applies it: the policy's condition and the policy that defined it. */
export type EngineCondition = { condition: Condition; policyId: number | null };

export type Observation = {
  condition: EngineCondition;
  instance: string;
  triggered: boolean;
  value: number | null;
  text: string;
  observedAt: Date;
  /** The key's due server-evaluated trigger is spent (DEVICE_DOWN raised by the sweeper). */
  clearDue?: boolean;
};

/**
 * A full report's reconciliation: every key of an agent-evaluated condition not listed as triggered is clear
 * at `at`; an ACTIVE alert of a condition the device no longer has is reset (CONDITION_REMOVED).
 */
export type Reconciliation = {
  at: Date;
  /** The device's current conditions by id (its agent set). */
  conditions: ReadonlyMap<string, EngineCondition>;
  /** `conditionId\ninstance` of the keys reported triggered. */
  triggered: ReadonlySet<string>;
};

export type EngineSettings = {
  flapCount: number;
  flapWindowMinutes: number;
  jobExpirySeconds: number;
};

export type EngineContext = { db: Db; bus: Bus; settings: EngineSettings };

export type ApplyOutcome = {
  transitions: TransitionOutcome;
  jobs: JobRow[];
  /** Observations ignored because their key had a newer one already. */
  stale: number;
  suppressed: number;
};

export const keyOf = (conditionId: string, instance: string) => `${conditionId}\n${instance}`;

const isAgentType = (type: string) => findConditionTypeInfo(type as Condition['type']).evaluator === 'AGENT';

const typeLabel = (condition: Condition) => findConditionTypeInfo(condition.type).label;

/** What the alert says when the agent gave no text. */
const messageOf = (o: Observation) =>
  (
    o.text ||
    `${typeLabel(o.condition.condition)}${o.instance ? ` ${o.instance}` : ''}${o.value === null ? '' : ` at ${o.value}`}`
  ).slice(0, 2000);

/** An alert row as the transaction changes it; `isNew`: not stored yet (its id is taken before the write). */
type LiveAlert = AlertRow & { isNew?: boolean; isDirty?: boolean };

/** Work within one locked device: its states and ACTIVE alerts as this transaction changes them. */
type DeviceWork = {
  device: DeviceRef;
  states: Map<string, repo.StateRow>;
  active: Map<string, LiveAlert>;
  windows: { start: Date; end: Date }[];
  changedStates: Map<string, repo.StateRow>;
  /** Every alert row touched (new ones and changed ones), for the write. */
  alerts: Set<LiveAlert>;
  batch: TransitionBatch;
  raised: { alert: AlertRow; condition: Condition; device: DeviceRef }[];
  settings: EngineSettings;
  stale: number;
  suppressed: number;
};

const windowMs = (settings: EngineSettings) => settings.flapWindowMinutes * 60_000;

/** The new state of a key after an observation (undefined: the observation is older than what was applied). */
const nextState = (
  work: DeviceWork,
  o: Observation,
  previous: repo.StateRow | undefined,
): repo.StateRow | undefined => {
  if (previous && previous.observedAt.getTime() >= o.observedAt.getTime()) return undefined;
  const at = o.observedAt.getTime();
  const changed = previous === undefined ? o.triggered : previous.triggered !== o.triggered;
  const clears = (previous?.clears ?? []).filter((t) => t > at - windowMs(work.settings));
  if (changed && previous?.triggered && !o.triggered) clears.push(at);
  return {
    deviceId: work.device.id,
    conditionId: o.condition.condition.id,
    instance: o.instance,
    organizationId: work.device.organizationId,
    triggered: o.triggered,
    observedAt: o.observedAt,
    changedAt: changed || !previous ? o.observedAt : previous.changedAt,
    clears,
    // Once flapping, a key stays so until the sweeper finds it stable for the window.
    flapping: (previous?.flapping ?? false) || clears.length > work.settings.flapCount,
    dueAt: o.clearDue ? null : (previous?.dueAt ?? null),
    dueCondition: o.clearDue ? null : (previous?.dueCondition ?? null),
    duePolicyId: o.clearDue ? null : (previous?.duePolicyId ?? null),
    // Set again by `observe` when a maintenance window suppresses this trigger.
    suppressed: null,
  } satisfies repo.StateRow;
};

const raise = (work: DeviceWork, o: Observation, flapping: boolean) => {
  const { condition, policyId } = o.condition;
  const now = new Date();
  const alert: LiveAlert = {
    id: 0,
    deviceId: work.device.id,
    organizationId: work.device.organizationId,
    conditionId: condition.id,
    instance: o.instance,
    conditionName: condition.name,
    conditionType: condition.type,
    policyId,
    severity: condition.severity,
    priority: condition.priority,
    status: 'ACTIVE',
    message: messageOf(o),
    value: o.value,
    triggerTime: o.observedAt,
    acknowledgeTime: null,
    acknowledgedBy: null,
    resetTime: null,
    resetReason: null,
    resetBy: null,
    resetDueTime:
      condition.reset.mode === 'AFTER_TIME'
        ? new Date(o.observedAt.getTime() + (condition.reset.afterMinutes ?? 0) * 60_000)
        : null,
    flapping,
    resetMode: condition.reset.mode,
    notifications: condition.notifications,
    notifyOnReset: condition.notifyOnReset,
    ticketing: condition.ticketing,
    createdAt: now,
    updatedAt: now,
    isNew: true,
  };
  work.active.set(keyOf(condition.id, o.instance), alert);
  work.alerts.add(alert);
  work.batch.add('RAISED', alert, work.device, MONITORING);
  work.raised.push({ alert, condition, device: work.device });
};

type EngineResetReason = 'CLEARED' | 'TIME' | 'CONDITION_REMOVED';

const reset = (work: DeviceWork, alert: LiveAlert, reason: EngineResetReason, at: Date) => {
  if (alert.status !== 'ACTIVE') return;
  Object.assign(alert, {
    status: 'RESET',
    resetReason: reason,
    resetBy: null,
    resetTime: at,
    resetDueTime: null,
    updatedAt: new Date(),
    isDirty: true,
  });
  work.alerts.add(alert);
  work.active.delete(keyOf(alert.conditionId, alert.instance));
  work.batch.add('RESET', alert, work.device, MONITORING);
};

const update = (work: DeviceWork, alert: LiveAlert, change: AlertUpdate, detail: string) => {
  Object.assign(alert, change, { updatedAt: new Date(), isDirty: true });
  work.alerts.add(alert);
  work.batch.add('UPDATED', alert, work.device, MONITORING, detail);
};

/** One observation through the state machine of its key. */
const observe = (work: DeviceWork, o: Observation) => {
  const key = keyOf(o.condition.condition.id, o.instance);
  const state = nextState(work, o, work.states.get(key));
  if (!state) {
    work.stale++;
    return;
  }
  work.states.set(key, state);
  work.changedStates.set(key, state);
  const { condition } = o.condition;
  const alert = work.active.get(key);
  if (o.triggered) {
    if (!alert) {
      const at = o.observedAt.getTime();
      if (work.windows.some((w) => w.start.getTime() <= at && at < w.end.getTime())) {
        // Kept for the sweeper, which raises it when the windows end if the key is still triggered.
        state.suppressed = { value: o.value, message: messageOf(o) };
        work.suppressed++;
        return;
      }
      return raise(work, o, state.flapping);
    }
    const change: AlertUpdate = {};
    if (alert.severity !== condition.severity) change.severity = condition.severity;
    if (alert.priority !== condition.priority) change.priority = condition.priority;
    if (alert.flapping !== state.flapping) change.flapping = state.flapping;
    if (Object.keys(change).length)
      update(work, alert, change, change.severity ? `severity was ${alert.severity}` : 'flapping');
    return;
  }
  if (!alert) return;
  if (condition.reset.mode === 'WHEN_CLEARED' && !state.flapping)
    return reset(work, alert, 'CLEARED', o.observedAt);
  // Held: a flapping key's alert stays until the key is stable (the sweeper resets it then).
  if (alert.flapping !== state.flapping) update(work, alert, { flapping: state.flapping }, 'flapping');
};

const reconcile = (work: DeviceWork, full: Reconciliation) => {
  for (const alert of [...work.active.values()]) {
    if (!isAgentType(alert.conditionType)) continue;
    if (!full.conditions.has(alert.conditionId)) reset(work, alert, 'CONDITION_REMOVED', full.at);
  }
  // Keys the agent holds no longer triggered: clear through the state machine (flapping holds apply).
  const keys = new Map<string, { conditionId: string; instance: string }>();
  for (const alert of work.active.values())
    if (isAgentType(alert.conditionType)) keys.set(keyOf(alert.conditionId, alert.instance), alert);
  for (const state of work.states.values())
    if (state.triggered) keys.set(keyOf(state.conditionId, state.instance), state);
  for (const [key, { conditionId, instance }] of keys) {
    const condition = full.conditions.get(conditionId);
    if (!condition || full.triggered.has(key)) continue;
    observe(work, { condition, instance, triggered: false, value: null, text: '', observedAt: full.at });
  }
};

/** What a sweeper's step may do inside the device's transaction, after the observations. */
export type DeviceStep = {
  tx: Tx;
  device: DeviceRef;
  states: ReadonlyMap<string, repo.StateRow>;
  active: ReadonlyMap<string, AlertRow>;
  /** The maintenance windows covering the device (those that ended within a week, or later). */
  windows: readonly { start: Date; end: Date }[];
  observe: (o: Observation) => void;
  reset: (alert: AlertRow, reason: EngineResetReason, at: Date) => void;
  update: (alert: AlertRow, change: AlertUpdate, detail: string) => void;
};

export type ApplyRequest = {
  deviceId: number;
  observations?: readonly Observation[];
  reconcile?: Reconciliation;
  /** Runs inside the transaction after the observations (the sweepers' time-based transitions). */
  step?: (step: DeviceStep) => Promise<void>;
};

/** The worst status the device's ACTIVE alerts map to. */
const alertHealthOf = (settings: HealthStatusSettings, active: Iterable<AlertRow>) =>
  deriveHealthStatus(settings, {
    everSeen: true,
    online: true,
    activeSeverities: [...active].map((a) => a.severity as AlertSeverity),
  }) as repo.AlertHealth;

/**
 * Applies requests (several may name one device: in their order) in the caller's transaction; devices gone (or
 * locked, with `skipLocked`) are left out. Throws when a new alert met an ACTIVE one of its key (the database's
 * guarantee held where the locks should have): the caller rolls back.
 */
export const applyMany = async (
  tx: Tx,
  settings: EngineSettings,
  requests: readonly ApplyRequest[],
  options: { skipLocked?: boolean } = {},
): Promise<ApplyOutcome> => {
  const deviceIds = [...new Set(requests.map((r) => r.deviceId))].sort((a, b) => a - b);
  const loaded = await repo.lockAndLoadMany(tx, deviceIds, options.skipLocked ?? false);
  const batch = createTransitionBatch();
  const works = new Map<number, DeviceWork>();
  for (const { device, states, alerts, windows } of loaded.devices)
    works.set(device.id, {
      device,
      states: new Map(states.map((s) => [keyOf(s.conditionId, s.instance), s])),
      active: new Map(alerts.map((a) => [keyOf(a.conditionId, a.instance), a])),
      windows,
      changedStates: new Map(),
      alerts: new Set(),
      batch,
      raised: [],
      settings,
      stale: 0,
      suppressed: 0,
    });
  for (const request of requests) {
    const work = works.get(request.deviceId);
    if (!work) continue;
    const ordered = [...(request.observations ?? [])].sort(
      (a, b) => a.observedAt.getTime() - b.observedAt.getTime(),
    );
    for (const o of ordered) observe(work, o);
    if (request.reconcile) reconcile(work, request.reconcile);
    await request.step?.({
      tx,
      device: work.device,
      states: work.states,
      active: work.active,
      windows: work.windows,
      observe: (o) => observe(work, o),
      reset: (alert, reason, at) => reset(work, alert, reason, at),
      update: (alert, change, detail) => update(work, alert, change, detail),
    });
  }
  const all = [...works.values()];
  const touched = all.filter((w) => w.alerts.size > 0);
  const newAlerts = touched.flatMap((w) => [...w.alerts].filter((a) => a.isNew));
  // The new alerts' ids first, so that their events and activities go in the same statement.
  const ids = await repo.nextAlertIds(tx, newAlerts.length);
  newAlerts.forEach((alert, n) => {
    alert.id = ids[n]!;
  });
  const raised = all.flatMap((w) => w.raised);
  const expiresAt = new Date(Date.now() + settings.jobExpirySeconds * 1000);
  const automations = raised.some((r) => r.condition.automations.length)
    ? await storeAutomationJobs(tx, raised, expiresAt)
    : { jobs: [], refusals: [] };
  await insertActivities(tx, automations.refusals);
  const health = await repo.writeChanges(tx, {
    newAlerts,
    changedAlerts: touched.flatMap((w) => [...w.alerts].filter((a) => !a.isNew && a.isDirty)),
    states: all.flatMap((w) => [...w.changedStates.values()]),
    events: batch.events(),
    activities: batch.activities(),
    alertHealth: touched.map((w) => ({
      deviceId: w.device.id,
      alertHealth: alertHealthOf(loaded.healthSettings, w.active.values()),
    })),
  });
  return {
    transitions: batch.outcome(health),
    jobs: automations.jobs,
    stale: all.reduce((n, w) => n + w.stale, 0),
    suppressed: all.reduce((n, w) => n + w.suppressed, 0),
  };
};

/** Applies in one transaction and commits (the caller publishes the outcome). */
export const commitMany = (
  context: Pick<EngineContext, 'db' | 'settings'>,
  requests: readonly ApplyRequest[],
  options: { skipLocked?: boolean } = {},
) => context.db.transaction((tx) => applyMany(tx, context.settings, requests, options));

/** One device, committed and published (the sweepers: a device another transaction holds is skipped). */
export const apply = async (
  context: EngineContext,
  request: ApplyRequest,
  options = { skipLocked: true },
) => {
  const outcome = await commitMany(context, [request], options);
  publishOutcome(context, outcome);
  return outcome;
};

/** Consoles and agents hear of what committed: automation jobs, alert.changed, device status and health. */
export const publishOutcome = (context: Pick<EngineContext, 'bus'>, outcome: ApplyOutcome) => {
  if (outcome.jobs.length) dispatchJobs(context.bus, outcome.jobs);
  publishTransitions(context.bus, outcome.transitions);
};
