import * as z from 'zod';
import { Condition, MAX_CONDITIONS_PER_POLICY } from './conditions.ts';
import { NodeClass } from './devices.ts';
import { listOf, PageQuery } from './http.ts';
import {
  BackupPlanOverride,
  EffectiveBackupPlan,
  EffectiveScheduledScript,
  MAX_POLICY_BACKUP_PLANS,
  MAX_POLICY_SCHEDULED_SCRIPTS,
  PolicyBackupPlan,
  PolicyScheduledScript,
  ScheduledScriptOverride,
} from './policy-items.ts';
import { SearchCriteria } from './searches.ts';

/**
 * Agent policies (issue 19; spec §2 `/administration/policies/agent`, `/editor/policy/*`,
 * `/administration/dynamicPolicies`). A policy is made for one device class (`nodeClass`: the device role's
 * class) and holds conditions, backup plans and scheduled scripts (policy-items.ts; patch settings arrive with
 * patch management). A child policy inherits every condition, plan and script of its parent and may override
 * one (its own copy under the same id), deactivate one, or revert either (drop the override). Assignment: per organization a default policy per device role,
 * a location may override it, a device may override both. Dynamic policies add their conditions on top for
 * the devices their criteria match. Reading needs `policies.view`, changing `policies.manage`.
 */

export const POLICY_NAME_MAX = 200;
export const POLICY_DESCRIPTION_MAX = 2000;
/** How deep inheritance may go (a policy, its parent, ...). */
export const MAX_POLICY_DEPTH = 10;

/** A child policy's change to one inherited condition. */
export const ConditionOverride = /* @__PURE__ */ z.discriminatedUnion('kind', [
  /** The child's own version of the inherited condition (same `id`). */
  z.object({ kind: z.literal('OVERRIDE'), condition: Condition }).strict(),
  /** The inherited condition does not apply on the child's devices. */
  z.object({ kind: z.literal('DEACTIVATE'), conditionId: z.string().uuid() }).strict(),
]);
export type ConditionOverride = z.output<typeof ConditionOverride>;

const policyName = /* @__PURE__ */ z.string().trim().min(1).max(POLICY_NAME_MAX);
const policyDescription = /* @__PURE__ */ z.string().trim().max(POLICY_DESCRIPTION_MAX).default('');

export const PolicyInput = /* @__PURE__ */ z
  .object({
    name: policyName,
    description: policyDescription,
    nodeClass: NodeClass,
    parentPolicyId: z.number().int().positive().nullable().default(null),
    /** The policy's own conditions (not inherited ones). */
    conditions: z.array(Condition).max(MAX_CONDITIONS_PER_POLICY).default([]),
    /** Changes to inherited conditions; only a policy with a parent has them. */
    overrides: z.array(ConditionOverride).max(MAX_CONDITIONS_PER_POLICY).default([]),
    /** The policy's own backup plans, run on its devices. */
    backupPlans: z.array(PolicyBackupPlan).max(MAX_POLICY_BACKUP_PLANS).default([]),
    backupPlanOverrides: z.array(BackupPlanOverride).max(MAX_POLICY_BACKUP_PLANS).default([]),
    /** The policy's own scheduled scripts, run on its devices. */
    scheduledScripts: z.array(PolicyScheduledScript).max(MAX_POLICY_SCHEDULED_SCRIPTS).default([]),
    scheduledScriptOverrides: z.array(ScheduledScriptOverride).max(MAX_POLICY_SCHEDULED_SCRIPTS).default([]),
  })
  .strict()
  .superRefine((policy, ctx) => {
    const uniqueIds = (list: readonly { id: string }[], path: string, message: string) => {
      const ids = new Set<string>();
      list.forEach((item, i) => {
        if (ids.has(item.id)) ctx.addIssue({ code: 'custom', path: [path, i, 'id'], message });
        ids.add(item.id);
      });
    };
    uniqueIds(policy.conditions, 'conditions', 'Two conditions have one id');
    uniqueIds(policy.backupPlans, 'backupPlans', 'Two backup plans have one id');
    uniqueIds(policy.scheduledScripts, 'scheduledScripts', 'Two scheduled scripts have one id');
    if (policy.parentPolicyId === null && policy.overrides.length)
      ctx.addIssue({
        code: 'custom',
        path: ['overrides'],
        message: 'Only a policy with a parent overrides conditions',
      });
    for (const key of ['backupPlanOverrides', 'scheduledScriptOverrides'] as const)
      if (policy.parentPolicyId === null && policy[key].length)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'Only a policy with a parent overrides backup plans and scheduled scripts',
        });
  });
