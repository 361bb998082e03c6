import { type Condition, findConditionTypeInfo } from '@rmm/domain';
import type { Bus } from '../../bus/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { insertActivities } from '../activities/repository.ts';
import type { AlertRow } from '../alerts/mapper.ts';
import * as alertsRepo from '../alerts/repository.ts';
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
 * One transaction per call: the device's row is locked first (so transitions of one device are serial, on any
 * process), then the states, the alerts (one ACTIVE per key, by the database's partial unique index), their
 * events, activities, automation jobs and the device's health. Consoles, agents and the caller hear of it
 * after the commit.
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

/** Work within one locked device: its states and ACTIVE alerts as this transaction changes them. */
type DeviceWork = {
  tx: Tx;
  device: DeviceRef;
  states: Map<string, repo.StateRow>;
  active: Map<string, AlertRow>;
  windows: { start: Date; end: Date }[];
  changedStates: Map<string, repo.StateRow>;
  batch: TransitionBatch;
  raised: { alert: AlertRow; condition: Condition; device: DeviceRef }[];
  settings: EngineSettings;
  stale: number;
  suppressed: number;
};

const windowMs = (settings: EngineSettings) => settings.flapWindowMinutes * 60_000;

/** The new state of a key after an observation (undefined: the observation is older than what was applied). */
const nextState = (work: DeviceWork, o: Observation, previous: repo.StateRow | undefined) => {
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
  } satisfies repo.StateRow;
};

const raise = async (work: DeviceWork, o: Observation, flapping: boolean) => {
  const { condition, policyId } = o.condition;
  const row = await alertsRepo.insertActiveAlert(work.tx, {
    deviceId: work.device.id,
    organizationId: work.device.organizationId,
    conditionId: condition.id,
    instance: o.instance,
    conditionName: condition.name,
    conditionType: condition.type,
    policyId,
    severity: condition.severity,
    priority: condition.priority,
    message: messageOf(o),
    value: o.value,
    triggerTime: o.observedAt,
    resetDueTime:
      condition.reset.mode === 'AFTER_TIME'
        ? new Date(o.observedAt.getTime() + (condition.reset.afterMinutes ?? 0) * 60_000)
        : null,
    resetMode: condition.reset.mode,
    flapping,
    notifications: condition.notifications,
    notifyOnReset: condition.notifyOnReset,
  });
  // Under the device's lock no other transaction raises this key; the index holds even so.
  if (!row) return;
  work.active.set(keyOf(condition.id, o.instance), row);
  work.batch.add('RAISED', row, work.device, MONITORING);
  work.raised.push({ alert: row, condition, device: work.device });
};

type EngineResetReason = 'CLEARED' | 'TIME' | 'CONDITION_REMOVED';

const reset = async (work: DeviceWork, alert: AlertRow, reason: EngineResetReason, at: Date) => {
  const row = await alertsRepo.resetAlertRow(work.tx, alert.id, { reason, by: null, at });
  if (!row) return;
  work.active.delete(keyOf(alert.conditionId, alert.instance));
  work.batch.add('RESET', row, work.device, MONITORING);
};

const update = async (work: DeviceWork, alert: AlertRow, change: alertsRepo.AlertUpdate, detail: string) => {
  const row = await alertsRepo.updateAlert(work.tx, alert.id, change);
  work.active.set(keyOf(alert.conditionId, alert.instance), row);
  work.batch.add('UPDATED', row, work.device, MONITORING, detail);
};

/** One observation through the state machine of its key. */
const observe = async (work: DeviceWork, o: Observation) => {
  const key = keyOf(o.condition.condition.id, o.instance);
  const state = nextState(work, o, work.states.get(key));
  if (!state) {
    work.stale++;
    return;
  }
  // Written with the transaction's last statement (or alone when nothing else changed).
  work.states.set(key, state);
  work.changedStates.set(key, state);
  const { condition } = o.condition;
  const alert = work.active.get(key);
  if (o.triggered) {
    if (!alert) {
      const at = o.observedAt.getTime();
      if (work.windows.some((w) => w.start.getTime() <= at && at < w.end.getTime())) {
        work.suppressed++;
        return;
      }
      return raise(work, o, state.flapping);
    }
    const change: alertsRepo.AlertUpdate = {};
    if (alert.severity !== condition.severity) change.severity = condition.severity;
    if (alert.priority !== condition.priority) change.priority = condition.priority;
    if (alert.flapping !== state.flapping) change.flapping = state.flapping;
    if (Object.keys(change).length)
      await update(work, alert, change, change.severity ? `severity was ${alert.severity}` : 'flapping');
    return;
  }
  if (!alert) return;
  if (condition.reset.mode === 'WHEN_CLEARED' && !state.flapping)
    return reset(work, alert, 'CLEARED', o.observedAt);
  // Held: a flapping key's alert stays until the key is stable (the sweeper resets it then).
  if (alert.flapping !== state.flapping) await update(work, alert, { flapping: state.flapping }, 'flapping');
};

