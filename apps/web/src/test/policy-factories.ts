import {
  type BackupPlanOverride,
  type Condition,
  type ConditionOverride,
  defaultBackupRetention,
  defaultBackupSchedule,
  type EffectiveCondition,
  effectiveConditionsOf,
  effectiveItemsOf,
  type Policy,
  type PolicyBackupPlan,
  type PolicyScheduledScript,
  type PolicySummary,
  type ScheduledScriptOverride,
} from '@rmm/domain';

/** Test data of the policies feature. */

let counter = 0;
const uuid = () => {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export const createCondition = (overrides: Partial<Condition> & Record<string, unknown> = {}): Condition =>
  ({
    id: uuid(),
    name: 'CPU above 90 %',
    enabled: true,
    severity: 'MAJOR',
    priority: 'HIGH',
    reset: { mode: 'WHEN_CLEARED' },
    notifyOnReset: false,
    notifications: [],
    ticketing: { mode: 'NONE' },
    automations: [],
    probeDeviceId: null,
    type: 'CPU',
    parameters: { operator: 'ABOVE', thresholdPercent: 90, durationMinutes: 5 },
    ...overrides,
  }) as Condition;

/** A policy's backup plan: daily at 17:00 UTC to the cloud. */
export const createPolicyBackupPlan = (overrides: Partial<PolicyBackupPlan> = {}): PolicyBackupPlan => ({
  id: uuid(),
  name: 'Documents',
  description: '',
  kind: 'fileFolder',
  include: ['/home'],
  exclude: [],
  destination: { type: 'CLOUD' },
  schedule: defaultBackupSchedule('UTC'),
  retention: defaultBackupRetention,
  enabled: true,
  ...overrides,
});

/** A policy's scheduled script: library script 7, daily at 17:00 UTC. */
export const createPolicyScheduledScript = (
  overrides: Partial<PolicyScheduledScript> = {},
): PolicyScheduledScript => ({
  id: uuid(),
  name: 'Clean temp',
  description: '',
  enabled: true,
  schedule: { ...defaultBackupSchedule('UTC') },
  actions: [{ scriptId: 7, parameters: [] }],
  offlineDevices: 'RUN_WHEN_ONLINE',
  ...overrides,
});

/** A policy with its effective conditions, plans and scripts worked out from its chain (parents root first). */
export const createPolicy = (
  overrides: Partial<Policy> & { conditions?: Condition[]; overrides?: ConditionOverride[] } = {},
  parents: Policy[] = [],
): Policy => {
  const base = {
    id: 1,
    name: 'Servers',
    description: '',
    nodeClass: 'LINUX_SERVER' as const,
    parentPolicyId: null,
    parentPolicyName: null,
    conditions: [] as Condition[],
    overrides: [] as ConditionOverride[],
    backupPlans: [] as PolicyBackupPlan[],
    backupPlanOverrides: [] as BackupPlanOverride[],
    scheduledScripts: [] as PolicyScheduledScript[],
    scheduledScriptOverrides: [] as ScheduledScriptOverride[],
    deviceCount: 0,
    version: 0,
    createTime: '2025-01-01T00:00:00.000Z',
    updateTime: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
  const chain = [...parents, base];
  const effectiveConditions: EffectiveCondition[] = effectiveConditionsOf(chain);
  const effectiveBackupPlans = effectiveItemsOf(
    chain.map((p) => ({ id: p.id, name: p.name, items: p.backupPlans, overrides: p.backupPlanOverrides })),
  );
  const effectiveScheduledScripts = effectiveItemsOf(
    chain.map((p) => ({
      id: p.id,
      name: p.name,
      items: p.scheduledScripts,
      overrides: p.scheduledScriptOverrides,
    })),
  );
  return { ...base, effectiveConditions, effectiveBackupPlans, effectiveScheduledScripts };
};

export const summaryOf = (policy: Policy): PolicySummary => {
  const {
    conditions,
    overrides: _o,
    effectiveConditions: _e,
    backupPlans: _bp,
    backupPlanOverrides: _bo,
    effectiveBackupPlans: _eb,
    scheduledScripts: _ss,
    scheduledScriptOverrides: _so,
    effectiveScheduledScripts: _es,
    ...rest
  } = policy;
  return { ...rest, conditionCount: conditions.length };
};
