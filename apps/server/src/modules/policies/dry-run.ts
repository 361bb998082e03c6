import {
  type Condition,
  type ConditionParameters,
  DRY_RUN_MAX_DEVICES,
  type PolicyDryRunRequest,
  type PolicyDryRunResponse,
} from '@rmm/domain';
import type { z } from 'zod';
import * as repo from './repository.ts';
import { type Context, requirePolicy } from './service.ts';

/**
 * The policy editor's dry run: for each condition, the devices the policy applies to (in the caller's scope)
 * where it would trigger now, judged from what the server already stores: the latest metrics and their
 * samples (CPU, memory, disk), the last time seen (offline), the pending reboot flag and the inventory's
 * software. Other types need the agent's own sampling: they answer `evaluated: false` rather than a guess.
 */

type Result = PolicyDryRunResponse['results'][number];
type Hit = Result['devices'][number];
type Extremes = Map<number, repo.MetricExtremes>;

/** The most devices a dry run looks at. */
export const DRY_RUN_SCAN_MAX = 10_000;

const round = (value: number) => Math.round(value * 10) / 10;

const crosses = (operator: 'ABOVE' | 'BELOW', value: number, threshold: number) =>
  operator === 'ABOVE' ? value > threshold : value < threshold;

/**
 * CPU or memory: the latest value crosses the threshold, and so did every sample of the duration (when the
 * window holds samples). A device that is offline reports nothing: it does not trigger.
 */
const usage = (
  device: repo.DryRunDevice,
  parameters: ConditionParameters<'CPU'>,
  latest: number | null,
  window: { min: number; max: number } | undefined,
): Hit[] => {
  if (device.status === 'DOWN' || latest === null) return [];
  if (!crosses(parameters.operator, latest, parameters.thresholdPercent)) return [];
  if (window) {
    const worst = parameters.operator === 'ABOVE' ? window.min : window.max;
    if (!crosses(parameters.operator, worst, parameters.thresholdPercent)) return [];
  }
  return [{ deviceId: device.id, displayName: device.displayName, instance: '', value: round(latest) }];
};

const mountOf = (volume: string) =>
  volume
    .trim()
    .replace(/[\\/]+$/, '')
    .toLowerCase() || '/';

/**
 * Disk: any volume (`*`) by percent free is the devices row's fullest volume (its latest metrics); a named
 * volume or a size is read from the inventory's volumes.
 */
const disk = (device: repo.DryRunDevice, parameters: ConditionParameters<'DISK'>): Hit[] => {
  const volumes = (device.inventory?.volumes ?? []).filter((v) => v.totalBytes > 0);
  const base = { deviceId: device.id, displayName: device.displayName };
  if (parameters.mode === 'PERCENT_FREE' && parameters.volume === '*' && device.diskPercent !== null) {
    const free = 100 - device.diskPercent;
    if (free >= (parameters.thresholdPercent ?? 0)) return [];
    const fullest = [...volumes].sort((a, b) => a.freeBytes / a.totalBytes - b.freeBytes / b.totalBytes)[0];
    return [{ ...base, instance: fullest?.mount ?? '', value: round(free) }];
  }
  return volumes
    .filter((v) => parameters.volume === '*' || mountOf(v.mount) === mountOf(parameters.volume))
    .flatMap((v) => {
      const value =
        parameters.mode === 'PERCENT_FREE' ? round((v.freeBytes / v.totalBytes) * 100) : v.freeBytes;
      const threshold =
        parameters.mode === 'PERCENT_FREE'
          ? (parameters.thresholdPercent ?? 0)
          : (parameters.thresholdBytes ?? 0);
      return value < threshold ? [{ ...base, instance: v.mount, value }] : [];
    });
};

const minutesSince = (time: Date, now: Date) => Math.floor((now.getTime() - time.getTime()) / 60_000);

