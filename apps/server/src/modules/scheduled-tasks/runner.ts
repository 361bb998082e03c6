import {
  type OrganizationScope,
  type ResolvedLibraryScript,
  type ScriptOperatingSystem,
  scriptOperatingSystemOfPlatform,
  type TaskAction,
} from '@rmm/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import { DomainError } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivities, type NewActivity } from '../activities/repository.ts';
import { actorOfUser } from '../auth/service.ts';
import { contentOf, insertNewJobs, type JobCreator, type NewJob } from '../jobs/create.ts';
import { loadLibraryScripts } from '../jobs/library-scripts.ts';
import type { JobRow } from '../jobs/mapper.ts';
import { checkRunAs } from '../jobs/run-as.ts';
import { devicesOfPolicyItem } from '../policies/item-devices.ts';
import * as repo from './repository.ts';
import { scheduledTasks } from './schema.ts';

/**
 * One run of a task (a clock occurrence, "Run now", or an agent's event): its targets expanded now, one
 * ACTION job per device and action stored through the jobs module (sent by the caller after the commit),
 * and every device's part recorded. A second run of the same occurrence or agent event stores nothing.
 * A policy's script (`policyId`) runs in the policy's name, as a condition's automation does, on the devices
 * whose effective policy holds it (policies/item-devices.ts), whatever their organization.
 */

export type TaskForRun = typeof scheduledTasks.$inferSelect;
export type RunTrigger = z.infer<typeof import('@rmm/domain').TaskRunTrigger>;

export type RunRequest = {
  task: TaskForRun;
  trigger: RunTrigger;
  occurrence: Date;
  /** "Run now": the caller. Otherwise the task's owner acts (docs/decisions.md, Scheduled tasks). */
  actor?: Actor;
  /** An agent's event: that device only, and that event once. */
  event?: { deviceId: number; eventId: string };
  jobExpirySeconds: number;
};

/** The jobs to send after the commit; undefined when this occurrence or event had its run already. */
export type RunOutcome = { runId: number; jobs: JobRow[] } | undefined;

type Device = repo.TargetDevice;
type Part = { device: Device; actionIndex: number; job?: NewJob; skipReason?: string; detail?: string };
type ResolvedAction = {
  action: TaskAction;
  name: string;
  content: Record<string, unknown>;
  systems?: ScriptOperatingSystem[];
};

/** Who a policy's scripts run as: the policy, not a person (its jobs say so). */
export const POLICY_RUNNER: JobCreator = { id: null, email: 'policy' };

/** Who creates the run's jobs, and the organizations whose devices it reaches. */
type Runner = { creator: JobCreator; scope: OrganizationScope };

const OWNER_GONE =
  "The task's owner no longer exists, is disabled or may not manage scheduled tasks: nothing was run. Save the task to make it yours.";

const runActivity = (
  actor: { id: number | null; email: string },
  task: TaskForRun,
  detail: string,
  outcome: 'SUCCESS' | 'FAILURE',
): NewActivity => ({
  actorId: actor.id,
  actorName: actor.email,
  action: 'scheduledTask.run',
  targetType: 'scheduledTask',
  targetId: task.id,
  targetName: task.name,
  outcome,
  detail,
});

const failRun = async (
  tx: DbOrTx,
  task: TaskForRun,
  runId: number,
  actor: JobCreator | undefined,
  error: string,
) => {
  await repo.setRunError(tx, runId, error);
  await insertActivities(tx, [
    runActivity(actor ?? { id: null, email: 'scheduler' }, task, error, 'FAILURE'),
  ]);
  return { runId, jobs: [] };
};

const runnerOf = async (tx: DbOrTx, request: RunRequest): Promise<Runner | undefined> => {
  if (request.task.policyId !== null) return { creator: POLICY_RUNNER, scope: 'all' };
  if (request.actor) return { creator: request.actor, scope: request.actor.scope };
  const { createdById } = request.task;
  const owner = createdById === null ? null : await actorOfUser({ db: tx, userId: createdById });
  return owner?.permissions.has('scheduledTasks.manage') ? { creator: owner, scope: owner.scope } : undefined;
};

/** The devices, groups and organizations the task names; a policy's script: the devices the policy gives it. */
const targetsOf = async (tx: DbOrTx, task: TaskForRun) => {
  if (task.policyId !== null && task.policyItemId !== null)
    return {
      deviceIds: await devicesOfPolicyItem(tx, 'scheduledScripts', task.policyId, task.policyItemId),
      organizationIds: [],
      criteria: [],
    };
  const searches = await repo.findSavedSearches(tx, task.targets.searchIds);
  return {
    deviceIds: task.targets.deviceIds,
    organizationIds: task.targets.organizationIds,
    criteria: searches.map((search) => search.criteria),
  };
};

/** Each action as its job content (the library script's version that runs now, its parameters checked). */
const resolveActions = async (tx: DbOrTx, actions: TaskAction[]): Promise<ResolvedAction[]> => {
  const library = await loadLibraryScripts(
    tx,
    actions.map((action) => ({ scriptId: action.scriptId })),
  );
  return actions.map((action) => {
    const submitted = {
      script: { scriptId: action.scriptId },
      parameters: action.parameters,
      ...(action.runAs === undefined ? {} : { runAs: action.runAs }),
    };
    const resolved = contentOf('ACTION', submitted, library);
    const script = resolved.content.script as ResolvedLibraryScript;
    return { action, name: script.name, content: resolved.content, systems: resolved.scriptOperatingSystems };
  });
};

const jobNameOf = (task: TaskForRun, scriptName: string) => `${task.name}: ${scriptName}`.slice(0, 200);

