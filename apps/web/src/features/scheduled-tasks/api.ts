import type {
  ListScheduledTasksResponse,
  ListScriptsResponse,
  ListTaskRunsResponse,
  OccurrencesResponse,
  SaveScheduledTaskRequest,
  ScheduledTaskResponse,
  ScriptResponse,
  TaskRunResponse,
  TaskSchedule,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

export type TaskListParams = { page: number; pageSize: number; search?: string };
export type RunListParams = { page: number; pageSize: number };
export type ScriptPickerParams = { search?: string; pageSize: number };

/** Scheduled tasks, their runs and schedule previews; the library scripts a task can run. */
export const scheduledTasksApi = {
  list: (params: TaskListParams) =>
    apiRequest<ListScheduledTasksResponse>('GET', `${apiPaths.scheduledTasks()}${toQuery(params)}`),
  get: async (id: number) =>
    (await apiRequest<ScheduledTaskResponse>('GET', apiPaths.scheduledTask(id))).task,
  create: async (body: SaveScheduledTaskRequest) =>
    (await apiRequest<ScheduledTaskResponse>('POST', apiPaths.scheduledTasks(), body)).task,
  update: async (id: number, body: SaveScheduledTaskRequest) =>
    (await apiRequest<ScheduledTaskResponse>('PUT', apiPaths.scheduledTask(id), body)).task,
  remove: (id: number) => apiRequest<unknown>('DELETE', apiPaths.scheduledTask(id)),
  runNow: (id: number) => apiRequest<unknown>('POST', apiPaths.runScheduledTask(id)),
  runs: (id: number, params: RunListParams) =>
    apiRequest<ListTaskRunsResponse>('GET', `${apiPaths.scheduledTaskRuns(id)}${toQuery(params)}`),
  run: (id: number, runId: number) =>
    apiRequest<TaskRunResponse>('GET', apiPaths.scheduledTaskRun(id, runId)),
  occurrences: async (schedule: TaskSchedule, count: number) =>
    (await apiRequest<OccurrencesResponse>('POST', apiPaths.scheduleOccurrences(), { schedule, count }))
      .occurrences,
  scripts: (params: ScriptPickerParams) =>
    apiRequest<ListScriptsResponse>('GET', `${apiPaths.scripts()}${toQuery({ ...params, page: 1 })}`),
  script: async (id: number) => (await apiRequest<ScriptResponse>('GET', apiPaths.script(id))).script,
};