export type PolicyInput = z.input<typeof PolicyInput>;

export const CreatePolicyRequest = PolicyInput;
export type CreatePolicyRequest = z.input<typeof CreatePolicyRequest>;

/** The whole policy again, with the version read: an older version is refused with 409. */
export const UpdatePolicyRequest = /* @__PURE__ */ z
  .object({ policy: PolicyInput, version: z.number().int().nonnegative() })
  .strict();
export type UpdatePolicyRequest = z.input<typeof UpdatePolicyRequest>;

/** A condition as it applies on the policy's devices: own, inherited, or inherited and overridden. */
export const EffectiveCondition = /* @__PURE__ */ z.object({
  condition: Condition,
  /** The policy that defined the condition first (this one for its own). */
  definedByPolicyId: z.number().int(),
  definedByPolicyName: z.string(),
  origin: z.enum(['OWN', 'INHERITED', 'OVERRIDDEN']),
  /** False when this policy (or one between) deactivated it. */
  active: z.boolean(),
});
export type EffectiveCondition = z.infer<typeof EffectiveCondition>;

export const Policy = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  nodeClass: NodeClass,
  parentPolicyId: z.number().int().nullable(),
  parentPolicyName: z.string().nullable(),
  conditions: z.array(Condition),
  overrides: z.array(ConditionOverride),
  /** Own, inherited and overridden conditions, as they apply. */
  effectiveConditions: z.array(EffectiveCondition),
  backupPlans: z.array(PolicyBackupPlan),
  backupPlanOverrides: z.array(BackupPlanOverride),
  /** Own, inherited and overridden backup plans, as they apply. */
  effectiveBackupPlans: z.array(EffectiveBackupPlan),
  scheduledScripts: z.array(PolicyScheduledScript),
  scheduledScriptOverrides: z.array(ScheduledScriptOverride),
  /** Own, inherited and overridden scheduled scripts, as they apply. */
  effectiveScheduledScripts: z.array(EffectiveScheduledScript),
  /** Devices the policy applies to now (assigned directly, by location or by organization default). */
  deviceCount: z.number().int(),
  version: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Policy = z.infer<typeof Policy>;

export const PolicySummary = /* @__PURE__ */ Policy.omit({
  conditions: true,
  overrides: true,
  effectiveConditions: true,
  backupPlans: true,
  backupPlanOverrides: true,
  effectiveBackupPlans: true,
  scheduledScripts: true,
  scheduledScriptOverrides: true,
  effectiveScheduledScripts: true,
}).extend({ conditionCount: z.number().int() });
export type PolicySummary = z.infer<typeof PolicySummary>;

export const PolicyResponse = /* @__PURE__ */ z.object({ policy: Policy });
export type PolicyResponse = z.infer<typeof PolicyResponse>;

export const ListPoliciesQuery = /* @__PURE__ */ PageQuery.extend({
  search: z.string().trim().max(200).optional(),
  nodeClass: NodeClass.optional(),
});
export type ListPoliciesQuery = z.output<typeof ListPoliciesQuery>;
export const ListPoliciesResponse = /* @__PURE__ */ listOf(PolicySummary);
export type ListPoliciesResponse = z.infer<typeof ListPoliciesResponse>;

// ---- assignment ----

/** Per device role: the policy for the organization's devices of that role (null: none). */
export const RolePolicy = /* @__PURE__ */ z.object({
  nodeRoleId: z.number().int().positive(),
  policyId: z.number().int().positive().nullable(),
});
export type RolePolicy = z.infer<typeof RolePolicy>;

export const OrganizationPolicies = /* @__PURE__ */ z.object({
  /** The organization's defaults per device role. */
  defaults: z.array(RolePolicy),
  /** A location's overrides per device role. */
  locations: z.array(z.object({ locationId: z.number().int().positive(), policies: z.array(RolePolicy) })),
});
export type OrganizationPolicies = z.infer<typeof OrganizationPolicies>;
/** PUT replaces the organization's whole assignment; a policy of another device class than the role's is refused. */
export const SetOrganizationPoliciesRequest = /* @__PURE__ */ OrganizationPolicies.strict();
export type SetOrganizationPoliciesRequest = z.input<typeof SetOrganizationPoliciesRequest>;

