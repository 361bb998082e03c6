import type { MaintenanceWindow, OrganizationScope } from '@rmm/domain';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { DbOrTx } from '../../db/database.ts';
import { inScope } from '../../lib/scope.ts';
import { devices } from '../devices/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { maintenanceWindows } from './schema.ts';

/** Maintenance windows: the console's CRUD and the engine's one question (is this device in one now?). */

type Row = typeof maintenanceWindows.$inferSelect;

const toWindow = (row: Row, organizationName: string): MaintenanceWindow => ({
  id: row.id,
  name: row.name,
  organizationId: row.organizationId,
  organizationName,
  deviceIds: row.deviceIds,
  startTime: row.startTime.toISOString(),
  endTime: row.endTime.toISOString(),
  createdBy: row.createdBy,
  createTime: row.createdAt.toISOString(),
});

const selectWindows = (db: DbOrTx) =>
  db
    .select({ window: maintenanceWindows, organizationName: organizations.name })
    .from(maintenanceWindows)
    .innerJoin(organizations, eq(organizations.id, maintenanceWindows.organizationId));

export const listWindows = async (
  db: DbOrTx,
  scope: OrganizationScope,
  query: { organizationId?: number | undefined; current: boolean; page: number; pageSize: number },
  now: Date,
) => {
  const condition = and(
    inScope(maintenanceWindows.organizationId, scope),
    query.organizationId === undefined
      ? undefined
      : eq(maintenanceWindows.organizationId, query.organizationId),
    query.current ? gt(maintenanceWindows.endTime, now) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectWindows(db)
      .where(condition)
      .orderBy(asc(maintenanceWindows.startTime), asc(maintenanceWindows.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(maintenanceWindows).where(condition),
  ]);
  return {
    data: rows.map((r) => toWindow(r.window, r.organizationName)),
    count: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
};

export const findWindow = async (db: DbOrTx, scope: OrganizationScope, id: number) => {
  const [row] = await selectWindows(db).where(
    and(eq(maintenanceWindows.id, id), inScope(maintenanceWindows.organizationId, scope)),
  );
  return row ? toWindow(row.window, row.organizationName) : undefined;
};

export type WindowValues = Pick<
  typeof maintenanceWindows.$inferInsert,
  'name' | 'organizationId' | 'deviceIds' | 'startTime' | 'endTime'
>;

export const insertWindow = async (db: DbOrTx, values: WindowValues & { createdBy: string }) => {
  const [row] = await db.insert(maintenanceWindows).values(values).returning({ id: maintenanceWindows.id });
  return row!.id;
};

export const updateWindow = async (db: DbOrTx, id: number, values: WindowValues) => {
  await db.update(maintenanceWindows).set(values).where(eq(maintenanceWindows.id, id));
};

export const deleteWindow = async (db: DbOrTx, id: number) => {
  await db.delete(maintenanceWindows).where(eq(maintenanceWindows.id, id));
};

/** Of these ids, those that are not devices of the organization. */
export const devicesOutside = async (db: DbOrTx, organizationId: number, ids: readonly number[]) => {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(anyOf(devices.id, ids, 'integer'), eq(devices.organizationId, organizationId)));
  const inside = new Set(found.map((r) => r.id));
  return ids.filter((id) => !inside.has(id));
};
