import { isDeepStrictEqual } from 'node:util';
import {
  type ListScheduledTasksQuery,
  type ListTaskRunsResponse,
  nextOccurrence,
  nextOccurrences,
  type OccurrencesRequest,
  type PageQuery,
  type SaveScheduledTaskRequest,
  type ScheduledTask,
  type TaskRunDevice,
  type TaskRunResponse,
  type TaskSchedule,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { contentOf } from '../jobs/create.ts';
import { dispatchJobs } from '../jobs/dispatch.ts';
import { loadLibraryScripts } from '../jobs/library-scripts.ts';
import { publishTaskSets } from './agent.ts';
import { scheduledTaskError } from './errors.ts';
import * as repo from './repository.ts';
import { runTask, type TaskForRun } from './runner.ts';
import { deviceStateOf, runCountsOf } from './states.ts';

type Save = z.output<typeof SaveScheduledTaskRequest>;
type Context = { db: Db; actor: Actor };
type RunContext = Context & { bus: Bus; jobExpirySeconds: number };

/** The next time a task fires from `from`: none when disabled; RUN_IMMEDIATELY runs when saved instead. */
export const nextRunOf = (enabled: boolean, schedule: TaskSchedule, from: Date, anchor: Date) =>
  enabled ? nextOccurrence(schedule, from, anchor) : null;

const toTask = (row: repo.TaskRow, scriptNames: Map<number, string>): ScheduledTask => ({
  id: row.id,
  name: row.name,
  description: row.description,
  enabled: row.enabled,
  schedule: row.schedule,
  actions: row.actions.map((action) => ({ ...action, scriptName: scriptNames.get(action.scriptId) ?? '' })),
  targets: row.targets,
  offlineDevices: row.offlineDevices,
  nextRunAt: row.nextRunAt?.toISOString() ?? null,
  lastRunAt: row.lastRunAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  createdBy: row.createdByEmail,
});

const tasksOf = async (db: DbOrTx, rows: repo.TaskRow[]) => {
  const names = await repo.findScriptNames(db, [
    ...new Set(rows.flatMap((r) => r.actions.map((a) => a.scriptId))),
  ]);
  return rows.map((row) => toTask(row, names));
};

const requireTask = async (db: DbOrTx, actor: Actor, id: number) => {
  const row = await repo.findTask(db, actor.scope, id);
  if (!row) throw scheduledTaskError('SCHEDULED_TASK_NOT_FOUND');
  return row;
};

/**
 * Targets in the caller's scope (a device or organization outside it is "not found", like a missing one),
 * saved searches that exist; answers the organizations the task names.
 */
const checkTargets = async (db: DbOrTx, actor: Actor, targets: Save['targets']) => {
  const devices = await repo.findDevicesInScope(db, actor.scope, targets.deviceIds);
  const foundDevices = new Set(devices.map((d) => d.id));
  const missingDevice = targets.deviceIds.find((id) => !foundDevices.has(id));
  if (missingDevice !== undefined) throw notFound(`Device ${missingDevice} not found.`);
  const organizations = new Set(
    (await repo.findOrganizationsInScope(db, actor.scope, targets.organizationIds)).map((o) => o.id),
  );
  const missingOrganization = targets.organizationIds.find((id) => !organizations.has(id));
  if (missingOrganization !== undefined) throw notFound(`Organization ${missingOrganization} not found.`);
  const searches = new Set((await repo.findSavedSearches(db, targets.searchIds)).map((s) => s.id));
  const missingSearch = targets.searchIds.find((id) => !searches.has(id));
  if (missingSearch !== undefined) throw notFound(`Saved search ${missingSearch} not found.`);
  return [...new Set([...organizations, ...devices.map((d) => d.organizationId)])].sort((a, b) => a - b);
};

/** Every action's script must exist and take the parameters given (404 SCRIPT_NOT_FOUND, 422 otherwise). */
const checkActions = async (db: DbOrTx, actions: Save['actions']) => {
  const library = await loadLibraryScripts(
    db,
    actions.map((action) => ({ scriptId: action.scriptId })),
  );
  for (const action of actions)
    contentOf(
      'ACTION',
      {
        script: { scriptId: action.scriptId },
        parameters: action.parameters,
        ...(action.runAs === undefined ? {} : { runAs: action.runAs }),
      },
      library,
    );
};

const activity = (actor: Actor, action: string, task: { id: number; name: string }, detail?: string) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'scheduledTask',
  targetId: task.id,
  targetName: task.name,
  outcome: 'SUCCESS' as const,
  detail: detail ?? null,
});

