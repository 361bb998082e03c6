import {
  builtInNodeRoles,
  DEVICE_OWNER_CANDIDATES_MAX,
  type DeviceOwner,
  type ListDevicesQuery,
  type OrganizationScope,
  type SearchCriteria,
} from '@rmm/domain';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { deviceMetrics, devices, locations, organizations, roles, users } from '../../db/schema.ts';
import { inScope } from '../../lib/scope.ts';
import { escapeLike } from '../activities/repository.ts';
import { criteriaConditionOf } from './criteria.ts';
import { deviceColumns, toDevice, toDeviceNode } from './mapper.ts';

const sortOrder: Record<ListDevicesQuery['sort'], SQL[]> = {
  displayName: [asc(sql`lower(${devices.displayName})`), asc(devices.id)],
  '-displayName': [desc(sql`lower(${devices.displayName})`), desc(devices.id)],
  lastSeen: [sql`${devices.lastSeenAt} asc nulls first`, asc(devices.id)],
  '-lastSeen': [sql`${devices.lastSeenAt} desc nulls last`, desc(devices.id)],
  status: [asc(devices.status), asc(sql`lower(${devices.displayName})`), asc(devices.id)],
  '-status': [desc(devices.status), asc(sql`lower(${devices.displayName})`), asc(devices.id)],
  createTime: [asc(devices.createdAt), asc(devices.id)],
  '-createTime': [desc(devices.createdAt), desc(devices.id)],
};

const roleIdsOfClass = (nodeClass: string) =>
  builtInNodeRoles.filter((r) => r.nodeClass === nodeClass).map((r) => r.id);

const searchCondition = (search: string) =>
  // One generated, trigram-indexed column holds name, hostname, OS, user and addresses, lower-cased.
  sql`${devices.searchText} like ${`%${escapeLike(search.toLowerCase())}%`}`;

const listConditions = (scope: OrganizationScope, query: ListDevicesQuery, criteria?: SQL) =>
  and(
    inScope(devices.organizationId, scope),
    criteria,
    query.organizationId ? eq(devices.organizationId, query.organizationId) : undefined,
    query.locationId ? eq(devices.locationId, query.locationId) : undefined,
    query.status ? eq(devices.status, query.status) : undefined,
    query.approvalStatus ? eq(devices.approvalStatus, query.approvalStatus) : undefined,
    query.nodeRoleId ? eq(devices.nodeRoleId, query.nodeRoleId) : undefined,
    query.nodeClass ? inArray(devices.nodeRoleId, roleIdsOfClass(query.nodeClass)) : undefined,
    query.search ? searchCondition(query.search) : undefined,
  );

const selectDevices = (db: DbOrTx) =>
  db
    .select(deviceColumns)
    .from(devices)
    .innerJoin(organizations, eq(organizations.id, devices.organizationId))
    .leftJoin(locations, eq(locations.id, devices.locationId));

/**
 * A page of devices in the scope; with criteria, only the devices a saved search matches.
 * The page's ids are picked first from `devices` alone (a "deferred join"): the rows an OFFSET skips
 * are never joined to their organization and location nor read in full, only the page's rows are.
 */
export const listDevices = async (
  db: DbOrTx,
  scope: OrganizationScope,
  query: ListDevicesQuery,
  criteria?: SearchCriteria,
) => {
  const where = listConditions(scope, query, criteria ? await criteriaConditionOf(db, criteria) : undefined);
  const order = sortOrder[query.sort];
  const pageIds = db
    .select({ id: devices.id })
    .from(devices)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [rows, [total]] = await Promise.all([
    selectDevices(db)
      .where(inArray(devices.id, pageIds))
      .orderBy(...order),
    db.select({ value: count() }).from(devices).where(where),
  ]);
  return { data: rows.map(toDevice), count: toNumber(total?.value) };
};

/** Devices by id within the scope, with their inventory when asked; unknown ids are left out. */
export const findDeviceNodes = async (
  db: DbOrTx,
  scope: OrganizationScope,
  ids: number[],
  withInventory: boolean,
) => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      ...deviceColumns,
      inventory: withInventory ? devices.inventory : sql<null>`null`,
    })
    .from(devices)
    .innerJoin(organizations, eq(organizations.id, devices.organizationId))
    .leftJoin(locations, eq(locations.id, devices.locationId))
    .where(and(inArray(devices.id, ids), inScope(devices.organizationId, scope)))
    .orderBy(asc(sql`lower(${devices.displayName})`), asc(devices.id));
  return rows.map(toDeviceNode);
};

export const findDeviceSummary = async (db: DbOrTx, scope: OrganizationScope, id: number) => {
  const [row] = await selectDevices(db).where(
    and(eq(devices.id, id), inScope(devices.organizationId, scope)),
  );
  return row ? toDevice(row) : undefined;
};

/** The parents of the given devices and their children, within the scope. */
export const findRelativeIds = async (db: DbOrTx, scope: OrganizationScope, ids: number[]) => {
  if (ids.length === 0) return [];
  const [children, parents] = await Promise.all([
    db
      .select({ id: devices.id })
      .from(devices)
      .where(and(inArray(devices.parentDeviceId, ids), inScope(devices.organizationId, scope))),
    db
      .select({ id: devices.parentDeviceId })
      .from(devices)
      .where(and(inArray(devices.id, ids), isNotNull(devices.parentDeviceId))),
  ]);
  return [...children, ...parents].map((r) => r.id).filter((id): id is number => id !== null);
};

