import * as z from 'zod';
import { BackupActionType } from './backup.ts';
import { BackupIntegrityStatus, BackupPlanPolicy } from './backup-plans.ts';
import { listOf, PageQuery } from './http.ts';
import { JobResult, JobStatus } from './jobs.ts';

/**
 * What backups produced (issue 18 items 2, 8, 9, 10, 12): revisions, the last results per device and
 * plan, storage used, the spec's §7 status calls, the restore key file and the error catalogue of the
 * backup calls. Rules in docs/decisions.md, "Backup".
 */

// ---------------------------------------------------------------- revisions

/** Where a revision's data is: the local folder or share, the server's store, or both (after an upsync). */
export const backupRevisionLocations = ['LOCAL', 'CLOUD', 'BOTH'] as const;
export const BackupRevisionLocation = /* @__PURE__ */ z.enum(backupRevisionLocations);
export type BackupRevisionLocation = z.infer<typeof BackupRevisionLocation>;

const count = /* @__PURE__ */ z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** A revision's figures: the engine's snapshot stats (`SnapshotStats` of packages/backup). Fields are only ever added. */
export const BackupRevisionStats = /* @__PURE__ */ z.looseObject({
  filesNew: count,
  filesChanged: count,
  /** Not read again: size, mtime, ctime and inode as in the parent revision. */
  filesUnmodified: count,
  dirs: count,
  /** Bytes of the files read (new and changed files). */
  bytesProcessed: count,
  /** Bytes of all files in the revision. */
  bytesTotal: count,
  /** Stored (compressed, sealed) bytes this run added to the repository. */
  bytesAdded: count,
  blobsAdded: count,
  /** Entries skipped: unreadable, or of a type not backed up. */
  errors: count,
  durationMs: count,
});
export type BackupRevisionStats = z.infer<typeof BackupRevisionStats>;

export const BackupRevision = /* @__PURE__ */ z.object({
  revisionId: z.string(),
  organizationId: z.number().int(),
  planId: z.string(),
  planName: z.string(),
  nodeId: z.number().int().nullable(),
  nodeName: z.string(),
  /** When the backup began on the device (the snapshot's time). */
  time: z.string(),
  parentRevisionId: z.string().nullable(),
  location: BackupRevisionLocation,
  stats: BackupRevisionStats,
  /** The BACKUP job that made it (the restore job's `backupJobId`). */
  jobUid: z.string().nullable(),
});
export type BackupRevision = z.infer<typeof BackupRevision>;

export const ListBackupRevisionsQuery = /* @__PURE__ */ PageQuery.extend({
  planId: z.string().uuid().optional(),
  nodeId: z.coerce.number().int().positive().optional(),
  location: BackupRevisionLocation.optional(),
});
export type ListBackupRevisionsQuery = z.output<typeof ListBackupRevisionsQuery>;
export const ListBackupRevisionsResponse = /* @__PURE__ */ listOf(BackupRevision);
export type ListBackupRevisionsResponse = z.infer<typeof ListBackupRevisionsResponse>;

/** Revision ids are the engine's snapshot ids: hex (or other plain) text, never a path. */
export const BackupRevisionId = /* @__PURE__ */ z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);
export const NodeRevisionParam = /* @__PURE__ */ z.object({
  id: z.coerce.number().int().positive().max(2147483647),
  revisionId: BackupRevisionId,
});

/** Entries of one folder a tree answer holds at most (a page); the console asks for BACKUP_TREE_PAGE_SIZE. */
export const BACKUP_TREE_MAX_LIMIT = 1000;
/** The console's page of a folder. */
export const BACKUP_TREE_PAGE_SIZE = 500;
/** The longest folder path a tree request names. */
export const BACKUP_TREE_PATH_MAX = 4096;

/**
 * GET /backup/strata/nodes/{id}/revisions/{revisionId}/tree?path=&offset=&limit=: one folder of a revision, for
 * the file browser, a page at a time (folders first, then by name).
 */