const scheduleText = (schedule: TaskSchedule) =>
  `${schedule.scheduleType} ${String(schedule.scheduleHour).padStart(2, '0')}:${String(schedule.scheduleMinute).padStart(2, '0')} ${schedule.timeZone}`;

export const listTasks = async ({
  db,
  actor,
  query,
}: Context & { query: z.output<typeof ListScheduledTasksQuery> }) => {
  const { rows, count } = await repo.listTasks(db, actor.scope, query);
  return { data: await tasksOf(db, rows), count, page: query.page, pageSize: query.pageSize };
};

export const getTask = async ({ db, actor, id }: Context & { id: number }): Promise<ScheduledTask> => {
  const [task] = await tasksOf(db, [await requireTask(db, actor, id)]);
  return task!;
};

/** RUN_IMMEDIATELY: the save is its one occurrence (run once, in the caller's name). */
const runImmediately = async (ctx: RunContext, taskId: number, occurrence: Date) => {
  const outcome = await ctx.db.transaction(async (tx) => {
    const task = await repo.findTaskById(tx, taskId);
    if (!task) return undefined;
    return runTask(tx, {
      task,
      trigger: 'SCHEDULE',
      occurrence,
      actor: ctx.actor,
      jobExpirySeconds: ctx.jobExpirySeconds,
    });
  });
  if (outcome) dispatchJobs(ctx.bus, outcome.jobs);
};

const isEventTask = (task: { scheduleType: string }) =>
  task.scheduleType === 'ON_SYSTEM_STARTUP' || task.scheduleType === 'ON_USER_LOGIN';

export const createTask = async (ctx: RunContext & { input: Save }): Promise<ScheduledTask> => {
  const { db, actor, input } = ctx;
  const organizationIds = await checkTargets(db, actor, input.targets);
  await checkActions(db, input.actions);
  const now = new Date();
  const id = await db.transaction(async (tx) => {
    const newId = await repo.insertTask(tx, {
      ...input,
      scheduleType: input.schedule.scheduleType,
      organizationIds,
      anchor: now,
      nextRunAt: nextRunOf(input.enabled, input.schedule, now, now),
      createdById: actor.id,
    });
    await insertActivity(
      tx,
      activity(actor, 'scheduledTask.create', { id: newId, name: input.name }, scheduleText(input.schedule)),
    );
    return newId;
  });
  if (input.enabled && input.schedule.scheduleType === 'RUN_IMMEDIATELY') await runImmediately(ctx, id, now);
  if (input.enabled && isEventTask(input.schedule))
    await publishTaskSets(db, ctx.bus, [(await repo.findTaskById(db, id))!]);
  return getTask({ db, actor, id });
};

/**
 * A save makes the task the saver's (its runs act with their rights); a changed schedule counts INTERVAL
 * from now; RUN_IMMEDIATELY runs again when its schedule, actions or targets changed or it was re-enabled.
 */
export const updateTask = async (ctx: RunContext & { id: number; input: Save }): Promise<ScheduledTask> => {
  const { db, actor, id, input } = ctx;
  const before = await requireTask(db, actor, id);
  const organizationIds = await checkTargets(db, actor, input.targets);
  await checkActions(db, input.actions);
  const now = new Date();
  const isScheduleChanged = !isDeepStrictEqual(before.schedule, input.schedule);
  const anchor = isScheduleChanged ? now : before.anchor;
  await db.transaction(async (tx) => {
    await repo.updateTask(tx, id, {
      ...input,
      scheduleType: input.schedule.scheduleType,
      organizationIds,
      anchor,
      nextRunAt: nextRunOf(input.enabled, input.schedule, now, anchor),
      createdById: actor.id,
    });
    await insertActivity(
      tx,
      activity(actor, 'scheduledTask.update', { id, name: input.name }, scheduleText(input.schedule)),
    );
  });
  const isWorkChanged =
    isScheduleChanged ||
    !before.enabled ||
    !isDeepStrictEqual(before.actions, input.actions) ||
    !isDeepStrictEqual(before.targets, input.targets);
  if (input.enabled && input.schedule.scheduleType === 'RUN_IMMEDIATELY' && isWorkChanged)
    await runImmediately(ctx, id, now);
  if (isEventTask(before) || isEventTask(input.schedule)) {
    const after = await repo.findTaskById(db, id);
    await publishTaskSets(db, ctx.bus, [before, after!]);
  }
  return getTask({ db, actor, id });
};

