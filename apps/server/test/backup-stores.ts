import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../src/config.ts';

/**
 * The kinds of store the server keeps its cloud repositories in, for tests that run alike against each: the
 * settings that choose it, and a look at what it holds underneath the store (the folder's files, the
 * bucket's objects), by path within an organization's repository.
 */
export type StartedStore = {
  /** Settings for createTestApp. */
  overrides: Partial<Config>;
  /** Every file of the organization's repository as stored, by path, with its bytes. */
  files: (organizationId: number) => Promise<Map<string, Buffer>>;
  /** What an unfinished write left behind (temporary files, uploads not completed). */
  leftovers: (organizationId: number) => Promise<string[]>;
  /** Puts a file at a path directly, as another program (a server of an older version) would. */
  plant: (organizationId: number, relative: string, bytes: Buffer) => Promise<void>;
  close: () => Promise<void>;
};

export type StoreKind = {
  name: string;
  start: () => Promise<StartedStore>;
  /** How many times the store was asked for a file's bytes, where that can be seen. */
  reads?: () => number;
};

const walk = async (root: string) => {
  const files = new Map<string, Buffer>();
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, full).split(path.sep).join('/');
    if (!relative.startsWith('.tmp/')) files.set(relative, await fsp.readFile(full));
  }
  return files;
};

/** The store in a folder (the default: `BACKUP_STORE_DIR`, `<dir>/<organizationId>/<path>`). */
export const folderStore: StoreKind = {
  name: 'folder',
  start: async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'rmm-store-'));
    const repository = (organizationId: number) => path.join(dir, String(organizationId));
    return {
      overrides: { backupStoreDir: dir },
      files: (organizationId) => walk(repository(organizationId)),
      leftovers: async (organizationId) =>
        fsp.readdir(path.join(repository(organizationId), '.tmp')).catch(() => []),
      plant: async (organizationId, relative, bytes) => {
        const file = path.join(repository(organizationId), ...relative.split('/'));
        await fsp.mkdir(path.dirname(file), { recursive: true });
        await fsp.writeFile(file, bytes);
      },
      close: () => fsp.rm(dir, { recursive: true, force: true }),
    };
  },
};