const reconcile = async (work: DeviceWork, full: Reconciliation) => {
  for (const alert of [...work.active.values()]) {
    if (!isAgentType(alert.conditionType)) continue;
    if (!full.conditions.has(alert.conditionId)) await reset(work, alert, 'CONDITION_REMOVED', full.at);
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
    await observe(work, {
      condition,
      instance,
      triggered: false,
      value: null,
      text: '',
      observedAt: full.at,
    });
  }
};

/** What a sweeper's step may do inside the device's transaction, after the observations. */
export type DeviceStep = {
  tx: Tx;
  device: DeviceRef;
  states: ReadonlyMap<string, repo.StateRow>;
  active: ReadonlyMap<string, AlertRow>;
  observe: (o: Observation) => Promise<void>;
  reset: (alert: AlertRow, reason: EngineResetReason, at: Date) => Promise<void>;
  update: (alert: AlertRow, change: alertsRepo.AlertUpdate, detail: string) => Promise<void>;
};

export type ApplyRequest = {
  deviceId: number;
  observations?: readonly Observation[];
  reconcile?: Reconciliation;
  /** Runs inside the transaction after the observations (the sweepers' time-based transitions). */
  step?: (step: DeviceStep) => Promise<void>;
  /** Skip when another transaction holds the device (the sweepers; a report waits its turn). */
  skipLocked?: boolean;
};

/** Applies observations to one device in one transaction; undefined when the device is gone (or locked). */
export const applyInTransaction = async (
  tx: Tx,
  settings: EngineSettings,
  request: ApplyRequest,
): Promise<ApplyOutcome | undefined> => {
  const loaded = await repo.lockAndLoad(tx, request.deviceId, request.skipLocked ?? false);
  if (!loaded) return undefined;
  const { device } = loaded;
  const work: DeviceWork = {
    tx,
    device,
    states: new Map(loaded.states.map((s) => [keyOf(s.conditionId, s.instance), s])),
    active: new Map(loaded.alerts.map((a) => [keyOf(a.conditionId, a.instance), a])),
    windows: loaded.windows,
    changedStates: new Map(),
    batch: createTransitionBatch(),
    raised: [],
    settings,
    stale: 0,
    suppressed: 0,
  };
  const ordered = [...(request.observations ?? [])].sort(
    (a, b) => a.observedAt.getTime() - b.observedAt.getTime(),
  );
  for (const o of ordered) await observe(work, o);
  if (request.reconcile) await reconcile(work, request.reconcile);
  await request.step?.({
    tx,
    device,
    states: work.states,
    active: work.active,
    observe: (o) => observe(work, o),
    reset: (alert, reason, at) => reset(work, alert, reason, at),
    update: (alert, change, detail) => update(work, alert, change, detail),
  });
  const expiresAt = new Date(Date.now() + settings.jobExpirySeconds * 1000);
  const automations =
    work.raised.length === 0
      ? { jobs: [], refusals: [] }
      : await storeAutomationJobs(tx, work.raised, expiresAt);
  await insertActivities(tx, automations.refusals);
  const states = [...work.changedStates.values()];
  const transitions = work.batch.size
    ? await work.batch.write(tx, states.length ? [repo.statesUpsertCte(states)] : [])
    : { changes: [], health: [] };
  if (!work.batch.size) await repo.saveStates(tx, states);
  return { transitions, jobs: automations.jobs, stale: work.stale, suppressed: work.suppressed };
};

/** Applies in one transaction and commits (the caller publishes the outcome). */
export const commit = (context: EngineContext, request: ApplyRequest) =>
  context.db.transaction((tx) => applyInTransaction(tx, context.settings, request));

/** Applies and commits, then tells consoles and agents (alert.changed, device status, automation jobs). */
export const apply = async (context: EngineContext, request: ApplyRequest) => {
  const outcome = await commit(context, request);
  if (outcome) await publishOutcome(context, outcome);
  return outcome;
};

export const publishOutcome = async (context: Pick<EngineContext, 'db' | 'bus'>, outcome: ApplyOutcome) => {
  if (outcome.jobs.length) dispatchJobs(context.bus, outcome.jobs);
  publishTransitions(context.bus, outcome.transitions);
};
