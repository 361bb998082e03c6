// The strata command line: everything the engine does, without the server. Later the agent's
// restore-without-server command. Run: node --import tsx packages/backup/src/cli.ts <command> --help
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup } from './archive/archiver.ts';
import { LocalBackend } from './backend/local.ts';
import { check } from './check.ts';
import { copy } from './copy.ts';
import { isStrataError, StrataError } from './errors.ts';
import type { Progress } from './progress.ts';
import { prune } from './prune.ts';
import {
  type KeySource,
  newOrganizationKey,
  parseOrganizationKey,
  serializeOrganizationKey,
} from './repo/key-files.ts';
import { Repository } from './repo/repository.ts';
import type { Snapshot } from './repo/snapshot.ts';
import { extract } from './restore/extract.ts';
import { type CollisionHandling, restore } from './restore/restorer.ts';
import { selectPaths, TreeCache } from './restore/select.ts';
import { forget } from './retention.ts';

const USAGE = `strata <command> [options]

Repository and key (every command):
  --repo DIR              the repository folder (or STRATA_REPOSITORY)
  --org-key FILE          open with an organization key file (restore without the server)
  --kek-file FILE         open with a key-encryption key (32 bytes, raw, hex or base64)
  --password-env NAME     open with the password in this environment variable (default STRATA_PASSWORD)
  --json                  print results as JSON
  --progress              print progress to stderr every second
  --workers N             worker threads for backup, restore and check (default: one per core; 0: none)

Commands:
  init [--copy-of DIR]                       create a repository (sharing DIR's master key and chunker)
  key add [--org-key-out FILE --organization ID] [--new-password-env NAME] [--new-kek-file FILE]
  backup PATH... --plan ID --device ID [--host NAME] [--tag T]... [--include GLOB]... [--exclude GLOB]... [--full]
  snapshots [--plan ID] [--all]
  ls SNAPSHOT [PATH]
  restore SNAPSHOT [--target DIR] [--path P]... [--collision overwrite|skip|keep-both] [--no-permissions] [--no-deleted]
  extract SNAPSHOT --output FILE.zip [--path P]...
  check [--read-data]
  forget [SNAPSHOT...] [--keep-last N] [--keep-daily N] [--keep-weekly N] [--keep-monthly N] [--keep-yearly N]
         [--plan ID] [--time-zone ZONE] [--dry-run] [--prune]
  prune [--hold-hours H] [--dry-run]
  copy --to DIR [--snapshot ID]...           copy missing snapshots to another repository with the same key

Exit codes: 0 done, 1 failed (or check found errors), 2 wrong usage, 3 backup done but some files were unreadable.`;