export const BackupTreeQuery = /* @__PURE__ */ z.object({
  /** The folder inside the revision ('' or '/' for its top). */
  path: z.string().max(BACKUP_TREE_PATH_MAX).default(''),
  /** Entries to skip (the page's start). */
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(BACKUP_TREE_MAX_LIMIT).default(BACKUP_TREE_MAX_LIMIT),
});
export type BackupTreeQuery = z.output<typeof BackupTreeQuery>;
export const backupTreeEntryTypes = ['file', 'dir', 'symlink', 'other'] as const;
export const BackupTreeEntry = /* @__PURE__ */ z.object({
  /** The name as text (a name whose bytes are not UTF-8 is shown with replacement characters). */
  name: z.string().max(4096),
  type: z.enum(backupTreeEntryTypes),
  size: count,
  mtime: z.string().nullable(),
});
export type BackupTreeEntry = z.infer<typeof BackupTreeEntry>;
export const BackupTreeResponse = /* @__PURE__ */ z.object({
  revisionId: z.string(),
  path: z.string(),
  entries: z.array(BackupTreeEntry),
  /** Entries of the whole folder (the page holds `entries`, from `offset`). */
  total: count,
  /** Who read the folder: the server (CLOUD, BOTH) or the device's agent (a revision only on its folder or share). */
  readBy: z.enum(['SERVER', 'DEVICE']),
});
export type BackupTreeResponse = z.infer<typeof BackupTreeResponse>;

/** The engine's tree node, as far as the file browser shows it (`TreeNode` of packages/backup). */
export type BackupTreeNode = { name: string; type: string; size: number; mtime: string };

/** The engine's times are nanoseconds since the epoch, as decimal text. */
const isoOfNanoseconds = (value: string) => {
  try {
    const time = new Date(Number(BigInt(value) / 1_000_000n));
    return Number.isNaN(time.getTime()) ? null : time.toISOString();
  } catch {
    return null;
  }
};

const treeNames = /* @__PURE__ */ new Intl.Collator('en');
const byFolderThenName = (a: BackupTreeNode, b: BackupTreeNode) =>
  Number(b.type === 'dir') - Number(a.type === 'dir') ||
  treeNames.compare(a.name, b.name) ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * One page of a folder's entries, as the server (cloud revisions) and the agent (local ones) both answer it:
 * folders first, then by name; `offset` and `limit` as the query gives them.
 */
export const backupTreePage = (
  nodes: readonly BackupTreeNode[],
  { offset, limit }: { offset: number; limit: number },
): { entries: BackupTreeEntry[]; total: number } => ({
  entries: [...nodes]
    .sort(byFolderThenName)
    .slice(offset, offset + Math.min(limit, BACKUP_TREE_MAX_LIMIT))
    .map((node) => ({
      name: node.name,
      type: (backupTreeEntryTypes as readonly string[]).includes(node.type)
        ? (node.type as BackupTreeEntry['type'])
        : 'other',
      size: node.size,
      mtime: isoOfNanoseconds(node.mtime),
    })),
  total: nodes.length,
});

// ---------------------------------------------------------------- last results per device and plan

/** One backup-engine job of a device and plan, as the status lists show it. */
export const BackupJobSummary = /* @__PURE__ */ z.object({
  jobUid: z.string(),
  actionType: BackupActionType,
  jobStatus: JobStatus,
  jobResult: JobResult.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** Cleared by a technician (spec §7 `.../jobs/{jobId}/ignore`): not shown as the plan's failure any more. */
  ignored: z.boolean(),
});
export type BackupJobSummary = z.infer<typeof BackupJobSummary>;

