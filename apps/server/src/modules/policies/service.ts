import {
  type Condition,
  type ConditionOverride,
  type CreatePolicyRequest,
  conditionTypeFitsClass,
  effectiveConditionsOf,
  type ListPoliciesQuery,
  type ListPoliciesResponse,
  MAX_POLICY_DEPTH,
  type NodeClass,
  overriddenItemId,
  type Policy,
  type PolicyItemOverride,
  type PolicySummary,
  type UpdatePolicyRequest,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import { CONDITIONS_CHANGED_SUBJECT } from '../../bus/subjects.ts';
import type { Db, DbOrTx, Tx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { insertActivities, type NewActivity } from '../activities/repository.ts';
import { isUniqueViolation } from '../scripts/errors.ts';
import { rulesetTypes } from '../ticket-rulesets/service.ts';
import { policyError } from './errors.ts';
import { checkPolicyItems } from './item-checks.ts';
import { syncPolicyItemRows } from './item-rows.ts';
import * as repo from './repository.ts';
import {
  devicesAffectedByPolicies,
  effectiveBackupPlansOf,
  effectiveScheduledScriptsOf,
  policyChain,
} from './resolve.ts';

/**
 * Agent policies: MSP-wide (not per organization), each for one device class, inheriting from a parent of the
 * same class. The service refuses what the engine could not evaluate or what would break inheritance
 * (docs/decisions.md "Policies"); after each change commits it tells the monitoring engine which devices'
 * conditions may have changed (CONDITIONS_CHANGED_SUBJECT).
 */

export type Context = { db: Db; actor: Actor };
export type ChangeContext = Context & { bus: Bus };
type PolicyInputValue = z.output<typeof CreatePolicyRequest>;
type UpdateInput = z.output<typeof UpdatePolicyRequest>;

const iso = (value: Date | string) => new Date(value).toISOString();

export const policyActivity = (
  actor: Actor,
  action: string,
  target: { id: number; name: string },
  detail?: string,
  targetType = 'policy',
): NewActivity => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType,
  targetId: target.id,
  targetName: target.name,
  outcome: 'SUCCESS',
  detail: detail ?? null,
});

const toSummary = (row: repo.PolicyRow, deviceCount: number): PolicySummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  nodeClass: row.nodeClass as NodeClass,
  parentPolicyId: row.parentPolicyId,
  parentPolicyName: row.parentPolicyName,
  deviceCount,
  version: row.version,
  createTime: iso(row.createdAt),
  updateTime: iso(row.updatedAt),
  conditionCount: row.conditions.length,
});

export const listPolicies = async ({
  db,
  actor,
  query,
}: Context & { query: ListPoliciesQuery }): Promise<ListPoliciesResponse> => {
  const { rows, count } = await repo.listPolicies(db, query);
  const counts = await repo.deviceCounts(
    db,
    actor.scope,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => toSummary(row, counts.get(row.id) ?? 0)),
    count,
    page: query.page,
    pageSize: query.pageSize,
  };
};

export const requirePolicy = async (db: DbOrTx, id: number) => {
  const row = await repo.findPolicy(db, id);
  if (!row) throw policyError('POLICY_NOT_FOUND');
  return row;
};

export const getPolicy = async ({ db, actor, id }: Context & { id: number }): Promise<Policy> => {
  const row = await requirePolicy(db, id);
  const [chain, counts] = await Promise.all([policyChain(db, id), repo.deviceCounts(db, actor.scope, [id])]);
  const { conditionCount: _count, ...summary } = toSummary(row, counts.get(id) ?? 0);
  return {
    ...summary,
    conditions: row.conditions,
    overrides: row.overrides,
    effectiveConditions: effectiveConditionsOf(chain),
    backupPlans: row.backupPlans,
    backupPlanOverrides: row.backupPlanOverrides,
    effectiveBackupPlans: effectiveBackupPlansOf(chain),
    scheduledScripts: row.scheduledScripts,
    scheduledScriptOverrides: row.scheduledScriptOverrides,
    effectiveScheduledScripts: effectiveScheduledScriptsOf(chain),
  };
};

// ---- validation ----

