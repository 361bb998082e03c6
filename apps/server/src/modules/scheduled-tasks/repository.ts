import type { OrganizationScope, SearchCriteria } from '@rmm/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { DbOrTx } from '../../db/database.ts';
import { devices, jobs, organizations, savedSearches, scripts, users } from '../../db/schema.ts';
import { inScope } from '../../lib/scope.ts';
import { criteriaConditionOf } from '../devices/criteria.ts';
import { scheduledTasks, taskRunDevices, taskRuns } from './schema.ts';

/** Every query of the scheduled-tasks module. */

export type TaskRow = typeof scheduledTasks.$inferSelect & { createdByEmail: string | null };
export type TaskValues = Omit<typeof scheduledTasks.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * A task is the caller's when every organization its targets name is in their scope. A policy's scripts
 * (`policy_id`) are not tasks of this list: they are edited in their policy.
 */
const taskInScope = (scope: OrganizationScope): SQL | undefined =>
  and(
    isNull(scheduledTasks.policyId),
    scope === 'all' ? undefined : sql`${scheduledTasks.organizationIds} <@ ${sql.param(scope)}::integer[]`,
  );

const taskColumns = { ...getTableColumns(scheduledTasks), createdByEmail: users.email };

const selectTasks = (db: DbOrTx) =>
  db.select(taskColumns).from(scheduledTasks).leftJoin(users, eq(users.id, scheduledTasks.createdById));

export const findTask = async (
  db: DbOrTx,
  scope: OrganizationScope,
  id: number,
): Promise<TaskRow | undefined> => {
  const [row] = await selectTasks(db).where(and(eq(scheduledTasks.id, id), taskInScope(scope)));
  return row;
};

