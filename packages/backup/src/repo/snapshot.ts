/** Counts of one backup run, kept in its snapshot. */
export type SnapshotStats = {
  filesNew: number;
  filesChanged: number;
  filesUnmodified: number;
  dirs: number;
  /** Bytes of the files read (new and changed files). */
  bytesProcessed: number;
  /** Bytes of all files in the snapshot. */
  bytesTotal: number;
  /** Stored (compressed, sealed) bytes this run added to the repository. */
  bytesAdded: number;
  blobsAdded: number;
  /** Entries skipped: unreadable, or of a type not backed up (sockets, devices, pipes). */
  errors: number;
  durationMs: number;
};

/** A revision: one backup run's view of its paths. Its id (revisionId) is the SHA-256 of its sealed file. */
export type Snapshot = {
  id: string;
  planId: string;
  deviceId: string;
  hostname: string;
  time: string;
  /** The revision this one was compared with (unchanged files were not read again). */
  parent: string | null;
  /** Tree blob of the root folder. */
  tree: string;
  /** The paths backed up, absolute. */
  paths: string[];
  tags: string[];
  stats: SnapshotStats;
  /** Set when forgotten: the snapshot stays restorable until prune reclaims it after the hold. */
  deletedAt?: string;
};

export type SnapshotContent = Omit<Snapshot, 'id' | 'deletedAt'>;

/** deleted/<snapshotId>: the mark forget leaves; prune removes the snapshot once the hold has passed. */
export type DeletionMark = { snapshotId: string; deletedAt: string; reason: string };

export const SNAPSHOT_AAD = 'strata/v1/snapshot';
export const DELETION_AAD = 'strata/v1/deleted';
