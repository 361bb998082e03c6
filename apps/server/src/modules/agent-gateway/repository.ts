import { type AgentPlatform, type DeviceInventory, remoteSupportToolsIn } from '@rmm/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { preparedPer } from '../../db/prepared.ts';
import { devices } from '../../db/schema.ts';

/** SQL for the agent side: a device acts only on its own row, found by its authenticated id. */

const credentialsStatement = preparedPer((db: Db) =>
  db
    .select({
      id: devices.id,
      organizationId: devices.organizationId,
      approvalStatus: devices.approvalStatus,
      secretHash: devices.secretHash,
      agentVersion: devices.agentVersion,
      platform: devices.platform,
      inventoryKey: devices.inventoryKey,
    })
    .from(devices)
    .where(eq(devices.id, sql.placeholder('deviceId')))
    .prepare('device_credentials'),
);

/** Every agent handshake asks this: built once per database handle, prepared on the server. */
export const findDeviceCredentials = async (db: Db, deviceId: number) => {
  const [row] = await credentialsStatement(db).execute({ deviceId });
  return row;
};

const MAX_ADDRESSES = 64;

const addressesOf = (inventory: DeviceInventory) =>
  inventory.networkInterfaces
    .filter((nic) => !nic.isInternal)
    .flatMap((nic) => [...nic.ipv4, ...nic.ipv6])
    .filter(Boolean)
    .slice(0, MAX_ADDRESSES);

export const saveInventory = async (
  db: DbOrTx,
  deviceId: number,
  inventory: DeviceInventory,
  inventoryKey: string | null,
) => {
  await db
    .update(devices)
    .set({
      inventory,
      inventoryKey,
      inventoryUpdatedAt: sql`now()`,
      hostname: inventory.hostname,
      platform: inventory.os.platform,
      osName: inventory.os.name,
      osVersion: inventory.os.version,
      manufacturer: inventory.system.manufacturer,
      model: inventory.system.model,
      loggedOnUser: inventory.loggedOnUsers[0] ?? null,
      lastBootAt: inventory.lastBootTime ? new Date(inventory.lastBootTime) : null,
      pendingReboot: inventory.pendingReboot,
      // Derived here from the software the agent lists, so the list stays the one source.
      remoteSupportTools: remoteSupportToolsIn(inventory.software),
      installIssues: inventory.installIssues?.length ?? 0,
      ipAddresses: addressesOf(inventory),
      updatedAt: sql`now()`,
    })
    .where(eq(devices.id, deviceId));
};

export const saveAgentInfo = async (
  db: DbOrTx,
  deviceId: number,
  info: { agentVersion: string; platform: AgentPlatform },
) => {
  await db
    .update(devices)
    .set({ agentVersion: info.agentVersion, platform: info.platform })
    .where(eq(devices.id, deviceId));
};