/** The parent's ancestors and the parent, root first; a cycle through `selfId` is refused. */
const ancestorsThrough = async (db: DbOrTx, parentId: number, selfId: number | undefined) => {
  const chain: repo.PolicyRow[] = [];
  const seen = new Set<number>();
  let next: number | null = parentId;
  while (next !== null) {
    if (next === selfId) throw policyError('POLICY_CYCLE');
    if (seen.has(next) || chain.length > MAX_POLICY_DEPTH) throw policyError('POLICY_TOO_DEEP');
    seen.add(next);
    const row = await repo.findPolicy(db, next);
    if (!row) {
      if (next === parentId) throw policyError('POLICY_NOT_FOUND', 'The parent policy does not exist.');
      break;
    }
    chain.unshift(row);
    next = row.parentPolicyId;
  }
  return chain;
};

const conditionsOf = (input: Pick<PolicyInputValue, 'conditions' | 'overrides'>): Condition[] => [
  ...input.conditions,
  ...input.overrides.flatMap((o) => (o.kind === 'OVERRIDE' ? [o.condition] : [])),
];

const scriptIdsOf = (conditions: readonly Condition[]) => [
  ...new Set(
    conditions.flatMap((c) => [
      ...c.automations.map((a) => a.scriptId),
      ...(c.type === 'SCRIPT_RESULT' ? [c.parameters.scriptId] : []),
    ]),
  ),
];

/** A condition's ticket ruleset exists and is a condition ruleset (disabled ones may be chosen: spec §4). */
const checkRulesets = async (db: DbOrTx, conditions: readonly Condition[]) => {
  const named = conditions.flatMap((c) =>
    c.ticketing.mode === 'RULESET' ? [{ condition: c.name, rulesetId: c.ticketing.rulesetId }] : [],
  );
  const types = await rulesetTypes(db, [...new Set(named.map((n) => n.rulesetId))]);
  for (const { condition, rulesetId } of named) {
    const type = types.get(rulesetId);
    if (type === undefined)
      throw policyError(
        'POLICY_RULESET_NOT_FOUND',
        `The condition "${condition}" names ticket ruleset ${rulesetId}, which does not exist.`,
      );
    if (type !== 'CONDITION_RULE')
      throw policyError(
        'POLICY_RULESET_NOT_CONDITION',
        `The condition "${condition}" names ticket ruleset ${rulesetId}, which is not a condition ruleset.`,
      );
  }
};

/**
 * Checks a condition list the schema already validated against what the schema cannot know: the class, the
 * library's scripts, the notification channels, the ticket rulesets, the caller's probe devices.
 */
export const checkConditions = async (
  db: DbOrTx,
  actor: Actor,
  nodeClass: NodeClass,
  conditions: readonly Condition[],
) => {
  if (conditions.some((c) => !conditionTypeFitsClass(c.type, nodeClass)))
    throw policyError('POLICY_CONDITION_CLASS');
  const scriptIds = scriptIdsOf(conditions);
  const scripts = await repo.existingScriptIds(db, scriptIds);
  if (scriptIds.some((id) => !scripts.has(id))) throw policyError('POLICY_SCRIPT_NOT_FOUND');
  const channelIds = [...new Set(conditions.flatMap((c) => c.notifications.map((n) => n.channelId)))];
  const channels = await repo.existingChannelIds(db, channelIds);
  if (channelIds.some((id) => !channels.has(id))) throw policyError('POLICY_CHANNEL_NOT_FOUND');
  await checkRulesets(db, conditions);
  const probeIds = [
    ...new Set(conditions.flatMap((c) => (c.probeDeviceId === null ? [] : [c.probeDeviceId]))),
  ];
  const probes = await repo.deviceIdsInScope(db, actor.scope, probeIds);
  if (probeIds.some((id) => !probes.has(id))) throw policyError('POLICY_PROBE_NOT_FOUND');
};

/** Own conditions and overrides against what the ancestors define. */
const checkOverrides = (ancestors: readonly repo.PolicyRow[], input: PolicyInputValue) => {
  const inherited = new Map<string, Condition>();
  for (const row of ancestors) for (const c of row.conditions) inherited.set(c.id, c);
  if (input.conditions.some((c) => inherited.has(c.id))) throw policyError('POLICY_CONDITION_INHERITED');
  const named = new Set<string>();
  for (const override of input.overrides) {
    const id = override.kind === 'OVERRIDE' ? override.condition.id : override.conditionId;
    const original = inherited.get(id);
    if (!original) throw policyError('POLICY_OVERRIDE_UNKNOWN');
    if (named.has(id)) throw policyError('POLICY_OVERRIDE_TWICE');
    named.add(id);
    if (override.kind === 'OVERRIDE' && override.condition.type !== original.type)
      throw policyError('POLICY_OVERRIDE_TYPE');
  }
};

