import {
  type AgentPlatform,
  type Device,
  type DeviceNode,
  type DeviceOwner,
  findNodeRole,
} from '@rmm/domain';
import { getTableColumns, sql } from 'drizzle-orm';
import { devices, locations, organizations, users } from '../../db/schema.ts';
import { deviceTagNames } from '../tags/sql.ts';

type DeviceRow = typeof devices.$inferSelect;

const {
  inventory: _inventory,
  secretHash: _secretHash,
  alertHealth: _alertHealth,
  ...summaryColumns
} = getTableColumns(devices);

/** The device's owner as a JSON object (null without one): one primary-key lookup per row. */
const deviceOwner = sql<DeviceOwner | null>`(
  select jsonb_build_object('id', u.id, 'name', u.name, 'email', u.email, 'userType', u.user_type)
  from ${users} u where u.id = ${devices}.${sql.identifier('owner_user_id')})`;

/** The columns of a device list row: everything but the inventory document and the secret hash, with its tags. */
export const deviceColumns = {
  ...summaryColumns,
  organizationName: organizations.name,
  locationName: locations.name,
  tags: deviceTagNames,
  owner: deviceOwner,
};

export type DeviceListRow = Omit<DeviceRow, 'inventory' | 'secretHash' | 'alertHealth'> & {
  organizationName: string;
  locationName: string | null;
  tags: string[];
  owner: DeviceOwner | null;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export const toDevice = (row: DeviceListRow): Device => ({
  id: row.id,
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  locationId: row.locationId,
  locationName: row.locationName,
  parentDeviceId: row.parentDeviceId,
  displayName: row.displayName,
  hostname: row.hostname,
  nodeRoleId: row.nodeRoleId,
  nodeClass: row.nodeRoleId === null ? null : (findNodeRole(row.nodeRoleId)?.nodeClass ?? null),
  approvalStatus: row.approvalStatus as Device['approvalStatus'],
  status: row.status as Device['status'],
  healthStatus: row.healthStatus as Device['healthStatus'],
  lastSeen: iso(row.lastSeenAt),
  platform: row.platform as AgentPlatform,
  osName: row.osName,
  osVersion: row.osVersion,
  manufacturer: row.manufacturer,
  model: row.model,
  loggedOnUser: row.loggedOnUser,
  owner: row.owner ?? null,
  lastBootTime: iso(row.lastBootAt),
  pendingReboot: row.pendingReboot,
  ipAddresses: row.ipAddresses,
  agentVersion: row.agentVersion,
  metrics:
    row.cpuPercent === null || row.memoryPercent === null || row.diskPercent === null
      ? null
      : { cpuPercent: row.cpuPercent, memoryPercent: row.memoryPercent, diskPercent: row.diskPercent },
  tags: row.tags,
  createTime: row.createdAt.toISOString(),
  updateTime: row.updatedAt.toISOString(),
});

export const toDeviceNode = (
  row: DeviceListRow & { inventory: DeviceRow['inventory'] | null },
): DeviceNode => ({
  ...toDevice(row),
  inventory: row.inventory ?? null,
  inventoryUpdateTime: iso(row.inventoryUpdatedAt),
});
