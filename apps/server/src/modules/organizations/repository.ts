import type { ListOrganizationsQuery, Location, Organization, OrganizationScope } from '@rmm/domain';
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { devices, locations, organizations } from '../../db/schema.ts';
import { inScope } from '../../lib/scope.ts';
import { escapeLike } from '../activities/repository.ts';

type OrganizationRow = typeof organizations.$inferSelect;

const toLocation = (row: typeof locations.$inferSelect): Location => ({
  id: row.id,
  organizationId: row.organizationId,
  name: row.name,
  address: row.address,
  description: row.description,
});

const hydrate = async (db: DbOrTx, rows: OrganizationRow[]): Promise<Organization[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [locationRows, deviceCounts] = await Promise.all([
    db
      .select()
      .from(locations)
      .where(inArray(locations.organizationId, ids))
      .orderBy(asc(locations.name), asc(locations.id)),
    db
      .select({ organizationId: devices.organizationId, value: count() })
      .from(devices)
      .where(inArray(devices.organizationId, ids))
      .groupBy(devices.organizationId),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    nodeApprovalMode: row.nodeApprovalMode as Organization['nodeApprovalMode'],
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
    locations: locationRows.filter((l) => l.organizationId === row.id).map(toLocation),
    deviceCount: toNumber(deviceCounts.find((d) => d.organizationId === row.id)?.value),
  }));
};

const sortOrder = {
  name: [asc(sql`lower(${organizations.name})`), asc(organizations.id)],
  '-name': [desc(sql`lower(${organizations.name})`), desc(organizations.id)],
  createTime: [asc(organizations.createdAt), asc(organizations.id)],
  '-createTime': [desc(organizations.createdAt), desc(organizations.id)],
} as const;

export const listOrganizations = async (
  db: DbOrTx,
  scope: OrganizationScope,
  query: {
    page: number;
    pageSize: number;
    search?: string;
    sort: NonNullable<ListOrganizationsQuery['sort']>;
  },
) => {
  const search = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const where = and(
    inScope(organizations.id, scope),
    search
      ? or(
          ilike(organizations.name, search),
          ilike(organizations.description, search),
          sql`exists (select 1 from ${locations} where ${locations.organizationId} = ${organizations.id} and ${locations.name} ilike ${search})`,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(organizations)
      .where(where)
      .orderBy(...sortOrder[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(organizations).where(where),
  ]);
  return { data: await hydrate(db, rows), count: toNumber(total?.value) };
};

export const findOrganization = async (db: DbOrTx, scope: OrganizationScope, id: number) => {
  const rows = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, id), inScope(organizations.id, scope)));
  const [organization] = await hydrate(db, rows);
  return organization;
};

export const countOrganizations = async (db: DbOrTx, scope: OrganizationScope) => {
  const [row] = await db
    .select({ value: count() })
    .from(organizations)
    .where(inScope(organizations.id, scope));
  return toNumber(row?.value);
};

export const insertOrganization = async (
  db: DbOrTx,
  values: Pick<OrganizationRow, 'name' | 'description' | 'nodeApprovalMode'>,
) => {
  const [row] = await db.insert(organizations).values(values).returning({ id: organizations.id });
  return row!.id;
};

export const updateOrganizationRow = async (
  db: DbOrTx,
  id: number,
  values: Partial<Pick<OrganizationRow, 'name' | 'description' | 'nodeApprovalMode'>>,
) => {
  await db
    .update(organizations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(organizations.id, id));
};

export const deleteOrganizationRow = async (db: DbOrTx, id: number) => {
  await db.delete(organizations).where(eq(organizations.id, id));
};

export const countDevicesOfOrganization = async (db: DbOrTx, organizationId: number) => {
  const [row] = await db
    .select({ value: count() })
    .from(devices)
    .where(eq(devices.organizationId, organizationId));
  return toNumber(row?.value);
};

type LocationValues = { id?: number; name: string; address: string; description: string };

/** Replaces an organization's locations with the given list: keeps ids it names, adds the rest. */
export const replaceLocations = async (db: DbOrTx, organizationId: number, list: LocationValues[]) => {
  const keptIds = list.map((l) => l.id).filter((id): id is number => id !== undefined);
  await db
    .delete(locations)
    .where(
      and(
        eq(locations.organizationId, organizationId),
        keptIds.length ? notInArray(locations.id, keptIds) : undefined,
      ),
    );
  for (const location of list) {
    const values = { name: location.name, address: location.address, description: location.description };
    if (location.id !== undefined) {
      await db
        .update(locations)
        .set(values)
        .where(and(eq(locations.id, location.id), eq(locations.organizationId, organizationId)));
    } else {
      await db.insert(locations).values({ ...values, organizationId });
    }
  }
};

export const locationIdsOf = async (db: DbOrTx, organizationId: number) =>
  (
    await db.select({ id: locations.id }).from(locations).where(eq(locations.organizationId, organizationId))
  ).map((r) => r.id);

/** Organizations of these ids that exist (a scope must not name one that does not). */
export const existingOrganizationIds = async (db: DbOrTx, ids: readonly number[]) => {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(inArray(organizations.id, [...ids]));
  return new Set(rows.map((r) => r.id));
};
