import type { Device, DeviceInventory, DeviceNode, Organization } from '@rmm/domain';
import { createInventory as createBaseInventory } from '@rmm/domain/testing';

let nextId = 100;

/** Test data with overrides; every call gets ids of its own. */
export const createDevice = (overrides: Partial<Device> = {}): Device => {
  const id = nextId++;
  return {
    id,
    organizationId: 1,
    organizationName: 'Contoso',
    locationId: 11,
    locationName: 'Head office',
    parentDeviceId: null,
    displayName: `PC-${id}`,
    hostname: `pc-${id}`,
    nodeRoleId: 5,
    nodeClass: 'LINUX_SERVER',
    approvalStatus: 'APPROVED',
    status: 'UP',
    healthStatus: 'HEALTHY',
    lastSeen: new Date().toISOString(),
    platform: 'linux',
    osName: 'Debian GNU/Linux',
    osVersion: '12',
    manufacturer: 'QEMU',
    model: 'Standard PC',
    loggedOnUser: 'alice',
    owner: null,
    lastBootTime: '2024-01-01T08:00:00.000Z',
    pendingReboot: false,
    ipAddresses: ['10.0.0.5'],
    agentVersion: '0.1.0',
    metrics: { cpuPercent: 12, memoryPercent: 40, diskPercent: 55 },
    tags: [],
    createTime: '2024-01-01T08:00:00.000Z',
    updateTime: '2024-01-01T08:00:00.000Z',
    ...overrides,
  };
};

/** A valid inventory with overrides (the shared test factory, named for this suite). */
export const createInventory = (overrides: Partial<DeviceInventory> = {}): DeviceInventory =>
  createBaseInventory({ hostname: 'pc-1', fqdn: 'pc-1.example', ...overrides });

export const createDeviceNode = (overrides: Partial<DeviceNode> = {}): DeviceNode => ({
  ...createDevice(overrides),
  inventory: createInventory(),
  inventoryUpdateTime: new Date().toISOString(),
  ...overrides,
});

export const createOrganization = (overrides: Partial<Organization> = {}): Organization => {
  const id = nextId++;
  return {
    id,
    name: `Organization ${id}`,
    description: '',
    nodeApprovalMode: 'AUTOMATIC',
    createTime: '2024-01-01T08:00:00.000Z',
    updateTime: '2024-01-01T08:00:00.000Z',
    locations: [],
    deviceCount: 0,
    ...overrides,
  };
};
