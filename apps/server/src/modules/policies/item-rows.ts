import { isDeepStrictEqual } from 'node:util';
import {
  type BackupPlanOverride,
  nextOccurrence,
  type PolicyBackupPlan,
  type PolicyItemOverride,
  type PolicyScheduledScript,
  type ScheduledScriptOverride,
  type TaskSchedule,
} from '@rmm/domain';
import { and, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { backupPlans } from '../backup/schema.ts';
import { scheduledTasks } from '../scheduled-tasks/schema.ts';

/**
 * The rows of `backup_plans` and `scheduled_tasks` that stand for the versions of plans and scripts a policy
 * supplies (its own, and its overrides of inherited ones), so that the backup scheduler and the scheduled
 * tasks' scheduler fire them as they fire any other (docs/decisions.md "Policies"). Written in the transaction
 * that saves the policy; a row keeps its id, anchor and next run while its schedule stays the same. Which
 * devices a row runs on is decided when it fires (item-devices.ts).
 */

type PolicyItems = {
  id: number;
  backupPlans: readonly PolicyBackupPlan[];
  backupPlanOverrides: readonly BackupPlanOverride[];
  scheduledScripts: readonly PolicyScheduledScript[];
  scheduledScriptOverrides: readonly ScheduledScriptOverride[];
};

/** The items a policy supplies a version of: its own, then its overrides. */
const suppliedItems = <T extends { id: string }>(
  own: readonly T[],
  overrides: readonly PolicyItemOverride<T>[],
) => [...own, ...overrides.flatMap((o) => (o.kind === 'OVERRIDE' ? [o.item] : []))];

type ScheduleState = { schedule: TaskSchedule; enabled: boolean; anchor: Date; nextRunAt: Date | null };

/** A changed schedule counts from now (INTERVAL's anchor); the next run moves only when schedule or switch changed. */
const scheduleState = (
  item: { schedule: TaskSchedule; enabled: boolean },
  row: ScheduleState | undefined,
  now: Date,
) => {
  const isScheduleChanged = !row || !isDeepStrictEqual(row.schedule, item.schedule);
  const anchor = isScheduleChanged ? now : row.anchor;
  if (!isScheduleChanged && row.enabled === item.enabled) return { anchor, nextRunAt: row.nextRunAt };
  return { anchor, nextRunAt: item.enabled ? nextOccurrence(item.schedule, now, anchor) : null };
};

const syncBackupPlans = async (tx: DbOrTx, policy: PolicyItems, actorId: number | null, now: Date) => {
  const wanted = suppliedItems(policy.backupPlans, policy.backupPlanOverrides);
  await tx.delete(backupPlans).where(
    and(
      eq(backupPlans.policyId, policy.id),
      wanted.length > 0
        ? notInArray(
            backupPlans.policyItemId,
            wanted.map((plan) => plan.id),
          )
        : undefined,
    ),
  );
  const rows = await tx.select().from(backupPlans).where(eq(backupPlans.policyId, policy.id));
  const byItem = new Map(rows.map((row) => [row.policyItemId, row]));
  for (const plan of wanted) {
    const row = byItem.get(plan.id);
    const values = {
      name: plan.name,
      description: plan.description,
      kind: plan.kind,
      include: plan.include,
      exclude: plan.exclude,
      destination: plan.destination,
      schedule: plan.schedule,
      retention: plan.retention,
      enabled: plan.enabled,
      ...scheduleState(plan, row, now),
    };
    if (!row)
      await tx.insert(backupPlans).values({
        ...values,
        organizationId: null,
        policyId: policy.id,
        policyItemId: plan.id,
        createdById: actorId,
      });
    else if (!isDeepStrictEqual(values, { ...pick(row, values) }))
      await tx
        .update(backupPlans)
        .set({ ...values, updatedAt: now })
        .where(eq(backupPlans.id, row.id));
  }
};

const syncScheduledScripts = async (tx: DbOrTx, policy: PolicyItems, actorId: number | null, now: Date) => {
  const wanted = suppliedItems(policy.scheduledScripts, policy.scheduledScriptOverrides);
  await tx.delete(scheduledTasks).where(
    and(
      eq(scheduledTasks.policyId, policy.id),
      wanted.length > 0
        ? notInArray(
            scheduledTasks.policyItemId,
            wanted.map((script) => script.id),
          )
        : undefined,
    ),
  );
  const rows = await tx.select().from(scheduledTasks).where(eq(scheduledTasks.policyId, policy.id));
  const byItem = new Map(rows.map((row) => [row.policyItemId, row]));
  for (const script of wanted) {
    const row = byItem.get(script.id);
    const values = {
      name: script.name,
      description: script.description,
      enabled: script.enabled,
      scheduleType: script.schedule.scheduleType,
      schedule: script.schedule,
      actions: script.actions,
      offlineDevices: script.offlineDevices,
      ...scheduleState(script, row, now),
    };
    if (!row)
      await tx.insert(scheduledTasks).values({
        ...values,
        targets: { deviceIds: [], searchIds: [], organizationIds: [] },
        organizationIds: [],
        policyId: policy.id,
        policyItemId: script.id,
        createdById: actorId,
      });
    else if (!isDeepStrictEqual(values, { ...pick(row, values) }))
      await tx
        .update(scheduledTasks)
        .set({ ...values, updatedAt: now })
        .where(eq(scheduledTasks.id, row.id));
  }
};

/** The row's values of the keys `like` has, to compare with what the policy wants. */
const pick = <T extends object>(row: T, like: object) =>
  Object.fromEntries(Object.keys(like).map((key) => [key, row[key as keyof T]]));

/** Makes the policy's rows match what it supplies now (after its save, in the same transaction). */
export const syncPolicyItemRows = async (
  tx: DbOrTx,
  policy: PolicyItems,
  actorId: number | null,
  now = new Date(),
) => {
  await syncBackupPlans(tx, policy, actorId, now);
  await syncScheduledScripts(tx, policy, actorId, now);
};