export const deleteTask = async (ctx: Context & { bus: Bus; id: number }) => {
  const { db, actor, id } = ctx;
  const before = await requireTask(db, actor, id);
  await db.transaction(async (tx) => {
    await repo.deleteTask(tx, id);
    await insertActivity(tx, activity(actor, 'scheduledTask.delete', before));
  });
  if (isEventTask(before)) await publishTaskSets(db, ctx.bus, [before]);
};

/** "Run now": a MANUAL run with the caller's rights, whatever the schedule (a disabled task too). */
export const runTaskNow = async (ctx: RunContext & { id: number }) => {
  const { db, actor, id } = ctx;
  await requireTask(db, actor, id);
  const outcome = await db.transaction(async (tx) => {
    const task = (await repo.findTaskById(tx, id)) as TaskForRun;
    return runTask(tx, {
      task,
      trigger: 'MANUAL',
      occurrence: new Date(),
      actor,
      jobExpirySeconds: ctx.jobExpirySeconds,
    });
  });
  dispatchJobs(ctx.bus, outcome!.jobs);
  return getRun({ db, actor, id, runId: outcome!.runId });
};

/** The editor's preview: the next occurrences from now (INTERVAL counted from now, as if saved now). */
export const previewOccurrences = ({
  input,
  now = new Date(),
}: {
  input: z.output<typeof OccurrencesRequest>;
  now?: Date;
}) => ({
  occurrences: nextOccurrences(input.schedule, now, input.count, now).map((date) => date.toISOString()),
});

// ---- Runs ----

type RunRow = NonNullable<Awaited<ReturnType<typeof repo.findRun>>>;
type DeviceRow = Awaited<ReturnType<typeof repo.findRunDevices>>[number];

const devicesOf = (rows: DeviceRow[]): TaskRunDevice[] => {
  const byDevice = new Map<number, DeviceRow[]>();
  for (const row of rows) byDevice.set(row.deviceId, [...(byDevice.get(row.deviceId) ?? []), row]);
  return [...byDevice.values()].map((parts) => ({
    nodeId: parts[0]!.deviceId,
    nodeName: parts[0]!.nodeName,
    state: deviceStateOf(parts),
    message: parts.find((part) => part.detail)?.detail ?? null,
    jobs: parts.flatMap((part) =>
      part.jobUid && part.jobStatus
        ? [
            {
              jobUid: part.jobUid,
              scriptName: part.scriptName,
              jobStatus: part.jobStatus,
              jobResult: part.jobResult ?? null,
            },
          ]
        : [],
    ),
  }));
};

const toRun = (run: RunRow, devices: TaskRunDevice[]) => ({
  id: run.id,
  taskId: run.taskId,
  trigger: run.trigger as TaskRunResponse['run']['trigger'],
  occurrence: run.occurrence.toISOString(),
  startedAt: run.startedAt.toISOString(),
  error: run.error,
  ...runCountsOf(devices),
});

export const listRuns = async ({
  db,
  actor,
  id,
  query,
}: Context & { id: number; query: PageQuery }): Promise<ListTaskRunsResponse> => {
  await requireTask(db, actor, id);
  const { rows, count } = await repo.listRuns(db, id, query);
  const devices = await repo.findRunDevices(
    db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((run) => toRun(run, devicesOf(devices.filter((d) => d.runId === run.id)))),
    count,
    page: query.page,
    pageSize: query.pageSize,
  };
};

export const getRun = async ({
  db,
  actor,
  id,
  runId,
}: Context & { id: number; runId: number }): Promise<TaskRunResponse> => {
  await requireTask(db, actor, id);
  const run = await repo.findRun(db, id, runId);
  if (!run) throw scheduledTaskError('TASK_RUN_NOT_FOUND');
  const devices = devicesOf(await repo.findRunDevices(db, [run.id]));
  return { run: toRun(run, devices), devices };
};
