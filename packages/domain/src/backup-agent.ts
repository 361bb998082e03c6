import * as z from 'zod';
import { BackupActionType, BackupKind } from './backup.ts';
import {
  BACKUP_TREE_MAX_LIMIT,
  BACKUP_TREE_PATH_MAX,
  BackupRevisionId,
  BackupRevisionLocation,
  BackupRevisionStats,
  BackupTreeEntry,
} from './backup-data.ts';
import { BackupRetention, BackupWorkHours } from './backup-plans.ts';

/**
 * What the agent and the server say to each other about backups (issue 18 items 2, 3, 6, 8, 9): the job
 * as the agent receives it (resolved by the server when it writes the job to the agent's socket, never
 * stored or published), the report the agent puts into its job result, its progress, and the HTTP contract
 * of the server's repository store. Deployed agents are older than the server: fields are only ever added.
 */

export const AGENT_BACKUP_JOB_VERSION = 1;

// ---------------------------------------------------------------- the server's repository store (HTTP)

/** The repository store routes, authenticated as the agent (`Authorization: Device <id>:<secret>`). */
export const BACKUP_REPOSITORY_PATH = '/backup/strata/repository';
/**
 * GET (Range), HEAD, PUT (atomic, immutable), DELETE (locks only) of one file: `.../files/<type>/<name>`, the
 * engine's file type (config, keys, data, index, snapshots, deleted, locks) and name (`config/config`). The
 * server keeps it at the engine's layout path (`config`, `data/<xx>/<id>`, `<type>/<id>`).
 */
export const BACKUP_REPOSITORY_FILES_PATH = `${BACKUP_REPOSITORY_PATH}/files`;
/** GET `?prefix=<type>/`: the files of one type (`''`: all), named `<type>/<name>`, with their sizes. */
export const BACKUP_REPOSITORY_LIST_PATH = `${BACKUP_REPOSITORY_PATH}/list`;
/** The repository folder of lock files: the only files an agent may delete. */
export const BACKUP_REPOSITORY_LOCKS_DIR = 'locks';
/** Optional on PUT: the hex SHA-256 of the body; a body that does not match is refused and not stored. */
export const BACKUP_CONTENT_SHA256_HEADER = 'x-content-sha256';
/** Largest repository file the store takes (a pack is about 16 MiB; the largest blob 8 MiB). */
export const BACKUP_REPOSITORY_MAX_FILE_BYTES = 128 * 1_048_576;
/**
 * RESTORE EXTRACT: the agent writes the zip of the chosen files and folders, then PUTs it to
 * `<this path>/<jobUid>` (authenticated as the agent, `Content-Length`, `X-Content-SHA256`, `application/zip`);
 * the server keeps it for the console's signed download. Sent again (same bytes) when a try failed.
 */