const partsOfDevice = (
  request: RunRequest,
  runId: number,
  device: Device,
  actions: ResolvedAction[],
): Part[] => {
  const isOffline = !device.hasAgent || device.status === 'DOWN';
  if (isOffline && request.task.offlineDevices === 'SKIP' && request.event === undefined)
    return actions.map((_, actionIndex) => ({ device, actionIndex, skipReason: 'SKIPPED_OFFLINE' }));
  const system = scriptOperatingSystemOfPlatform(device.platform as never);
  return actions.map((resolved, actionIndex): Part => {
    if (resolved.systems && (!system || !resolved.systems.includes(system)))
      return { device, actionIndex, skipReason: 'SKIPPED_PLATFORM' };
    const job: NewJob = {
      device,
      jobType: 'ACTION',
      jobName: jobNameOf(request.task, resolved.name),
      content: resolved.content,
      data: { scheduledTaskId: request.task.id, taskRunId: runId },
    };
    return { device, actionIndex, job };
  });
};

/** A run-as that cannot work on a device fails that device (with the reason), not the whole run. */
const refuseFailingRunAs = async (tx: DbOrTx, parts: Part[]) => {
  const withJobs = parts.filter((part) => part.job);
  try {
    await checkRunAs(
      tx,
      withJobs.map((part) => part.job!),
    );
    return;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
  const byDevice = new Map<number, Part[]>();
  for (const part of withJobs) byDevice.set(part.device.id, [...(byDevice.get(part.device.id) ?? []), part]);
  for (const deviceParts of byDevice.values()) {
    try {
      await checkRunAs(
        tx,
        deviceParts.map((part) => part.job!),
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      for (const part of deviceParts) {
        part.job = undefined;
        part.skipReason = 'FAILED';
        part.detail = error.message;
      }
    }
  }
};

const skipDetails: Record<string, string> = {
  SKIPPED_OFFLINE: 'skipped: the device was offline (the task skips offline devices)',
  SKIPPED_PLATFORM: "skipped: the script does not run on the device's operating system",
};

/** One activity per device that got no job; its jobs have their own (job.submit and on). */
const deviceActivities = (actor: JobCreator, task: TaskForRun, parts: Part[]): NewActivity[] => {
  const seen = new Set<number>();
  return parts.flatMap((part) => {
    if (part.job || seen.has(part.device.id)) return [];
    seen.add(part.device.id);
    return [
      {
        actorId: actor.id,
        actorName: actor.email,
        action: 'scheduledTask.device',
        targetType: 'device',
        targetId: part.device.id,
        targetName: part.device.displayName,
        organizationId: part.device.organizationId,
        organizationName: part.device.organizationName,
        outcome: part.skipReason === 'FAILED' ? ('FAILURE' as const) : ('SUCCESS' as const),
        detail: `${task.name}: ${part.detail ?? skipDetails[part.skipReason!] ?? part.skipReason}`.slice(
          0,
          1000,
        ),
      },
    ];
  });
};

const summaryOf = (request: RunRequest, parts: Part[]) => {
  const devices = new Set(parts.map((part) => part.device.id)).size;
  const jobs = parts.filter((part) => part.job).length;
  const count = (reason: string) => parts.filter((part) => part.skipReason === reason).length;
  return `${request.trigger} run for ${request.occurrence.toISOString()}: ${devices} device(s), ${jobs} job(s), ${count('SKIPPED_OFFLINE')} skipped offline, ${count('SKIPPED_PLATFORM')} skipped for the operating system, ${count('FAILED')} refused`;
};

export const runTask = async (tx: DbOrTx, request: RunRequest): Promise<RunOutcome> => {
  const { task } = request;
  const run = await repo.insertRun(tx, {
    taskId: task.id,
    trigger: request.trigger,
    occurrence: request.occurrence,
    deviceId: request.event?.deviceId ?? null,
    eventId: request.event?.eventId ?? null,
  });
  if (!run) return undefined;
  await tx.update(scheduledTasks).set({ lastRunAt: run.startedAt }).where(eq(scheduledTasks.id, task.id));
  const runner = await runnerOf(tx, request);
  if (!runner) return failRun(tx, task, run.id, undefined, OWNER_GONE);
  const actor = runner.creator;
  let actions: ResolvedAction[];
  try {
    actions = await resolveActions(tx, task.actions);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return failRun(tx, task, run.id, actor, `Nothing was run: ${error.message}`);
  }
  const devices = await repo.findTargetDevices(
    tx,
    runner.scope,
    await targetsOf(tx, task),
    request.event ? [request.event.deviceId] : undefined,
  );
  const parts = devices.flatMap((device) => partsOfDevice(request, run.id, device, actions));
  await refuseFailingRunAs(tx, parts);
  const expiresAt = new Date(Date.now() + request.jobExpirySeconds * 1000);
  const planned = parts.filter((part) => part.job);
  const rows = await insertNewJobs(
    tx,
    actor,
    planned.map((part) => part.job!),
    expiresAt,
  );
  const jobUidOf = new Map(planned.map((part, n) => [part, rows[n]!.jobUid]));
  await repo.insertRunDevices(
    tx,
    parts.map((part) => ({
      runId: run.id,
      deviceId: part.device.id,
      nodeName: part.device.displayName,
      organizationId: part.device.organizationId,
      actionIndex: part.actionIndex,
      scriptId: actions[part.actionIndex]!.action.scriptId,
      scriptName: actions[part.actionIndex]!.name,
      jobUid: jobUidOf.get(part) ?? null,
      skipReason: part.skipReason ?? null,
      detail: part.detail ?? null,
    })),
  );
  await insertActivities(tx, [
    runActivity(actor, task, summaryOf(request, parts), 'SUCCESS'),
    ...deviceActivities(actor, task, parts),
  ]);
  return { runId: run.id, jobs: rows };
};