/** Everything a saved policy must satisfy besides its schema; `self` is the policy being changed. */
const validatePolicy = async (db: DbOrTx, actor: Actor, input: PolicyInputValue, self?: repo.PolicyRow) => {
  if (await repo.findPolicyNamed(db, input.name, self?.id)) throw policyError('POLICY_NAME_TAKEN');
  if (self && input.parentPolicyId === self.id) throw policyError('POLICY_CYCLE');
  const ancestors =
    input.parentPolicyId === null ? [] : await ancestorsThrough(db, input.parentPolicyId, self?.id);
  const parent = ancestors.at(-1);
  if (parent && parent.nodeClass !== input.nodeClass) throw policyError('POLICY_PARENT_CLASS');
  if (self) {
    const descendants = await repo.descendantsOf(db, self.id);
    const height = Math.max(0, ...descendants.map((d) => d.depth));
    if (ancestors.length + 1 + height > MAX_POLICY_DEPTH) throw policyError('POLICY_TOO_DEEP');
    if (input.nodeClass !== self.nodeClass) {
      // Its assignments, devices and children are of the old class.
      const usage = await repo.policyUsage(db, self.id);
      if (usage.assignments + usage.devices + usage.children + usage.dynamic > 0)
        throw policyError('POLICY_IN_USE');
    }
  } else if (ancestors.length + 1 > MAX_POLICY_DEPTH) throw policyError('POLICY_TOO_DEEP');
  checkOverrides(ancestors, input);
  await checkConditions(db, actor, input.nodeClass, conditionsOf(input));
  await checkPolicyItems(db, actor, ancestors, input, self);
};

const nameTakenOnRace = (error: unknown): never => {
  throw isUniqueViolation(error) ? policyError('POLICY_NAME_TAKEN') : error;
};

/** A foreign key refused the change: something took hold of the policy meanwhile. */
const isForeignKeyViolation = (error: unknown): boolean => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23503') return true;
  return false;
};

// ---- changes ----

/** After a commit: the engine re-sends the condition sets of the devices the policies reach. */
export const publishPoliciesChanged = async (db: Db, bus: Bus, policyIds: readonly number[]) => {
  const deviceIds = await devicesAffectedByPolicies(db, policyIds);
  if (deviceIds.length > 0) bus.publish(CONDITIONS_CHANGED_SUBJECT, { deviceIds });
  // A dynamic policy layering one of them (or a child of one) reaches devices by criteria: all are checked.
  const trees = await Promise.all(policyIds.map((id) => repo.descendantsOf(db, id)));
  const treeIds = [...policyIds, ...trees.flat().map((d) => d.id)];
  if ((await repo.dynamicCriteriaOfPolicies(db, treeIds)).length > 0)
    bus.publish(CONDITIONS_CHANGED_SUBJECT, { all: true });
};

export const createPolicy = async ({
  db,
  bus,
  actor,
  input,
}: ChangeContext & { input: PolicyInputValue }): Promise<Policy> => {
  await validatePolicy(db, actor, input);
  const id = await db
    .transaction(async (tx) => {
      const newId = await repo.insertPolicy(tx, input);
      await syncPolicyItemRows(tx, { ...input, id: newId }, actor.id);
      await insertActivities(tx, [
        policyActivity(actor, 'policy.create', { id: newId, name: input.name }, `for ${input.nodeClass}`),
      ]);
      return newId;
    })
    .catch(nameTakenOnRace);
  await publishPoliciesChanged(db, bus, [id]);
  return getPolicy({ db, actor, id });
};

/** The overrides whose item (or condition) the chain's ancestors still have. */
const keptOverrides = <T extends { id: string }>(
  overrides: readonly PolicyItemOverride<T>[],
  inherited: ReadonlySet<string>,
) => overrides.filter((o) => inherited.has(overriddenItemId(o)));

