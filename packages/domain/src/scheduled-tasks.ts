import * as z from 'zod';
import { listOf, PageQuery } from './http.ts';
import { JobRunAs } from './job-api.ts';
import { JobResult, JobStatus } from './jobs.ts';
import { messages } from './messages.ts';
import {
  DEFAULT_SCHEDULE_HOUR,
  DEFAULT_SCHEDULE_MINUTE,
  isTimeZone,
  ScheduleType,
  WeekDay,
} from './schedules.ts';

/**
 * Scheduled tasks (issue 15 item 5, spec §2 `/administration/tasks`, `/editor/scheduledTask/*`, §3 schedule
 * defaults, §9 default schedule). A task runs one or more library scripts on its targets — devices, groups
 * (saved searches, evaluated at run time) and organizations — on a schedule. Each occurrence is run once
 * across all server processes; each run records every device's job (history).
 */

export const INTERVAL_MIN_MINUTES = 5;
export const INTERVAL_MAX_MINUTES = 10_080;
export const SCHEDULED_TASK_MAX_ACTIONS = 10;
export const SCHEDULED_TASK_MAX_TARGETS = 1000;

/**
 * The spec's schedule fields plus what RUN_ONCE and INTERVAL need. Hour and minute are wall-clock time in
 * `timeZone`. DAILY: every day at hour:minute. WEEKLY: on `weekDays`. MONTHLY: on `dayOfMonth` (a day past
 * the month's end runs on its last day: docs/decisions.md). RUN_ONCE: on `runOnceDate` at hour:minute.
 * INTERVAL: every `intervalMinutes` from the time the schedule was saved. RUN_IMMEDIATELY: once, when saved.
 * NO_SCHEDULE: only "Run now". ON_SYSTEM_STARTUP / ON_USER_LOGIN: the agent reports the event.
 */
export const TaskSchedule = /* @__PURE__ */ z
  .object({
    scheduleType: ScheduleType,
    weekDays: z.array(WeekDay).max(7).default([]),
    dayOfMonth: z.number().int().min(1).max(31).nullable().default(null),
    scheduleHour: z.number().int().min(0).max(23).default(DEFAULT_SCHEDULE_HOUR),
    scheduleMinute: z.number().int().min(0).max(59).default(DEFAULT_SCHEDULE_MINUTE),
    timeZone: z.string().refine(isTimeZone, 'Unknown time zone.'),
    /** RUN_ONCE: the local date `YYYY-MM-DD`. */
    runOnceDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable()
      .default(null),
    /** INTERVAL: minutes between runs. */
    intervalMinutes: z
      .number()
      .int()
      .min(INTERVAL_MIN_MINUTES)
      .max(INTERVAL_MAX_MINUTES)
      .nullable()
      .default(null),
  })
  .strict()
  .superRefine((schedule, ctx) => {
    const mandatory = (path: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message: messages.validation.mandatory });
    if (schedule.scheduleType === 'WEEKLY' && schedule.weekDays.length === 0) mandatory('weekDays');
    if (schedule.scheduleType === 'MONTHLY' && schedule.dayOfMonth === null) mandatory('dayOfMonth');
    if (schedule.scheduleType === 'RUN_ONCE' && schedule.runOnceDate === null) mandatory('runOnceDate');
    if (schedule.scheduleType === 'INTERVAL' && schedule.intervalMinutes === null)
      mandatory('intervalMinutes');
  });
export type TaskSchedule = z.output<typeof TaskSchedule>;
export type TaskScheduleInput = z.input<typeof TaskSchedule>;

/** §9: a new task runs daily at 17:00 in the user's time zone. */
export const defaultTaskSchedule = (timeZone: string): TaskSchedule => ({
  scheduleType: 'DAILY',
  weekDays: [],
  dayOfMonth: null,
  scheduleHour: DEFAULT_SCHEDULE_HOUR,
  scheduleMinute: DEFAULT_SCHEDULE_MINUTE,
  timeZone,
  runOnceDate: null,
  intervalMinutes: null,
});

/** One script the task runs on each target device; the actions run one after another, in this order. */
export const TaskAction = /* @__PURE__ */ z
  .object({
    scriptId: z.number().int().positive(),
    /** Positional values of the script's parameters ('' = the parameter's default); sanitised like a job's. */
    parameters: z.array(z.string().max(4000)).max(64).default([]),
    /** Absent: the script's default run-as. */
    runAs: JobRunAs.optional(),
  })
  .strict();
export type TaskAction = z.output<typeof TaskAction>;

export const TaskTargets = /* @__PURE__ */ z
  .object({
    deviceIds: z.array(z.number().int().positive()).max(SCHEDULED_TASK_MAX_TARGETS).default([]),
    /** Saved searches (groups), evaluated when the task runs. */
    searchIds: z.array(z.number().int().positive()).max(100).default([]),
    organizationIds: z.array(z.number().int().positive()).max(SCHEDULED_TASK_MAX_TARGETS).default([]),
  })
  .strict();
export type TaskTargets = z.output<typeof TaskTargets>;

/**
 * A device offline at an occurrence: RUN_WHEN_ONLINE queues the job (it runs when the device returns,
 * until the job expires); SKIP records the device as skipped and runs nothing.
 */
export const offlineDevicePolicies = ['RUN_WHEN_ONLINE', 'SKIP'] as const;
export const OfflineDevicePolicy = /* @__PURE__ */ z.enum(offlineDevicePolicies);
export type OfflineDevicePolicy = z.infer<typeof OfflineDevicePolicy>;