export const listTasks = async (
  db: DbOrTx,
  scope: OrganizationScope,
  query: { page: number; pageSize: number; search?: string | undefined },
) => {
  const condition = and(
    taskInScope(scope),
    query.search ? ilike(scheduledTasks.name, `%${query.search.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectTasks(db)
      .where(condition)
      .orderBy(asc(scheduledTasks.name), asc(scheduledTasks.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(scheduledTasks).where(condition),
  ]);
  return { rows, count: Number(total?.value ?? 0) };
};

export const insertTask = async (db: DbOrTx, values: TaskValues) => {
  const [row] = await db.insert(scheduledTasks).values(values).returning({ id: scheduledTasks.id });
  return row!.id;
};

export const updateTask = async (db: DbOrTx, id: number, values: Partial<TaskValues>) => {
  await db
    .update(scheduledTasks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(scheduledTasks.id, id));
};

export const deleteTask = async (db: DbOrTx, id: number) => {
  await db.delete(scheduledTasks).where(eq(scheduledTasks.id, id));
};

/** The names of these library scripts (a deleted one is absent). */
export const findScriptNames = async (db: DbOrTx, ids: number[]) => {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: scripts.id, name: scripts.name })
    .from(scripts)
    .where(anyOf(scripts.id, ids, 'integer'));
  return new Map(rows.map((row) => [row.id, row.name]));
};

/** Whether any task runs this script (it cannot be deleted then). */
export const isScriptUsedByTasks = async (db: DbOrTx, scriptId: number) => {
  const [row] = await db
    .select({ id: scheduledTasks.id })
    .from(scheduledTasks)
    .where(sql`${scheduledTasks.actions} @> ${JSON.stringify([{ scriptId }])}::jsonb`)
    .limit(1);
  return row !== undefined;
};

// ---- Targets ----

export const findDevicesInScope = async (db: DbOrTx, scope: OrganizationScope, ids: number[]) =>
  ids.length === 0
    ? []
    : db
        .select({ id: devices.id, organizationId: devices.organizationId })
        .from(devices)
        .where(and(anyOf(devices.id, ids, 'integer'), inScope(devices.organizationId, scope)));

export const findOrganizationsInScope = async (db: DbOrTx, scope: OrganizationScope, ids: number[]) =>
  ids.length === 0
    ? []
    : db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(anyOf(organizations.id, ids, 'integer'), inScope(organizations.id, scope)));

export const findSavedSearches = async (db: DbOrTx, ids: number[]) =>
  ids.length === 0
    ? []
    : db
        .select({ id: savedSearches.id, criteria: savedSearches.criteria })
        .from(savedSearches)
        .where(anyOf(savedSearches.id, ids, 'integer'));

export type TargetDevice = {
  id: number;
  displayName: string;
  organizationId: number;
  organizationName: string;
  platform: string;
  status: string;
  hasAgent: boolean;
};

/**
 * The devices a task's targets stand for now, in the scope: the devices named, every device of the
 * organizations named, and the devices each saved search matches. `onlyIds` narrows to some devices.
 */
export const findTargetDevices = async (
  db: DbOrTx,
  scope: OrganizationScope,
  targets: { deviceIds: number[]; organizationIds: number[]; criteria: SearchCriteria[] },
  onlyIds?: number[],
): Promise<TargetDevice[]> => {
  const parts: SQL[] = [];
  if (targets.deviceIds.length > 0) parts.push(anyOf(devices.id, targets.deviceIds, 'integer'));
  if (targets.organizationIds.length > 0)
    parts.push(anyOf(devices.organizationId, targets.organizationIds, 'integer'));
  for (const criteria of targets.criteria) parts.push(await criteriaConditionOf(db, criteria));
  if (parts.length === 0) return [];
  return db
    .select({
      id: devices.id,
      displayName: devices.displayName,
      organizationId: devices.organizationId,
      organizationName: organizations.name,
      platform: devices.platform,
      status: devices.status,
      hasAgent: sql<boolean>`${devices.secretHash} is not null`,
    })
    .from(devices)
    .innerJoin(organizations, eq(organizations.id, devices.organizationId))
    .where(
      and(
        or(...parts),
        inScope(devices.organizationId, scope),
        onlyIds ? anyOf(devices.id, onlyIds, 'integer') : undefined,
      ),
    )
    .orderBy(asc(devices.id));
};

// ---- The scheduler ----

/**
 * Due tasks, locked for this transaction; a task another process holds is skipped (it is firing it), so
 * each occurrence is claimed by one process.
 */
export const claimDueTasks = async (db: DbOrTx, now: Date, limit: number) =>
  db
    .select()
    .from(scheduledTasks)
    .where(and(eq(scheduledTasks.enabled, true), lte(scheduledTasks.nextRunAt, now)))
    .orderBy(asc(scheduledTasks.nextRunAt))
    .limit(limit)
    .for('update', { skipLocked: true });

/** Enabled tasks the agents carry out (ON_SYSTEM_STARTUP, ON_USER_LOGIN). */
export const findEventTasks = async (db: DbOrTx) =>
  db
    .select()
    .from(scheduledTasks)
    .where(
      and(
        eq(scheduledTasks.enabled, true),
        inArray(scheduledTasks.scheduleType, ['ON_SYSTEM_STARTUP', 'ON_USER_LOGIN']),
      ),
    )
    .orderBy(asc(scheduledTasks.id));

export const findTaskById = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(scheduledTasks).where(eq(scheduledTasks.id, id));
  return row;
};

// ---- Runs ----

export type NewRun = {
  taskId: number;
  trigger: string;
  occurrence: Date;
  deviceId?: number | null;
  eventId?: string | null;
  error?: string | null;
};

/** The run, or undefined when this occurrence (or this agent event) has a run already. */
export const insertRun = async (db: DbOrTx, run: NewRun) => {
  const [row] = await db
    .insert(taskRuns)
    .values(run)
    .onConflictDoNothing()
    .returning({ id: taskRuns.id, startedAt: taskRuns.startedAt });
  return row;
};

export const setRunError = async (db: DbOrTx, runId: number, error: string) => {
  await db.update(taskRuns).set({ error }).where(eq(taskRuns.id, runId));
};

export type NewRunDevice = typeof taskRunDevices.$inferInsert;

export const insertRunDevices = async (db: DbOrTx, rows: NewRunDevice[]) => {
  if (rows.length === 0) return;
  await db.insert(taskRunDevices).values(rows).onConflictDoNothing();
};

export const findRun = async (db: DbOrTx, taskId: number, runId: number) => {
  const [row] = await db
    .select()
    .from(taskRuns)
    .where(and(eq(taskRuns.id, runId), eq(taskRuns.taskId, taskId)));
  return row;
};

export const listRuns = async (db: DbOrTx, taskId: number, page: { page: number; pageSize: number }) => {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(taskRuns)
      .where(eq(taskRuns.taskId, taskId))
      .orderBy(desc(taskRuns.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(taskRuns).where(eq(taskRuns.taskId, taskId)),
  ]);
  return { rows, count: Number(total?.value ?? 0) };
};

/** Each device and action of these runs, with the state of the job it got. */
export const findRunDevices = async (db: DbOrTx, runIds: number[]) =>
  runIds.length === 0
    ? []
    : db
        .select({
          runId: taskRunDevices.runId,
          deviceId: taskRunDevices.deviceId,
          nodeName: taskRunDevices.nodeName,
          actionIndex: taskRunDevices.actionIndex,
          scriptName: taskRunDevices.scriptName,
          jobUid: taskRunDevices.jobUid,
          skipReason: taskRunDevices.skipReason,
          detail: taskRunDevices.detail,
          jobStatus: jobs.status,
          jobResult: jobs.jobResult,
        })
        .from(taskRunDevices)
        .leftJoin(jobs, eq(jobs.jobUid, taskRunDevices.jobUid))
        .where(anyOf(taskRunDevices.runId, runIds, 'bigint'))
        .orderBy(asc(taskRunDevices.runId), asc(taskRunDevices.deviceId), asc(taskRunDevices.actionIndex));
