/**
 * Where a repository's files live. Every file is immutable once written (locks and deletion marks are new
 * files, never edits), so a backend needs only these six calls; a folder, an S3 bucket or the server's store
 * implement them alike.
 */
export type FileType = 'config' | 'keys' | 'data' | 'index' | 'snapshots' | 'deleted' | 'locks';

export const fileTypes: readonly FileType[] = [
  'config',
  'keys',
  'data',
  'index',
  'snapshots',
  'deleted',
  'locks',
];

export type FileInfo = { name: string; size: number };

export type ByteRange = { offset: number; length: number };

export type Backend = {
  /** Where the repository is, for messages (a folder path, a bucket URL). */
  readonly location: string;
  /** Files of one type, in no particular order; temporary files of unfinished writes are never listed. */
  list(type: FileType): Promise<FileInfo[]>;
  /** A whole file or a byte range of it; NOT_FOUND when missing, CORRUPT when the range runs past its end. */
  read(type: FileType, name: string, range?: ByteRange): Promise<Buffer>;
  /** Writes a whole file atomically: readers see either nothing or all of it. Rewriting the same name is allowed. */
  write(type: FileType, name: string, data: Uint8Array): Promise<void>;
  /** Removes a file; a missing file is not an error. */
  remove(type: FileType, name: string): Promise<void>;
  /** The file's size, or null when it does not exist. */
  stat(type: FileType, name: string): Promise<FileInfo | null>;
  /** Releases what the backend holds open (cached file handles, connections). */
  close(): Promise<void>;
  /**
   * The file's path on this machine, when the backend is a folder here (optional): restore's worker threads
   * then read pack ranges themselves, with no copy through the calling thread. A wrapper that changes reads
   * (a throttle) leaves it out, so that every read goes through `read`.
   */
  localPath?(type: FileType, name: string): string;
};

/** The config file has a fixed name; every other file is named by the hex id of its content or subject. */
export const CONFIG_NAME = 'config';
