import {
  BACKUP_TREE_PAGE_SIZE,
  type BackupProgressEvent,
  type BackupSettings,
  type ConsoleEvent,
  isTerminalJobStatus,
  type SaveBackupPlanRequest,
  type SaveBackupThrottleRequest,
} from '@rmm/domain';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { EventKeys } from '../../app/realtime/event-keys.ts';
import { useRealtimeStatus } from '../../app/realtime/realtime-status.ts';
import { type BackupScope, backupApi, type PlanStatusParams, type RevisionListParams } from './api.ts';

/** Backup data; live progress sits under a root of its own, so a resync never refetches it. */
export const backupKeys = {
  all: ['backup'] as const,
  divisionConfig: ['backup', 'division-config'] as const,
  statuses: ['backup', 'status'] as const,
  status: (scope: BackupScope) => ['backup', 'status', scope] as const,
  planStatusLists: ['backup', 'plan-status'] as const,
  planStatus: (params: PlanStatusParams) => ['backup', 'plan-status', params] as const,
  plans: ['backup', 'plans'] as const,
  planList: (organizationId: number, params: { page: number; pageSize: number; search?: string }) =>
    ['backup', 'plans', 'list', organizationId, params] as const,
  nodePlans: (nodeId: number) => ['backup', 'plans', 'node', nodeId] as const,
  plan: (planId: string) => ['backup', 'plans', 'detail', planId] as const,
  revisions: ['backup', 'revisions'] as const,
  revisionList: (params: RevisionListParams) => ['backup', 'revisions', params] as const,
  tree: (nodeId: number, revisionId: string, path: string, offset = 0, limit = BACKUP_TREE_PAGE_SIZE) =>
    ['backup', 'tree', nodeId, revisionId, path, offset, limit] as const,
  storage: (params: { page: number; pageSize: number; organizationId?: number }) =>
    ['backup', 'storage', params] as const,
  restoreKey: (nodeId: number) => ['backup', 'restore-key', nodeId] as const,
  settings: (organizationId: number) => ['backup', 'settings', organizationId] as const,
  throttles: (organizationId: number) => ['backup', 'throttles', organizationId] as const,
  volumes: (nodeId: number, planId: string) => ['backup', 'volumes', nodeId, planId] as const,
  extract: (jobUid: string) => ['backup', 'extract', jobUid] as const,
  progress: (jobUid: string) => ['backup-progress', jobUid] as const,
};

/** The status pages read the spec §7 status again this often (a failure then is silent, spec §8). */
export const BACKUP_STATUS_POLL_MS = 60_000;
/** Without the live channel, lists with a running job are read this often instead. */
export const BACKUP_OFFLINE_REFRESH_MS = 10_000;

export const useDivisionConfigQuery = () =>
  useQuery({ queryKey: backupKeys.divisionConfig, queryFn: backupApi.divisionConfig, staleTime: 60_000 });

/** Spec §7 strata-status of the scope, polled (so a plan made elsewhere turns the dashboards on). */
export const useBackupStatusQuery = (scope: BackupScope) =>
  useQuery({
    queryKey: backupKeys.status(scope),
    queryFn: () => backupApi.status(scope, true),
    refetchInterval: BACKUP_STATUS_POLL_MS,
    retry: false,
  });

const isRunning = (status: string | undefined) =>
  status !== undefined && !isTerminalJobStatus(status as never);

export const usePlanStatusQuery = (params: PlanStatusParams, { enabled = true } = {}) => {
  const isLive = useRealtimeStatus() === 'live';
  return useQuery({
    queryKey: backupKeys.planStatus(params),
    queryFn: () => backupApi.planStatus(params),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
    refetchInterval: (query) =>
      !isLive &&
      query.state.data?.data.some((row) =>
        [row.lastBackup, row.lastUpsync, row.lastIntegrityCheck].some((job) => isRunning(job?.jobStatus)),
      )
        ? BACKUP_OFFLINE_REFRESH_MS
        : false,
  });
};

