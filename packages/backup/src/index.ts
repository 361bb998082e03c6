// The `strata` backup engine (issue 18): an encrypted, deduplicated repository on a folder or the server's store.
// See docs/architecture.md, "Backup engine (strata)", for the format, the keys and the flows.

export { type BackupOptions, type BackupResult, backup, type EntryError } from './archive/archiver.ts';
export type { SourceFs } from './archive/source-fs.ts';
export { type Backend, type ByteRange, type FileInfo, type FileType, fileTypes } from './backend/backend.ts';
export {
  fileOfPath,
  filePath,
  isFileName,
  isFileType,
  subFolderDepth,
  typeFolder,
} from './backend/layout.ts';
export { LocalBackend, type LocalBackendOptions } from './backend/local.ts';
export { type CheckError, type CheckOptions, type CheckResult, check } from './check.ts';
export { type Clock, manualClock, systemClock } from './clock.ts';
export { type CopyOptions, type CopyResult, copy } from './copy.ts';
export { isStrataError, StrataError, type StrataErrorCode } from './errors.ts';
export { createFilter, type PathFilter } from './filter.ts';
export type { Progress, ProgressCallback } from './progress.ts';
export { DELETION_HOLD_HOURS, type PruneOptions, type PruneResult, prune } from './prune.ts';
export type { ChunkerParams, RepositoryConfig } from './repo/config.ts';
export {
  type KeySource,
  newOrganizationKey,
  type OrganizationKey,
  parseOrganizationKey,
  serializeOrganizationKey,
} from './repo/key-files.ts';
export { LOCK_STALE_AFTER_MS, type LockInfo } from './repo/lock.ts';
export { type InitOptions, Repository, type RepositoryOptions } from './repo/repository.ts';
export type { DeletionMark, Snapshot, SnapshotStats } from './repo/snapshot.ts';
export { type ExtractOptions, type ExtractResult, extract } from './restore/extract.ts';
export {
  type CollisionHandling,
  type RestoreOptions,
  type RestoreResult,
  restore,
} from './restore/restorer.ts';
export {
  applyRetention,
  type ForgetOptions,
  type ForgetResult,
  forget,
  type RetentionPolicy,
} from './retention.ts';
export {
  isWorkHours,
  type Rate,
  rateAt,
  ThrottledBackend,
  type ThrottleSchedule,
  TokenBucket,
  throttled,
} from './throttle.ts';
export type { NodeType, Tree, TreeNode } from './tree.ts';
export { type ZipMethod, ZipWriter } from './zip.ts';
