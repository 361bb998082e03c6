import type { OrganizationScope } from '@rmm/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { devices, organizations } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { inScope } from '../../lib/scope.ts';
import type { Actor } from '../../types.ts';

/** A device as the backup calls need it (its organization, location, platform and volumes). */
export const findBackupDevice = async (db: DbOrTx, scope: OrganizationScope, id: number) => {
  const [row] = await db
    .select({
      id: devices.id,
      displayName: devices.displayName,
      organizationId: devices.organizationId,
      organizationName: organizations.name,
      locationId: devices.locationId,
      platform: devices.platform,
      inventory: devices.inventory,
    })
    .from(devices)
    .innerJoin(organizations, eq(organizations.id, devices.organizationId))
    .where(and(eq(devices.id, id), inScope(devices.organizationId, scope)));
  return row;
};

export type BackupDevice = NonNullable<Awaited<ReturnType<typeof findBackupDevice>>>;

/** A device in the caller's scope, else 404 like a missing one. */
export const deviceInScope = async (db: DbOrTx, actor: Actor, id: number): Promise<BackupDevice> => {
  const device = await findBackupDevice(db, actor.scope, id);
  if (!device) throw notFound(`Device ${id} not found.`);
  return device;
};
