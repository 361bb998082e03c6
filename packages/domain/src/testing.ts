import type { DeviceInventory } from './devices.ts';

/** Test data only (import from '@rmm/domain/testing'): a valid inventory with overrides. */
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
