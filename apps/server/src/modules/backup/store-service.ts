import { BACKUP_REPOSITORY_LOCKS_DIR, isRepositoryFileName } from '@rmm/domain';
import type { Db } from '../../db/database.ts';
import type { AgentDevice } from '../agent-gateway/auth.ts';
import { releaseCloudBytes, reserveCloudBytes } from './data-repository.ts';
import { backupError } from './errors.ts';
import { ensureRepository } from './keys-repository.ts';
import {
  type ByteRange,
  ChecksumMismatchError,
  FileExistsError,
  type RepositoryStore,
  SizeMismatchError,
} from './store.ts';

/**
 * The agents' side of the server's store: each agent reaches only its own organization's repository, writes
 * files once, and deletes nothing but locks. Docs/decisions.md, "Backup" (store routes, immutable writes, quota).
 */
export type StoreContext = { db: Db; store: RepositoryStore; device: AgentDevice; maxFileBytes: number };

export const checkFileName = (name: string) => {
  if (!isRepositoryFileName(name)) throw backupError('BACKUP_FILE_NAME_INVALID');
  return name;
};

export const listFiles = async (ctx: StoreContext, prefix: string) => ({
  repositoryId: await ensureRepository(ctx.db, ctx.device.organizationId, 'CLOUD'),
  files: await ctx.store.list(ctx.device.organizationId, prefix),
});

export const statFile = async (ctx: StoreContext, name: string) => {
  const info = await ctx.store.stat(ctx.device.organizationId, checkFileName(name));
  if (!info) throw backupError('BACKUP_FILE_NOT_FOUND');
  return info;
};

/**
 * `bytes=a-b`, `bytes=a-` or `bytes=-n` against a file of `size` bytes: the range (end inclusive), undefined
 * for no header, or 416 when it lies outside the file. Several ranges are not served (the whole file is).
 */
export const rangeOf = (header: string | undefined, size: number): ByteRange | undefined => {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, from, to] = match;
  const range =
    from === ''
      ? { start: Math.max(size - Number(to), 0), end: size - 1 }
      : { start: Number(from), end: to === '' ? size - 1 : Math.min(Number(to), size - 1) };
  if (range.start > range.end || range.start >= size) throw backupError('BACKUP_RANGE_NOT_SATISFIABLE');
  return range;
};

/** Reads a file (or a range of it): its size, the range served, and the stream. */
export const readFile = async (ctx: StoreContext, name: string, rangeHeader: string | undefined) => {
  const info = await statFile(ctx, name);
  const range = rangeOf(rangeHeader, info.size);
  return { size: info.size, range, stream: () => ctx.store.read(ctx.device.organizationId, name, range) };
};

const writeErrorOf = (error: unknown) => {
  if (error instanceof FileExistsError) return backupError('BACKUP_FILE_EXISTS');
  if (error instanceof ChecksumMismatchError) return backupError('BACKUP_CHECKSUM_MISMATCH');
  if (error instanceof SizeMismatchError) return backupError('BACKUP_LENGTH_REQUIRED', `${error.message}.`);
  return error;
};

/**
 * Writes a new repository file from the request's stream. Its length counts against the organization's quota
 * before a byte is stored; a write that fails or finds the same file there gives the bytes back.
 */
export const putFile = async (
  ctx: StoreContext,
  request: {
    name: string;
    contentLength: string | undefined;
    sha256: string | undefined;
    body: AsyncIterable<Uint8Array>;
  },
) => {
  const name = checkFileName(request.name);
  if (request.contentLength === undefined || !/^\d+$/.test(request.contentLength))
    throw backupError('BACKUP_LENGTH_REQUIRED');
  const size = Number(request.contentLength);
  if (size > ctx.maxFileBytes) throw backupError('BACKUP_FILE_TOO_LARGE');
  if (request.sha256 !== undefined && !/^[0-9a-fA-F]{64}$/.test(request.sha256))
    throw backupError('BACKUP_CHECKSUM_MISMATCH', 'X-Content-SHA256 is 64 hex digits.');
  const { organizationId } = ctx.device;
  if (!(await reserveCloudBytes(ctx.db, organizationId, size))) throw backupError('BACKUP_QUOTA_EXCEEDED');
  let outcome: { created: boolean; size: number };
  try {
    outcome = await ctx.store.writeImmutable(organizationId, name, request.body, {
      size,
      sha256: request.sha256,
    });
  } catch (error) {
    await releaseCloudBytes(ctx.db, organizationId, size);
    throw writeErrorOf(error);
  }
  if (!outcome.created) await releaseCloudBytes(ctx.db, organizationId, size);
  return { name, size, created: outcome.created };
};

/** Agents delete lock files only (a stale lock of a killed run); the rest is the server's prune. */
export const deleteLock = async (ctx: StoreContext, name: string) => {
  checkFileName(name);
  if (!name.startsWith(`${BACKUP_REPOSITORY_LOCKS_DIR}/`)) throw backupError('BACKUP_DELETE_REFUSED');
  const size = await ctx.store.remove(ctx.device.organizationId, name);
  if (size === undefined) throw backupError('BACKUP_FILE_NOT_FOUND');
  await releaseCloudBytes(ctx.db, ctx.device.organizationId, size);
  return { ok: true as const };
};

/** The server's prune (with the engine, later): removes any file and gives its bytes back. */
export const pruneFile = async (db: Db, store: RepositoryStore, organizationId: number, name: string) => {
  const size = await store.remove(organizationId, checkFileName(name));
  if (size !== undefined) await releaseCloudBytes(db, organizationId, size);
  return size;
};