/** A plan on one device it is assigned to: its last jobs of each action and its last revision. */
export const BackupPlanStatus = /* @__PURE__ */ z.object({
  organizationId: z.number().int(),
  nodeId: z.number().int(),
  nodeName: z.string(),
  planId: z.string(),
  planName: z.string(),
  enabled: z.boolean(),
  nextRunAt: z.string().nullable(),
  integrityStatus: BackupIntegrityStatus.nullable(),
  lastBackup: BackupJobSummary.nullable(),
  lastUpsync: BackupJobSummary.nullable(),
  lastIntegrityCheck: BackupJobSummary.nullable(),
  lastSuccessAt: z.string().nullable(),
  lastRevision: BackupRevision.pick({ revisionId: true, time: true, location: true }).nullable(),
  /** A policy's plan reaching the device (edited in the policy; runs in the device's organization). */
  policy: BackupPlanPolicy.nullable().optional(),
});
export type BackupPlanStatus = z.infer<typeof BackupPlanStatus>;

export const ListBackupPlanStatusQuery = /* @__PURE__ */ PageQuery.extend({
  organizationId: z.coerce.number().int().positive().optional(),
  nodeId: z.coerce.number().int().positive().optional(),
  planId: z.string().uuid().optional(),
  /** FAILED: the last backup failed and was not cleared, or the plan's integrity check failed. */
  state: z.enum(['ALL', 'FAILED']).default('ALL'),
});
export type ListBackupPlanStatusQuery = z.output<typeof ListBackupPlanStatusQuery>;
export const ListBackupPlanStatusResponse = /* @__PURE__ */ listOf(BackupPlanStatus);
export type ListBackupPlanStatusResponse = z.infer<typeof ListBackupPlanStatusResponse>;

/** PUT /backup/strata/nodes/{nodeId}/plans-status/{planId}/jobs/{jobId}/ignore (spec §7). */
export const IgnoreBackupJobParams = /* @__PURE__ */ z.object({
  nodeId: z.coerce.number().int().positive().max(2147483647),
  planId: z.string().uuid(),
  jobId: z.string().uuid(),
});
export const IgnoreBackupJobResponse = /* @__PURE__ */ z.object({ resultCode: z.literal('SUCCESS') });
export type IgnoreBackupJobResponse = z.infer<typeof IgnoreBackupJobResponse>;

// ---------------------------------------------------------------- storage

export const BackupStorageUsage = /* @__PURE__ */ z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  /** The organization's repository on the server's store. */
  cloudBytes: count,
  /** Local folders and shares, as their agents last reported them (a shared folder counted once). */
  localBytes: count,
  cloudQuotaBytes: count.nullable(),
  revisions: count,
});
export type BackupStorageUsage = z.infer<typeof BackupStorageUsage>;
export const ListBackupStorageQuery = /* @__PURE__ */ PageQuery.extend({
  organizationId: z.coerce.number().int().positive().optional(),
});
export const ListBackupStorageResponse = /* @__PURE__ */ listOf(BackupStorageUsage);
export type ListBackupStorageResponse = z.infer<typeof ListBackupStorageResponse>;

// ---------------------------------------------------------------- spec §7 calls

/** GET /divisionconfig/strata: whether the server's store takes backups, and its bucket (null: a folder). */
export const BackupDivisionConfig = /* @__PURE__ */ z.object({
  enabled: z.boolean(),
  bucket: z.string().nullable(),
});
export type BackupDivisionConfig = z.infer<typeof BackupDivisionConfig>;

