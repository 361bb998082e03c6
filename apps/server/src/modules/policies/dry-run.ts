import {
  type Condition,
  type ConditionParameters,
  DRY_RUN_MAX_DEVICES,
  type PolicyDryRunRequest,
  type PolicyDryRunResponse,
  softwareNameMatcher,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import type { Config } from '../../config.ts';
import { judgeBackupJob } from '../monitoring/backup-job.ts';
import { type BackupRun, latestBackupRuns } from '../monitoring/repository.ts';
import { isAskedOfAgents, judgeByAgents } from './dry-run-agents.ts';
import * as repo from './repository.ts';
import { type Context, requirePolicy } from './service.ts';

/**
 * The policy editor's dry run: for each condition, the devices the policy applies to (in the caller's scope)
 * where it would trigger now, judged from what the server already stores: the latest metrics and their
 * samples (CPU, memory, disk), the last time seen (offline), the pending reboot flag, the inventory's volumes
 * and software, and the BACKUP jobs (backup job). Every other type needs the agent's own sampling (processes,
 * services, updates, antivirus, hardware, logs, scripts and network probes are not stored): the devices' agents
 * are asked to sample it once now (dry-run-agents.ts); `evaluated: false` only where none could answer
 * (docs/decisions.md "Policies").
 */

type Result = PolicyDryRunResponse['results'][number];
type Hit = Omit<Result['devices'][number], 'text'>;
type Extremes = Map<number, repo.MetricExtremes>;
/** What the dry run reads besides the devices rows: metric samples per duration, backup runs per device. */
type Stored = {
  extremes: ReadonlyMap<number, Extremes>;
  backupRuns: ReadonlyMap<number, BackupRun[]>;
};

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

/** DISK over every volume by percent free: judged from the metrics (the fullest volume) and their samples. */
const isFullestVolumeRule = (parameters: ConditionParameters<'DISK'>) =>
  parameters.mode === 'PERCENT_FREE' && parameters.volume === '*';

/**
 * Disk: any volume (`*`) by percent free is the devices row's fullest volume (its latest metrics), below the
 * threshold now and in every sample of the duration (when the window holds samples); a named volume or a size
 * is read from the inventory's volumes.
 */
const disk = (
  device: repo.DryRunDevice,
  parameters: ConditionParameters<'DISK'>,
  window: repo.MetricExtremes | undefined,
): Hit[] => {
  const volumes = (device.inventory?.volumes ?? []).filter((v) => v.totalBytes > 0);
  const base = { deviceId: device.id, displayName: device.displayName };
  if (isFullestVolumeRule(parameters) && device.diskPercent !== null) {
    const free = 100 - device.diskPercent;
    const threshold = parameters.thresholdPercent ?? 0;
    if (free >= threshold) return [];
    if (window && window.samples > 0 && 100 - window.diskMin >= threshold) return [];
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

/**
 * Software by name in the stored inventory, by the agent's rule (`softwareNameMatcher`: part of the name, or
 * the whole name with `*`, any case); no inventory, no answer.
 */
const software = (device: repo.DryRunDevice, parameters: ConditionParameters<'SOFTWARE'>): Hit[] => {
  if (!device.inventory) return [];
  const matches = softwareNameMatcher(parameters.name);
  const match = device.inventory.software.find((s) => matches(s.name));
  const base = { deviceId: device.id, displayName: device.displayName, value: null };
  if (parameters.trigger === 'INSTALLED') return match ? [{ ...base, instance: match.name }] : [];
  return match ? [] : [{ ...base, instance: parameters.name }];
};

/** Backup job: the engine's own judgement (`judgeBackupJob`) of the device's stored BACKUP jobs. */
const backupJob = (
  device: repo.DryRunDevice,
  parameters: ConditionParameters<'BACKUP_JOB'>,
  runs: readonly BackupRun[],
  now: Date,
): Hit[] =>
  judgeBackupJob(parameters, runs, device.createdAt, now)
    .filter((verdict) => verdict.triggered)
    .map((verdict) => ({
      deviceId: device.id,
      displayName: device.displayName,
      instance: verdict.instance,
      value: null,
    }));

const evaluate = (
  condition: Condition,
  devices: readonly repo.DryRunDevice[],
  { extremes, backupRuns }: Stored,
  now: Date,
): Result | undefined => {
  const hits = (each: (device: repo.DryRunDevice) => Hit[]): Result => ({
    conditionId: condition.id,
    evaluated: true,
    judgedBy: 'SERVER',
    judgedCount: devices.length,
    devices: devices
      .flatMap(each)
      .slice(0, DRY_RUN_MAX_DEVICES)
      .map((hit) => ({ ...hit, text: '' })),
    notJudged: [],
    notJudgedCount: 0,
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
    case 'DISK': {
      const samples = isFullestVolumeRule(condition.parameters)
        ? extremes.get(condition.parameters.durationMinutes)
        : undefined;
      return hits((device) => disk(device, condition.parameters, samples?.get(device.id)));
    }
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
    case 'BACKUP_JOB':
      return hits((device) => backupJob(device, condition.parameters, backupRuns.get(device.id) ?? [], now));
    default:
      return undefined;
  }
};

export const dryRunPolicy = async ({
  db,
  bus,
  config,
  actor,
  id,
  input,
  now = new Date(),
}: Context & {
  bus: Bus;
  config: Pick<Config, 'policyDryRunAgentTimeoutMs' | 'policyDryRunAgentConcurrency'>;
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
        c.type === 'CPU' || c.type === 'MEMORY' || (c.type === 'DISK' && isFullestVolumeRule(c.parameters))
          ? [c.parameters.durationMinutes]
          : [],
      ),
    ),
  ];
  const extremes = new Map<number, Extremes>();
  for (const minutes of durations)
    extremes.set(
      minutes,
      await repo.metricExtremesSince(db, ids, new Date(now.getTime() - minutes * 60_000)),
    );
  const backupRuns = new Map<number, BackupRun[]>();
  if (input.conditions.some((c) => c.type === 'BACKUP_JOB'))
    for (const run of await latestBackupRuns(db, ids))
      backupRuns.set(run.deviceId, [...(backupRuns.get(run.deviceId) ?? []), run]);
  const stored: Stored = { extremes, backupRuns };
  const byServer = new Map(input.conditions.map((c) => [c.id, evaluate(c, devices, stored, now)]));
  const forAgents = input.conditions.filter((c) => !byServer.get(c.id) && isAskedOfAgents(c));
  const byAgents = new Map(
    forAgents.length === 0
      ? []
      : (
          await judgeByAgents({
            db,
            bus,
            scope: actor.scope,
            conditions: forAgents,
            devices,
            timeoutMs: config.policyDryRunAgentTimeoutMs,
            concurrency: config.policyDryRunAgentConcurrency,
          })
        ).map((result) => [result.conditionId, result]),
  );
  return {
    results: input.conditions.map(
      (condition) =>
        byServer.get(condition.id) ??
        byAgents.get(condition.id) ?? {
          conditionId: condition.id,
          evaluated: false,
          judgedBy: null,
          judgedCount: 0,
          devices: [],
          notJudged: [],
          notJudgedCount: 0,
        },
    ),
  };
};
