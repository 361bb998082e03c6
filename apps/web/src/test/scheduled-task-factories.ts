import {
  defaultTaskSchedule,
  type ScheduledTask,
  type Script,
  type ScriptSummary,
  type TaskRun,
  type TaskRunDevice,
} from '@rmm/domain';

let next = 1;

/** A saved task (daily at 17:00 UTC, one script, one device) with overrides; each call an id of its own. */
export const createScheduledTask = (overrides: Partial<ScheduledTask> = {}): ScheduledTask => {
  const id = next++;
  return {
    id,
    name: `Task ${id}`,
    description: '',
    enabled: true,
    schedule: defaultTaskSchedule('UTC'),
    actions: [{ scriptId: 5, parameters: [], scriptName: 'Clean temp files' }],
    targets: { deviceIds: [7], searchIds: [], organizationIds: [] },
    offlineDevices: 'RUN_WHEN_ONLINE',
    nextRunAt: '2026-11-26T17:00:00.000Z',
    lastRunAt: null,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
    createdBy: 'Admin',
    ...overrides,
  };
};

export const createScriptSummary = (overrides: Partial<ScriptSummary> = {}): ScriptSummary => ({
  id: 5,
  name: 'Clean temp files',
  description: '',
  category: 'MAINTENANCE',
  language: 'bash',
  operatingSystems: ['LINUX'],
  version: 1,
  parameterCount: 0,
  templateId: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  updatedBy: 'Admin',
  ...overrides,
});

export const createScript = (overrides: Partial<Script> = {}): Script => ({
  ...createScriptSummary(overrides),
  code: 'echo hello',
  parameters: [],
  defaultRunAs: 'SYSTEM',
  timeoutSeconds: 3600,
  ...overrides,
});

export const createTaskRun = (overrides: Partial<TaskRun> = {}): TaskRun => {
  const id = next++;
  return {
    id,
    taskId: 12,
    trigger: 'SCHEDULE',
    occurrence: '2026-11-25T16:00:00.000Z',
    startedAt: '2026-11-25T16:00:01.000Z',
    deviceCount: 2,
    successCount: 1,
    failureCount: 0,
    skippedCount: 1,
    pendingCount: 0,
    ...overrides,
  };
};

export const createTaskRunDevice = (overrides: Partial<TaskRunDevice> = {}): TaskRunDevice => {
  const nodeId = next++;
  return {
    nodeId,
    nodeName: `device-${nodeId}`,
    state: 'SUCCESS',
    jobs: [],
    ...overrides,
  };
};

/** A list answer `{data, count, page, pageSize}`. */
export const pageOf = <T>(data: T[], { page = 1, pageSize = 25, count = data.length } = {}) => ({
  data,
  count,
  page,
  pageSize,
});
