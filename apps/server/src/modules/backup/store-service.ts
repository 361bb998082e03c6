import { isFileType } from '@rmm/backup';
import type { Db } from '../../db/database.ts';
import type { AgentDevice } from '../agent-gateway/auth.ts';
import { releaseCloudBytes, reserveCloudBytes } from './data-repository.ts';
import { backupError } from './errors.ts';
import { ensureRepository } from './keys-repository.ts';
import * as files from './repository-files.ts';
import {
  type ByteRange,
  ChecksumMismatchError,
  FileExistsError,
  type RepositoryStore,
  SizeMismatchError,
  StoreUnavailableError,
} from './store.ts';

/**
 * The agents' side of the server's store: each agent reaches only its own organization's repository, writes
 * files once, and deletes nothing but locks. An agent names a file by the engine's type and name
 * (`<type>/<name>`); the store keeps it where the engine's layout puts it (`repository-files.ts`).
 * Docs/decisions.md, "Backup" (store routes, immutable writes, quota, repository layout).
 */
export type StoreContext = { db: Db; store: RepositoryStore; device: AgentDevice; maxFileBytes: number };

/** The store did not answer (a bucket's 5xx or timeout): 503, which the agent tries again. */
const unavailableOr = (error: unknown) =>
  error instanceof StoreUnavailableError ? backupError('BACKUP_STORE_UNAVAILABLE') : error;

const fromStore = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw unavailableOr(error);
  }
};

/** The file a route names (`<type>/<name>`, `config/config`), or 400. */
export const checkFileName = (name: string) => {
  const file = files.parseRouteName(name);
  if (!file) throw backupError('BACKUP_FILE_NAME_INVALID');
  return file;
};

/** The files whose route names start with `prefix` ('' for all, `<type>/` for one type), by route name. */
export const listFiles = async (ctx: StoreContext, prefix: string) => {
  const type = prefix.split('/')[0] ?? '';
  const listed =
    prefix === ''
      ? await fromStore(() => files.listFiles(ctx.store, ctx.device.organizationId))
      : isFileType(type)
        ? await fromStore(() => files.listFiles(ctx.store, ctx.device.organizationId, type))
        : [];
  return {
    repositoryId: await ensureRepository(ctx.db, ctx.device.organizationId, 'CLOUD'),
    files: listed
      .map((file) => ({ name: files.routeNameOf(file), size: file.size }))
      .filter((file) => file.name.startsWith(prefix)),
  };
};

export const statFile = async (ctx: StoreContext, name: string) => {
  const file = checkFileName(name);
  const found = await fromStore(() => files.statFile(ctx.store, ctx.device.organizationId, file));
  if (!found) throw backupError('BACKUP_FILE_NOT_FOUND');
  return found;
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
  const found = await statFile(ctx, name);
  const range = rangeOf(rangeHeader, found.size);
  return {
    size: found.size,
    range,
    stream: () => files.readFile(ctx.store, ctx.device.organizationId, found, range),
  };
};

const writeErrorOf = (error: unknown) => {
  if (error instanceof FileExistsError) return backupError('BACKUP_FILE_EXISTS');
  if (error instanceof ChecksumMismatchError) return backupError('BACKUP_CHECKSUM_MISMATCH');
  if (error instanceof SizeMismatchError) return backupError('BACKUP_LENGTH_REQUIRED', `${error.message}.`);
  return unavailableOr(error);
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
  const file = checkFileName(request.name);
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
    outcome = await files.writeFile(ctx.store, organizationId, file, request.body, {
      size,
      sha256: request.sha256,
    });
  } catch (error) {
    await releaseCloudBytes(ctx.db, organizationId, size);
    throw writeErrorOf(error);
  }
  if (!outcome.created) await releaseCloudBytes(ctx.db, organizationId, size);
  return { name: files.routeNameOf(file), size, created: outcome.created };
};

/** Agents delete lock files only (a stale lock of a killed run); the rest is the server's prune. */
export const deleteLock = async (ctx: StoreContext, name: string) => {
  const file = checkFileName(name);
  if (file.type !== 'locks') throw backupError('BACKUP_DELETE_REFUSED');
  const size = await fromStore(() => files.removeFile(ctx.store, ctx.device.organizationId, file));
  if (size === undefined) throw backupError('BACKUP_FILE_NOT_FOUND');
  await releaseCloudBytes(ctx.db, ctx.device.organizationId, size);
  return { ok: true as const };
};