/** PUT a device's own policy (null: follow its location and organization). */
export const SetDevicePolicyRequest = /* @__PURE__ */ z
  .object({ policyId: z.number().int().positive().nullable() })
  .strict();
export type SetDevicePolicyRequest = z.input<typeof SetDevicePolicyRequest>;

/** Where a device's policy comes from, and the conditions, backup plans and scripts that apply to it (dynamic ones included). */
export const DevicePolicyResponse = /* @__PURE__ */ z.object({
  policyId: z.number().int().nullable(),
  policyName: z.string().nullable(),
  source: z.enum(['DEVICE', 'LOCATION', 'ORGANIZATION', 'NONE']),
  dynamicPolicies: z.array(z.object({ id: z.number().int(), name: z.string() })),
  conditions: z.array(EffectiveCondition),
  backupPlans: z.array(EffectiveBackupPlan),
  scheduledScripts: z.array(EffectiveScheduledScript),
});
export type DevicePolicyResponse = z.infer<typeof DevicePolicyResponse>;

// ---- dynamic policies ----

export const DynamicPolicyInput = /* @__PURE__ */ z
  .object({
    name: policyName,
    description: policyDescription,
    enabled: z.boolean().default(true),
    /** Saved-search criteria (searches.ts): the devices it applies to. */
    criteria: SearchCriteria,
    /** Its conditions are layered on top of a device's assigned policy. */
    policyId: z.number().int().positive(),
    /** Lower first; on the same condition id the later layer wins. */
    order: z.number().int().min(0).max(10_000).default(100),
  })
  .strict();
export type DynamicPolicyInput = z.input<typeof DynamicPolicyInput>;

export const DynamicPolicy = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  criteria: SearchCriteria,
  policyId: z.number().int(),
  policyName: z.string(),
  order: z.number().int(),
  /** Devices its criteria match now, in the caller's organizations. */
  deviceCount: z.number().int(),
  version: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type DynamicPolicy = z.infer<typeof DynamicPolicy>;
export const ListDynamicPoliciesResponse = /* @__PURE__ */ listOf(DynamicPolicy);
export type ListDynamicPoliciesResponse = z.infer<typeof ListDynamicPoliciesResponse>;
/** Dynamic policies by their order (then id); `search` matches the name. */
export const ListDynamicPoliciesQuery = /* @__PURE__ */ PageQuery.extend({
  search: z.string().trim().max(200).optional(),
});
export type ListDynamicPoliciesQuery = z.output<typeof ListDynamicPoliciesQuery>;
export const DynamicPolicyResponse = /* @__PURE__ */ z.object({ dynamicPolicy: DynamicPolicy });
export type DynamicPolicyResponse = z.infer<typeof DynamicPolicyResponse>;
export const UpdateDynamicPolicyRequest = /* @__PURE__ */ z
  .object({ dynamicPolicy: DynamicPolicyInput, version: z.number().int().nonnegative() })
  .strict();
export type UpdateDynamicPolicyRequest = z.input<typeof UpdateDynamicPolicyRequest>;

// ---- dry run ----

/** Before saving: which devices each changed condition would trigger on now, from the latest samples. */
export const PolicyDryRunRequest = /* @__PURE__ */ z
  .object({ conditions: z.array(Condition).min(1).max(MAX_CONDITIONS_PER_POLICY) })
  .strict();
export type PolicyDryRunRequest = z.input<typeof PolicyDryRunRequest>;

/**
 * Why a device did not judge a condition the server asked its agent about: OFFLINE (down, or no server process
 * holds its connection), TIMEOUT (no answer in time: busy, or an agent too old to know the request),
 * UNSUPPORTED (its agent cannot sample the type there), FAILED (the sample failed; `text` says why).
 */
export const dryRunNotJudgedReasons = ['OFFLINE', 'TIMEOUT', 'UNSUPPORTED', 'FAILED'] as const;
export type DryRunNotJudgedReason = (typeof dryRunNotJudgedReasons)[number];

