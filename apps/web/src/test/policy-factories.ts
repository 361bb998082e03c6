import {
  type Condition,
  type ConditionOverride,
  type EffectiveCondition,
  effectiveConditionsOf,
  type Policy,
  type PolicySummary,
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

/** A policy with its effective conditions worked out from its chain (parents root first). */
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
    deviceCount: 0,
    version: 0,
    createTime: '2025-01-01T00:00:00.000Z',
    updateTime: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
  const effectiveConditions: EffectiveCondition[] = effectiveConditionsOf([...parents, base]);
  return { ...base, effectiveConditions };
};

export const summaryOf = (policy: Policy): PolicySummary => {
  const { conditions, overrides: _o, effectiveConditions: _e, ...rest } = policy;
  return { ...rest, conditionCount: conditions.length };
};
