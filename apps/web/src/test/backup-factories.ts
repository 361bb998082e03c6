import {
  type BackupJobSummary,
  type BackupPlan,
  type BackupPlanStatus,
  type BackupRevision,
  type BackupStatus,
  type BackupTreeEntry,
  defaultBackupRetention,
  defaultBackupSchedule,
} from '@rmm/domain';

let next = 1;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A cloud plan of organization 1 backing up /home daily at 17:00 UTC, with overrides. */
export const createBackupPlan = (overrides: Partial<BackupPlan> = {}): BackupPlan => {
  const n = next++;
  return {
    planId: uuid(n),
    organizationId: 1,
    organizationName: 'Contoso',
    name: `Plan ${n}`,
    description: '',
    kind: 'fileFolder',
    include: ['/home'],
    exclude: [],
    destination: { type: 'CLOUD' },
    schedule: defaultBackupSchedule('UTC'),
    retention: defaultBackupRetention,
    enabled: true,
    targets: { allDevices: true, locationIds: [], deviceIds: [] },
    nextRunAt: '2026-11-26T17:00:00.000Z',
    integrityStatus: null,
    integrityCheckedAt: null,
    integrityMessage: null,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
};

/** A finished successful backup job, with overrides. */
export const createJobSummary = (overrides: Partial<BackupJobSummary> = {}): BackupJobSummary => ({
  jobUid: uuid(1000 + next++),
  actionType: 'STRATA_BACKUP',
  jobStatus: 'COMPLETED',
  jobResult: 'SUCCESS',
  createdAt: '2026-11-25T17:00:00.000Z',
  finishedAt: '2026-11-25T17:05:00.000Z',
  errorMessage: null,
  ignored: false,
  ...overrides,
});

/** A plan on device 7 (web-01) whose last backup went through, with overrides. */
export const createPlanStatus = (overrides: Partial<BackupPlanStatus> = {}): BackupPlanStatus => {
  const lastBackup = createJobSummary();
  return {
    organizationId: 1,
    nodeId: 7,
    nodeName: 'web-01',
    planId: uuid(next++),
    planName: 'Documents',
    enabled: true,
    nextRunAt: '2026-11-26T17:00:00.000Z',
    integrityStatus: null,
    lastBackup,
    lastUpsync: null,
    lastIntegrityCheck: null,
    lastSuccessAt: lastBackup.finishedAt,
    lastRevision: { revisionId: 'abc123', time: '2026-11-25T17:00:00.000Z', location: 'CLOUD' },
    ...overrides,
  };
};

/** A cloud revision of device 7's plan, with overrides. */
export const createRevision = (overrides: Partial<BackupRevision> = {}): BackupRevision => {
  const n = next++;
  return {
    revisionId: `rev${n}`,
    organizationId: 1,
    planId: uuid(9000),
    planName: 'Documents',
    nodeId: 7,
    nodeName: 'web-01',
    time: '2026-11-25T17:00:00.000Z',
    parentRevisionId: null,
    location: 'CLOUD',
    stats: {
      filesNew: 3,
      filesChanged: 1,
      filesUnmodified: 116,
      dirs: 8,
      bytesProcessed: 8192,
      bytesTotal: 5_242_880,
      bytesAdded: 2048,
      blobsAdded: 4,
      errors: 0,
      durationMs: 1500,
    },
    jobUid: uuid(5000 + n),
    ...overrides,
  };
};

export const backupStatus = (overrides: Partial<BackupStatus> = {}): BackupStatus => ({
  enabled: true,
  hasData: true,
  hasCloudData: true,
  hasLocalData: false,
  divisionConfig: { enabled: true, bucket: null },
  ...overrides,
});

export const treeEntry = (
  name: string,
  type: BackupTreeEntry['type'] = 'file',
  size = 100,
): BackupTreeEntry => ({
  name,
  type,
  size,
  mtime: '2026-11-20T10:00:00.000Z',
});