export const PolicyDryRunResponse = /* @__PURE__ */ z.object({
  results: z.array(
    z.object({
      conditionId: z.string(),
      /** False when nothing could judge it: a type no agent sampled, or no device answered. */
      evaluated: z.boolean(),
      /** SERVER: from what the server stores; AGENTS: the devices' agents sampled it now; null: not judged. */
      judgedBy: z.enum(['SERVER', 'AGENTS']).nullable(),
      /** The devices it was judged on (those that answered, for AGENTS). */
      judgedCount: z.number().int().min(0),
      /** Where it would trigger now (at most DRY_RUN_MAX_DEVICES). */
      devices: z.array(
        z.object({
          deviceId: z.number().int(),
          displayName: z.string(),
          instance: z.string(),
          value: z.number().nullable(),
          /** What the agent saw ('' when judged by the server). */
          text: z.string(),
        }),
      ),
      /** Devices asked that could not judge it, and why (at most DRY_RUN_MAX_DEVICES; `notJudgedCount` all). */
      notJudged: z.array(
        z.object({
          deviceId: z.number().int(),
          displayName: z.string(),
          reason: z.enum(dryRunNotJudgedReasons),
          text: z.string(),
        }),
      ),
      notJudgedCount: z.number().int().min(0),
    }),
  ),
});
export type PolicyDryRunResponse = z.infer<typeof PolicyDryRunResponse>;

/** Messages of policy changes refused (docs/decisions.md "Policies"). */
export const policyMessages = {
  POLICY_NOT_FOUND: 'The policy does not exist.',
  POLICY_NAME_TAKEN: 'A policy with this name already exists.',
  POLICY_CYCLE: 'A policy cannot inherit from itself or from one of its own children.',
  POLICY_PARENT_CLASS: 'A policy inherits only from a policy of the same device class.',
  POLICY_TOO_DEEP: `Policies inherit at most ${MAX_POLICY_DEPTH} levels deep.`,
  POLICY_OVERRIDE_UNKNOWN: 'An override names a condition the parent policy does not have.',
  POLICY_IN_USE: 'The policy is assigned or has child policies; reassign them first.',
  POLICY_CLASS_MISMATCH: "The policy is for another device class than the role's.",
  POLICY_VERSION_CONFLICT: 'Someone else saved this policy meanwhile. Reload it and make your change again.',
  DYNAMIC_POLICY_NOT_FOUND: 'The dynamic policy does not exist.',
  POLICY_CONDITION_CLASS: "A condition's type does not run on the policy's device class.",
  POLICY_OVERRIDE_TYPE: 'An override keeps the type of the condition it overrides.',
  POLICY_CONDITION_INHERITED: 'A condition has the id of an inherited one: override it instead.',
  POLICY_OVERRIDE_TWICE: 'Two overrides name one inherited condition.',
  POLICY_SCRIPT_NOT_FOUND: 'A condition runs a script that is not in the script library.',
  POLICY_CHANNEL_NOT_FOUND: 'A condition notifies a notification channel that does not exist.',
  POLICY_RULESET_NOT_FOUND: 'A condition names a ticket ruleset that does not exist.',
  POLICY_RULESET_NOT_CONDITION: 'A condition names a ticket ruleset that is not a condition ruleset.',
  POLICY_PROBE_NOT_FOUND: "A network condition's probe device does not exist or is not one of yours.",
  POLICY_ASSIGNMENT_INVALID:
    'The assignment names a device role twice or a location of another organization.',
  DYNAMIC_POLICY_NAME_TAKEN: 'A dynamic policy with this name already exists.',
  DYNAMIC_POLICY_VERSION_CONFLICT:
    'Someone else saved this dynamic policy meanwhile. Reload it and make your change again.',
  POLICY_ITEM_OVERRIDE_UNKNOWN:
    'An override names a backup plan or scheduled script the parent policy does not have.',
  POLICY_ITEM_OVERRIDE_TWICE: 'Two overrides name one inherited backup plan or scheduled script.',
  POLICY_ITEM_INHERITED:
    'A backup plan or scheduled script has the id of an inherited one: override it instead.',
  POLICY_SCHEDULED_SCRIPT_NOT_FOUND: 'A scheduled script runs a script that is not in the script library.',
  POLICY_BACKUP_FORBIDDEN: "Changing a policy's backup plans needs the permission to manage backup.",
  POLICY_SCRIPTS_FORBIDDEN:
    "Changing a policy's scheduled scripts needs the permission to manage scheduled tasks.",
} as const;
export type PolicyMessageCode = keyof typeof policyMessages;