/** `?fetchHasData=true|false` of the strata-status calls (false leaves the has-data fields out). */
export const BackupStatusQuery = /* @__PURE__ */ z.object({
  fetchHasData: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

/** GET /backup/strata/node/{id}/restore-key answers a bare boolean (spec §7). */
export const RestoreKeyExistsResponse = /* @__PURE__ */ z.boolean();

/** GET /backup/strata/nodes/{id}/plans/{planId}/volumes: the device's volumes and which the plan covers. */
export const BackupVolume = /* @__PURE__ */ z.object({
  mount: z.string(),
  label: z.string(),
  fsType: z.string(),
  totalBytes: z.number().nonnegative(),
  freeBytes: z.number().nonnegative(),
  /** An include rule of the plan lies on this volume. */
  included: z.boolean(),
});
export type BackupVolume = z.infer<typeof BackupVolume>;
export const BackupVolumesResponse = /* @__PURE__ */ z.object({
  resultCode: z.literal('SUCCESS'),
  volumes: z.array(BackupVolume),
});
export type BackupVolumesResponse = z.infer<typeof BackupVolumesResponse>;
export const NodePlanParams = /* @__PURE__ */ z.object({
  id: z.coerce.number().int().positive().max(2147483647),
  planId: z.string().uuid(),
});

// ---------------------------------------------------------------- restore key file

/** The engine's organization key file type (`OrganizationKey` of packages/backup). */
export const BACKUP_RESTORE_KEY_TYPE = 'strata-organization-key';

/** A repository of the organization, as the restore key file names it. */
export const BackupRepositoryRef = /* @__PURE__ */ z.object({
  repositoryId: z.string().uuid(),
  /** CLOUD: the server's store; LOCAL: a folder on devices; NETWORK_SHARE: a share. */
  type: z.enum(['CLOUD', 'LOCAL', 'NETWORK_SHARE']),
  /** The folder or share (null for CLOUD). */
  location: z.string().nullable(),
});
export type BackupRepositoryRef = z.infer<typeof BackupRepositoryRef>;

/**
 * The downloadable restore key (GET /backup/strata/clients/{id}/restore-key/file): the engine's organization
 * key file (type, version, organizationId, fingerprint, key: what `strata restore --org-key FILE` reads), so the
 * agent's command line opens the organization's repositories without the server; plus, for people, the
 * organization's name and its repositories. Whoever holds it can read the organization's backups.
 */
export const BackupRestoreKeyFile = /* @__PURE__ */ z.object({
  type: z.literal(BACKUP_RESTORE_KEY_TYPE),
  version: z.literal(1),
  /** The engine's organization id is text: our organization id as a decimal string. */
  organizationId: z.string(),
  /** Names the key: a repository's key file of this fingerprint is the one it opens. */
  fingerprint: z.string(),
  /** The 256-bit key, base64. */
  key: z.string(),
  organizationName: z.string(),
  repositories: z.array(BackupRepositoryRef),
  createdAt: z.string(),
});
export type BackupRestoreKeyFile = z.infer<typeof BackupRestoreKeyFile>;

// ---------------------------------------------------------------- EXTRACT downloads

/** How long a signed extract download URL works. */
export const BACKUP_EXTRACT_URL_TTL_SECONDS = 15 * 60;

export const BackupExtractParams = /* @__PURE__ */ z.object({ jobUid: z.string().uuid() });

/**
 * `GET /backup/strata/extracts/{jobUid}`: the zip of a finished RESTORE EXTRACT job, as a signed URL that
 * needs no session (`url`, a path on this server, until `expiresAt`). The zip is kept for
 * `BACKUP_EXTRACT_HOURS` after its upload.
 */
export const BackupExtractDownload = /* @__PURE__ */ z.object({
  jobUid: z.string().uuid(),
  fileName: z.string(),
  /** Bytes of the zip. */
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  url: z.string(),
  expiresAt: z.string(),
});
export type BackupExtractDownload = z.infer<typeof BackupExtractDownload>;

/** The query of a signed extract URL (`GET /backup/strata/extracts/{jobUid}/content`). */
export const SignedBackupExtractQuery = /* @__PURE__ */ z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type SignedBackupExtractQuery = z.infer<typeof SignedBackupExtractQuery>;

// ---------------------------------------------------------------- errors

/** Error codes of the backup calls (beside the generic ones in http.ts) and their HTTP status. */
export const backupErrorCodes = {
  BACKUP_PLAN_NOT_FOUND: 404,
  BACKUP_PLAN_NAME_TAKEN: 409,
  BACKUP_KIND_NOT_AVAILABLE: 422,
  BACKUP_CREDENTIAL_NOT_FOUND: 404,
  BACKUP_TARGET_NOT_FOUND: 404,
  BACKUP_IMAGE_NOT_SUPPORTED: 422,
  BACKUP_DISK_RESTORE_NOT_SUPPORTED: 422,
  BACKUP_PLAN_NOT_ASSIGNED: 422,
  BACKUP_NODE_MISMATCH: 422,
  BACKUP_UPSYNC_NEEDS_HYBRID: 422,
  BACKUP_FULL_ONLY_FOR_BACKUP: 422,
  BACKUP_RESTORE_IS_A_RESTORE_JOB: 422,
  BACKUP_REVISION_NOT_FOUND: 404,
  BACKUP_OTHER_ORGANIZATION: 422,
  BACKUP_REVISION_NOT_REACHABLE: 422,
  BACKUP_RESTORE_SELECTION_REQUIRED: 422,
  BACKUP_DESTINATION_PATH: 422,
  BACKUP_JOB_NOT_FOUND: 404,
  BACKUP_JOB_NOT_FINISHED: 409,
  BACKUP_THROTTLE_NOT_FOUND: 404,
  BACKUP_TREE_UNAVAILABLE: 501,
  BACKUP_TREE_PATH_NOT_FOUND: 404,
  BACKUP_TREE_DEVICE_OFFLINE: 409,
  BACKUP_TREE_DEVICE_TIMEOUT: 504,
  BACKUP_TREE_DEVICE_FAILED: 502,
  BACKUP_CLOUD_DISABLED: 409,
  BACKUP_QUOTA_EXCEEDED: 507,
  BACKUP_FILE_EXISTS: 409,
  BACKUP_FILE_NOT_FOUND: 404,
  BACKUP_FILE_NAME_INVALID: 400,
  BACKUP_FILE_TOO_LARGE: 413,
  BACKUP_LENGTH_REQUIRED: 411,
  BACKUP_CHECKSUM_MISMATCH: 400,
  BACKUP_RANGE_NOT_SATISFIABLE: 416,
  BACKUP_DELETE_REFUSED: 403,
  BACKUP_DEVICE_NOT_APPROVED: 403,
  BACKUP_STORE_UNAVAILABLE: 503,
  BACKUP_EXTRACT_NOT_FOUND: 404,
  BACKUP_EXTRACT_NOT_READY: 409,
  BACKUP_EXTRACT_REFUSED: 409,
  BACKUP_EXTRACT_TOO_LARGE: 413,
  BACKUP_EXTRACT_URL_INVALID: 403,
  BACKUP_EXTRACT_URL_EXPIRED: 410,
} as const;
export type BackupErrorCode = keyof typeof backupErrorCodes;

/** BACKUP_TREE_DEVICE_FAILED with the reason the agent (or the server, preparing the request) gave. */
export const backupTreeDeviceFailed = (reason: string) =>
  `${backupErrorMessages.BACKUP_TREE_DEVICE_FAILED.slice(0, -1)}: ${reason}`;

export const backupErrorMessages: Readonly<Record<BackupErrorCode, string>> = {
  BACKUP_PLAN_NOT_FOUND: 'There is no such backup plan.',
  BACKUP_PLAN_NAME_TAKEN: 'This organization already has a backup plan of this name.',
  BACKUP_KIND_NOT_AVAILABLE:
    'This image backup kind is offered only when the backup_arrow_image feature is on.',
  BACKUP_CREDENTIAL_NOT_FOUND: 'There is no such credential in this organization.',
  BACKUP_TARGET_NOT_FOUND: 'A device or location of the plan is not one of its organization.',
  BACKUP_IMAGE_NOT_SUPPORTED:
    'Image backup is not available for this device yet: its agent backs up files and folders only.',
  BACKUP_DISK_RESTORE_NOT_SUPPORTED:
    'Restoring a virtual or physical disk is not available until image backups exist. Restore files and folders instead.',
  BACKUP_PLAN_NOT_ASSIGNED: 'This backup plan is not assigned to this device.',
  BACKUP_NODE_MISMATCH: 'The job names another device than the one it is submitted for.',
  BACKUP_UPSYNC_NEEDS_HYBRID:
    "An upsync copies a hybrid plan's local revisions to the cloud; this plan is not hybrid.",
  BACKUP_FULL_ONLY_FOR_BACKUP:
    'A full backup is an option of a backup, not of an upsync or an integrity check.',
  BACKUP_RESTORE_IS_A_RESTORE_JOB: 'A restore is submitted as a RESTORE job, with what to restore and where.',
  BACKUP_REVISION_NOT_FOUND: 'There is no such backup revision of this device and plan.',
  BACKUP_OTHER_ORGANIZATION: 'A backup can be restored only to a device of its own organization.',
  BACKUP_REVISION_NOT_REACHABLE:
    'This revision is only on the local disk of the device that made it: restore it to that device, or upsync it to the cloud first.',
  BACKUP_RESTORE_SELECTION_REQUIRED: 'Choose the files and folders to restore.',
  BACKUP_DESTINATION_PATH:
    'Restore to an absolute folder on the device (or leave the destination empty to restore in place).',
  BACKUP_JOB_NOT_FOUND: 'There is no such backup job of this device and plan.',
  BACKUP_JOB_NOT_FINISHED: 'Only a finished backup job can be cleared.',
  BACKUP_THROTTLE_NOT_FOUND: 'There is no such backup throttle.',
  BACKUP_TREE_UNAVAILABLE:
    "The revision cannot be read from the server's store: its repository is missing or does not open with the organization's key.",
  BACKUP_TREE_PATH_NOT_FOUND: 'There is no such folder in this revision.',
  BACKUP_TREE_DEVICE_OFFLINE:
    "The device is offline. This revision is only in its plan's local folder or share, so its files can be browsed only while the device is connected.",
  BACKUP_TREE_DEVICE_TIMEOUT:
    'The device did not list the folder in time: it may be busy, or its agent too old to browse local backups. Try again later.',
  BACKUP_TREE_DEVICE_FAILED: 'The device could not list the folder.',
  BACKUP_CLOUD_DISABLED: "The server's backup store is turned off.",
  BACKUP_QUOTA_EXCEEDED: "The organization's cloud backup storage is full (its quota is used up).",
  BACKUP_FILE_EXISTS:
    'A different file of this name is already in the repository: repository files never change.',
  BACKUP_FILE_NOT_FOUND: 'There is no such file in the repository.',
  BACKUP_FILE_NAME_INVALID: 'Not a repository file name.',
  BACKUP_FILE_TOO_LARGE: 'The file is larger than the repository takes.',
  BACKUP_LENGTH_REQUIRED: 'Send the file with its Content-Length.',
  BACKUP_CHECKSUM_MISMATCH: 'The file does not match its X-Content-SHA256: it was damaged on the way.',
  BACKUP_RANGE_NOT_SATISFIABLE: 'The range is outside the file.',
  BACKUP_DELETE_REFUSED: 'An agent may delete only lock files; the server prunes the rest.',
  BACKUP_DEVICE_NOT_APPROVED: 'The device is waiting for approval: it cannot back up yet.',
  BACKUP_STORE_UNAVAILABLE: "The server's backup store did not answer in time: try again later.",
  BACKUP_EXTRACT_NOT_FOUND:
    'There is no such extract: the job is not an extract restore, or its zip was removed (extracts are kept for a day).',
  BACKUP_EXTRACT_NOT_READY: 'The extract is not ready: its restore job has not finished successfully.',
  BACKUP_EXTRACT_REFUSED:
    'This job takes no extract upload: it is not an unfinished EXTRACT restore job of this device.',
  BACKUP_EXTRACT_TOO_LARGE: 'The extract is larger than the server takes.',
  BACKUP_EXTRACT_URL_INVALID: 'This download link is not valid.',
  BACKUP_EXTRACT_URL_EXPIRED: 'This download link has expired: ask for a new one.',
};
