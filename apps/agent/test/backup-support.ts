import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { Clock } from '@rmm/backup';
import type {
  AgentBackupJob,
  AgentBackupRepository,
  BackupRestoreJobContent,
  BackupRestoreKeyFile,
  BackupRunJobContent,
  ServerJob,
} from '@rmm/domain';
import { wrapMasterKey } from '../src/backup/keys.ts';

/** Test data of backup-engine jobs: an organization's keys, resolved jobs, trees to back up, and checks. */

type DeliveredJob = ServerJob['job'];

const tempDirs: string[] = [];
export const backupTempDir = async (prefix = 'rmm-backup-') => {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
export const removeBackupTempDirs = async () => {
  for (const dir of tempDirs.splice(0)) await fsp.rm(dir, { recursive: true, force: true });
};

/** An organization's master key and restore key, as the server holds them. */
export const createOrganizationKeys = () => {
  const masterKey = randomBytes(32);
  const restoreKey = randomBytes(32);
  const restoreKeyId = randomUUID();
  return {
    masterKey,
    restoreKey,
    restoreKeyId,
    jobKeys: {
      masterKey: masterKey.toString('base64'),
      restoreKeyId,
      wrappedMasterKey: wrapMasterKey(restoreKey, masterKey).toString('base64'),
    },
  };
};
export type OrganizationKeys = ReturnType<typeof createOrganizationKeys>;

/** The restore key file a technician downloads (`strata-restore-key.json`). */
export const createRestoreKeyFile = (
  keys: OrganizationKeys,
  overrides: Partial<BackupRestoreKeyFile> = {},
): BackupRestoreKeyFile => ({
  format: 'strata-restore-key',
  v: 1,
  organizationId: 1,
  organizationName: 'Acme',
  keyId: keys.restoreKeyId,
  restoreKey: keys.restoreKey.toString('base64'),
  wrapping: 'AES-256-KW',
  repositories: [],
  createdAt: new Date().toISOString(),
  ...overrides,
});

export const localRepository = (folder: string): AgentBackupRepository => ({
  repositoryId: randomUUID(),
  type: 'LOCAL',
  path: folder,
});

export const cloudRepository = (): AgentBackupRepository => ({
  repositoryId: randomUUID(),
  type: 'CLOUD',
  url: '/backup/strata/repository',
});

/** `ServerJob.job.backup` as the server resolves it. */
export const createResolvedJob = (
  keys: OrganizationKeys,
  overrides: Partial<AgentBackupJob> & { include?: string[]; exclude?: string[] } = {},
): AgentBackupJob => {
  const { include, exclude, ...rest } = overrides;
  return {
    v: 1,
    actionType: 'STRATA_BACKUP',
    organizationId: 1,
    plan: {
      planId: randomUUID(),
      name: 'Documents',
      kind: 'fileFolder',
      include: include ?? [],
      exclude: exclude ?? [],
      retention: { keepLast: 10, keepDaily: 0, keepWeekly: 0, keepMonthly: 0 },
    },
    repository: localRepository('/nowhere'),
    keys: keys.jobKeys,
    throttle: null,
    fullBackup: false,
    readData: true,
    ...rest,
  };
};

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** A BACKUP job (backup, upsync or integrity check) of the resolved plan. */
export const createBackupRunJob = (
  resolved: AgentBackupJob,
  content: Partial<BackupRunJobContent> = {},
): DeliveredJob => {
  const actionType = content.actionType ?? resolved.actionType;
  return {
    jobUid: randomUUID(),
    jobType: 'BACKUP',
    jobName: `${actionType} ${resolved.plan.name}`,
    content: {
      nodeId: 9,
      planId: resolved.plan.planId,
      nodeName: 'test-device',
      planName: resolved.plan.name,
      actionType,
      ...content,
    },
    expiresAt: inOneHour(),
    backup: { ...resolved, actionType },
  };
};

/** A RESTORE job of a revision of the resolved plan. */
export const createRestoreJob = (
  resolved: AgentBackupJob,
  content: Partial<BackupRestoreJobContent> & { revisionId: string },
): DeliveredJob => ({
  jobUid: randomUUID(),
  jobType: 'RESTORE',
  jobName: 'Restore',
  content: {
    sourcePath: '',
    sourceNodeId: 9,
    sourcePlanId: resolved.plan.planId,
    sourceNodeName: 'test-device',
    sourcePlanName: resolved.plan.name,
    destinationPath: '',
    collisionHandling: 'OVERWRITE',
    restoreType: 'FILE_FOLDER',
    restorePermissions: true,
    restoreDeletedFiles: true,
    backupJobId: null,
    extractContent: null,
    actionType: 'STRATA_RESTORE',
    ...content,
  } satisfies BackupRestoreJobContent,
  expiresAt: inOneHour(),
  backup: { ...resolved, actionType: 'STRATA_RESTORE' },
});

/** A tree with what a restore must get right: odd names, an empty file, a link, modes, a larger file. */
export const createSourceTree = async (root: string, options: { bigBytes?: number } = {}) => {
  await fsp.mkdir(path.join(root, 'docs', 'deep', 'deeper'), { recursive: true });
  await fsp.writeFile(path.join(root, 'docs', 'report.txt'), 'quarterly report\n'.repeat(2000));
  await fsp.writeFile(path.join(root, 'docs', 'Ünïcødé ✓ name.txt'), 'unicode\n');
  await fsp.writeFile(path.join(root, 'docs', 'with space and\nnewline'), 'odd name\n');
  await fsp.writeFile(path.join(root, 'docs', 'empty'), '');
  await fsp.writeFile(path.join(root, 'docs', 'deep', 'deeper', 'note.md'), '# note\n');
  await fsp.writeFile(path.join(root, 'script.sh'), '#!/bin/sh\necho hi\n', { mode: 0o750 });
  await fsp.chmod(path.join(root, 'script.sh'), 0o750);
  await fsp.writeFile(path.join(root, 'big.bin'), randomBytes(options.bigBytes ?? 3 * 1024 * 1024));
  await fsp.symlink('docs/report.txt', path.join(root, 'link-to-report'));
};

/** Every entry under a folder with what must survive a restore (content hash, mode, link target, mtime). */
export const manifestOf = async (root: string) => {
  const entries: Record<string, string> = {};
  const visit = async (dir: string, relative: string) => {
    for (const name of (await fsp.readdir(dir)).sort()) {
      const full = path.join(dir, name);
      const rel = `${relative}/${name}`;
      const stat = await fsp.lstat(full);
      const mode = (stat.mode & 0o7777).toString(8);
      if (stat.isDirectory()) {
        entries[rel] = `dir ${mode}`;
        await visit(full, rel);
      } else if (stat.isSymbolicLink()) entries[rel] = `link ${await fsp.readlink(full)}`;
      else {
        const hash = createHash('sha256')
          .update(await fsp.readFile(full))
          .digest('hex');
        entries[rel] = `file ${mode} ${stat.size} ${hash} ${Math.floor(stat.mtimeMs)}`;
      }
    }
  };
  await visit(root, '');
  return entries;
};

/**
 * A clock for the engine whose waits (the throttle's) pass at once for the first `free` of them, then hold
 * until the job is cancelled: a backup stopped mid-way, deterministically, without waiting real time.
 */
export const gateClock = (free: number) => {
  let now = Date.now();
  let sleeps = 0;
  let onHeld: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    onHeld = resolve;
  });
  const clock: Clock = {
    now: () => new Date(now),
    sleep: (ms, signal) => {
      if (sleeps++ < free) {
        now += ms;
        return Promise.resolve();
      }
      onHeld();
      return new Promise((_, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    },
  };
  return { clock, held };
};

/** A clock that never waits: retries and throttle pass at once, and every wait is recorded. */
export const instantClock = () => {
  let now = Date.now();
  const waits: number[] = [];
  const clock: Clock = {
    now: () => new Date(now),
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
  return { clock, waits };
};

/** A zip's entries from its central directory: name → bytes. */
export const readZip = (zip: Buffer) => {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    entries.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
};
