import type { Device, DeviceInventory, DeviceNode, Organization } from '@rmm/domain';

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
    lastSeen: new Date().toISOString(),
    platform: 'linux',
    osName: 'Debian GNU/Linux',
    osVersion: '12',
    manufacturer: 'QEMU',
    model: 'Standard PC',
    loggedOnUser: 'alice',
    lastBootTime: '2024-01-01T08:00:00.000Z',
    pendingReboot: false,
    ipAddresses: ['10.0.0.5'],
    agentVersion: '0.1.0',
    metrics: { cpuPercent: 12, memoryPercent: 40, diskPercent: 55 },
    createTime: '2024-01-01T08:00:00.000Z',
    updateTime: '2024-01-01T08:00:00.000Z',
    ...overrides,
  };
};

export const createInventory = (overrides: Partial<DeviceInventory> = {}): DeviceInventory => ({
  collectedAt: new Date().toISOString(),
  hostname: 'pc-1',
  fqdn: 'pc-1.example',
  os: { platform: 'linux', name: 'Debian GNU/Linux', version: '12', build: '', kernel: '6.1.0', arch: 'x64' },
  system: { manufacturer: 'QEMU', model: 'Standard PC', serial: 'S1', isVirtual: true },
  cpu: { manufacturer: 'AMD', brand: 'EPYC', cores: 2, physicalCores: 2, speedGhz: 2.5 },
  memory: { totalBytes: 8 * 1024 ** 3 },
  disks: [{ name: 'vda', model: 'Virtual disk', vendor: '', mediaType: 'SSD', sizeBytes: 100e9, serial: '' }],
  volumes: [{ mount: '/', fsType: 'ext4', label: '/dev/vda1', totalBytes: 100e9, freeBytes: 40e9 }],
  networkInterfaces: [
    {
      name: 'eth0',
      mac: '52:54:00:12:34:56',
      ipv4: ['10.0.0.5'],
      ipv6: [],
      isVirtual: false,
      isInternal: false,
      isDefault: true,
    },
  ],
  loggedOnUsers: ['alice'],
  lastBootTime: '2024-01-01T08:00:00.000Z',
  pendingReboot: false,
  software: [{ name: 'openssl', version: '3.0.11', publisher: 'Debian', installDate: null }],
  nodeClass: 'LINUX_SERVER',
  ...overrides,
});

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
