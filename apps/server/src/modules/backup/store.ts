import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { filePath, isFileName } from '@rmm/backup';
import { isRepositoryFileName } from '@rmm/domain';

/**
 * The server's backup store (CLOUD repositories): one repository per organization, its files immutable
 * once written, by their paths in the repository (the engine's layout; `repository-files.ts` maps the engine's
 * type and name to them). A small interface, with a filesystem store (here) and an S3-compatible one
 * (`s3-store.ts`).
 */
export type RepositoryFileInfo = { name: string; size: number };
export type ByteRange = { start: number; end: number };
export type WriteOutcome = { created: boolean; size: number };

export type RepositoryStore = {
  /** Files under a folder of the organization's repository ('' for all), at any depth, sorted by name. */
  list: (organizationId: number, prefix: string) => Promise<RepositoryFileInfo[]>;
  stat: (organizationId: number, name: string) => Promise<RepositoryFileInfo | undefined>;
  /** The file's bytes (a range: `end` inclusive), streamed. */
  read: (organizationId: number, name: string, range?: ByteRange) => Readable;
  /**
   * Writes a new file from a stream of exactly `size` bytes, atomically: it appears whole or not at all. The
   * same bytes already there: `created` false. Different bytes there: FileExistsError, and nothing changes.
   */
  writeImmutable: (
    organizationId: number,
    name: string,
    body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    options: { size: number; sha256?: string | undefined },
  ) => Promise<WriteOutcome>;
  /** Removes a file; its size, or undefined when there was none. */
  remove: (organizationId: number, name: string) => Promise<number | undefined>;
  /**
   * Whether files may sit at the flat paths of stores written before the engine's layout was shared
   * (`config/config`, `data/<id>`): a folder store of old may hold them; a bucket never did.
   */
  readonly mayHoldFlatFiles: boolean;
};

export class FileExistsError extends Error {}
export class ChecksumMismatchError extends Error {}
export class SizeMismatchError extends Error {}
/** The store could not be reached or failed (a bucket's 5xx, a timeout): the request may be tried again. */
export class StoreUnavailableError extends Error {}

/** No such file, or a path through a file (`config/config` where `config` is the layout's file). */
const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

const checkName = (name: string) => {
  if (!isRepositoryFileName(name)) throw new Error(`not a repository file name: ${JSON.stringify(name)}`);
  return name;
};

