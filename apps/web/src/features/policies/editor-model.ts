import type {
  BackupPlanOverride,
  Condition,
  ConditionOverride,
  EffectiveBackupPlan,
  EffectiveCondition,
  EffectiveItem,
  EffectiveScheduledScript,
  NodeClass,
  Policy,
  PolicyBackupPlan,
  PolicyInput,
  PolicyItemOverride,
  PolicyScheduledScript,
  ScheduledScriptOverride,
} from '@rmm/domain';
import { orphanItemOverrides } from './item-model.ts';

/**
 * The policy editor's draft and what it does with inheritance: the rows of the conditions list (own,
 * inherited, overridden, deactivated) from the draft and its parent's effective conditions, and the
 * actions on them (override, deactivate, revert, add, edit, remove). Pure: the editor keeps the draft.
 */

export type PolicyDraft = {
  name: string;
  description: string;
  nodeClass: NodeClass;
  parentPolicyId: number | null;
  conditions: Condition[];
  overrides: ConditionOverride[];
  backupPlans: PolicyBackupPlan[];
  backupPlanOverrides: BackupPlanOverride[];
  scheduledScripts: PolicyScheduledScript[];
  scheduledScriptOverrides: ScheduledScriptOverride[];
};

/** The parent's effective backup plans and scheduled scripts (what the draft may override). */
export type ParentItems = {
  backupPlans: readonly EffectiveBackupPlan[];
  scheduledScripts: readonly EffectiveScheduledScript[];
};

export const noParentItems: ParentItems = { backupPlans: [], scheduledScripts: [] };

/** Every override of inherited things dropped (a class change: the parent goes). */
export const noOverrides = {
  overrides: [],
  backupPlanOverrides: [],
  scheduledScriptOverrides: [],
} satisfies Partial<PolicyDraft>;

export const emptyDraft = (): PolicyDraft => ({
  name: '',
  description: '',
  nodeClass: 'WINDOWS_WORKSTATION',
  parentPolicyId: null,
  conditions: [],
  overrides: [],
  backupPlans: [],
  backupPlanOverrides: [],
  scheduledScripts: [],
  scheduledScriptOverrides: [],
});

export const draftOfPolicy = (policy: Policy): PolicyDraft => ({
  name: policy.name,
  description: policy.description,
  nodeClass: policy.nodeClass,
  parentPolicyId: policy.parentPolicyId,
  conditions: policy.conditions,
  overrides: policy.overrides,
  backupPlans: policy.backupPlans,
  backupPlanOverrides: policy.backupPlanOverrides,
  scheduledScripts: policy.scheduledScripts,
  scheduledScriptOverrides: policy.scheduledScriptOverrides,
});

export type ConditionRowState = 'OWN' | 'INHERITED' | 'OVERRIDDEN' | 'DEACTIVATED' | 'PARENT_INACTIVE';

export type ConditionRow = {
  id: string;
  state: ConditionRowState;
  /** The condition as it applies here (the override's for an overridden one). */
  condition: Condition;
  /** The parent's version of an inherited condition. */
  inherited?: Condition;
  /** The policy that defined the condition first. */
  definedByName: string;
};

const overrideId = (override: ConditionOverride) =>
  override.kind === 'OVERRIDE' ? override.condition.id : override.conditionId;

/** Inherited conditions first (in the parent's order), then the policy's own. */
export const conditionRows = (
  draft: PolicyDraft,
  parentConditions: readonly EffectiveCondition[],
  selfName: string,
): ConditionRow[] => {
  const overrides = new Map(draft.overrides.map((o) => [overrideId(o), o]));
  const inherited = parentConditions.map((entry): ConditionRow => {
    const base = {
      id: entry.condition.id,
      inherited: entry.condition,
      definedByName: entry.definedByPolicyName,
    };
    const override = overrides.get(entry.condition.id);
    if (override?.kind === 'OVERRIDE') return { ...base, state: 'OVERRIDDEN', condition: override.condition };
    if (override?.kind === 'DEACTIVATE') return { ...base, state: 'DEACTIVATED', condition: entry.condition };
    return { ...base, state: entry.active ? 'INHERITED' : 'PARENT_INACTIVE', condition: entry.condition };
  });
  const own = draft.conditions.map(
    (condition): ConditionRow => ({ id: condition.id, state: 'OWN', condition, definedByName: selfName }),
  );
  return [...inherited, ...own];
};

const withoutOverride = (draft: PolicyDraft, id: string) =>
  draft.overrides.filter((o) => overrideId(o) !== id);

/** The policy's own version of an inherited condition (same id). */
export const overrideCondition = (draft: PolicyDraft, condition: Condition): PolicyDraft => ({
  ...draft,
  overrides: [...withoutOverride(draft, condition.id), { kind: 'OVERRIDE', condition }],
});

/** The inherited condition does not apply on this policy's devices. */
export const deactivateCondition = (draft: PolicyDraft, id: string): PolicyDraft => ({
  ...draft,
  overrides: [...withoutOverride(draft, id), { kind: 'DEACTIVATE', conditionId: id }],
});

