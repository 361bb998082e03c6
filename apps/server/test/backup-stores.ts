import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../src/config.ts';
import { type FakeS3, startFakeS3 } from './fake-s3.ts';

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
  /** Whether stores of this kind were ever written flat (`config/config`, `data/<id>`): folders only. */
  heldFlatFiles: boolean;
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
  heldFlatFiles: true,
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

/** The settings of the store in a fake S3's bucket (`test/fake-s3.ts`). */
export const s3Settings = (fake: FakeS3, overrides: Partial<NonNullable<Config['backupS3']>> = {}) => ({
  bucket: fake.bucket,
  endpoint: fake.url,
  region: fake.region,
  accessKeyId: fake.accessKeyId,
  secretAccessKey: fake.secretAccessKey,
  forcePathStyle: true,
  prefix: 'strata/',
  timeoutMs: 10_000,
  maxAttempts: 3,
  // small pages, so that every list walks continuation tokens
  listPageSize: 2,
  ...overrides,
});

/** The store in an S3-compatible bucket (`BACKUP_S3_*`): keys `strata/<organizationId>/<path>` in the fake. */
export const s3Store = (): StoreKind => {
  let fake: FakeS3 | undefined;
  return {
    name: 'S3-compatible bucket',
    heldFlatFiles: false,
    reads: () => fake?.requests.filter((r) => r.method === 'GET' && r.key !== undefined).length ?? 0,
    start: async () => {
      const bucket = await startFakeS3();
      fake = bucket;
      const settings = s3Settings(bucket);
      const keyPrefix = (organizationId: number) => `${settings.prefix}${organizationId}/`;
      return {
        overrides: { backupS3: settings },
        files: async (organizationId) =>
          new Map(
            [...bucket.objects.entries()]
              .filter(([key]) => key.startsWith(keyPrefix(organizationId)))
              .map(([key, object]) => [key.slice(keyPrefix(organizationId).length), object.bytes]),
          ),
        // One PUT a file: an upload that did not complete leaves nothing in the bucket.
        leftovers: async () => [],
        plant: async (organizationId, relative, bytes) => {
          bucket.objects.set(`${keyPrefix(organizationId)}${relative}`, {
            bytes,
            metadata: {},
            lastModified: new Date(),
            etag: 'planted',
          });
        },
        close: () => bucket.close(),
      };
    },
  };
};
