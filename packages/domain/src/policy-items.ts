import * as z from 'zod';
import { BackupPlanFields, checkBackupPlanFields } from './backup-plans.ts';
import { ScheduledTaskFields } from './scheduled-tasks.ts';

/**
 * What a policy holds besides conditions (issue 19 item 1, issue 18 item 5): backup plans and scheduled
 * scripts, inherited by child policies as conditions are (an own item, an override of an inherited one under
 * its id, a deactivation, a revert) and run on every device the policy applies to (resolve.ts: device,
 * location, organization default, and dynamic policies on top). Patch settings arrive with patch management.
 * Rules in docs/decisions.md, "Policies".
 */

export const MAX_POLICY_BACKUP_PLANS = 20;
export const MAX_POLICY_SCHEDULED_SCRIPTS = 50;

/** A policy serves every organization: a share's credential is one organization's, so CLOUD and LOCAL only. */
export const policyBackupDestinationTypes = ['CLOUD', 'LOCAL'] as const;
/** A policy's plan runs on its schedule only (no "Run now" for it yet). */
export const policyBackupScheduleTypes = ['DAILY', 'WEEKLY', 'MONTHLY', 'INTERVAL'] as const;
/** A policy's script runs on the clock (no "Run now", no agent events for it yet). */
export const policyScriptScheduleTypes = ['DAILY', 'WEEKLY', 'MONTHLY', 'RUN_ONCE', 'INTERVAL'] as const;

export const policyItemMessages = {
  backupDestination:
    "A policy's backup plan goes to the cloud or to a local folder: a network share needs one organization's credential.",
  backupSchedule: "A policy's backup plan runs daily, weekly, monthly or at an interval.",
  scriptSchedule: "A policy's scheduled script runs daily, weekly, monthly, once or at an interval.",
  scriptCredential:
    "A policy's scheduled script cannot run as one organization's credential: choose a preferred credential, another option or a user.",
} as const;

const includes = (list: readonly string[], value: string) => list.includes(value);

/** A backup plan of a policy: the organization plan's fields (targets are the policy's devices) and a stable id. */
export const PolicyBackupPlan = /* @__PURE__ */ BackupPlanFields.extend({ id: z.string().uuid() })
  .strict()
  .superRefine((plan, ctx) => {
    checkBackupPlanFields(plan, ctx);
    if (!includes(policyBackupDestinationTypes, plan.destination.type))
      ctx.addIssue({ code: 'custom', path: ['destination'], message: policyItemMessages.backupDestination });
    if (!includes(policyBackupScheduleTypes, plan.schedule.scheduleType))
      ctx.addIssue({
        code: 'custom',
        path: ['schedule', 'scheduleType'],
        message: policyItemMessages.backupSchedule,
      });
  });
export type PolicyBackupPlan = z.output<typeof PolicyBackupPlan>;
export type PolicyBackupPlanInput = z.input<typeof PolicyBackupPlan>;

/** A scheduled script of a policy: a scheduled task's fields (targets are the policy's devices) and a stable id. */
export const PolicyScheduledScript = /* @__PURE__ */ ScheduledTaskFields.extend({ id: z.string().uuid() })
  .strict()
  .superRefine((task, ctx) => {
    if (!includes(policyScriptScheduleTypes, task.schedule.scheduleType))
      ctx.addIssue({
        code: 'custom',
        path: ['schedule', 'scheduleType'],
        message: policyItemMessages.scriptSchedule,
      });
    task.actions.forEach((action, i) => {
      if (typeof action.runAs === 'object' && 'credentialId' in action.runAs)
        ctx.addIssue({
          code: 'custom',
          path: ['actions', i, 'runAs'],
          message: policyItemMessages.scriptCredential,
        });
    });
  });
export type PolicyScheduledScript = z.output<typeof PolicyScheduledScript>;
export type PolicyScheduledScriptInput = z.input<typeof PolicyScheduledScript>;

/** A child policy's change to one inherited item: its own version under the same id, or a deactivation. */
const itemOverride = <T extends z.ZodType>(item: T) =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('OVERRIDE'), item }).strict(),
    z.object({ kind: z.literal('DEACTIVATE'), id: z.string().uuid() }).strict(),
  ]);
