import type { ChunkerParams } from '../repo/config.ts';
import type { Compression } from '../repo/pack.ts';

/** What every worker gets at start: the keys and settings of one repository, and the ids it already holds. */
export type WorkerSetup = {
  script: string;
  idKey: Uint8Array;
  dataKey: Uint8Array;
  gear: Uint32Array;
  chunker: Pick<ChunkerParams, 'minSize' | 'avgSize' | 'maxSize'>;
  level: number;
  /** The repository's blob ids when the pool started, 32 bytes each, sorted: blobs found there are not compressed or sealed. */
  known: SharedArrayBuffer;
  /** Sealed bytes a worker may have sent and not yet seen acknowledged (its share of the memory bound). */
  creditBytes: number;
};

export type ChunkFileTask = { kind: 'chunk-file'; task: number; path: Uint8Array; size: number };
/** Small files (below the minimum chunk size when stat'ed) read, chunked and sealed in one task. */
export type ChunkFilesTask = {
  kind: 'chunk-files';
  task: number;
  files: { path: Uint8Array; size: number }[];
  reserve: number;
};
export type FileChunks = { size: number; chunks: ChunkInfo[] } | { code?: string; message: string };
/** Verifies one pack read whole (see verifyPackBytes). */
export type OpenPackTask = { kind: 'open-pack'; task: number; packId: string; pack: Uint8Array };
/**
 * A blob for a worker to open: its sealed bytes, or where they are in a pack file on this machine (the worker
 * reads them itself).
 */
export type BlobSource = { compression: Compression; rawLength: number } & (
  | { sealed: Uint8Array }
  | { file: string; offset: number; length: number }
);
/** Sealed blobs of a file, written at `offset` into `path` (created by the first part, finished by the last). */
export type FilePart = {
  path: Uint8Array;
  offset: number;
  blobs: BlobSource[];
  create: boolean;
  /** Mode of the new file (0o600 when its own mode follows at the end, else 0o666 less the umask). */
  createMode: number;
  /** On the last part: truncate to `size`, set metadata, rename to `rename` (when it replaces a file). */
  finish?: {
    size: number;
    rename?: Uint8Array;
    mode?: number;
    uid?: number;
    gid?: number;
    mtimeSeconds: number;
  };
};
/** Parts of files of one folder (small files go many to a task: one message each way for all of them). */
export type WriteFilesTask = { kind: 'write-files'; task: number; parts: FilePart[] };
export type PartResult = { bytes: number } | { code?: string; message: string };
export type AckMessage = { kind: 'ack'; bytes: number };
export type ToWorker = ChunkFileTask | ChunkFilesTask | OpenPackTask | WriteFilesTask | AckMessage;

/** A chunk of a file: already in the repository (no bytes), or compressed where that helped and sealed. */
export type ChunkInfo = { id: string; rawLength: number; sealed?: Uint8Array; compression?: Compression };
/** Chunks of one file, in order (several a message); the last message of a file says how many bytes it read. */
export type ChunksMessage = { kind: 'chunks'; task: number; chunks: ChunkInfo[]; done?: { size: number } };
export type WrittenMessage = { kind: 'written'; task: number; results: PartResult[] };
export type PackMessage = {
  kind: 'pack';
  task: number;
  blobs: number;
  errors: { file: string; message: string }[];
};
export type ErrorMessage = { kind: 'error'; task: number; code?: string; message: string };
/** The files of a ChunkFilesTask, in order; `reserve` credits go back with the acknowledgement. */
export type FilesChunkedMessage = {
  kind: 'files-chunked';
  task: number;
  results: FileChunks[];
  reserve: number;
};
export type FromWorker = ChunksMessage | FilesChunkedMessage | WrittenMessage | PackMessage | ErrorMessage;