/**
 * Drops the overrides of the policy's descendants that name a condition, backup plan or scheduled script
 * their chain no longer has (the policy removed it): they would be refused on the descendant's next save.
 * Answers the names changed.
 */
const pruneDescendantOverrides = async (tx: Tx, id: number, actorId: number) => {
  const changed: string[] = [];
  for (const { id: descendantId } of await repo.descendantsOf(tx, id)) {
    const chain = await policyChain(tx, descendantId);
    const self = chain.at(-1);
    if (!self || self.id !== descendantId) continue;
    const ancestors = chain.slice(0, -1);
    const inherited = new Set(ancestors.flatMap((layer) => layer.conditions.map((c) => c.id)));
    const kept = self.overrides.filter((o: ConditionOverride) =>
      inherited.has(o.kind === 'OVERRIDE' ? o.condition.id : o.conditionId),
    );
    const plans = keptOverrides(
      self.backupPlanOverrides,
      new Set(ancestors.flatMap((layer) => layer.backupPlans.map((p) => p.id))),
    );
    const scripts = keptOverrides(
      self.scheduledScriptOverrides,
      new Set(ancestors.flatMap((layer) => layer.scheduledScripts.map((p) => p.id))),
    );
    if (
      kept.length === self.overrides.length &&
      plans.length === self.backupPlanOverrides.length &&
      scripts.length === self.scheduledScriptOverrides.length
    )
      continue;
    const row = await repo.findPolicy(tx, descendantId);
    if (!row) continue;
    const changes = { overrides: kept, backupPlanOverrides: plans, scheduledScriptOverrides: scripts };
    await repo.updatePolicyAtVersion(tx, descendantId, row.version, changes);
    await syncPolicyItemRows(tx, { ...row, ...changes }, actorId);
    changed.push(self.name);
  }
  return changed;
};

const updateDetail = (before: repo.PolicyRow, input: PolicyInputValue, pruned: readonly string[]) =>
  [
    input.name !== before.name ? `renamed from "${before.name}"` : '',
    input.parentPolicyId !== before.parentPolicyId ? `parent ${input.parentPolicyId ?? 'none'}` : '',
    `${input.conditions.length} condition(s), ${input.overrides.length} override(s)`,
    `${input.backupPlans.length} backup plan(s), ${input.backupPlanOverrides.length} override(s)`,
    `${input.scheduledScripts.length} scheduled script(s), ${input.scheduledScriptOverrides.length} override(s)`,
    pruned.length > 0 ? `overrides of removed items dropped from ${pruned.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');

export const updatePolicy = async ({
  db,
  bus,
  actor,
  id,
  input,
}: ChangeContext & { id: number; input: UpdateInput }): Promise<Policy> => {
  const before = await requirePolicy(db, id);
  if (before.version !== input.version) throw policyError('POLICY_VERSION_CONFLICT');
  await validatePolicy(db, actor, input.policy, before);
  await db
    .transaction(async (tx) => {
      if (!(await repo.updatePolicyAtVersion(tx, id, input.version, input.policy)))
        throw policyError('POLICY_VERSION_CONFLICT');
      await syncPolicyItemRows(tx, { ...input.policy, id }, actor.id);
      const pruned = await pruneDescendantOverrides(tx, id, actor.id);
      await insertActivities(tx, [
        policyActivity(
          actor,
          'policy.update',
          { id, name: input.policy.name },
          updateDetail(before, input.policy, pruned),
        ),
      ]);
    })
    .catch(nameTakenOnRace);
  await publishPoliciesChanged(db, bus, [id]);
  return getPolicy({ db, actor, id });
};

/** Refused while anything holds on to the policy: it applies to nothing then, so nothing is published. */
export const deletePolicy = async ({ db, actor, id }: Context & { id: number }) => {
  const row = await requirePolicy(db, id);
  const usage = await repo.policyUsage(db, id);
  if (usage.assignments + usage.devices + usage.children + usage.dynamic > 0)
    throw policyError('POLICY_IN_USE');
  await db
    .transaction(async (tx) => {
      await repo.deletePolicy(tx, id);
      await insertActivities(tx, [policyActivity(actor, 'policy.delete', row)]);
    })
    .catch((error: unknown) => {
      throw isForeignKeyViolation(error) ? policyError('POLICY_IN_USE') : error;
    });
};
