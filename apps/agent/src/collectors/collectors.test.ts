import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeviceInventory } from '@rmm/domain';
import { describe, expect, it } from 'vitest';
import { collectInventory } from './inventory.ts';
import { inventoryKey } from './inventory-key.ts';
import { collectMetrics, fullestVolumePercent } from './metrics.ts';
import { nodeClassFor } from './node-class.ts';

describe('node class', () => {
  it('tells servers from workstations per platform', () => {
    expect(
      nodeClassFor({ platform: 'win32', osName: 'Microsoft Windows Server 2022 Standard', chassisType: '' }),
    ).toBe('WINDOWS_SERVER');
    expect(
      nodeClassFor({ platform: 'win32', osName: 'Microsoft Windows 11 Pro', chassisType: 'Notebook' }),
    ).toBe('WINDOWS_WORKSTATION');
    expect(nodeClassFor({ platform: 'darwin', osName: 'macOS', chassisType: '' })).toBe('MAC');
    expect(nodeClassFor({ platform: 'linux', osName: 'Ubuntu', chassisType: 'Laptop' })).toBe(
      'LINUX_WORKSTATION',
    );
    expect(
      nodeClassFor({ platform: 'linux', osName: 'Debian GNU/Linux', chassisType: 'Rack Mount Chassis' }),
    ).toBe('LINUX_SERVER');
    expect(nodeClassFor({ platform: 'linux', osName: 'Ubuntu Server', chassisType: 'Desktop' })).toBe(
      'LINUX_SERVER',
    );
  });
});

describe('disk use', () => {
  it('is the fullest real volume, leaving out memory and image file systems', () => {
    const volumes = [
      { type: 'ext4', size: 100, use: 41.5 },
      { type: 'tmpfs', size: 100, use: 99 },
      { type: 'vfat', size: 100, use: 63.25 },
      { type: 'squashfs', size: 100, use: 100 },
      { type: 'ext4', size: 0, use: 100 },
    ];
    expect(fullestVolumePercent(volumes)).toBe(63.25);
    expect(fullestVolumePercent([])).toBe(0);
  });
});

describe('on this machine', () => {
  it('collects an inventory the server accepts', async () => {
    const inventory = await collectInventory();
    expect(DeviceInventory.safeParse(inventory).success).toBe(true);
    expect(inventory.hostname).toBe(os.hostname());
    expect(inventory.memory.totalBytes).toBe(os.totalmem());
    expect(inventory.os.platform).toBe(process.platform === 'linux' ? 'linux' : inventory.os.platform);
    expect(inventory.networkInterfaces.length).toBeGreaterThan(0);
  });

  it('reports no install issue when every collector works and its state folder is writable', async () => {
    const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-inventory-'));
    try {
      const inventory = await collectInventory(process.platform, {
        software: async () => [{ name: 'AnyDesk', version: '8', publisher: 'AnyDesk', installDate: null }],
        pendingReboot: async () => false,
        stateDir,
      });
      expect(inventory.installIssues).toEqual([]);
      expect(inventory.software.map((s) => s.name)).toEqual(['AnyDesk']);
    } finally {
      fs.rmSync(stateDir, { recursive: true, force: true });
    }
  });

  it('reports a failed collector and a state folder it cannot write as install issues, and still sends the rest', async () => {
    const inventory = await collectInventory(process.platform, {
      software: async () => {
        throw new Error('dpkg-query: not found');
      },
      pendingReboot: async () => {
        throw new Error('access denied');
      },
      stateDir: path.join(os.tmpdir(), 'rmm-missing-state-dir', String(process.pid)),
    });
    expect(inventory.installIssues?.sort()).toEqual([
      'PENDING_REBOOT_CHECK_FAILED',
      'SOFTWARE_INVENTORY_FAILED',
      'STATE_DIR_NOT_WRITABLE',
    ]);
    expect(inventory.software).toEqual([]);
    expect(inventory.hostname).toBe(os.hostname());
    expect(DeviceInventory.safeParse(inventory).success).toBe(true);
  });

  it('collects heartbeat metrics as percentages', async () => {
    const metrics = await collectMetrics();
    for (const value of Object.values(metrics)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    expect(metrics.memoryPercent).toBeGreaterThan(0);
  });

  it('keeps the same inventory key when only the time and a few free bytes change', async () => {
    const inventory = await collectInventory();
    const later = {
      ...inventory,
      collectedAt: new Date(Date.now() + 60_000).toISOString(),
      volumes: inventory.volumes.map((v) => ({ ...v, freeBytes: Math.max(0, v.freeBytes - 4096) })),
    };
    expect(inventoryKey(later)).toBe(inventoryKey(inventory));
    expect(inventoryKey({ ...inventory, pendingReboot: !inventory.pendingReboot })).not.toBe(
      inventoryKey(inventory),
    );
  });
});