/** The HTTP status of each refusal. */
export const policyErrorStatus = {
  POLICY_NOT_FOUND: 404,
  POLICY_NAME_TAKEN: 409,
  POLICY_CYCLE: 400,
  POLICY_PARENT_CLASS: 400,
  POLICY_TOO_DEEP: 400,
  POLICY_OVERRIDE_UNKNOWN: 400,
  POLICY_IN_USE: 409,
  POLICY_CLASS_MISMATCH: 400,
  POLICY_VERSION_CONFLICT: 409,
  DYNAMIC_POLICY_NOT_FOUND: 404,
  POLICY_CONDITION_CLASS: 400,
  POLICY_OVERRIDE_TYPE: 400,
  POLICY_CONDITION_INHERITED: 400,
  POLICY_OVERRIDE_TWICE: 400,
  POLICY_SCRIPT_NOT_FOUND: 400,
  POLICY_CHANNEL_NOT_FOUND: 400,
  POLICY_RULESET_NOT_FOUND: 400,
  POLICY_RULESET_NOT_CONDITION: 400,
  POLICY_PROBE_NOT_FOUND: 400,
  POLICY_ASSIGNMENT_INVALID: 400,
  DYNAMIC_POLICY_NAME_TAKEN: 409,
  DYNAMIC_POLICY_VERSION_CONFLICT: 409,
  POLICY_ITEM_OVERRIDE_UNKNOWN: 400,
  POLICY_ITEM_OVERRIDE_TWICE: 400,
  POLICY_ITEM_INHERITED: 400,
  POLICY_SCHEDULED_SCRIPT_NOT_FOUND: 400,
  POLICY_BACKUP_FORBIDDEN: 403,
  POLICY_SCRIPTS_FORBIDDEN: 403,
} as const satisfies Record<PolicyMessageCode, number>;

/** The dry run lists at most this many devices per condition. */
export const DRY_RUN_MAX_DEVICES = 500;

// ---- inheritance, as code both sides use ----

/** A policy as inheritance needs it. */
export type PolicyLayer = {
  id: number;
  name: string;
  conditions: readonly Condition[];
  overrides: readonly ConditionOverride[];
};

/**
 * The conditions of the last policy of a chain (root first, the policy itself last): every ancestor's
 * conditions in order, each replaced by the latest override or deactivated by the latest deactivation; a
 * policy's own conditions after those it inherits. An override naming a condition no ancestor has is ignored
 * here (the server refuses it on save: POLICY_OVERRIDE_UNKNOWN).
 */
export const effectiveConditionsOf = (chain: readonly PolicyLayer[]): EffectiveCondition[] => {
  const byId = new Map<string, EffectiveCondition>();
  chain.forEach((layer, depth) => {
    const own = depth === chain.length - 1;
    // What the layers above defined or changed is inherited from this layer on.
    for (const entry of byId.values()) entry.origin = 'INHERITED';
    for (const override of layer.overrides) {
      const id = override.kind === 'OVERRIDE' ? override.condition.id : override.conditionId;
      const inherited = byId.get(id);
      if (!inherited) continue;
      if (override.kind === 'OVERRIDE') {
        inherited.condition = override.condition;
        inherited.active = true;
      } else inherited.active = false;
      inherited.origin = 'OVERRIDDEN';
    }
    for (const condition of layer.conditions)
      byId.set(condition.id, {
        condition,
        definedByPolicyId: layer.id,
        definedByPolicyName: layer.name,
        origin: own ? 'OWN' : 'INHERITED',
        active: true,
      });
  });
  return [...byId.values()];
};

/** The ids of conditions a chain's ancestors (not the last policy) define: what the last may override. */
export const inheritableConditionIds = (chain: readonly PolicyLayer[]): Set<string> =>
  new Set(chain.slice(0, -1).flatMap((layer) => layer.conditions.map((c) => c.id)));
