import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import si from 'systeminformation';
import { run } from '../collectors/exec.ts';
import { detectPendingReboot } from '../collectors/pending-reboot.ts';
import { collectSoftware } from '../collectors/software/index.ts';
import type { Sources, Volume } from './types.ts';

/** Memory-backed and image file systems are not volumes that fill up (as the heartbeat's disk figure). */
const ignoredFsTypes = new Set(['tmpfs', 'devtmpfs', 'squashfs', 'ramfs', 'iso9660', 'udf', 'overlayfs']);

export const cpuTimes = () => {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, irq, idle: idleTime } = cpu.times;
    idle += idleTime;
    total += user + nice + sys + irq + idleTime;
  }
  return { idle, total };
};

const localVolumes = async (): Promise<Volume[]> =>
  (await si.fsSize())
    .filter((v) => v.size > 0 && !ignoredFsTypes.has(v.type.toLowerCase()))
    .map((v) => ({ mount: v.mount, type: v.type, size: v.size, available: v.available }));

const statVolume = async (target: string): Promise<Volume | undefined> => {
  try {
    const stats = await fs.promises.statfs(target);
    return {
      mount: target,
      type: '',
      size: stats.blocks * stats.bsize,
      available: stats.bavail * stats.bsize,
    };
  } catch {
    return undefined;
  }
};

/** Linux: each process's executable name from /proc (argv[0]'s file name, and `comm`, cut to 15 characters). */
const linuxProcessNames = async (): Promise<string[]> => {
  const names: string[] = [];
  for (const entry of await fs.promises.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = (await fs.promises.readFile(`/proc/${entry}/comm`, 'utf8')).trim();
      const argv0 = (await fs.promises.readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0')[0] ?? '';
      if (argv0) names.push(path.posix.basename(argv0));
      if (comm) names.push(comm);
    } catch {
      // the process ended while it was read
    }
  }
  return names;
};

/** `tasklist /fo csv /nh`: "Image Name","PID",...; the first field of each line. */
export const parseTasklist = (output: string): string[] =>
  output
    .split(/\r?\n/)
    .map((line) => /^"([^"]+)"/.exec(line)?.[1])
    .filter((name): name is string => Boolean(name));

const processNames = async (platform: NodeJS.Platform): Promise<string[]> => {
  if (platform === 'linux') return linuxProcessNames();
  if (platform === 'win32')
    return parseTasklist((await run('tasklist', ['/fo', 'csv', '/nh'], 30_000)).stdout);
  const { stdout } = await run('ps', ['-axo', 'comm='], 30_000);
  return stdout
    .split('\n')
    .map((line) => path.posix.basename(line.trim()))
    .filter(Boolean);
};

export const systemSources = (platform: NodeJS.Platform = process.platform): Sources => ({
  cpuTimes,
  memory: async () => {
    const memory = await si.mem();
    return { total: memory.total, available: memory.available };
  },
  volumes: localVolumes,
  statVolume,
  processNames: () => processNames(platform),
  software: async () => (await collectSoftware(platform)).map((item) => item.name),
  pendingReboot: () => detectPendingReboot(platform),
  temperature: async () => {
    const reading = await si.cpuTemperature();
    if (typeof reading.main === 'number' && Number.isFinite(reading.main) && reading.main > 0)
      return reading.main;
    const cores = (reading.cores ?? []).filter((value) => Number.isFinite(value) && value > 0);
    return cores.length ? Math.max(...cores) : null;
  },
  battery: async () => {
    const battery = await si.battery();
    return {
      hasBattery: battery.hasBattery,
      percent: battery.percent,
      designedCapacity: battery.designedCapacity,
      maxCapacity: battery.maxCapacity,
    };
  },
  run,
  readFile: async (file) => {
    try {
      return await fs.promises.readFile(file, 'utf8');
    } catch {
      return undefined;
    }
  },
  modifiedAt: async (file) => {
    try {
      return (await fs.promises.stat(file)).mtimeMs;
    } catch {
      return undefined;
    }
  },
  exists: (file) => fs.existsSync(file),
});
