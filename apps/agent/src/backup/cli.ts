import fs from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type CollisionHandling,
  isStrataError,
  LocalBackend,
  type Progress,
  type Repository,
  restore,
  type Snapshot,
  systemClock,
} from '@rmm/backup';
import { selectPaths, TreeCache } from '@rmm/backup/restore/select';
import { BackupRestoreKeyFile } from '@rmm/domain';
import { z } from 'zod';
import { masterKeyFromRestoreKey, openRepository } from './keys.ts';

/**
 * `agent backup snapshots|ls|restore`: a local folder or mounted share repository opened with the
 * organization's downloadable restore key file, without the server (the engine's restore, list and tree
 * reading; the key file is the server's format, `strata-restore-key.json`).
 */

export const backupUsage = `Usage:
  agent backup snapshots --repo DIR --key-file FILE [--plan ID] [--all] [--json]
  agent backup ls --repo DIR --key-file FILE [--snapshot ID] [PATH] [--json]
  agent backup restore --repo DIR --key-file FILE [--snapshot ID] [--target DIR] [PATH...]
        [--collision overwrite|skip|keep-both] [--no-permissions] [--no-deleted] [--progress] [--json]

  --repo DIR        the repository folder (a local folder or a mounted share)
  --key-file FILE   the organization's restore key file (strata-restore-key.json, downloaded from the console)
  --snapshot ID     a revision id or its first characters; default the latest
  --target DIR      restore into this folder (each chosen item under its own name); default: in place
  PATH              files and folders of the revision as backed up (/home/ann/Documents); default all

Exit codes: 0 done, 1 failed (or some items could not be restored), 2 wrong usage.
`;

const options = {
  repo: { type: 'string' },
  'key-file': { type: 'string' },
  snapshot: { type: 'string' },
  target: { type: 'string' },
  plan: { type: 'string' },
  all: { type: 'boolean' },
  collision: { type: 'string' },
  'no-permissions': { type: 'boolean' },
  'no-deleted': { type: 'boolean' },
  progress: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

class UsageError extends Error {}

export type CommandIo = { out: (text: string) => void; err: (text: string) => void };
const systemIo: CommandIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

const readKeyFile = (file: string) => {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`The key file ${file} cannot be read: ${(error as Error).message}`);
  }
  try {
    return BackupRestoreKeyFile.parse(JSON.parse(text));
  } catch (error) {
    const detail = error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message;
    throw new UsageError(`${file} is not an organization restore key file: ${detail}`);
  }
};

const openWithKeyFile = async (values: Values): Promise<Repository> => {
  if (!values.repo) throw new UsageError('Name the repository folder: --repo DIR.');
  if (!values['key-file']) throw new UsageError('Name the restore key file: --key-file FILE.');
  const keyFile = readKeyFile(values['key-file']);
  const backend = new LocalBackend(values.repo);
  try {
    const masterKey = await masterKeyFromRestoreKey(backend, keyFile);
    return await openRepository(backend, masterKey, { clock: systemClock, packSize: 0, create: false });
  } catch (error) {
    await backend.close();
    throw error;
  }
};

const collisionOf = (value: string | undefined): CollisionHandling => {
  const collisions: Record<string, CollisionHandling> = {
    overwrite: 'overwrite',
    skip: 'skip',
    'keep-both': 'keepBoth',
  };
  const collision = collisions[value ?? 'overwrite'];
  if (!collision) throw new UsageError('--collision is overwrite, skip or keep-both.');
  return collision;
};

const describeSnapshot = (snapshot: Snapshot) =>
  `${snapshot.id.slice(0, 12)}  ${snapshot.time}  plan ${snapshot.planId}  device ${snapshot.deviceId} (${snapshot.hostname})  ${snapshot.paths.join(', ')}${snapshot.deletedAt ? `  (forgotten ${snapshot.deletedAt})` : ''}`;

const progressPrinter = (io: CommandIo, enabled: boolean | undefined) => {
  if (!enabled) return undefined;
  const mib = (bytes: number) => (bytes / 1_048_576).toFixed(1);
  return (progress: Progress) =>
    io.err(
      `${progress.filesDone}/${progress.filesTotal} files, ${mib(progress.bytesDone)}/${mib(progress.bytesTotal)} MiB\n`,
    );
};

type Output = { json: unknown; text: string; exitCode?: number };

const commands: Record<
  string,
  (repo: Repository, values: Values, args: string[], io: CommandIo) => Promise<Output>
> = {
  snapshots: async (repo, values) => {
    const list = (await repo.listSnapshots({ includeDeleted: values.all })).filter(
      (snapshot) => !values.plan || snapshot.planId === values.plan,
    );
    return { json: list, text: list.map(describeSnapshot).join('\n') || 'no revisions' };
  },

  ls: async (repo, values, args) => {
    await repo.loadIndex();
    const snapshot = await repo.findSnapshot(values.snapshot ?? 'latest');
    const trees = new TreeCache(repo);
    const [selected] = args[0] ? await selectPaths(trees, snapshot, [args[0]]) : [];
    const nodes = !selected
      ? (await trees.load(snapshot.tree)).nodes
      : selected.node.type === 'dir' && selected.node.subtree
        ? (await trees.load(selected.node.subtree)).nodes
        : [selected.node];
    const lines = nodes.map(
      (node) =>
        `${node.type.padEnd(7)} ${node.mode.toString(8).padStart(4, '0')} ${String(node.size).padStart(12)}  ${JSON.stringify(node.name)}`,
    );
    return { json: nodes, text: lines.join('\n') };
  },

  restore: async (repo, values, args, io) => {
    const result = await restore(repo, {
      snapshot: values.snapshot ?? 'latest',
      paths: args.length > 0 ? args : undefined,
      target: values.target,
      collision: collisionOf(values.collision),
      restorePermissions: !values['no-permissions'],
      restoreDeletedFiles: !values['no-deleted'],
      onProgress: progressPrinter(io, values.progress),
    });
    const text = [
      `restored ${result.filesRestored} files (${result.bytesWritten} bytes), ${result.dirs} folders, ${result.links} links; skipped ${result.filesSkipped}`,
      ...result.renamed.map((item) => `kept both: ${item.path} restored as ${item.restoredAs}`),
      ...result.errors.map((error) => `error: ${error.path}: ${error.message}`),
    ].join('\n');
    return { json: result, text, exitCode: result.errors.length > 0 ? 1 : 0 };
  },
};

/** Runs `backup <command> ...`; answers the exit code. */
export const runBackupCommand = async (argv: string[], io: CommandIo = systemIo): Promise<number> => {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${backupUsage}`);
    return 2;
  }
  const [command, ...args] = parsed.positionals;
  const run = command ? commands[command] : undefined;
  if (parsed.values.help) {
    io.out(backupUsage);
    return 0;
  }
  if (!run) {
    io.err(`${command ? `Unknown backup command "${command}".\n\n` : ''}${backupUsage}`);
    return 2;
  }
  let repo: Repository | undefined;
  try {
    repo = await openWithKeyFile(parsed.values);
    const output = await run(repo, parsed.values, args, io);
    io.out(`${parsed.values.json ? JSON.stringify(output.json, null, 2) : output.text}\n`);
    return output.exitCode ?? 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n`);
      return 2;
    }
    io.err(
      `backup ${command}: ${isStrataError(error) ? error.message : ((error as Error).stack ?? String(error))}\n`,
    );
    return 1;
  } finally {
    await repo?.close();
  }
};