export type DeviceUpdate = Partial<
  Pick<
    typeof devices.$inferInsert,
    'displayName' | 'nodeRoleId' | 'locationId' | 'approvalStatus' | 'ownerUserId'
  >
>;

export const updateDeviceRow = async (db: DbOrTx, id: number, values: DeviceUpdate) => {
  await db
    .update(devices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(devices.id, id));
};

export const deleteDeviceRow = async (db: DbOrTx, id: number) => {
  await db.delete(devices).where(eq(devices.id, id));
};

export const locationBelongsTo = async (db: DbOrTx, locationId: number, organizationId: number) => {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.organizationId, organizationId)));
  return row !== undefined;
};

export const listMetricSamples = async (db: DbOrTx, deviceId: number, from: Date, to: Date) => {
  const rows = await db
    .select()
    .from(deviceMetrics)
    .where(
      and(
        eq(deviceMetrics.deviceId, deviceId),
        sql`${deviceMetrics.time} >= ${from.toISOString()}`,
        sql`${deviceMetrics.time} <= ${to.toISOString()}`,
      ),
    )
    .orderBy(asc(deviceMetrics.time))
    .limit(10_000);
  return rows.map((r) => ({
    time: r.time.toISOString(),
    cpuPercent: r.cpuPercent,
    memoryPercent: r.memoryPercent,
    diskPercent: r.diskPercent,
  }));
};

/** The devices a target matches in the scope (id, organization, name): what a bulk action works on. */
export const findActionTargets = async (
  db: DbOrTx,
  scope: OrganizationScope,
  target: { criteria: SearchCriteria } | { nodeIds: number[] },
  limit: number,
) => {
  const condition =
    'criteria' in target
      ? await criteriaConditionOf(db, target.criteria)
      : inArray(devices.id, target.nodeIds);
  return db
    .select({
      id: devices.id,
      displayName: devices.displayName,
      organizationId: devices.organizationId,
      organizationName: organizations.name,
      approvalStatus: devices.approvalStatus,
    })
    .from(devices)
    .innerJoin(organizations, eq(organizations.id, devices.organizationId))
    .where(and(inScope(devices.organizationId, scope), condition))
    .orderBy(asc(devices.id))
    .limit(limit);
};

export const updateDeviceRows = async (db: DbOrTx, ids: number[], values: DeviceUpdate) => {
  if (ids.length === 0) return;
  await db
    .update(devices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(inArray(devices.id, ids));
};

export const deleteDeviceRows = async (db: DbOrTx, ids: number[]) => {
  if (ids.length === 0) return;
  await db.delete(devices).where(inArray(devices.id, ids));
};

export const findLocation = async (db: DbOrTx, scope: OrganizationScope, locationId: number) => {
  const [row] = await db
    .select({ id: locations.id, name: locations.name, organizationId: locations.organizationId })
    .from(locations)
    .where(and(eq(locations.id, locationId), inScope(locations.organizationId, scope)));
  return row;
};

// ---------------------------------------------------------------- owners

/** A scope column ('all' or a list of ids) that allows the organization. */
const scopeHolds = (column: SQL | typeof users.organizationScope, organizationId: number) =>
  sql`(${column} = '"all"'::jsonb or ${column} @> to_jsonb(${organizationId}::int))`;

/**
 * Who may own a device of the organization (docs/decisions.md "Device owner"): an enabled end user of it, or an
 * enabled technician who can see its devices (devices.view, and the organization in both their own scope and
 * their role's: the actor's scope).
 */
const mayOwn = (organizationId: number) =>
  and(
    eq(users.isEnabled, true),
    or(
      and(eq(users.userType, 'END_USER'), eq(users.organizationId, organizationId)),
      and(
        eq(users.userType, 'TECHNICIAN'),
        sql`${roles.permissions} @> ${JSON.stringify(['devices.view'])}::jsonb`,
        scopeHolds(users.organizationScope, organizationId),
        scopeHolds(sql`${roles.organizationScope}`, organizationId),
      ),
    ),
  );

const ownerColumns = { id: users.id, name: users.name, email: users.email, userType: users.userType };

export const isAllowedOwner = async (db: DbOrTx, userId: number, organizationId: number) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), mayOwn(organizationId)));
  return row !== undefined;
};

/** The users who may own a device of the organization: end users first, then technicians, each by name. */
export const listOwnerCandidates = async (
  db: DbOrTx,
  organizationId: number,
  search: string | undefined,
): Promise<DeviceOwner[]> => {
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  const rows = await db
    .select(ownerColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        mayOwn(organizationId),
        pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .orderBy(
      desc(eq(users.userType, 'END_USER')),
      asc(sql`lower(${users.name})`),
      asc(sql`lower(${users.email})`),
      asc(users.id),
    )
    .limit(DEVICE_OWNER_CANDIDATES_MAX);
  return rows.map((row) => ({ ...row, userType: row.userType as DeviceOwner['userType'] }));
};