/** Drops the override or deactivation: the inherited condition applies as the parent has it. */
export const revertCondition = (draft: PolicyDraft, id: string): PolicyDraft => ({
  ...draft,
  overrides: withoutOverride(draft, id),
});

/** Adds an own condition, or replaces the one with its id. */
export const saveOwnCondition = (draft: PolicyDraft, condition: Condition): PolicyDraft => {
  const exists = draft.conditions.some((c) => c.id === condition.id);
  return {
    ...draft,
    conditions: exists
      ? draft.conditions.map((c) => (c.id === condition.id ? condition : c))
      : [...draft.conditions, condition],
  };
};

export const removeOwnCondition = (draft: PolicyDraft, id: string): PolicyDraft => ({
  ...draft,
  conditions: draft.conditions.filter((c) => c.id !== id),
});

/** Overrides naming a condition the (new) parent does not have: dropped when the policy is saved. */
export const orphanOverrides = (draft: PolicyDraft, parentConditions: readonly EffectiveCondition[]) => {
  if (draft.parentPolicyId === null) return draft.overrides;
  const ids = new Set(parentConditions.map((e) => e.condition.id));
  return draft.overrides.filter((o) => !ids.has(overrideId(o)));
};

/** How many overrides of conditions, plans and scripts the (new) parent no longer allows. */
export const orphanCount = (
  draft: PolicyDraft,
  parentConditions: readonly EffectiveCondition[],
  parentItems: ParentItems,
) =>
  draft.parentPolicyId === null
    ? draft.overrides.length + draft.backupPlanOverrides.length + draft.scheduledScriptOverrides.length
    : orphanOverrides(draft, parentConditions).length +
      orphanItemOverrides(draft.backupPlanOverrides, parentItems.backupPlans).length +
      orphanItemOverrides(draft.scheduledScriptOverrides, parentItems.scheduledScripts).length;

/** The item overrides a known parent still allows (all of them while the parent is not known yet). */
const allowedOverrides = <T extends { id: string }>(
  draft: PolicyDraft,
  overrides: readonly PolicyItemOverride<T>[],
  parent: readonly EffectiveItem<T>[] | undefined,
): PolicyItemOverride<T>[] => {
  if (draft.parentPolicyId === null) return [];
  const orphans = new Set(parent ? orphanItemOverrides(overrides, parent) : []);
  return overrides.filter((o) => !orphans.has(o));
};

/**
 * The request body: trimmed texts, and only the overrides the parent still allows (all of them while the
 * parent's conditions or items are not known yet: undefined).
 */
export const policyInputOf = (
  draft: PolicyDraft,
  parentConditions: readonly EffectiveCondition[] | undefined,
  parentItems?: ParentItems,
): PolicyInput => {
  const orphans = new Set(parentConditions ? orphanOverrides(draft, parentConditions) : []);
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    nodeClass: draft.nodeClass,
    parentPolicyId: draft.parentPolicyId,
    conditions: draft.conditions,
    overrides: draft.parentPolicyId === null ? [] : draft.overrides.filter((o) => !orphans.has(o)),
    backupPlans: draft.backupPlans,
    backupPlanOverrides: allowedOverrides(draft, draft.backupPlanOverrides, parentItems?.backupPlans),
    scheduledScripts: draft.scheduledScripts,
    scheduledScriptOverrides: allowedOverrides(
      draft,
      draft.scheduledScriptOverrides,
      parentItems?.scheduledScripts,
    ),
  };
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the dry run tries: the own and overriding conditions that differ from the saved policy's (new ones
 * included), or, when none changed, every active condition of the draft.
 */
export const dryRunConditions = (
  draft: PolicyDraft,
  saved: Pick<PolicyDraft, 'conditions' | 'overrides'> | undefined,
  parentConditions: readonly EffectiveCondition[],
): { changed: boolean; conditions: Condition[] } => {
  const savedOwn = new Map((saved?.conditions ?? []).map((c) => [c.id, c]));
  const savedOverrides = new Map(
    (saved?.overrides ?? []).flatMap((o) => (o.kind === 'OVERRIDE' ? [[o.condition.id, o.condition]] : [])),
  );
  const changed = [
    ...draft.conditions.filter((c) => !same(savedOwn.get(c.id), c)),
    ...draft.overrides.flatMap((o) =>
      o.kind === 'OVERRIDE' && !same(savedOverrides.get(o.condition.id), o.condition) ? [o.condition] : [],
    ),
  ];
  if (changed.length > 0) return { changed: true, conditions: changed };
  const active = conditionRows(draft, parentConditions, '')
    .filter((row) => row.state === 'OWN' || row.state === 'INHERITED' || row.state === 'OVERRIDDEN')
    .map((row) => row.condition)
    .filter((condition) => condition.enabled);
  return { changed: false, conditions: active };
};
