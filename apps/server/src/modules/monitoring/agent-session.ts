import {
  type AgentConditionReport,
  type AgentHello,
  type ConditionType,
  checkObservation,
  type ServerMessage,
} from '@rmm/domain';
import { type DeviceConditionSet, deviceConditionSet } from './condition-sets.ts';
import { type EngineContext, keyOf, type Observation, type Reconciliation } from './engine.ts';
import type { PolicyScanCache } from './policy-scan.ts';
import type { ReportWriter } from './report-writer.ts';

/**
 * One agent connection's monitoring: the condition set it holds (sent after its hello when its hash differs,
 * and again whenever it changes), and its condition reports, checked against the set it was given, applied by
 * the engine, acknowledged (`conditionReportStored`) only after the commit.
 */

type Log = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type ConditionSessionContext = EngineContext & {
  scans: PolicyScanCache;
  writer: ReportWriter;
  log: Log;
  now?: () => Date;
};

export const createConditionSession = (
  context: ConditionSessionContext,
  deviceId: number,
  send: (message: ServerMessage) => void,
) => {
  const now = context.now ?? (() => new Date());
  /** Types the agent samples; undefined: an agent without monitoring (it gets no set). */
  let capabilities: ConditionType[] | undefined;
  /** The hash of the set the agent holds, as far as we know. */
  let agentHash: string | null = null;
  let current: DeviceConditionSet | undefined;
  let refreshing = Promise.resolve();

  const compute = async () => {
    current = await deviceConditionSet(context.db, context.scans, deviceId, capabilities);
    return current;
  };

  /** Conditions whose severity or priority the policy changed: their ACTIVE alerts follow at once. */
  const regraded = (before: DeviceConditionSet | undefined, after: DeviceConditionSet) =>
    [...after.byKey.values()].filter(({ condition }) => {
      const old = before?.byKey.get(condition.id)?.condition;
      return (
        old !== undefined && (old.severity !== condition.severity || old.priority !== condition.priority)
      );
    });

  const sendIfChanged = async () => {
    if (!capabilities) return;
    const before = current;
    const set = await compute();
    if (!set) return;
    const changed = regraded(before, set);
    if (changed.length)
      await context.writer.submit({
        deviceId,
        step: async (step) => {
          for (const alert of [...step.active.values()]) {
            const next = changed.find((c) => c.condition.id === alert.conditionId)?.condition;
            if (next && (alert.severity !== next.severity || alert.priority !== next.priority))
              step.update(
                alert,
                { severity: next.severity, priority: next.priority },
                `severity was ${alert.severity}`,
              );
          }
        },
      });
    if (set.hash === agentHash) return;
    send({ v: 1, type: 'conditionSet', conditionSetHash: set.hash, conditions: set.conditions });
    agentHash = set.hash;
  };

  /** Recomputes the set (policies changed, the device changed) and sends it when it differs; one at a time. */
  const refresh = () => {
    refreshing = refreshing
      .then(sendIfChanged)
      .catch((error) => context.log.error({ err: error, deviceId }, 'condition set refresh failed'));
    return refreshing;
  };

  const onHello = (hello: AgentHello) => {
    capabilities = hello.conditionCapabilities;
    agentHash = hello.conditionSetHash ?? null;
    return refresh();
  };

  const onReport = async (report: AgentConditionReport) => {
    await refreshing;
    const set = current ?? (await compute());
    const at = now();
    const observations: Observation[] = [];
    const refused: string[] = [];
    for (const o of report.observations) {
      const condition = set?.byKey.get(o.key);
      if (!condition) {
        refused.push(`${o.key}: not a condition this device was given`);
        continue;
      }
      const check = checkObservation(condition.condition, o);
      if (!check.ok) {
        refused.push(`${o.key}: ${check.reason}`);
        continue;
      }
      // An agent's clock ahead of ours must not make later observations look older.
      const observedAt = new Date(Math.min(Date.parse(o.observedAt), at.getTime()));
      observations.push({
        condition,
        instance: check.instance,
        triggered: o.triggered,
        value: o.value,
        text: o.text,
        observedAt,
      });
    }
    if (refused.length)
      context.log.warn(
        { deviceId, reportId: report.reportId, refused },
        'condition report: observations refused (not stored)',
      );
    // A full report is the agent's whole state only when made under the set we hold and wholly understood.
    const reconcile: Reconciliation | undefined =
      report.full && set && report.conditionSetHash === set.hash && refused.length === 0
        ? {
            // The report carries no time of its own: its latest observation's, else now.
            at: observations.length
              ? new Date(Math.max(...observations.map((o) => o.observedAt.getTime())))
              : at,
            conditions: set.byKey,
            triggered: new Set(
              observations.filter((o) => o.triggered).map((o) => keyOf(o.condition.condition.id, o.instance)),
            ),
          }
        : undefined;
    if (observations.length || reconcile)
      await context.writer.submit({ deviceId, observations, ...(reconcile ? { reconcile } : {}) });
    // Committed: the agent may forget the report.
    send({ v: 1, type: 'conditionReportStored', reportId: report.reportId });
  };

  return {
    onHello,
    onReport,
    refresh,
    /** Whether the set last computed holds network conditions (a probe: any policy change may concern it). */
    isProbe: () => current?.probes ?? false,
  };
};

export type ConditionSession = ReturnType<typeof createConditionSession>;
