import type { DeviceMetrics } from '@rmm/domain';
import si from 'systeminformation';
import { percent } from './text.ts';

/** Memory-backed and image file systems are not disks that fill up. */
const ignoredFsTypes = new Set(['tmpfs', 'devtmpfs', 'squashfs', 'ramfs', 'iso9660', 'udf', 'overlayfs']);

export type VolumeUse = { type: string; size: number; use: number };

/** The fullest local volume, in percent. */
export const fullestVolumePercent = (volumes: VolumeUse[]) =>
  percent(
    volumes
      .filter((v) => v.size > 0 && !ignoredFsTypes.has(v.type.toLowerCase()))
      .reduce((max, v) => Math.max(max, Number.isFinite(v.use) ? v.use : 0), 0),
  );

/** What a heartbeat carries: CPU, memory and disk use. */
export const collectMetrics = async (): Promise<DeviceMetrics> => {
  const [load, memory, volumes] = await Promise.all([si.currentLoad(), si.mem(), si.fsSize()]);
  const used = memory.total > 0 ? ((memory.total - memory.available) / memory.total) * 100 : 0;
  return {
    cpuPercent: percent(load.currentLoad),
    memoryPercent: percent(used),
    diskPercent: fullestVolumePercent(volumes),
  };
};
