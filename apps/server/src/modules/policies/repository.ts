import type {
  BackupPlanOverride,
  Condition,
  ConditionOverride,
  DeviceInventory,
  ListDynamicPoliciesQuery,
  ListPoliciesQuery,
  OrganizationScope,
  PolicyBackupPlan,
  PolicyScheduledScript,
  ScheduledScriptOverride,
  SearchCriteria,
} from '@rmm/domain';
import { and, asc, type Column, count, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { anyOf } from '../../db/any-of.ts';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { inScope } from '../../lib/scope.ts';
import { escapeLike } from '../activities/repository.ts';
import { criteriaConditionOf } from '../devices/criteria.ts';
import { deviceMetrics, devices } from '../devices/schema.ts';
import { notificationChannels } from '../notifications/schema.ts';
import { locations, organizations } from '../organizations/schema.ts';
import { scripts } from '../scripts/schema.ts';
import { devicePolicies, dynamicPolicies, policies, policyAssignments } from './schema.ts';

/** Every query of the policies module (resolve.ts holds the ones the engine shares). */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

const parent = alias(policies, 'parent_policy');

export type PolicyRow = typeof policies.$inferSelect & { parentPolicyName: string | null };
export type PolicyValues = {
  name: string;
  description: string;
  nodeClass: string;
  parentPolicyId: number | null;
  conditions: Condition[];
  overrides: ConditionOverride[];
  backupPlans: PolicyBackupPlan[];
  backupPlanOverrides: BackupPlanOverride[];
  scheduledScripts: PolicyScheduledScript[];
  scheduledScriptOverrides: ScheduledScriptOverride[];
};

const policyColumns = { ...getTableColumns(policies), parentPolicyName: parent.name };
const selectPolicies = (db: DbOrTx) =>
  db.select(policyColumns).from(policies).leftJoin(parent, eq(parent.id, policies.parentPolicyId));

const nameContains = (column: Column, search: string | undefined) =>
  search ? sql`lower(${column}) like ${`%${escapeLike(search.toLowerCase())}%`}` : undefined;

export const listPolicies = async (db: DbOrTx, query: ListPoliciesQuery) => {
  const where = and(
    nameContains(policies.name, query.search),
    query.nodeClass ? eq(policies.nodeClass, query.nodeClass) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectPolicies(db)
      .where(where)
      .orderBy(asc(sql`lower(${policies.name})`), asc(policies.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(policies).where(where),
  ]);
  return { rows: rows as PolicyRow[], count: toNumber(total?.value) };
};

export const findPolicy = async (db: DbOrTx, id: number): Promise<PolicyRow | undefined> => {
  const [row] = await selectPolicies(db).where(eq(policies.id, id));
  return row as PolicyRow | undefined;
};

/** Another policy of this name, whatever its case. */
export const findPolicyNamed = async (db: DbOrTx, name: string, exceptId?: number) => {
  const [row] = await db
    .select({ id: policies.id })
    .from(policies)
    .where(
      and(
        sql`lower(${policies.name}) = ${name.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(policies.id, exceptId),
      ),
    )
    .limit(1);
  return row;
};

export const insertPolicy = async (db: DbOrTx, values: PolicyValues) => {
  const [row] = await db.insert(policies).values(values).returning({ id: policies.id });
  return row!.id;
};

/** Writes the policy if it still has `version`; answers whether it did (the version is then one more). */
export const updatePolicyAtVersion = async (
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<PolicyValues>,
) => {
  const rows = await db
    .update(policies)
    .set({ ...values, version: sql`${policies.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(policies.id, id), eq(policies.version, version)))
    .returning({ id: policies.id });
  return rows.length > 0;
};

export const deletePolicy = async (db: DbOrTx, id: number) => {
  await db.delete(policies).where(eq(policies.id, id));
};

/** What holds on to a policy: assignments, devices, child policies, dynamic policies. */
export const policyUsage = async (db: DbOrTx, id: number) => {
  const [row] = rowsOf<{ assignments: number; devices: number; children: number; dynamic: number }>(
    await db.execute(sql`select
      (select count(*)::int from ${policyAssignments} where policy_id = ${id}) as assignments,
      (select count(*)::int from ${devicePolicies} where policy_id = ${id}) as devices,
      (select count(*)::int from ${policies} where parent_policy_id = ${id}) as children,
      (select count(*)::int from ${dynamicPolicies} where policy_id = ${id}) as dynamic`),
  );
  return {
    assignments: toNumber(row?.assignments),
    devices: toNumber(row?.devices),
    children: toNumber(row?.children),
    dynamic: toNumber(row?.dynamic),
  };
};

/** The policy's descendants (children, their children...), with their depth below it (1 for a child). */
export const descendantsOf = async (db: DbOrTx, id: number) =>
  rowsOf<{ id: number; depth: number }>(
    await db.execute(sql`
      with recursive tree(id, depth) as (
        select id, 1 from ${policies} where parent_policy_id = ${id}
        union all
        select p.id, tree.depth + 1 from ${policies} p join tree on p.parent_policy_id = tree.id
        where tree.depth < 100
      )
      select id, depth from tree order by depth, id`),
  ).map((row) => ({ id: Number(row.id), depth: Number(row.depth) }));

/**
 * The policy a device gets now, as resolve.ts's `assignedPolicyOf` decides it: its own, else its location's
 * for its role, else its organization's for its role.
 */
const assignedPolicyId = sql`coalesce(
  (select dp.policy_id from ${devicePolicies} dp where dp.device_id = d.id),
  (select pa.policy_id from ${policyAssignments} pa where pa.organization_id = d.organization_id
     and pa.node_role_id = d.node_role_id and pa.location_id = d.location_id),
  (select pa.policy_id from ${policyAssignments} pa where pa.organization_id = d.organization_id
     and pa.node_role_id = d.node_role_id and pa.location_id is null))`;

const deviceScope = (scope: OrganizationScope) =>
  scope === 'all'
    ? sql`true`
    : scope.length === 0
      ? sql`false`
      : sql`d.organization_id = any(${sql.param([...scope])}::int[])`;

/** How many of the scope's devices each of these policies applies to now. */
export const deviceCounts = async (db: DbOrTx, scope: OrganizationScope, ids: readonly number[]) => {
  if (ids.length === 0) return new Map<number, number>();
  const rows = rowsOf<{ policy_id: number; devices: number }>(
    await db.execute(sql`
      select assigned as policy_id, count(*)::int as devices
      from (select ${assignedPolicyId} as assigned from ${devices} d where ${deviceScope(scope)}) a
      where assigned = any(${sql.param([...ids])}::int[])
      group by assigned`),
  );
  return new Map(rows.map((row) => [Number(row.policy_id), toNumber(row.devices)]));
};

/** The ids of the scripts of this list that are in the library. */
/** The notification channels of these ids that exist. */
export const existingChannelIds = async (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? new Set<number>()
    : new Set(
        (
          await db
            .select({ id: notificationChannels.id })
            .from(notificationChannels)
            .where(anyOf(notificationChannels.id, ids, 'integer'))
        ).map((row) => row.id),
      );

export const existingScriptIds = async (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? new Set<number>()
    : new Set(
        (
          await db
            .select({ id: scripts.id })
            .from(scripts)
            .where(anyOf(scripts.id, ids, 'integer'))
        ).map((row) => row.id),
      );

/** The ids of these devices that lie in the scope. */
export const deviceIdsInScope = async (db: DbOrTx, scope: OrganizationScope, ids: readonly number[]) =>
  ids.length === 0
    ? new Set<number>()
    : new Set(
        (
          await db
            .select({ id: devices.id })
            .from(devices)
            .where(and(anyOf(devices.id, ids, 'integer'), inScope(devices.organizationId, scope)))
        ).map((row) => row.id),
      );

/** Whether a policy's conditions or overrides run the script (automations or the script-result type). */
export const isScriptUsedByPolicies = async (db: DbOrTx, scriptId: number) => {
  const automation = JSON.stringify([{ automations: [{ scriptId }] }]);
  const scriptResult = JSON.stringify([{ parameters: { scriptId } }]);
  const [row] = await db
    .select({ id: policies.id })
    .from(policies)
    .where(
      sql`${policies.conditions} @> ${automation}::jsonb or ${policies.conditions} @> ${scriptResult}::jsonb
        or ${policies.overrides} @> ${JSON.stringify([{ condition: { automations: [{ scriptId }] } }])}::jsonb
        or ${policies.overrides} @> ${JSON.stringify([{ condition: { parameters: { scriptId } } }])}::jsonb`,
    )
    .limit(1);
  return row !== undefined;
};

/**
 * The names of the policies whose conditions or overrides name the notification channel (any option), by
 * name: a channel they name is not deleted (a condition naming a missing channel is refused on its next save).
 */
export const policiesNamingChannel = async (db: DbOrTx, channelId: number) => {
  const named = JSON.stringify([{ notifications: [{ channelId }] }]);
  const overridden = JSON.stringify([{ condition: { notifications: [{ channelId }] } }]);
  const rows = await db
    .select({ name: policies.name })
    .from(policies)
    .where(sql`${policies.conditions} @> ${named}::jsonb or ${policies.overrides} @> ${overridden}::jsonb`)
    .orderBy(asc(sql`lower(${policies.name})`), asc(policies.id));
  return rows.map((row) => row.name);
};

// ---- assignment ----

export const listAssignments = (db: DbOrTx, organizationId: number) =>
  db
    .select({
      locationId: policyAssignments.locationId,
      nodeRoleId: policyAssignments.nodeRoleId,
      policyId: policyAssignments.policyId,
    })
    .from(policyAssignments)
    .where(eq(policyAssignments.organizationId, organizationId))
    .orderBy(asc(policyAssignments.locationId), asc(policyAssignments.nodeRoleId));

export type AssignmentValues = { locationId: number | null; nodeRoleId: number; policyId: number };

/** Replaces the organization's whole assignment. */
export const replaceAssignments = async (
  db: DbOrTx,
  organizationId: number,
  rows: readonly AssignmentValues[],
) => {
  await db.delete(policyAssignments).where(eq(policyAssignments.organizationId, organizationId));
  if (rows.length > 0)
    await db.insert(policyAssignments).values(rows.map((row) => ({ ...row, organizationId })));
};

/** The organization's name and its location ids. */
export const findOrganizationWithLocations = async (db: DbOrTx, organizationId: number) => {
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) return undefined;
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.organizationId, organizationId));
  return { ...organization, locationIds: new Set(rows.map((row) => row.id)) };
};

/** The policies of these ids with their class and name. */
export const findPoliciesById = async (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : db
        .select({ id: policies.id, name: policies.name, nodeClass: policies.nodeClass })
        .from(policies)
        .where(anyOf(policies.id, ids, 'integer'));

export const deviceIdsOfOrganization = async (db: DbOrTx, organizationId: number) =>
  (await db.select({ id: devices.id }).from(devices).where(eq(devices.organizationId, organizationId))).map(
    (row) => row.id,
  );

/** A device of the scope, with what its policy and its activity need. */
export const findDeviceInScope = async (db: DbOrTx, scope: OrganizationScope, id: number) => {
  const [row] = await db
    .select({
      id: devices.id,
      displayName: devices.displayName,
      nodeRoleId: devices.nodeRoleId,
      organizationId: devices.organizationId,
      organizationName: organizations.name,
    })
    .from(devices)
    .innerJoin(organizations, eq(organizations.id, devices.organizationId))
    .where(and(eq(devices.id, id), inScope(devices.organizationId, scope)));
  return row;
};

export const findDevicePolicyId = async (db: DbOrTx, deviceId: number) => {
  const [row] = await db
    .select({ policyId: devicePolicies.policyId })
    .from(devicePolicies)
    .where(eq(devicePolicies.deviceId, deviceId));
  return row?.policyId ?? null;
};

export const setDevicePolicy = async (db: DbOrTx, deviceId: number, policyId: number | null) => {
  if (policyId === null) {
    await db.delete(devicePolicies).where(eq(devicePolicies.deviceId, deviceId));
    return;
  }
  await db
    .insert(devicePolicies)
    .values({ deviceId, policyId })
    .onConflictDoUpdate({ target: devicePolicies.deviceId, set: { policyId } });
};

// ---- dynamic policies ----

export type DynamicPolicyRow = typeof dynamicPolicies.$inferSelect & { policyName: string };
export type DynamicPolicyValues = {
  name: string;
  description: string;
  enabled: boolean;
  criteria: SearchCriteria;
  policyId: number;
  order: number;
};

const dynamicColumns = { ...getTableColumns(dynamicPolicies), policyName: policies.name };
const selectDynamic = (db: DbOrTx) =>
  db
    .select(dynamicColumns)
    .from(dynamicPolicies)
    .innerJoin(policies, eq(policies.id, dynamicPolicies.policyId));

export const listDynamicPolicies = async (db: DbOrTx, query: ListDynamicPoliciesQuery) => {
  const where = nameContains(dynamicPolicies.name, query.search);
  const [rows, [total]] = await Promise.all([
    selectDynamic(db)
      .where(where)
      .orderBy(asc(dynamicPolicies.order), asc(dynamicPolicies.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(dynamicPolicies).where(where),
  ]);
  return { rows: rows as DynamicPolicyRow[], count: toNumber(total?.value) };
};

export const findDynamicPolicy = async (db: DbOrTx, id: number) => {
  const [row] = await selectDynamic(db).where(eq(dynamicPolicies.id, id));
  return row as DynamicPolicyRow | undefined;
};

export const findDynamicPolicyNamed = async (db: DbOrTx, name: string, exceptId?: number) => {
  const [row] = await db
    .select({ id: dynamicPolicies.id })
    .from(dynamicPolicies)
    .where(
      and(
        sql`lower(${dynamicPolicies.name}) = ${name.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(dynamicPolicies.id, exceptId),
      ),
    )
    .limit(1);
  return row;
};

export const insertDynamicPolicy = async (db: DbOrTx, values: DynamicPolicyValues) => {
  const [row] = await db.insert(dynamicPolicies).values(values).returning({ id: dynamicPolicies.id });
  return row!.id;
};

export const updateDynamicPolicyAtVersion = async (
  db: DbOrTx,
  id: number,
  version: number,
  values: DynamicPolicyValues,
) => {
  const rows = await db
    .update(dynamicPolicies)
    .set({ ...values, version: sql`${dynamicPolicies.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(dynamicPolicies.id, id), eq(dynamicPolicies.version, version)))
    .returning({ id: dynamicPolicies.id });
  return rows.length > 0;
};

export const deleteDynamicPolicy = async (db: DbOrTx, id: number) => {
  await db.delete(dynamicPolicies).where(eq(dynamicPolicies.id, id));
};

/** Devices of the scope the criteria match now. */
export const countMatchingDevices = async (
  db: DbOrTx,
  scope: OrganizationScope,
  criteria: SearchCriteria,
) => {
  const [row] = await db
    .select({ value: count() })
    .from(devices)
    .where(and(inScope(devices.organizationId, scope), await criteriaConditionOf(db, criteria)));
  return toNumber(row?.value);
};

// ---- dry run ----

export type DryRunDevice = {
  id: number;
  displayName: string;
  status: string;
  lastSeenAt: Date | null;
  createdAt: Date;
  pendingReboot: boolean;
  cpuPercent: number | null;
  memoryPercent: number | null;
  diskPercent: number | null;
  inventory: DeviceInventory | null;
};

const dryRunColumns = sql`d.id, d.display_name as "displayName", d.status, d.last_seen_at as "lastSeenAt",
  d.created_at as "createdAt", d.pending_reboot as "pendingReboot", d.cpu_percent as "cpuPercent",
  d.memory_percent as "memoryPercent", d.disk_percent as "diskPercent", d.inventory`;

type RawDryRunDevice = Omit<DryRunDevice, 'lastSeenAt' | 'createdAt'> & {
  lastSeenAt: Date | string | null;
  createdAt: Date | string;
};
const toDryRunDevice = (row: RawDryRunDevice): DryRunDevice => ({
  ...row,
  id: Number(row.id),
  lastSeenAt: row.lastSeenAt === null ? null : new Date(row.lastSeenAt),
  createdAt: new Date(row.createdAt),
  cpuPercent: row.cpuPercent === null ? null : Number(row.cpuPercent),
  memoryPercent: row.memoryPercent === null ? null : Number(row.memoryPercent),
  diskPercent: row.diskPercent === null ? null : Number(row.diskPercent),
});

/**
 * The scope's devices these policies apply to: assigned one of them (directly, by location or by organization
 * default), or matched by an enabled dynamic policy layering one of them. At most `limit`, by name.
 */
export const devicesOfPolicies = async (
  db: DbOrTx,
  scope: OrganizationScope,
  policyIds: readonly number[],
  dynamicCriteria: readonly SearchCriteria[],
  limit: number,
): Promise<DryRunDevice[]> => {
  const ids = sql.param([...policyIds]);
  const dynamicMatch = await Promise.all(
    dynamicCriteria.map((criteria) => criteriaConditionOf(db, criteria)),
  );
  // The criteria's conditions name the `devices` table: the subquery reads it unaliased.
  const byDynamic =
    dynamicMatch.length === 0
      ? sql`false`
      : sql`d.id in (select ${devices.id} from ${devices} where ${sql.join(dynamicMatch, sql` or `)})`;
  const rows = rowsOf<RawDryRunDevice>(
    await db.execute(sql`
      select ${dryRunColumns} from ${devices} d
      where ${deviceScope(scope)} and (${assignedPolicyId} = any(${ids}::int[]) or ${byDynamic})
      order by lower(d.display_name), d.id
      limit ${limit}`),
  );
  return rows.map(toDryRunDevice);
};

/** Per device, the highest and lowest CPU and memory use and the lowest disk use of the samples since `from`. */
export const metricExtremesSince = async (db: DbOrTx, deviceIds: readonly number[], from: Date) => {
  if (deviceIds.length === 0) return new Map<number, MetricExtremes>();
  const rows = await db
    .select({
      deviceId: deviceMetrics.deviceId,
      samples: count(),
      cpuMin: sql<number>`min(${deviceMetrics.cpuPercent})`,
      cpuMax: sql<number>`max(${deviceMetrics.cpuPercent})`,
      memoryMin: sql<number>`min(${deviceMetrics.memoryPercent})`,
      memoryMax: sql<number>`max(${deviceMetrics.memoryPercent})`,
      diskMin: sql<number>`min(${deviceMetrics.diskPercent})`,
    })
    .from(deviceMetrics)
    .where(
      and(
        anyOf(deviceMetrics.deviceId, deviceIds, 'integer'),
        sql`${deviceMetrics.time} >= ${from.toISOString()}`,
      ),
    )
    .groupBy(deviceMetrics.deviceId);
  return new Map(
    rows.map((row) => [
      row.deviceId,
      {
        samples: toNumber(row.samples),
        cpuMin: Number(row.cpuMin),
        cpuMax: Number(row.cpuMax),
        memoryMin: Number(row.memoryMin),
        memoryMax: Number(row.memoryMax),
        diskMin: Number(row.diskMin),
      },
    ]),
  );
};
export type MetricExtremes = {
  samples: number;
  cpuMin: number;
  cpuMax: number;
  memoryMin: number;
  memoryMax: number;
  /** The fullest volume's use (the samples' `disk_percent`) at its lowest. */
  diskMin: number;
};

/** Each device (of these ids, or all) with the policy assigned to it now, when that is one of `policyIds`. */
export const assignedPoliciesOfDevices = async (
  db: DbOrTx,
  where: { deviceIds?: readonly number[]; policyIds?: readonly number[] },
) => {
  const byDevice = where.deviceIds ? sql`d.id = any(${sql.param([...where.deviceIds])}::int[])` : sql`true`;
  const byPolicy = where.policyIds
    ? sql`assigned = any(${sql.param([...where.policyIds])}::int[])`
    : sql`assigned is not null`;
  const rows = rowsOf<{ device_id: number; assigned: number }>(
    await db.execute(sql`
      select device_id, assigned from (
        select d.id as device_id, ${assignedPolicyId} as assigned from ${devices} d where ${byDevice}) a
      where ${byPolicy}`),
  );
  return rows.map((row) => ({ deviceId: Number(row.device_id), policyId: Number(row.assigned) }));
};

/** The enabled dynamic policies in their order, with their criteria and the policy they layer. */
export const enabledDynamicPolicies = (db: DbOrTx) =>
  db
    .select({
      id: dynamicPolicies.id,
      policyId: dynamicPolicies.policyId,
      criteria: dynamicPolicies.criteria,
    })
    .from(dynamicPolicies)
    .where(eq(dynamicPolicies.enabled, true))
    .orderBy(asc(dynamicPolicies.order), asc(dynamicPolicies.id));

/** The devices (of these ids, or all) the criteria match now. */
export const devicesMatching = async (
  db: DbOrTx,
  criteria: SearchCriteria,
  onlyIds?: readonly number[],
): Promise<number[]> =>
  (
    await db
      .select({ id: devices.id })
      .from(devices)
      .where(
        and(
          await criteriaConditionOf(db, criteria),
          onlyIds ? anyOf(devices.id, [...onlyIds], 'integer') : undefined,
        ),
      )
  ).map((row) => row.id);

/** Enabled dynamic policies layering one of these policies: their criteria. */
export const dynamicCriteriaOfPolicies = async (db: DbOrTx, policyIds: readonly number[]) =>
  policyIds.length === 0
    ? []
    : (
        await db
          .select({ criteria: dynamicPolicies.criteria })
          .from(dynamicPolicies)
          .where(
            and(eq(dynamicPolicies.enabled, true), anyOf(dynamicPolicies.policyId, policyIds, 'integer')),
          )
      ).map((row) => row.criteria);