export const usePlansQuery = (
  organizationId: number,
  params: { page: number; pageSize: number; search?: string },
  { enabled = true } = {},
) =>
  useQuery({
    queryKey: backupKeys.planList(organizationId, params),
    queryFn: () => backupApi.plans(organizationId, params),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });

export const useNodePlansQuery = (nodeId: number, { enabled = true } = {}) =>
  useQuery({
    queryKey: backupKeys.nodePlans(nodeId),
    queryFn: () => backupApi.nodePlans(nodeId),
    enabled,
    retry: false,
  });

export const usePlanQuery = (planId: string | undefined) =>
  useQuery({
    queryKey: backupKeys.plan(planId ?? ''),
    queryFn: () => backupApi.plan(planId!),
    enabled: planId !== undefined,
  });

export const useRevisionsQuery = (params: RevisionListParams | undefined) =>
  useQuery({
    queryKey: backupKeys.revisionList(params ?? ({ page: 1, pageSize: 1, nodeId: 0 } as RevisionListParams)),
    queryFn: () => backupApi.revisions(params!),
    placeholderData: keepPreviousData,
    enabled: params !== undefined,
    retry: false,
  });

/** One page of one folder of a revision; read once per folder opened (a revision never changes). */
export const useTreeQuery = (
  nodeId: number,
  revisionId: string,
  path: string,
  { enabled = true, offset = 0, limit = BACKUP_TREE_PAGE_SIZE } = {},
) =>
  useQuery({
    queryKey: backupKeys.tree(nodeId, revisionId, path, offset, limit),
    queryFn: () => backupApi.tree(nodeId, revisionId, path, { offset, limit }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
    retry: false,
  });

export const useStorageQuery = (params: { page: number; pageSize: number; organizationId?: number }) =>
  useQuery({
    queryKey: backupKeys.storage(params),
    queryFn: () => backupApi.storage(params),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useRestoreKeyQuery = (nodeId: number | undefined, { enabled = true } = {}) =>
  useQuery({
    queryKey: backupKeys.restoreKey(nodeId ?? 0),
    queryFn: () => backupApi.restoreKeyExists(nodeId!),
    enabled: enabled && nodeId !== undefined,
    retry: false,
  });

export const useSettingsQuery = (organizationId: number) =>
  useQuery({
    queryKey: backupKeys.settings(organizationId),
    queryFn: () => backupApi.settings(organizationId),
  });

export const useThrottlesQuery = (organizationId: number) =>
  useQuery({
    queryKey: backupKeys.throttles(organizationId),
    queryFn: async () => (await backupApi.throttles(organizationId)).throttles,
  });

export const useVolumesQuery = (nodeId: number, planId: string) =>
  useQuery({
    queryKey: backupKeys.volumes(nodeId, planId),
    queryFn: async () => (await backupApi.volumes(nodeId, planId)).volumes,
    retry: false,
  });

/**
 * The signed download URL of a finished EXTRACT job's zip, read once the job has COMPLETED with SUCCESS. Each
 * URL handed out is an activity, so it is never read again by itself (no refetch on focus or on a timer): the
 * download asks for a fresh one when this one is about to expire (`freshExtractDownload`).
 */
export const useExtractDownloadQuery = (jobUid: string, { enabled = true } = {}) =>
  useQuery({
    queryKey: backupKeys.extract(jobUid),
    queryFn: () => backupApi.extractDownload(jobUid),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** Time a signed extract URL must have left to be used as it is (the browser starts the download at once). */
export const EXTRACT_URL_MARGIN_MS = 30_000;

/** Whether a signed URL answered by `GET /backup/strata/extracts/{jobUid}` still works long enough. */
export const isExtractUrlFresh = (download: { expiresAt: string }, now = Date.now()) =>
  Date.parse(download.expiresAt) - now > EXTRACT_URL_MARGIN_MS;

/** Spec §7 ignore: the plan's failure is cleared; its status lists change. */
export const useIgnoreJobMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ nodeId, planId, jobUid }: { nodeId: number; planId: string; jobUid: string }) =>
      backupApi.ignoreJob(nodeId, planId, jobUid),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: backupKeys.planStatusLists }),
        queryClient.invalidateQueries({ queryKey: backupKeys.statuses }),
      ]),
  });
};