export const BACKUP_EXTRACT_UPLOAD_PATH = '/backup/strata/extracts';
/** Answer of the extract upload (201): the zip as the server stored it. */
export const BackupExtractUploadResponse = /* @__PURE__ */ z.object({
  jobUid: z.string().uuid(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupExtractUploadResponse = z.infer<typeof BackupExtractUploadResponse>;

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** A repository file's name: 1 to 4 folder-separated segments of letters, digits, `.`, `_`, `-`, never `.`-first. */
export const isRepositoryFileName = (name: string): boolean => {
  if (name.length === 0 || name.length > 512) return false;
  const segments = name.split('/');
  return segments.length <= 4 && segments.every((segment) => SEGMENT.test(segment));
};

export const BackupRepositoryListQuery = /* @__PURE__ */ z.object({
  /** A folder of the repository ('' for all); its files are listed at any depth. */
  prefix: z
    .string()
    .max(512)
    .default('')
    .refine(
      (prefix) => prefix === '' || isRepositoryFileName(prefix.replace(/\/$/, '')),
      'Not a folder name.',
    ),
});
export const BackupRepositoryFile = /* @__PURE__ */ z.object({ name: z.string(), size: z.number().int() });
export type BackupRepositoryFile = z.infer<typeof BackupRepositoryFile>;
export const BackupRepositoryListResponse = /* @__PURE__ */ z.object({
  repositoryId: z.string().uuid(),
  files: z.array(BackupRepositoryFile),
});
export type BackupRepositoryListResponse = z.infer<typeof BackupRepositoryListResponse>;
/** Answer of a PUT: `created` false when the same bytes were there already (a retried upload). */
export const BackupRepositoryPutResponse = /* @__PURE__ */ z.object({
  name: z.string(),
  size: z.number().int(),
  created: z.boolean(),
});
export type BackupRepositoryPutResponse = z.infer<typeof BackupRepositoryPutResponse>;

// ---------------------------------------------------------------- the job the agent receives

/**
 * A repository the job reads or writes. CLOUD: the server's store at `url` (a path on the server the agent
 * is connected to; the agent authenticates as itself, and the server scopes it to its organization).
 * LOCAL: a folder on the device. NETWORK_SHARE: a share, opened with `credential`.
 */
export const AgentBackupRepository = /* @__PURE__ */ z.looseObject({
  repositoryId: z.string().uuid(),
  type: z.enum(['CLOUD', 'LOCAL', 'NETWORK_SHARE']),
  url: z.string().optional(),
  path: z.string().optional(),
  credential: z
    .object({
      username: z.string().max(256),
      domain: z.string().max(256).optional(),
      password: z.string().max(1024),
    })
    .optional(),
});
export type AgentBackupRepository = z.infer<typeof AgentBackupRepository>;

/** The throttle that applies to the device (null rates: no limit in that window). */
export const AgentBackupThrottle = /* @__PURE__ */ z.looseObject({
  workHoursBytesPerSecond: z.number().int().nullable(),
  offHoursBytesPerSecond: z.number().int().nullable(),
  workHours: BackupWorkHours,
});
export type AgentBackupThrottle = z.infer<typeof AgentBackupThrottle>;

/** The engine's chunker parameters (`ChunkerParams` of packages/backup), one set per organization. */
export const AgentBackupChunker = /* @__PURE__ */ z.looseObject({
  algorithm: z.literal('fastcdc'),
  minSize: z.number().int().positive(),
  avgSize: z.number().int().positive(),
  maxSize: z.number().int().positive(),
  seed: z.string(),
});
export type AgentBackupChunker = z.infer<typeof AgentBackupChunker>;

/**
 * `ServerJob.job.backup` of every BACKUP and RESTORE job: everything the agent needs, resolved when the job
 * is written to its socket. `keys.masterKey` (base64, 256 bits) is the organization's repository master key:
 * a new repository is created from it and `keys.chunker` (the engine's `init` with `from`), so that every
 * repository of the organization deduplicates alike and an upsync copies between them; the agent keeps it in
 * memory only (never in its job journal or logs). `keys.organizationKeyFile` is the engine's key file of the
 * organization's restore key (the master key wrapped under it, AES-256-KW): the agent writes it to
 * `keys/<name>` of a repository that has no key file of its fingerprint, so the downloadable restore key
 * opens the repository without the server. The agent adds its own way in (its device key) as it likes.
 */
export const AgentBackupJob = /* @__PURE__ */ z.looseObject({
  v: z.literal(AGENT_BACKUP_JOB_VERSION),
  actionType: BackupActionType,
  organizationId: z.number().int(),
  plan: z.looseObject({
    planId: z.string(),
    name: z.string(),
    kind: BackupKind,
    include: z.array(z.string()),
    exclude: z.array(z.string()),
    retention: BackupRetention,
  }),
  /**
   * BACKUP, INTEGRITY_CHECK: the plan's repository (HYBRID: its local folder or share). UPSYNC: the local one
   * it copies from. RESTORE: the one the revision is read from.
   */
  repository: AgentBackupRepository,
  /** HYBRID plans: the cloud repository an upsync copies into (and a backup may upsync to after). */
  upsyncTo: AgentBackupRepository.optional(),
  keys: z.looseObject({
    masterKey: z.string(),
    chunker: AgentBackupChunker,
    organizationKeyFile: z.looseObject({
      name: z.string(),
      /** The file's bytes, base64. */
      content: z.string(),
      fingerprint: z.string(),
    }),
  }),
  throttle: AgentBackupThrottle.nullable(),
  /** BACKUP: read every file again instead of trusting the parent revision's metadata. */
  fullBackup: z.boolean().default(false),
  /** INTEGRITY_CHECK: read every pack and check every blob (else the structure only). */
  readData: z.boolean().default(true),
});
export type AgentBackupJob = z.infer<typeof AgentBackupJob>;

// ---------------------------------------------------------------- the agent's report (in its job result)

export const BACKUP_REPORT_VERSION = 1;

/** A revision the BACKUP job made. */
export const BackupReportRevision = /* @__PURE__ */ z.looseObject({
  revisionId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  parentRevisionId: z.string().max(128).nullable(),
  time: z.iso.datetime({ offset: true }),
  location: BackupRevisionLocation,
  stats: BackupRevisionStats,
});
export type BackupReportRevision = z.infer<typeof BackupReportRevision>;

/**
 * `jobResult.resultContent.backup` of BACKUP and RESTORE jobs: what the job did to the repository. The
 * agent sends the result (and so this report) again until the server stores it; the server applies a report
 * once however often it arrives. `errorMessage` of the result content says why a job failed.
 */
export const BackupJobReport = /* @__PURE__ */ z.looseObject({
  v: z.literal(BACKUP_REPORT_VERSION),
  actionType: BackupActionType,
  planId: z.string(),
  /** BACKUP: the new revision (none when the backup failed before its snapshot was written). */
  revision: BackupReportRevision.optional(),
  /** Revisions the plan's retention forgot in this job (their space is reclaimed 72 hours later). */
  forgottenRevisionIds: z.array(z.string().max(128)).max(10_000).optional(),
  /** UPSYNC (and a HYBRID backup that upsynced): revisions now in the cloud repository too. */
  upsync: z
    .looseObject({
      revisionIds: z.array(z.string().max(128)).max(10_000),
      filesCopied: z.number().int().min(0),
      bytesCopied: z.number().int().min(0),
    })
    .optional(),
  /** INTEGRITY_CHECK: the verdict. A failure marks the plan. */
  integrity: z
    .looseObject({
      ok: z.boolean(),
      readData: z.boolean(),
      checkedFiles: z.number().int().min(0),
      checkedBytes: z.number().int().min(0),
      problems: z.array(z.string().max(1000)).max(100),
    })
    .optional(),
  /** RESTORE: what was written. */
  restore: z
    .looseObject({
      files: z.number().int().min(0),
      bytes: z.number().int().min(0),
      skipped: z.number().int().min(0),
      failed: z.number().int().min(0),
    })
    .optional(),
  /** RESTORE EXTRACT: the zip the agent uploaded to `BACKUP_EXTRACT_UPLOAD_PATH/<jobUid>`. */
  extract: z
    .looseObject({
      files: z.number().int().min(0),
      dirs: z.number().int().min(0),
      /** Bytes of the files in the zip, before compression. */
      bytes: z.number().int().min(0),
      zipBytes: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    })
    .optional(),
  /** LOCAL and NETWORK_SHARE repositories: their size after the job, for the storage pages. */
  localRepository: z
    .looseObject({ repositoryId: z.string().uuid(), bytes: z.number().int().min(0) })
    .optional(),
});
export type BackupJobReport = z.infer<typeof BackupJobReport>;

// ---------------------------------------------------------------- progress

export const backupPhases = [
  'SCANNING',
  'BACKING_UP',
  'UPSYNCING',
  'CHECKING',
  'RESTORING',
  'PRUNING',
] as const;
export const BackupPhase = /* @__PURE__ */ z.enum(backupPhases);
export type BackupPhase = z.infer<typeof BackupPhase>;

/** How far a running backup-engine job is (sent by the agent at most every second, relayed, not stored). */
export const BackupProgressFields = {
  phase: BackupPhase,
  files: z.number().int().min(0),
  totalFiles: z.number().int().min(0).nullable(),
  bytes: z.number().int().min(0),
  totalBytes: z.number().int().min(0).nullable(),
  bytesPerSecond: z.number().min(0),
  /** Seconds left by the current rate; null while unknown. */
  etaSeconds: z.number().int().min(0).nullable(),
};

// ---------------------------------------------------------------- the file browser of a local revision

/**
 * What the agent opens a revision's local repository with, for a `backupTreeRequest`: the folder or share (with
 * its credential) and the organization's master key (base64; the agent derives its own key-encryption key from
 * it, as for jobs). Like a job's `backup` part, it is resolved by the process that writes the request to the
 * agent's socket: the bus and the log never carry it.
 */
export const AgentBackupTreeSource = /* @__PURE__ */ z.looseObject({
  organizationId: z.number().int(),
  repository: AgentBackupRepository,
  masterKey: z.string(),
});
export type AgentBackupTreeSource = z.infer<typeof AgentBackupTreeSource>;

/** Fields of the server's `backupTreeRequest`: one page of one folder of a revision (docs/decisions.md). */
export const BackupTreeRequestFields = {
  /** A UUID: the answer names it. */
  requestId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  planId: z.string().max(64),
  revisionId: BackupRevisionId,
  /** The folder ('' or '/' for the revision's top). */
  path: z.string().max(BACKUP_TREE_PATH_MAX),
  offset: z.number().int().min(0),
  limit: z.number().int().min(1).max(BACKUP_TREE_MAX_LIMIT),
  /** Added by the server process that holds the agent's socket; absent on the bus. */
  source: AgentBackupTreeSource.optional(),
};

/**
 * Why an agent could not list a folder, when the server can say it better than the text: the folder or the
 * revision is not in the repository (others may be added; an unknown one counts as none).
 */
export const backupTreeErrorCodes = ['PATH_NOT_FOUND', 'REVISION_NOT_FOUND'] as const;

/**
 * Fields of the agent's `backupTreeResult`: the page (`entries`, `total` of the whole folder, entries as the
 * server's own tree answer has them, folders first) or `error`, the reason as text (and `code` when known).
 */
export const BackupTreeResultFields = {
  requestId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  entries: z.array(BackupTreeEntry).max(BACKUP_TREE_MAX_LIMIT).optional(),
  total: z.number().int().min(0).optional(),
  error: z.string().max(1000).optional(),
  code: z.string().max(64).optional(),
};