export const BackupPlanOverride = /* @__PURE__ */ itemOverride(PolicyBackupPlan);
export type BackupPlanOverride = z.output<typeof BackupPlanOverride>;
export const ScheduledScriptOverride = /* @__PURE__ */ itemOverride(PolicyScheduledScript);
export type ScheduledScriptOverride = z.output<typeof ScheduledScriptOverride>;
export type PolicyItemOverride<T> = { kind: 'OVERRIDE'; item: T } | { kind: 'DEACTIVATE'; id: string };

const effectiveOf = <T extends z.ZodType>(item: T) =>
  z.object({
    item,
    /** The policy that defined the item first. */
    definedByPolicyId: z.number().int(),
    definedByPolicyName: z.string(),
    /** The policy whose version applies: the definer's, or the last override's. */
    sourcePolicyId: z.number().int(),
    origin: z.enum(['OWN', 'INHERITED', 'OVERRIDDEN']),
    /** False when this policy (or one between) deactivated it. */
    active: z.boolean(),
  });
export const EffectiveBackupPlan = /* @__PURE__ */ effectiveOf(PolicyBackupPlan);
export type EffectiveBackupPlan = z.output<typeof EffectiveBackupPlan>;
export const EffectiveScheduledScript = /* @__PURE__ */ effectiveOf(PolicyScheduledScript);
export type EffectiveScheduledScript = z.output<typeof EffectiveScheduledScript>;
export type EffectiveItem<T> = {
  item: T;
  definedByPolicyId: number;
  definedByPolicyName: string;
  sourcePolicyId: number;
  origin: 'OWN' | 'INHERITED' | 'OVERRIDDEN';
  active: boolean;
};

/** One policy of a chain as item inheritance needs it. */
export type ItemLayer<T extends { id: string }> = {
  id: number;
  name: string;
  items: readonly T[];
  overrides: readonly PolicyItemOverride<T>[];
};

/**
 * The items of the last policy of a chain (root first), as `effectiveConditionsOf` does for conditions: every
 * ancestor's items in order, each replaced by the latest override or deactivated by the latest deactivation;
 * a policy's own items after those it inherits. An override naming an item no ancestor has is ignored here
 * (the server refuses it on save).
 */
export const effectiveItemsOf = <T extends { id: string }>(
  chain: readonly ItemLayer<T>[],
): EffectiveItem<T>[] => {
  const byId = new Map<string, EffectiveItem<T>>();
  chain.forEach((layer, depth) => {
    const isOwn = depth === chain.length - 1;
    for (const entry of byId.values()) entry.origin = 'INHERITED';
    for (const override of layer.overrides) {
      const inherited = byId.get(override.kind === 'OVERRIDE' ? override.item.id : override.id);
      if (!inherited) continue;
      if (override.kind === 'OVERRIDE') {
        inherited.item = override.item;
        inherited.sourcePolicyId = layer.id;
        inherited.active = true;
      } else inherited.active = false;
      inherited.origin = 'OVERRIDDEN';
    }
    for (const item of layer.items)
      byId.set(item.id, {
        item,
        definedByPolicyId: layer.id,
        definedByPolicyName: layer.name,
        sourcePolicyId: layer.id,
        origin: isOwn ? 'OWN' : 'INHERITED',
        active: true,
      });
  });
  return [...byId.values()];
};

/** The id an override names. */
export const overriddenItemId = <T extends { id: string }>(override: PolicyItemOverride<T>) =>
  override.kind === 'OVERRIDE' ? override.item.id : override.id;

/** Items by id across layers (assigned policy first, then dynamic ones): a later layer's entry replaces an earlier one. */
export const mergeItemLayers = <T extends { id: string }>(
  layers: readonly (readonly EffectiveItem<T>[])[],
): EffectiveItem<T>[] => {
  const byId = new Map<string, EffectiveItem<T>>();
  for (const layer of layers) for (const entry of layer) byId.set(entry.item.id, entry);
  return [...byId.values()];
};
