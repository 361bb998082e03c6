import type { BackupThrottleLevel, BackupThrottleSettings } from '@rmm/domain';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { devices, locations, organizations } from '../../db/schema.ts';
import { backupThrottles } from './schema.ts';

/** Queries of the backup throttles (organization, location, device). */

const columns = {
  id: backupThrottles.id,
  organizationId: backupThrottles.organizationId,
  level: backupThrottles.level,
  targetId: backupThrottles.targetId,
  targetName: sql<string>`coalesce(${devices.displayName}, ${locations.name}, ${organizations.name})`,
  workHoursBytesPerSecond: backupThrottles.workHoursBytesPerSecond,
  offHoursBytesPerSecond: backupThrottles.offHoursBytesPerSecond,
  workDays: backupThrottles.workDays,
  workStart: backupThrottles.workStart,
  workEnd: backupThrottles.workEnd,
  timeZone: backupThrottles.timeZone,
  updatedAt: backupThrottles.updatedAt,
};

const selectThrottles = (db: DbOrTx) =>
  db
    .select(columns)
    .from(backupThrottles)
    .innerJoin(organizations, eq(organizations.id, backupThrottles.organizationId))
    .leftJoin(locations, eq(locations.id, backupThrottles.locationId))
    .leftJoin(devices, eq(devices.id, backupThrottles.deviceId));

export type ThrottleRow = Awaited<ReturnType<typeof findThrottle>> & {};

export const findThrottle = async (db: DbOrTx, id: number) => {
  const [row] = await selectThrottles(db).where(eq(backupThrottles.id, id));
  return row;
};

export const listThrottles = async (db: DbOrTx, organizationId: number) =>
  selectThrottles(db)
    .where(eq(backupThrottles.organizationId, organizationId))
    .orderBy(
      sql`case ${backupThrottles.level} when 'ORGANIZATION' then 0 when 'LOCATION' then 1 else 2 end`,
      asc(backupThrottles.targetId),
    );

/** Creates or replaces the throttle of one target; answers its id. */
export const upsertThrottle = async (
  db: DbOrTx,
  target: { organizationId: number; level: BackupThrottleLevel; targetId: number },
  settings: BackupThrottleSettings,
) => {
  const values = {
    workHoursBytesPerSecond: settings.workHoursBytesPerSecond,
    offHoursBytesPerSecond: settings.offHoursBytesPerSecond,
    workDays: settings.workHours.weekDays,
    workStart: settings.workHours.start,
    workEnd: settings.workHours.end,
    timeZone: settings.workHours.timeZone,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(backupThrottles)
    .values({
      ...target,
      ...values,
      locationId: target.level === 'LOCATION' ? target.targetId : null,
      deviceId: target.level === 'DEVICE' ? target.targetId : null,
    })
    .onConflictDoUpdate({
      target: [backupThrottles.organizationId, backupThrottles.level, backupThrottles.targetId],
      set: values,
    })
    .returning({ id: backupThrottles.id });
  return row!.id;
};

export const deleteThrottle = async (db: DbOrTx, id: number) => {
  await db.delete(backupThrottles).where(eq(backupThrottles.id, id));
};

/** The throttle that applies to a device: its own, else its location's, else its organization's. */
export const findEffectiveThrottle = async (
  db: DbOrTx,
  device: { id: number; organizationId: number; locationId: number | null },
) => {
  const [row] = await selectThrottles(db)
    .where(
      and(
        eq(backupThrottles.organizationId, device.organizationId),
        or(
          eq(backupThrottles.level, 'ORGANIZATION'),
          and(eq(backupThrottles.level, 'LOCATION'), eq(backupThrottles.targetId, device.locationId ?? 0)),
          and(eq(backupThrottles.level, 'DEVICE'), eq(backupThrottles.targetId, device.id)),
        ),
      ),
    )
    .orderBy(sql`case ${backupThrottles.level} when 'DEVICE' then 0 when 'LOCATION' then 1 else 2 end`)
    .limit(1);
  return row;
};
