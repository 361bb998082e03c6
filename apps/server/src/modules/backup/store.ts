import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isRepositoryFileName } from '@rmm/domain';

/**
 * The server's backup store (CLOUD repositories): one repository per organization, its files immutable
 * once written. A small interface, so an S3-compatible store can stand beside the filesystem one.
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
};

export class FileExistsError extends Error {}
export class ChecksumMismatchError extends Error {}
export class SizeMismatchError extends Error {}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

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
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
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
