import { createHash } from 'node:crypto';
import { type FileType, fileOfPath, filePath, isFileName, isFileType, typeFolder } from '@rmm/backup';
import {
  type ByteRange,
  ChecksumMismatchError,
  FileExistsError,
  type RepositoryStore,
  SizeMismatchError,
  type WriteOutcome,
} from './store.ts';

/**
 * An organization's repository in the server's store, by the engine's file type and name: what the store
 * routes (the agents' HTTP backend) and the server's own engine backend both go through. Files sit where the
 * engine's one layout puts them (`filePath` of @rmm/backup: `config`, `data/ab/ab12…`, `index/…`), the same
 * tree as a repository in a folder.
 *
 * Folder stores written before the layout was shared kept `config/config` and packs flat in `data/<id>`. They
 * move at start (`migrateFlatLayout`); in a folder store reads still find a file at its flat path, and a write
 * or removal sees it there, for what a server of the previous version writes while several processes on one
 * shared folder are upgraded one by one. A bucket never held the flat layout: no look there.
 * Docs/decisions.md, "Backup" (Repository layout).
 */
export type RepositoryFile = { type: FileType; name: string };
export type FoundFile = RepositoryFile & { path: string; size: number };

/** `<type>/<name>` (`config/config`, `data/<id>`): how the store routes name a file, whatever its layout path. */
export const routeNameOf = (file: RepositoryFile) => `${file.type}/${file.name}`;

/** The file a route names (`<type>/<name>`), or undefined when it names none. */
export const parseRouteName = (routeName: string): RepositoryFile | undefined => {
  const slash = routeName.indexOf('/');
  const type = routeName.slice(0, slash);
  const name = routeName.slice(slash + 1);
  if (slash < 0 || !isFileType(type) || !isFileName(type, name)) return undefined;
  return { type, name };
};

/** Where a store written before the shared layout kept a file, when that differs from the layout. */
export const flatPathOf = ({ type, name }: RepositoryFile): string | undefined =>
  type === 'config' ? 'config/config' : type === 'data' ? `data/${name}` : undefined;

/** Where this store may hold the file at a flat path of old (never in a bucket). */
const flatIn = (store: RepositoryStore, file: RepositoryFile) =>
  store.mayHoldFlatFiles ? flatPathOf(file) : undefined;

/** The file at a path of the layout, or at a flat path of old. */
const fileAt = (store: RepositoryStore, path: string): RepositoryFile | undefined => {
  const file = fileOfPath(path);
  if (file) return file;
  const found = parseRouteName(path);
  return found && flatIn(store, found) === path ? found : undefined;
};

/** The file and where it is (its layout path, else its flat path of old), or undefined. */
export const statFile = async (
  store: RepositoryStore,
  organizationId: number,
  file: RepositoryFile,
): Promise<FoundFile | undefined> => {
  for (const path of [filePath(file.type, file.name), flatIn(store, file)]) {
    if (path === undefined) continue;
    const info = await store.stat(organizationId, path);
    if (info) return { ...file, path, size: info.size };
  }
  return undefined;
};

/** The files of one type (all types when undefined), each once, sorted by route name. */
export const listFiles = async (
  store: RepositoryStore,
  organizationId: number,
  type?: FileType,
): Promise<(RepositoryFile & { size: number })[]> => {
  if (type === 'config') {
    const config = await statFile(store, organizationId, { type, name: 'config' });
    return config ? [{ type, name: config.name, size: config.size }] : [];
  }
  const folder = type === undefined ? '' : `${typeFolder(type)}/`;
  const found = new Map<string, RepositoryFile & { size: number }>();
  for (const info of await store.list(organizationId, folder)) {
    const file = fileAt(store, info.name);
    if (!file || (type !== undefined && file.type !== type)) continue;
    const key = routeNameOf(file);
    // a file at both paths (the flat one of old, the layout's) is one file; the layout's counts
    if (!found.has(key) || fileOfPath(info.name)) found.set(key, { ...file, size: info.size });
  }
  return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, file]) => file);
};

/** Reads a file found by `statFile` (a range: `end` inclusive). */
export const readFile = (
  store: RepositoryStore,
  organizationId: number,
  found: FoundFile,
  range?: ByteRange,
) => store.read(organizationId, found.path, range);

const sha256Of = async (chunks: AsyncIterable<unknown>) => {
  const hash = createHash('sha256');
  for await (const chunk of chunks) hash.update(chunk as Uint8Array);
  return hash.digest('hex');
};

/**
 * Writes a new file at its layout path (`RepositoryStore.writeImmutable`). A file already at its flat path of
 * old is the file: the same bytes answer `created: false`, other bytes FileExistsError, and nothing is written.
 */
export const writeFile = async (
  store: RepositoryStore,
  organizationId: number,
  file: RepositoryFile,
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: { size: number; sha256?: string | undefined },
): Promise<WriteOutcome> => {
  const flat = flatIn(store, file);
  const old = flat === undefined ? undefined : await store.stat(organizationId, flat);
  if (!old || flat === undefined)
    return store.writeImmutable(organizationId, filePath(file.type, file.name), body, options);
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > options.size) throw new SizeMismatchError('the body is longer than its Content-Length');
    hash.update(chunk);
  }
  if (size !== options.size) throw new SizeMismatchError('the body is shorter than its Content-Length');
  const digest = hash.digest('hex');
  if (options.sha256 && options.sha256.toLowerCase() !== digest) throw new ChecksumMismatchError();
  if (old.size === size && (await sha256Of(store.read(organizationId, flat))) === digest)
    return { created: false, size };
  throw new FileExistsError(routeNameOf(file));
};

/** Removes a file (at its layout path and any flat path of old); the bytes it held, or undefined when none. */
export const removeFile = async (store: RepositoryStore, organizationId: number, file: RepositoryFile) => {
  let removed: number | undefined;
  for (const path of [filePath(file.type, file.name), flatIn(store, file)]) {
    if (path === undefined) continue;
    const size = await store.remove(organizationId, path);
    if (size !== undefined) removed = (removed ?? 0) + size;
  }
  return removed;
};
