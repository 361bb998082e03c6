import type { ConsoleEvent, SaveScheduledTaskRequest, ScheduledTask, TaskSchedule } from '@rmm/domain';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventKeys } from '../../app/realtime/event-keys.ts';
import { useRealtimeStatus } from '../../app/realtime/realtime-status.ts';
import { type RunListParams, scheduledTasksApi, type TaskListParams } from './api.ts';
import { requestOfTask } from './task-form.ts';

export const scheduledTaskKeys = {
  all: ['scheduled-tasks'] as const,
  lists: ['scheduled-tasks', 'list'] as const,
  list: (params: TaskListParams) => ['scheduled-tasks', 'list', params] as const,
  detail: (id: number) => ['scheduled-tasks', 'detail', id] as const,
  runsRoot: ['scheduled-tasks', 'runs'] as const,
  runsOf: (id: number) => ['scheduled-tasks', 'runs', id] as const,
  runs: (id: number, params: RunListParams) => ['scheduled-tasks', 'runs', id, 'list', params] as const,
  run: (id: number, runId: number) => ['scheduled-tasks', 'runs', id, 'detail', runId] as const,
  occurrences: (schedule: TaskSchedule, count: number) => ['schedule-occurrences', schedule, count] as const,
  scripts: (search: string) => ['scheduled-tasks', 'scripts', 'list', search] as const,
  script: (id: number) => ['scheduled-tasks', 'scripts', 'detail', id] as const,
};

export const SCRIPT_PICKER_SIZE = 50;
/** Without the live channel, a history with pending devices is read this often instead. */
export const HISTORY_REFRESH_MS = 5_000;

export const useScheduledTasksQuery = (params: TaskListParams) =>
  useQuery({
    queryKey: scheduledTaskKeys.list(params),
    queryFn: () => scheduledTasksApi.list(params),
    placeholderData: keepPreviousData,
  });

export const useScheduledTaskQuery = (id: number) =>
  useQuery({
    queryKey: scheduledTaskKeys.detail(id),
    queryFn: () => scheduledTasksApi.get(id),
    enabled: Number.isInteger(id) && id > 0,
  });

const useTaskSaved = () => {
  const queryClient = useQueryClient();
  return (task: ScheduledTask) => {
    queryClient.setQueryData(scheduledTaskKeys.detail(task.id), task);
    return queryClient.invalidateQueries({ queryKey: scheduledTaskKeys.lists });
  };
};

/** Creates a task (no id) or replaces one. */
export const useSaveScheduledTaskMutation = (id: number | undefined) => {
  const onSuccess = useTaskSaved();
  return useMutation({
    mutationFn: (body: SaveScheduledTaskRequest) =>
      id === undefined ? scheduledTasksApi.create(body) : scheduledTasksApi.update(id, body),
    onSuccess,
  });
};

/** The list's switch: the task saved again with only `enabled` changed. */
export const useSetTaskEnabledMutation = () => {
  const onSuccess = useTaskSaved();
  return useMutation({
    mutationFn: ({ task, enabled }: { task: ScheduledTask; enabled: boolean }) =>
      scheduledTasksApi.update(task.id, { ...requestOfTask(task), enabled }),
    onSuccess,
  });
};

export const useDeleteScheduledTaskMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => scheduledTasksApi.remove(id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: scheduledTaskKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: scheduledTaskKeys.lists });
    },
  });
};

/** Run now: a new run in the task's history, and its last run in the list. */
export const useRunTaskNowMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => scheduledTasksApi.runNow(id),
    onSuccess: (_data, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: scheduledTaskKeys.runsOf(id) }),
        queryClient.invalidateQueries({ queryKey: scheduledTaskKeys.lists }),
        queryClient.invalidateQueries({ queryKey: scheduledTaskKeys.detail(id) }),
      ]),
  });
};

/** Job events refresh the history (see scheduledTaskEventKeys); without them, pending runs are polled. */
const usePendingRefresh = () => {
  const isLive = useRealtimeStatus() === 'live';
  return (hasPending: boolean) => (!isLive && hasPending ? HISTORY_REFRESH_MS : false);
};

export const useTaskRunsQuery = (id: number, params: RunListParams) => {
  const refreshWhile = usePendingRefresh();
  return useQuery({
    queryKey: scheduledTaskKeys.runs(id, params),
    queryFn: () => scheduledTasksApi.runs(id, params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      refreshWhile(query.state.data?.data.some((run) => run.pendingCount > 0) ?? false),
  });
};

export const useTaskRunQuery = (id: number, runId: number | undefined) => {
  const refreshWhile = usePendingRefresh();
  return useQuery({
    queryKey: scheduledTaskKeys.run(id, runId ?? 0),
    queryFn: () => scheduledTasksApi.run(id, runId!),
    enabled: runId !== undefined,
    refetchInterval: (query) => refreshWhile((query.state.data?.run.pendingCount ?? 0) > 0),
  });
};

/** The next occurrences of a complete schedule; none asked for while `schedule` is undefined. */
export const useOccurrencesQuery = (schedule: TaskSchedule | undefined, count: number) =>
  useQuery({
    queryKey: scheduledTaskKeys.occurrences(schedule as TaskSchedule, count),
    queryFn: () => scheduledTasksApi.occurrences(schedule!, count),
    enabled: schedule !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useScriptOptionsQuery = (search: string) =>
  useQuery({
    queryKey: scheduledTaskKeys.scripts(search),
    queryFn: () => scheduledTasksApi.scripts({ search: search || undefined, pageSize: SCRIPT_PICKER_SIZE }),
    placeholderData: keepPreviousData,
  });

export const scriptQueryOptions = (id: number) => ({
  queryKey: scheduledTaskKeys.script(id),
  queryFn: () => scheduledTasksApi.script(id),
  staleTime: 60_000,
});

/** The scripts of a task's actions, with their typed parameters. */
export const useScriptsQueries = (ids: number[]) =>
  useQueries({ queries: [...new Set(ids)].map((id) => scriptQueryOptions(id)) });

/**
 * A job's change may change a run's counts and its devices' states: the histories on screen are read again
 * (at most once per batch of events, see use-realtime-events.ts), and all of them after a reconnect.
 */
export const scheduledTaskEventKeys: EventKeys = {
  forEvent: (event: ConsoleEvent) => (event.type === 'job.updated' ? [scheduledTaskKeys.runsRoot] : []),
  resync: [scheduledTaskKeys.runsRoot],
};
