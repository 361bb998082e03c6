import type { DeviceStatusCounts, OrganizationScope } from '@rmm/domain';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { devices, organizations } from '../../db/schema.ts';
import { inScope } from '../../lib/scope.ts';

const countWhere = (status: string) =>
  sql<number>`count(${devices.id}) filter (where ${devices.status} = ${status})`.mapWith(Number);

const statusColumns = {
  up: countWhere('UP'),
  down: countWhere('DOWN'),
  warning: countWhere('WARNING'),
  total: count(devices.id),
};

/** One page of organizations in scope with their device counts by status; those with devices down first. */
export const listDeviceCountsByOrganization = async (
  db: DbOrTx,
  scope: OrganizationScope,
  { page, pageSize }: { page: number; pageSize: number },
) => {
  const rows = await db
    .select({ organizationId: organizations.id, organizationName: organizations.name, ...statusColumns })
    .from(organizations)
    .leftJoin(devices, eq(devices.organizationId, organizations.id))
    .where(inScope(organizations.id, scope))
    .groupBy(organizations.id, organizations.name)
    .orderBy(
      desc(statusColumns.down),
      desc(statusColumns.warning),
      asc(sql`lower(${organizations.name})`),
      asc(organizations.id),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map((row) => ({ ...row, total: toNumber(row.total) }));
};

/** Device counts by status over every organization in scope. */
export const countDevicesByStatus = async (
  db: DbOrTx,
  scope: OrganizationScope,
): Promise<DeviceStatusCounts> => {
  const [row] = await db.select(statusColumns).from(devices).where(inScope(devices.organizationId, scope));
  return {
    up: toNumber(row?.up),
    down: toNumber(row?.down),
    warning: toNumber(row?.warning),
    total: toNumber(row?.total),
  };
};

/** Devices in scope. */
export const countDevices = async (db: DbOrTx, scope: OrganizationScope) => {
  const [row] = await db
    .select({ value: count() })
    .from(devices)
    .where(inScope(devices.organizationId, scope));
  return toNumber(row?.value);
};
