import type { AgentCondition } from '@rmm/domain';
import { msOf } from '../settings.ts';
import type { Check, Reading, SamplerContext, Volume } from '../types.ts';
import { minutesMs, parametersOf, round2 } from './parameters.ts';

const compare = (operator: 'ABOVE' | 'BELOW', value: number, threshold: number) =>
  operator === 'ABOVE' ? value > threshold : value < threshold;

const describe = (what: string, value: number, operator: 'ABOVE' | 'BELOW', threshold: number) =>
  `${what} ${value}% (${operator === 'ABOVE' ? 'above' : 'below'} ${threshold}%: ${compare(operator, value, threshold) ? 'yes' : 'no'})`;

/** CPU use of the whole machine: the average since the previous sample (the first one over a second). */
export const cpuCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'CPU');
  let previous: { idle: number; total: number } | undefined;
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.usage),
    durationMs: minutesMs(context.settings.secondMs, p.durationMinutes),
    sample: async () => {
      if (!previous) {
        previous = context.sources.cpuTimes();
        await wait(Math.min(1000, msOf(context.settings, context.settings.intervals.usage)));
      }
      const current = context.sources.cpuTimes();
      const total = current.total - previous.total;
      const idle = current.idle - previous.idle;
      previous = current;
      if (total <= 0) return [];
      const value = round2(Math.min(100, Math.max(0, (1 - idle / total) * 100)));
      return [
        {
          instance: '',
          breached: compare(p.operator, value, p.thresholdPercent),
          value,
          text: describe('CPU', value, p.operator, p.thresholdPercent),
        },
      ];
    },
  };
};

/** Memory in use: what is not available (caches that can be dropped count as available). */
export const memoryCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'MEMORY');
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.usage),
    durationMs: minutesMs(context.settings.secondMs, p.durationMinutes),
    sample: async () => {
      const { total, available } = await context.sources.memory();
      if (total <= 0) return [];
      const value = round2(((total - available) / total) * 100);
      return [
        {
          instance: '',
          breached: compare(p.operator, value, p.thresholdPercent),
          value,
          text: describe('Memory', value, p.operator, p.thresholdPercent),
        },
      ];
    },
  };
};

const formatBytes = (bytes: number) => {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${round2(value)} ${units[unit]}`;
};

/** A volume as the condition names it: a mount point, or a drive letter with or without `:\`. */
export const sameVolume = (platform: NodeJS.Platform, a: string, b: string) => {
  if (platform === 'win32') {
    const norm = (v: string) =>
      v
        .trim()
        .replace(/[\\/]+$/, '')
        .replace(/:$/, '')
        .toUpperCase();
    return norm(a) === norm(b);
  }
  const norm = (v: string) => (v.length > 1 ? v.replace(/\/+$/, '') : v);
  return norm(a) === norm(b);
};

/** Free space per volume: `*` is every local volume, each its own instance (its mount point or drive). */
export const diskCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'DISK');
  const volumesOf = async (): Promise<Volume[]> => {
    const volumes = await context.sources.volumes();
    if (p.volume === '*') return volumes;
    const found = volumes.find((v) => sameVolume(context.platform, v.mount, p.volume));
    if (found) return [found];
    // A volume the list leaves out (a memory-backed one, say) that the condition names by its path.
    const stat = context.platform === 'win32' ? undefined : await context.sources.statVolume(p.volume);
    return stat ? [{ ...stat, mount: p.volume }] : [];
  };
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.disk),
    durationMs: minutesMs(context.settings.secondMs, p.durationMinutes),
    sample: async () =>
      (await volumesOf())
        .filter((v) => v.size > 0)
        .map((v): Reading => {
          const freePercent = round2((v.available / v.size) * 100);
          if (p.mode === 'PERCENT_FREE') {
            const threshold = p.thresholdPercent ?? 0;
            return {
              instance: v.mount,
              breached: freePercent < threshold,
              value: freePercent,
              text: `${v.mount}: ${freePercent}% free (${formatBytes(v.available)} of ${formatBytes(v.size)}); threshold ${threshold}%`,
            };
          }
          const threshold = p.thresholdBytes ?? 0;
          return {
            instance: v.mount,
            breached: v.available < threshold,
            value: v.available,
            text: `${v.mount}: ${formatBytes(v.available)} free of ${formatBytes(v.size)}; threshold ${formatBytes(threshold)}`,
          };
        }),
  };
};

export const temperatureCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'TEMPERATURE');
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.hardware),
    durationMs: minutesMs(context.settings.secondMs, p.durationMinutes),
    sample: async () => {
      const value = await context.sources.temperature();
      if (value === null) return [];
      return [
        {
          instance: '',
          breached: value > p.thresholdCelsius,
          value: round2(value),
          text: `CPU temperature ${round2(value)} °C; threshold ${p.thresholdCelsius} °C`,
        },
      ];
    },
  };
};

/** CHARGE_BELOW: the charge; HEALTH_BELOW: the full-charge capacity against the designed one. */
export const batteryCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'BATTERY');
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.hardware),
    durationMs: 0,
    sample: async () => {
      const battery = await context.sources.battery();
      if (!battery.hasBattery) return [];
      if (p.trigger === 'CHARGE_BELOW') {
        const value = round2(battery.percent);
        return [
          {
            instance: '',
            breached: value < p.thresholdPercent,
            value,
            text: `Battery charge ${value}%; threshold ${p.thresholdPercent}%`,
          },
        ];
      }
      if (battery.designedCapacity <= 0 || battery.maxCapacity <= 0) return [];
      const value = round2(Math.min(100, (battery.maxCapacity / battery.designedCapacity) * 100));
      return [
        {
          instance: '',
          breached: value < p.thresholdPercent,
          value,
          text: `Battery health ${value}% of its designed capacity; threshold ${p.thresholdPercent}%`,
        },
      ];
    },
  };
};
