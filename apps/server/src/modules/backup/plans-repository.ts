import type { OrganizationScope } from '@rmm/domain';
import { and, asc, count, eq, getTableColumns, ilike, lte, type SQL, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { DbOrTx } from '../../db/database.ts';
import { toNumber } from '../../db/database.ts';
import { devices, locations, organizations } from '../../db/schema.ts';
import { inScope } from '../../lib/scope.ts';
import { backupPlanRuns, backupPlans } from './schema.ts';

/** Queries of backup plans and their scheduled runs. */

type PlanSelect = typeof backupPlans.$inferSelect;
/** An organization's plan, or a policy's as it runs for a device of one organization (findPlanForOrganization). */
export type PlanRow = Omit<PlanSelect, 'organizationId'> & {
  organizationId: number;
  organizationName: string;
};
/** A plan as the scheduler claims it: a policy's (`policyId`) has no organization. */
export type DuePlanRow = PlanSelect & { organizationName: string | null };
export type PlanValues = Omit<typeof backupPlans.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const planColumns = { ...getTableColumns(backupPlans), organizationName: organizations.name };

const selectPlans = (db: DbOrTx) =>
  db
    .select(planColumns)
    .from(backupPlans)
    .innerJoin(organizations, eq(organizations.id, backupPlans.organizationId));

/** The devices a plan covers: of its organization, and all of them, of its locations, or named. */
export const planCoversDevice = (plan: {
  organizationId: SQL | number;
  allDevices: SQL | boolean;
  locationIds: SQL | number[];
  deviceIds: SQL | number[];
}) => {
  const ids = (value: SQL | number[]) => (Array.isArray(value) ? sql`${sql.param(value)}::integer[]` : value);
  return sql`(${devices.organizationId} = ${plan.organizationId} and (${plan.allDevices}
    or ${devices.locationId} = any(${ids(plan.locationIds)}) or ${devices.id} = any(${ids(plan.deviceIds)})))`;
};

/** The plan columns as SQL, for `planCoversDevice` inside a query over plans. */
export const planColumnsSql = {
  organizationId: sql`${backupPlans.organizationId}`,
  allDevices: sql`${backupPlans.allDevices}`,
  locationIds: sql`${backupPlans.locationIds}`,
  deviceIds: sql`${backupPlans.deviceIds}`,
};

/**
 * A plan as a device of `organizationId` runs it: an organization's plan as it is (its own organization, for
 * the caller to compare), or a policy's, which runs in the device's organization. Undefined when there is none.
 */
export const findPlanForOrganization = async (
  db: DbOrTx,
  planId: string,
  organizationId: number,
): Promise<PlanRow | undefined> => {
  const [row] = await db
    .select(planColumns)
    .from(backupPlans)
    .innerJoin(
      organizations,
      eq(organizations.id, sql`coalesce(${backupPlans.organizationId}, ${organizationId})`),
    )
    .where(eq(backupPlans.id, planId));
  return row && { ...row, organizationId: row.organizationId ?? organizationId };
};

/** An organization's plan in the scope (a policy's plan is not listed, edited or run by hand here). */
export const findPlan = async (db: DbOrTx, scope: OrganizationScope, planId: string) => {
  const [row] = await selectPlans(db).where(
    and(eq(backupPlans.id, planId), inScope(backupPlans.organizationId, scope)),
  );
  return row as PlanRow | undefined;
};

export const listPlans = async (
  db: DbOrTx,
  scope: OrganizationScope,
  query: { organizationId?: number; page: number; pageSize: number; search?: string | undefined },
) => {
  const where = and(
    inScope(backupPlans.organizationId, scope),
    query.organizationId === undefined ? undefined : eq(backupPlans.organizationId, query.organizationId),
    query.search ? ilike(backupPlans.name, `%${query.search.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectPlans(db)
      .where(where)
      .orderBy(asc(sql`lower(${backupPlans.name})`), asc(backupPlans.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(backupPlans).where(where),
  ]);
  return { rows: rows as PlanRow[], count: toNumber(total?.value) };
};

/** The plans of the device's organization that cover it (enabled or not). */
export const findPlansOfDevice = async (
  db: DbOrTx,
  device: { id: number; organizationId: number; locationId: number | null },
) =>
  (await selectPlans(db)
    .where(
      and(
        eq(backupPlans.organizationId, device.organizationId),
        sql`(${backupPlans.allDevices} or ${device.locationId ?? 0} = any(${backupPlans.locationIds}) or ${device.id} = any(${backupPlans.deviceIds}))`,
      ),
    )
    .orderBy(asc(sql`lower(${backupPlans.name})`), asc(backupPlans.id))) as PlanRow[];

export const insertPlan = async (db: DbOrTx, values: PlanValues) => {
  const [row] = await db.insert(backupPlans).values(values).returning({ id: backupPlans.id });
  return row!.id;
};

export const updatePlan = async (db: DbOrTx, planId: string, values: Partial<PlanValues>) => {
  await db
    .update(backupPlans)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(backupPlans.id, planId));
};

export const deletePlan = async (db: DbOrTx, planId: string) => {
  await db.delete(backupPlans).where(eq(backupPlans.id, planId));
};

/** Which of these ids are devices / locations of the organization. */
export const devicesOfOrganization = async (db: DbOrTx, organizationId: number, ids: number[]) =>
  new Set(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: devices.id })
            .from(devices)
            .where(and(eq(devices.organizationId, organizationId), anyOf(devices.id, ids, 'integer')))
        ).map((row) => row.id),
  );

export const locationsOfOrganization = async (db: DbOrTx, organizationId: number, ids: number[]) =>
  new Set(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: locations.id })
            .from(locations)
            .where(and(eq(locations.organizationId, organizationId), anyOf(locations.id, ids, 'integer')))
        ).map((row) => row.id),
  );

// ---- the scheduler

/** Due plans (organizations' and policies'), one at a time, skipping those another process is firing. */
export const claimDuePlans = async (db: DbOrTx, now: Date, limit: number): Promise<DuePlanRow[]> =>
  db
    .select(planColumns)
    .from(backupPlans)
    .leftJoin(organizations, eq(organizations.id, backupPlans.organizationId))
    .where(and(eq(backupPlans.enabled, true), lte(backupPlans.nextRunAt, now)))
    .orderBy(asc(backupPlans.nextRunAt))
    .limit(limit)
    .for('update', { of: backupPlans, skipLocked: true });

/** The run of an occurrence; undefined when it was fired already. */
export const insertPlanRun = async (db: DbOrTx, planId: string, occurrence: Date) => {
  const [row] = await db
    .insert(backupPlanRuns)
    .values({ planId, occurrence })
    .onConflictDoNothing()
    .returning({ planId: backupPlanRuns.planId });
  return row;
};

export const setPlanRunJobs = async (db: DbOrTx, planId: string, occurrence: Date, jobs: number) => {
  await db
    .update(backupPlanRuns)
    .set({ jobs })
    .where(and(eq(backupPlanRuns.planId, planId), eq(backupPlanRuns.occurrence, occurrence)));
};

const jobDeviceColumns = {
  id: devices.id,
  displayName: devices.displayName,
  organizationId: devices.organizationId,
  organizationName: organizations.name,
};

/** The devices an organization's plan covers now, with what a job needs of them. */
export const findPlanDevices = async (
  db: DbOrTx,
  plan: { organizationId: number; allDevices: boolean; locationIds: number[]; deviceIds: number[] },
) =>
  db
    .select(jobDeviceColumns)
    .from(devices)
    .innerJoin(organizations, eq(organizations.id, devices.organizationId))
    .where(planCoversDevice(plan))
    .orderBy(asc(devices.id));

/** These devices (a policy plan's, as the policies module found them), with what a job needs of them. */
export const findJobDevices = async (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : db
        .select(jobDeviceColumns)
        .from(devices)
        .innerJoin(organizations, eq(organizations.id, devices.organizationId))
        .where(anyOf(devices.id, ids, 'integer'))
        .orderBy(asc(devices.id));

/** Marks the plan's integrity: FAILED with the first problems, or OK. */
export const setPlanIntegrity = async (
  db: DbOrTx,
  planId: string,
  status: 'OK' | 'FAILED',
  checkedAt: Date,
  message: string | null,
) => {
  await db
    .update(backupPlans)
    .set({ integrityStatus: status, integrityCheckedAt: checkedAt, integrityMessage: message })
    .where(eq(backupPlans.id, planId));
};

/** Whether the plan covers this device now. */
export const isDeviceCovered = async (db: DbOrTx, plan: PlanRow, deviceId: number) => {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, deviceId), planCoversDevice(plan)));
  return row !== undefined;
};

export const setNextRunAt = async (db: DbOrTx, planId: string, nextRunAt: Date | null) => {
  await db.update(backupPlans).set({ nextRunAt }).where(eq(backupPlans.id, planId));
};
