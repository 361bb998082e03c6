import type {
  BackupDivisionConfig,
  BackupExtractDownload,
  BackupPlan,
  BackupPlanResponse,
  BackupRevisionLocation,
  BackupSettings,
  BackupSettingsResponse,
  BackupStatus,
  BackupThrottleResponse,
  BackupTreeResponse,
  BackupVolumesResponse,
  IgnoreBackupJobResponse,
  ListBackupPlanStatusResponse,
  ListBackupPlansResponse,
  ListBackupRevisionsResponse,
  ListBackupStorageResponse,
  ListBackupThrottlesResponse,
  SaveBackupPlanRequest,
  SaveBackupThrottleRequest,
} from '@rmm/domain';
import { BACKUP_TREE_PAGE_SIZE, readErrorBody } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { ApiError, apiRequest, toQuery } from '../../lib/api.ts';

/** Whose backup a page shows: every organization of the user's scope, one organization, or one device. */
export type BackupScope =
  | { level: 'system' }
  | { level: 'organization'; id: number }
  | { level: 'device'; id: number };

export type PlanStatusParams = {
  page: number;
  pageSize: number;
  organizationId?: number;
  nodeId?: number;
  planId?: string;
  state?: 'ALL' | 'FAILED';
};

export type RevisionListParams = {
  page: number;
  pageSize: number;
  location?: BackupRevisionLocation;
} & ({ nodeId: number; planId?: string } | { planId: string; nodeId?: number });

const statusPath = (scope: BackupScope) =>
  scope.level === 'system'
    ? apiPaths.backupStatus()
    : scope.level === 'organization'
      ? apiPaths.backupClientStatus(scope.id)
      : apiPaths.backupNodeStatus(scope.id);

/** The backup calls of spec §7 and ours (docs/decisions.md, "Backup"). */
export const backupApi = {
  /** Spec §7 `GET /divisionconfig/strata`. */
  divisionConfig: () => apiRequest<BackupDivisionConfig>('GET', apiPaths.backupDivisionConfig()),
  /** Spec §7 strata-status of the scope. */
  status: (scope: BackupScope, fetchHasData: boolean) =>
    apiRequest<BackupStatus>('GET', `${statusPath(scope)}${toQuery({ fetchHasData: String(fetchHasData) })}`),
  planStatus: (params: PlanStatusParams) =>
    apiRequest<ListBackupPlanStatusResponse>('GET', `${apiPaths.backupPlansStatus()}${toQuery(params)}`),
  /** Spec §7: clears a failed job of a device and plan. */
  ignoreJob: (nodeId: number, planId: string, jobUid: string) =>
    apiRequest<IgnoreBackupJobResponse>('PUT', apiPaths.backupIgnoreJob(nodeId, planId, jobUid)),
  plans: (organizationId: number, params: { page: number; pageSize: number; search?: string }) =>
    apiRequest<ListBackupPlansResponse>('GET', `${apiPaths.backupPlans(organizationId)}${toQuery(params)}`),
  /** The plans assigned to a device. */
  nodePlans: async (nodeId: number) =>
    (await apiRequest<{ plans: BackupPlan[] }>('GET', apiPaths.nodeBackupPlans(nodeId))).plans,
  plan: async (planId: string) =>
    (await apiRequest<BackupPlanResponse>('GET', apiPaths.backupPlan(planId))).plan,
  createPlan: async (organizationId: number, body: SaveBackupPlanRequest) =>
    (await apiRequest<BackupPlanResponse>('POST', apiPaths.backupPlans(organizationId), body)).plan,
  updatePlan: async (planId: string, body: SaveBackupPlanRequest) =>
    (await apiRequest<BackupPlanResponse>('PUT', apiPaths.backupPlan(planId), body)).plan,
  deletePlan: (planId: string) => apiRequest<unknown>('DELETE', apiPaths.backupPlan(planId)),
  revisions: ({ nodeId, planId, ...params }: RevisionListParams) =>
    apiRequest<ListBackupRevisionsResponse>(
      'GET',
      nodeId !== undefined
        ? `${apiPaths.nodeBackupRevisions(nodeId)}${toQuery({ ...params, planId })}`
        : `${apiPaths.backupPlanRevisions(planId!)}${toQuery(params)}`,
    ),
  /** One page of one folder of a revision, for the file browser (a local-only revision is read by its device). */
  tree: (
    nodeId: number,
    revisionId: string,
    path: string,
    { offset = 0, limit = BACKUP_TREE_PAGE_SIZE }: { offset?: number; limit?: number } = {},
  ) =>
    apiRequest<BackupTreeResponse>(
      'GET',
      `${apiPaths.backupRevisionTree(nodeId, revisionId)}${toQuery({ path, offset, limit })}`,
    ),
  storage: (params: { page: number; pageSize: number; organizationId?: number }) =>
    apiRequest<ListBackupStorageResponse>('GET', `${apiPaths.backupStorage()}${toQuery(params)}`),
  /** Spec §7: whether the device's organization has a restore key (a bare boolean). */
  restoreKeyExists: (nodeId: number) => apiRequest<boolean>('GET', apiPaths.backupRestoreKey(nodeId)),
  /** The organization's restore key file, as a Blob to save (the download is recorded as an activity). */
  restoreKeyFile: async (organizationId: number) => {
    const response = await fetch(apiPaths.backupRestoreKeyFile(organizationId), {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (response.ok) return response.blob();
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const parsed = readErrorBody(body);
    throw parsed
      ? new ApiError(response.status, parsed.error.code, parsed.error.message)
      : new ApiError(response.status, 'HTTP_ERROR', `HTTP ${response.status}`);
  },
  volumes: (nodeId: number, planId: string) =>
    apiRequest<BackupVolumesResponse>('GET', apiPaths.backupPlanVolumes(nodeId, planId)),
  settings: (organizationId: number) =>
    apiRequest<BackupSettingsResponse>('GET', apiPaths.backupSettings(organizationId)),
  saveSettings: (organizationId: number, body: BackupSettings) =>
    apiRequest<BackupSettingsResponse>('PUT', apiPaths.backupSettings(organizationId), body),
  throttles: (organizationId: number) =>
    apiRequest<ListBackupThrottlesResponse>('GET', apiPaths.backupThrottles(organizationId)),
  saveThrottle: (organizationId: number, body: SaveBackupThrottleRequest) =>
    apiRequest<BackupThrottleResponse>('PUT', apiPaths.backupThrottles(organizationId), body),
  deleteThrottle: (id: number) => apiRequest<unknown>('DELETE', apiPaths.backupThrottle(id)),
  /** The zip of a finished EXTRACT restore job: a signed URL that works for 15 minutes (an activity each). */
  extractDownload: (jobUid: string) =>
    apiRequest<BackupExtractDownload>('GET', apiPaths.backupExtract(jobUid)),
};