const sha256OfFile = async (file: string) => {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** The filesystem store: `<root>/<organizationId>/<name>`, temp files in `<root>/<organizationId>/.tmp/`. */
export const createFilesystemStore = (root: string): RepositoryStore => {
  const repositoryDir = (organizationId: number) => path.join(root, String(Math.trunc(organizationId)));
  const filePath = (organizationId: number, name: string) =>
    path.join(repositoryDir(organizationId), ...checkName(name).split('/'));

  const stat = async (organizationId: number, name: string) => {
    try {
      const info = await fsp.stat(filePath(organizationId, name));
      return info.isFile() ? { name, size: info.size } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  const list = async (organizationId: number, prefix: string) => {
    const base = repositoryDir(organizationId);
    const folder = prefix.replace(/\/$/, '');
    const dir = folder === '' ? base : path.join(base, ...checkName(folder).split('/'));
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true, recursive: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const files: RepositoryFileInfo[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const name = path.relative(base, full).split(path.sep).join('/');
      if (!isRepositoryFileName(name)) continue; // temp files and anything not the repository's
      const info = await fsp.stat(full).catch(() => undefined);
      if (info) files.push({ name, size: info.size });
    }
    return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  };

  const writeImmutable: RepositoryStore['writeImmutable'] = async (organizationId, name, body, options) => {
    const final = filePath(organizationId, name);
    const tempDir = path.join(repositoryDir(organizationId), '.tmp');
    await fsp.mkdir(tempDir, { recursive: true, mode: 0o700 });
    await fsp.mkdir(path.dirname(final), { recursive: true, mode: 0o700 });
    const temp = path.join(tempDir, `${randomUUID()}.part`);
    const handle = await fsp.open(temp, 'wx', 0o600);
    const hash = createHash('sha256');
    let size = 0;
    try {
      try {
        for await (const chunk of body) {
          size += chunk.length;
          if (size > options.size) throw new SizeMismatchError('the body is longer than its Content-Length');
          hash.update(chunk);
          for (let offset = 0; offset < chunk.length; ) {
            const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
            offset += bytesWritten;
          }
        }
        if (size !== options.size) throw new SizeMismatchError('the body is shorter than its Content-Length');
        await handle.sync();
      } finally {
        await handle.close();
      }
      const digest = hash.digest('hex');
      if (options.sha256 && options.sha256.toLowerCase() !== digest) throw new ChecksumMismatchError();
      try {
        // link() never replaces an existing file: the atomic "create if absent" of a finished file.
        await fsp.link(temp, final);
        return { created: true, size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const existing = await fsp.stat(final);
        if (existing.size === size && (await sha256OfFile(final)) === digest) return { created: false, size };
        throw new FileExistsError(name);
      }
    } finally {
      await fsp.rm(temp, { force: true });
    }
  };

  const remove = async (organizationId: number, name: string) => {
    const file = filePath(organizationId, name);
    try {
      const { size } = await fsp.stat(file);
      await fsp.unlink(file);
      return size;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  return {
    mayHoldFlatFiles: true,
    list,
    stat,
    read: (organizationId, name, range) =>
      fs.createReadStream(
        filePath(organizationId, name),
        range ? { start: range.start, end: range.end } : {},
      ),
    writeImmutable,
    remove,
  };
};

const sameBytes = async (a: string, b: string) => {
  const [statA, statB] = await Promise.all([fsp.stat(a), fsp.stat(b)]);
  return statA.size === statB.size && (await sha256OfFile(a)) === (await sha256OfFile(b));
};

/**
 * Moves the files that stores written before the engine's layout was shared kept flat (`config/config`,
 * `data/<id>`) to their layout paths (`config`, `data/<xx>/<id>`), in every organization's folder. A pack is
 * linked into place (never over a file), then its flat name removed. The config goes through
 * `.tmp/flat-config` (the folder `config/` must go before the file `config` can be), which the next start
 * finishes after a stop half way. So nothing is lost at any point. A flat file whose layout path holds other
 * bytes stays where it is (and is still read: `repository-files.ts`). Answers how many files moved.
 */
export const migrateFlatLayout = async (root: string): Promise<number> => {
  let organizations: string[];
  try {
    organizations = (await fsp.readdir(root)).filter((entry) => /^\d+$/.test(entry));
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  /** Links `source` to `target` unless `target` exists with other bytes, then removes `source`; true when moved. */
  const move = async (source: string, target: string) => {
    try {
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await fsp.link(source, target);
    } catch (error) {
      if (isMissing(error)) return false;
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!(await sameBytes(source, target))) return false;
    }
    await fsp.unlink(source);
    return true;
  };
  let moved = 0;
  for (const organization of organizations) {
    const dir = path.join(root, organization);
    const parked = path.join(dir, '.tmp', 'flat-config');
    const flatConfig = path.join(dir, 'config', 'config');
    const config = path.join(dir, 'config');
    const configIsFolder = (await fsp.stat(config).catch(() => undefined))?.isDirectory() ?? false;
    if (configIsFolder && (await move(flatConfig, parked))) moved++;
    if (configIsFolder) await fsp.rmdir(config).catch(() => {});
    if (!(await fsp.stat(config).catch(() => undefined))?.isDirectory()) await move(parked, config);
    const flatData = await fsp.readdir(path.join(dir, 'data'), { withFileTypes: true }).catch(() => []);
    for (const entry of flatData)
      if (entry.isFile() && isFileName('data', entry.name))
        if (
          await move(
            path.join(dir, 'data', entry.name),
            path.join(dir, ...filePath('data', entry.name).split('/')),
          )
        )
          moved++;
  }
  return moved;
};