/** Creates (no planId) or updates a plan; every backup list may change (status, plans, storage). */
export const useSavePlanMutation = (organizationId: number, planId: string | undefined) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBackupPlanRequest) =>
      planId === undefined ? backupApi.createPlan(organizationId, body) : backupApi.updatePlan(planId, body),
    onSuccess: (plan) => {
      queryClient.setQueryData(backupKeys.plan(plan.planId), plan);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: backupKeys.plans }),
        queryClient.invalidateQueries({ queryKey: backupKeys.planStatusLists }),
        queryClient.invalidateQueries({ queryKey: backupKeys.statuses }),
      ]);
    },
  });
};

export const useDeletePlanMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: string) => backupApi.deletePlan(planId),
    onSuccess: (_answer, planId) => {
      queryClient.removeQueries({ queryKey: backupKeys.plan(planId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: backupKeys.plans }),
        queryClient.invalidateQueries({ queryKey: backupKeys.planStatusLists }),
        queryClient.invalidateQueries({ queryKey: backupKeys.statuses }),
      ]);
    },
  });
};

export const useSaveSettingsMutation = (organizationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BackupSettings) => backupApi.saveSettings(organizationId, body),
    onSuccess: (answer) => queryClient.setQueryData(backupKeys.settings(organizationId), answer),
  });
};

export const useSaveThrottleMutation = (organizationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBackupThrottleRequest) => backupApi.saveThrottle(organizationId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.throttles(organizationId) }),
  });
};

export const useDeleteThrottleMutation = (organizationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => backupApi.deleteThrottle(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.throttles(organizationId) }),
  });
};

// ---------------------------------------------------------------- live progress

export type BackupProgress = Omit<BackupProgressEvent, 'type' | 'time'>;

/** The last progress of a running backup-engine job, from backup.progress events (null before the first). */
export const useBackupProgress = (jobUid: string | undefined) => {
  const queryClient = useQueryClient();
  const queryKey = backupKeys.progress(jobUid ?? '');
  return useQuery({
    queryKey,
    queryFn: () => queryClient.getQueryData<BackupProgress | null>(queryKey) ?? null,
    initialData: () => queryClient.getQueryData<BackupProgress | null>(queryKey) ?? null,
    staleTime: Number.POSITIVE_INFINITY,
    enabled: jobUid !== undefined,
  }).data;
};

const isBackupJobType = (jobType: string) => jobType === 'BACKUP' || jobType === 'RESTORE';

/**
 * Backup events: progress lands in place (one entry per running job, dropped when the job ends); a backup
 * or restore job that changes makes the status lists, revisions and storage stale; a reconnect reads
 * every backup list again.
 */
export const backupEventKeys: EventKeys = {
  forEvent: (event: ConsoleEvent) =>
    event.type === 'job.updated' && isBackupJobType(event.job.jobType)
      ? [backupKeys.planStatusLists, backupKeys.revisions, backupKeys.statuses, ['backup', 'storage']]
      : [],
  resync: [backupKeys.planStatusLists, backupKeys.revisions, backupKeys.statuses],
  apply: (queryClient: QueryClient, event: ConsoleEvent) => {
    if (event.type === 'backup.progress') {
      const { type: _type, time: _time, ...progress } = event;
      queryClient.setQueryData(backupKeys.progress(event.jobUid), progress);
    } else if (event.type === 'job.updated' && isTerminalJobStatus(event.job.jobStatus)) {
      queryClient.removeQueries({ queryKey: backupKeys.progress(event.job.jobUid), exact: true });
    }
  },
};