const options = {
  repo: { type: 'string' },
  'org-key': { type: 'string' },
  'kek-file': { type: 'string' },
  'password-env': { type: 'string' },
  json: { type: 'boolean' },
  progress: { type: 'boolean' },
  workers: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  'copy-of': { type: 'string' },
  'org-key-out': { type: 'string' },
  organization: { type: 'string' },
  'new-password-env': { type: 'string' },
  'new-kek-file': { type: 'string' },
  plan: { type: 'string' },
  device: { type: 'string' },
  host: { type: 'string' },
  tag: { type: 'string', multiple: true },
  include: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  full: { type: 'boolean' },
  all: { type: 'boolean' },
  target: { type: 'string' },
  path: { type: 'string', multiple: true },
  collision: { type: 'string' },
  'no-permissions': { type: 'boolean' },
  'no-deleted': { type: 'boolean' },
  output: { type: 'string' },
  'read-data': { type: 'boolean' },
  'keep-last': { type: 'string' },
  'keep-daily': { type: 'string' },
  'keep-weekly': { type: 'string' },
  'keep-monthly': { type: 'string' },
  'keep-yearly': { type: 'string' },
  'time-zone': { type: 'string' },
  'dry-run': { type: 'boolean' },
  prune: { type: 'boolean' },
  'hold-hours': { type: 'string' },
  to: { type: 'string' },
  snapshot: { type: 'string', multiple: true },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

class UsageError extends Error {}

const readKek = (file: string): Buffer => {
  const raw = fs.readFileSync(file);
  if (raw.length === 32) return raw;
  const text = raw.toString('utf8').trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new UsageError(`${file} does not hold a 256-bit key`);
  return key;
};

const keySource = (values: Values): KeySource => {
  if (values['org-key'])
    return { organizationKey: parseOrganizationKey(fs.readFileSync(values['org-key'], 'utf8')) };
  if (values['kek-file']) return { kek: readKek(values['kek-file']) };
  const variable = values['password-env'] ?? 'STRATA_PASSWORD';
  const password = process.env[variable];
  if (!password) throw new UsageError(`No key: pass --org-key, --kek-file, or set ${variable}.`);
  return { password };
};

const backendFor = (folder: string | undefined) => {
  const location = folder ?? process.env.STRATA_REPOSITORY;
  if (!location) throw new UsageError('No repository: pass --repo DIR or set STRATA_REPOSITORY.');
  return new LocalBackend(location);
};

const progressPrinter = (enabled: boolean | undefined) => {
  if (!enabled) return undefined;
  const mib = (n: number) => (n / 1048576).toFixed(1);
  return (p: Progress) => {
    const eta = p.etaSeconds === null ? '?' : `${Math.round(p.etaSeconds)} s`;
    process.stderr.write(
      `${p.phase}: ${p.filesDone}/${p.filesTotal} files, ${mib(p.bytesDone)}/${mib(p.bytesTotal)} MiB, ${mib(p.rate)} MiB/s, ETA ${eta}\n`,
    );
  };
};

const numberOption = (value: string | undefined, name: string): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} needs a whole number`);
  return n;
};

const collisionOf = (value: string | undefined): CollisionHandling => {
  const map: Record<string, CollisionHandling> = {
    overwrite: 'overwrite',
    skip: 'skip',
    'keep-both': 'keepBoth',
  };
  if (value === undefined) return 'overwrite';
  const collision = map[value];
  if (!collision) throw new UsageError('--collision is overwrite, skip or keep-both');
  return collision;
};

const describeSnapshot = (s: Snapshot) =>
  `${s.id.slice(0, 12)}  ${s.time}  ${s.planId}  ${s.deviceId}  ${s.hostname}  ${s.paths.join(', ')}${s.deletedAt ? `  (deleted ${s.deletedAt})` : ''}`;

type Output = { json: unknown; text: string; exitCode?: number };

const commands: Record<string, (values: Values, args: string[]) => Promise<Output>> = {
  async init(values) {
    const backend = backendFor(values.repo);
    const key = keySource(values);
    const repo = values['copy-of']
      ? await (await Repository.open(new LocalBackend(values['copy-of']), key)).initCopy(backend, key)
      : await Repository.init(backend, key);
    return {
      json: { id: repo.config.id, location: backend.location },
      text: `created repository ${repo.config.id} at ${backend.location}`,
    };
  },

  async key(values, args) {
    if (args[0] !== 'add') throw new UsageError('key add ...');
    const repo = await Repository.open(backendFor(values.repo), keySource(values));
    const added: string[] = [];
    if (values['org-key-out']) {
      const orgKey = newOrganizationKey(values.organization ?? 'organization');
      await fsp.writeFile(values['org-key-out'], serializeOrganizationKey(orgKey), {
        mode: 0o600,
        flag: 'wx',
      });
      added.push(await repo.addKey({ organizationKey: orgKey }, 'organization restore key'));
    }
    if (values['new-password-env']) {
      const password = process.env[values['new-password-env']];
      if (!password) throw new UsageError(`${values['new-password-env']} is not set`);
      added.push(await repo.addKey({ password }));
    }
    if (values['new-kek-file']) added.push(await repo.addKey({ kek: readKek(values['new-kek-file']) }));
    if (added.length === 0)
      throw new UsageError('key add needs --org-key-out, --new-password-env or --new-kek-file');
    return { json: { added }, text: added.map((name) => `added key ${name.slice(0, 12)}`).join('\n') };
  },

  async backup(values, args) {
    if (args.length === 0 || !values.plan || !values.device)
      throw new UsageError('backup PATH... --plan ID --device ID');
    const repo = await Repository.open(backendFor(values.repo), keySource(values));
    const { snapshot, errors } = await backup(repo, {
      paths: args,
      planId: values.plan,
      deviceId: values.device,
      hostname: values.host,
      tags: values.tag,
      include: values.include,
      exclude: values.exclude,
      parent: values.full ? null : undefined,
      onProgress: progressPrinter(values.progress),
      workers: numberOption(values.workers, 'workers'),
    });
    const s = snapshot.stats;
    const text = [
      `snapshot ${snapshot.id} saved`,
      `files: ${s.filesNew} new, ${s.filesChanged} changed, ${s.filesUnmodified} unmodified; ${s.dirs} folders`,
      `read ${s.bytesProcessed} of ${s.bytesTotal} bytes, added ${s.bytesAdded} bytes in ${s.blobsAdded} blobs, ${s.durationMs} ms`,
      ...errors.map((e) => `error: ${e.path}: ${e.message}`),
    ].join('\n');
    return { json: { snapshot, errors }, text, exitCode: errors.length > 0 ? 3 : 0 };
  },

  async snapshots(values) {
    const repo = await Repository.open(backendFor(values.repo), keySource(values));
    const list = (await repo.listSnapshots({ includeDeleted: values.all })).filter(
      (s) => !values.plan || s.planId === values.plan,
    );
    return { json: list, text: list.map(describeSnapshot).join('\n') || 'no snapshots' };
  },

  async ls(values, args) {
    if (!args[0]) throw new UsageError('ls SNAPSHOT [PATH]');
    const repo = await Repository.open(backendFor(values.repo), keySource(values));
    await repo.loadIndex();
    const snapshot = await repo.findSnapshot(args[0]);
    const trees = new TreeCache(repo);
    const nodes = args[1]
      ? await selectPaths(trees, snapshot, [args[1]]).then(async ([sel]) =>
          sel!.node.type === 'dir' && sel!.node.subtree
            ? (await trees.load(sel!.node.subtree)).nodes
            : [sel!.node],
        )
      : (await trees.load(snapshot.tree)).nodes;
    const text = nodes.map(
      (n) =>
        `${n.type.padEnd(7)} ${n.mode.toString(8).padStart(4, '0')} ${String(n.size).padStart(12)}  ${JSON.stringify(n.name)}`,
    );
    return { json: nodes, text: text.join('\n') };
  },

  async restore(values, args) {
    if (!args[0]) throw new UsageError('restore SNAPSHOT [--target DIR]');
    const repo = await Repository.open(backendFor(values.repo), keySource(values));
    const result = await restore(repo, {
      snapshot: args[0],
      target: values.target,
      paths: values.path,
      collision: collisionOf(values.collision),
      restorePermissions: !values['no-permissions'],
      restoreDeletedFiles: !values['no-deleted'],
      onProgress: progressPrinter(values.progress),
      workers: numberOption(values.workers, 'workers'),
    });
    const text = [
      `restored ${result.filesRestored} files (${result.bytesWritten} bytes), ${result.dirs} folders, ${result.links} links; skipped ${result.filesSkipped}`,
      ...result.renamed.map((r) => `kept both: ${r.path} restored as ${r.restoredAs}`),
      ...result.errors.map((e) => `error: ${e.path}: ${e.message}`),
    ].join('\n');
    return { json: result, text, exitCode: result.errors.length > 0 ? 1 : 0 };
  },

  async extract(values, args) {
    if (!args[0] || !values.output) throw new UsageError('extract SNAPSHOT --output FILE.zip [--path P]...');
    const repo = await Repository.open(backendFor(values.repo), keySource(values));
    const output = fs.createWriteStream(values.output, { flags: 'wx' });
    const result = await extract(repo, {
      snapshot: args[0],
      files: values.path,
      output,
      onProgress: progressPrinter(values.progress),
    });
    await new Promise<void>((resolve, reject) =>
      output.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    return {
      json: result,
      text: `wrote ${values.output}: ${result.files} files, ${result.dirs} folders, ${result.bytes} bytes`,
    };
  },

  async check(values) {
    const repo = await Repository.open(backendFor(values.repo), keySource(values));
    const result = await check(repo, {
      readData: values['read-data'],
      onProgress: progressPrinter(values.progress),
      workers: numberOption(values.workers, 'workers'),
    });
    const text = [
      `${result.ok ? 'no errors' : `${result.errors.length} error(s)`}: ${result.snapshots} snapshots, ${result.packs} packs, ${result.blobs} blobs, ${result.bytes} bytes, ${result.files} files, ${result.trees} trees checked`,
      ...result.errors.map((e) => `error: ${e.kind} ${e.file}: ${e.message}`),
      ...(result.unreferencedPacks.length
        ? [`${result.unreferencedPacks.length} pack(s) not in the index: prune removes them`]
        : []),
    ].join('\n');
    return { json: result, text, exitCode: result.ok ? 0 : 1 };
  },

  async forget(values, args) {
    const repo = await Repository.open(backendFor(values.repo), keySource(values));
    const policy = {
      keepLast: numberOption(values['keep-last'], 'keep-last'),
      keepDaily: numberOption(values['keep-daily'], 'keep-daily'),
      keepWeekly: numberOption(values['keep-weekly'], 'keep-weekly'),
      keepMonthly: numberOption(values['keep-monthly'], 'keep-monthly'),
      keepYearly: numberOption(values['keep-yearly'], 'keep-yearly'),
      timeZone: values['time-zone'],
    };
    const hasPolicy = Object.entries(policy).some(([k, v]) => k !== 'timeZone' && v !== undefined);
    if (!hasPolicy && args.length === 0) throw new UsageError('forget needs snapshot ids or --keep-* rules');
    const result = await forget(repo, {
      ...(args.length ? { snapshots: args } : { policy }),
      planId: values.plan,
      dryRun: values['dry-run'],
    });
    const pruned = values.prune && !values['dry-run'] ? await prune(repo) : null;
    const text = [
      ...result.forgotten.map(
        (s) => `${values['dry-run'] ? 'would forget' : 'forgot'} ${describeSnapshot(s)}`,
      ),
      `${result.kept.length} snapshot(s) kept; forgotten ones stay restorable for 72 hours, until prune`,
    ].join('\n');
    return { json: { ...result, pruned }, text };
  },

  async prune(values) {
    const repo = await Repository.open(backendFor(values.repo), keySource(values));
    const result = await prune(repo, {
      holdHours: numberOption(values['hold-hours'], 'hold-hours'),
      dryRun: values['dry-run'],
    });
    const text = `removed ${result.snapshotsRemoved.length} snapshot(s) (${result.snapshotsHeld.length} still held), ${result.packsDeleted} pack(s) deleted, ${result.packsRepacked} repacked; ${result.bytesBefore} → ${result.bytesAfter} bytes`;
    return { json: result, text };
  },

  async copy(values) {
    if (!values.to) throw new UsageError('copy --to DIR');
    const key = keySource(values);
    const source = await Repository.open(backendFor(values.repo), key);
    const destination = await Repository.open(new LocalBackend(values.to), key);
    const result = await copy(source, destination, {
      snapshots: values.snapshot,
      onProgress: progressPrinter(values.progress),
    });
    const text = [
      `copied ${result.copied.length} snapshot(s): ${result.packsCopied} whole packs, ${result.blobsCopied} blobs, ${result.bytesCopied} bytes`,
      `in both: ${result.both.length}; only here: ${result.onlySource.length}; only there: ${result.onlyDestination.length}`,
    ].join('\n');
    return { json: result, text };
  },
};

export const main = async (argv: string[]): Promise<number> => {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const [command, ...args] = parsed.positionals;
  const run = command ? commands[command] : undefined;
  if (!run || parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return run || parsed.values.help ? 0 : 2;
  }
  try {
    const output = await run(parsed.values, args);
    process.stdout.write(`${parsed.values.json ? JSON.stringify(output.json, null, 2) : output.text}\n`);
    return output.exitCode ?? 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    const message = isStrataError(error)
      ? `${error.code}: ${error.message}`
      : ((error as Error).stack ?? String(error));
    process.stderr.write(`strata ${command}: ${message}\n`);
    return 1;
  }
};

const isEntryPoint =
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isEntryPoint) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof StrataError ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