/** What a task runs and when, whoever holds it (targets of its own, or a policy: policy-items.ts). */
export const ScheduledTaskFields = /* @__PURE__ */ z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z.string().trim().max(2000).default(''),
    enabled: z.boolean().default(true),
    schedule: TaskSchedule,
    actions: z.array(TaskAction).min(1).max(SCHEDULED_TASK_MAX_ACTIONS),
    offlineDevices: OfflineDevicePolicy.default('RUN_WHEN_ONLINE'),
  })
  .strict();

/** POST /scheduled-tasks, PUT /scheduled-tasks/:id. */
export const SaveScheduledTaskRequest = /* @__PURE__ */ ScheduledTaskFields.extend({ targets: TaskTargets })
  .strict()
  .superRefine((task, ctx) => {
    const { deviceIds, searchIds, organizationIds } = task.targets;
    if (deviceIds.length + searchIds.length + organizationIds.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['targets'],
        message: 'Choose at least one device, group or organization.',
      });
  });
export type SaveScheduledTaskRequest = z.input<typeof SaveScheduledTaskRequest>;

export const ScheduledTask = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  schedule: TaskSchedule,
  actions: z.array(TaskAction.extend({ scriptName: z.string() })),
  targets: TaskTargets,
  offlineDevices: OfflineDevicePolicy,
  /** The next occurrence (ISO, UTC), or null (none left, disabled, or an event or manual schedule). */
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
});
export type ScheduledTask = z.infer<typeof ScheduledTask>;

export const ListScheduledTasksQuery = /* @__PURE__ */ PageQuery.extend({
  search: z.string().trim().max(200).optional(),
});
export const ListScheduledTasksResponse = /* @__PURE__ */ listOf(ScheduledTask);
export type ListScheduledTasksResponse = z.infer<typeof ListScheduledTasksResponse>;
export const ScheduledTaskResponse = /* @__PURE__ */ z.object({ task: ScheduledTask });
export type ScheduledTaskResponse = z.infer<typeof ScheduledTaskResponse>;

/** POST /scheduled-tasks/occurrences: the next occurrences of a schedule (the editor's preview). */
export const OccurrencesRequest = /* @__PURE__ */ z
  .object({ schedule: TaskSchedule, count: z.number().int().min(1).max(50).default(5) })
  .strict();
export const OccurrencesResponse = /* @__PURE__ */ z.object({
  /** ISO instants (UTC); the console shows them in the user's time zone. */
  occurrences: z.array(z.string()),
});
export type OccurrencesResponse = z.infer<typeof OccurrencesResponse>;

/** What started a run. */
export const taskRunTriggers = ['SCHEDULE', 'MANUAL', 'ON_SYSTEM_STARTUP', 'ON_USER_LOGIN'] as const;
export const TaskRunTrigger = /* @__PURE__ */ z.enum(taskRunTriggers);

/** One device's part of a run: its jobs (one per action), or why it was skipped. */
export const TaskRunDevice = /* @__PURE__ */ z.object({
  nodeId: z.number().int(),
  nodeName: z.string(),
  /** SKIPPED_OFFLINE (policy SKIP), SKIPPED_PLATFORM (a script not for its OS), else the jobs' state. */
  state: z.enum([
    'QUEUED',
    'RUNNING',
    'SUCCESS',
    'FAILURE',
    'SKIPPED_OFFLINE',
    'SKIPPED_PLATFORM',
    'CANCELLED',
    'EXPIRED',
  ]),
  /** Why the device got no job when the run refused it (FAILURE without jobs: e.g. its run-as cannot work). */
  message: z.string().nullable().optional(),
  jobs: z.array(
    z.object({
      jobUid: z.string(),
      scriptName: z.string(),
      jobStatus: JobStatus,
      jobResult: JobResult.nullable(),
    }),
  ),
});
export type TaskRunDevice = z.infer<typeof TaskRunDevice>;

export const TaskRun = /* @__PURE__ */ z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  trigger: TaskRunTrigger,
  /** The occurrence it stands for (ISO, UTC); for a manual or agent-triggered run, when it started. */
  occurrence: z.string(),
  startedAt: z.string(),
  deviceCount: z.number().int(),
  successCount: z.number().int(),
  failureCount: z.number().int(),
  skippedCount: z.number().int(),
  pendingCount: z.number().int(),
  /** Why the run made no job at all (e.g. its owner is disabled or a script is gone), else null. */
  error: z.string().nullable().optional(),
});
export type TaskRun = z.infer<typeof TaskRun>;
export const ListTaskRunsResponse = /* @__PURE__ */ listOf(TaskRun);
export type ListTaskRunsResponse = z.infer<typeof ListTaskRunsResponse>;
export const TaskRunResponse = /* @__PURE__ */ z.object({ run: TaskRun, devices: z.array(TaskRunDevice) });
export type TaskRunResponse = z.infer<typeof TaskRunResponse>;
export const TaskRunParam = /* @__PURE__ */ z.object({
  id: z.coerce.number().int().positive().max(2147483647),
  runId: z.coerce.number().int().positive().max(2147483647),
});

export const scheduledTaskErrorCodes = {
  SCHEDULED_TASK_NOT_FOUND: 404,
  TASK_RUN_NOT_FOUND: 404,
} as const;
export const scheduledTaskMessages = {
  SCHEDULED_TASK_NOT_FOUND: 'There is no such scheduled task.',
  TASK_RUN_NOT_FOUND: 'There is no such run of this task.',
  saved: 'Scheduled task saved',
  deleted: 'Scheduled task deleted',
  started: 'Task started',
} as const;