/** Offline: not seen for the minutes (a device never seen counts from when it was added). */
const deviceDown = (device: repo.DryRunDevice, parameters: ConditionParameters<'DEVICE_DOWN'>, now: Date) => {
  const minutes = minutesSince(device.lastSeenAt ?? device.createdAt, now);
  return device.status === 'DOWN' && minutes >= parameters.afterMinutes
    ? [{ deviceId: device.id, displayName: device.displayName, instance: '', value: minutes }]
    : [];
};

/** Software by name (case-insensitive, part of the name) in the stored inventory; no inventory, no answer. */
const software = (device: repo.DryRunDevice, parameters: ConditionParameters<'SOFTWARE'>): Hit[] => {
  if (!device.inventory) return [];
  const wanted = parameters.name.toLowerCase();
  const match = device.inventory.software.find((s) => s.name.toLowerCase().includes(wanted));
  const base = { deviceId: device.id, displayName: device.displayName, value: null };
  if (parameters.trigger === 'INSTALLED') return match ? [{ ...base, instance: match.name }] : [];
  return match ? [] : [{ ...base, instance: parameters.name }];
};

const evaluate = (
  condition: Condition,
  devices: readonly repo.DryRunDevice[],
  extremes: ReadonlyMap<number, Extremes>,
  now: Date,
): Result | undefined => {
  const hits = (each: (device: repo.DryRunDevice) => Hit[]) => ({
    conditionId: condition.id,
    evaluated: true,
    devices: devices.flatMap(each).slice(0, DRY_RUN_MAX_DEVICES),
  });
  switch (condition.type) {
    case 'CPU':
    case 'MEMORY': {
      const samples = extremes.get(condition.parameters.durationMinutes);
      const isCpu = condition.type === 'CPU';
      return hits((device) => {
        const window = samples?.get(device.id);
        return usage(
          device,
          condition.parameters,
          isCpu ? device.cpuPercent : device.memoryPercent,
          window && window.samples > 0
            ? isCpu
              ? { min: window.cpuMin, max: window.cpuMax }
              : { min: window.memoryMin, max: window.memoryMax }
            : undefined,
        );
      });
    }
    case 'DISK':
      return hits((device) => disk(device, condition.parameters));
    case 'DEVICE_DOWN':
      return hits((device) => deviceDown(device, condition.parameters, now));
    case 'REBOOT':
      return hits((device) =>
        device.pendingReboot
          ? [{ deviceId: device.id, displayName: device.displayName, instance: '', value: null }]
          : [],
      );
    case 'SOFTWARE':
      return hits((device) => software(device, condition.parameters));
    default:
      return undefined;
  }
};

export const dryRunPolicy = async ({
  db,
  actor,
  id,
  input,
  now = new Date(),
}: Context & {
  id: number;
  input: z.output<typeof PolicyDryRunRequest>;
  now?: Date;
}): Promise<PolicyDryRunResponse> => {
  await requirePolicy(db, id);
  // The policy's children inherit its conditions: their devices count too.
  const tree = [id, ...(await repo.descendantsOf(db, id)).map((d) => d.id)];
  const criteria = await repo.dynamicCriteriaOfPolicies(db, tree);
  const devices = await repo.devicesOfPolicies(db, actor.scope, tree, criteria, DRY_RUN_SCAN_MAX);
  const ids = devices.map((d) => d.id);
  const durations = [
    ...new Set(
      input.conditions.flatMap((c) =>
        c.type === 'CPU' || c.type === 'MEMORY' ? [c.parameters.durationMinutes] : [],
      ),
    ),
  ];
  const extremes = new Map<number, Extremes>();
  for (const minutes of durations)
    extremes.set(
      minutes,
      await repo.metricExtremesSince(db, ids, new Date(now.getTime() - minutes * 60_000)),
    );
  return {
    results: input.conditions.map(
      (condition) =>
        evaluate(condition, devices, extremes, now) ?? {
          conditionId: condition.id,
          evaluated: false,
          devices: [],
        },
    ),
  };
};
