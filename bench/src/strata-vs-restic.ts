// The strata engine against restic 0.14 (issue 18), on one seeded dataset of about 1 GiB in about 20,000 files
// (text, random binary, already compressed). Steps: first backup, backup after a 5% change, backup with no
// change, restore (then a SHA-256 manifest check), structural check, read-data check. For each: wall time, CPU
// (user + system), peak RSS from /usr/bin/time of each child process, and the repository's size after the
// backups. Not in CI. Needs restic (apt-get install -y restic) and /usr/bin/time.
//
// Usage: node --import tsx bench/src/strata-vs-restic.ts [--dir /tmp/strata-bench] [--only strata|restic] [--keep]
//          [--steps first,changed,unchanged,restore,check,read-data] [--engine bench/dist/<name>]
//   The dataset is seeded once into --dir/data and reused (delete it to seed again). The engine runs compiled
//   (tsc into bench/dist/strata, as a built agent would run it); its start-up from source with tsx is printed apart.
//   --steps runs a subset, to iterate on one step: without `first`, the repositories and the changed copy of the
//   data of an earlier run with --keep are used as they are (e.g. `--steps restore --keep` again and again).
//   --engine runs an engine built before (the same tsc output, e.g. of an earlier commit) instead of building
//   this checkout's.
import { spawnSync } from 'node:child_process';
import { createCipheriv, createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: path.join(os.tmpdir(), 'strata-bench') },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    files: { type: 'string', default: '20000' },
    steps: { type: 'string', default: 'first,changed,unchanged,restore,check,read-data' },
    engine: { type: 'string' },
  },
});
const root = path.resolve(args.dir!);
const STEPS = ['first', 'changed', 'unchanged', 'restore', 'check', 'read-data'];
const steps = new Set(args.steps!.split(',').map((s) => s.trim()));
for (const s of steps)
  if (!STEPS.includes(s)) throw new Error(`unknown step ${s} (steps: ${STEPS.join(',')})`);
const dataDir = path.join(root, 'data');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sourceCli = path.join(repoRoot, 'packages/backup/src/cli.ts');
/** The engine compiled to JavaScript (tsc, the repository's own compiler), as a built agent would run it. */
const buildDir = path.join(repoRoot, 'bench/dist/strata');
const cli = path.join(args.engine ? path.resolve(args.engine) : buildDir, 'src/cli.js');

const buildEngine = () => {
  fs.rmSync(buildDir, { recursive: true, force: true });
  const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
  const flags = [
    '--noEmit',
    'false',
    '--outDir',
    buildDir,
    '--rootDir',
    'packages/backup',
    '--rewriteRelativeImportExtensions',
  ];
  const built = spawnSync(
    process.execPath,
    [tsc, '-p', 'packages/backup/tsconfig.json', ...flags, '--declaration', 'false'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  if (built.status !== 0) throw new Error(`tsc failed: ${built.stdout}${built.stderr}`);
  fs.copyFileSync(
    path.join(repoRoot, 'packages/backup/src/workers/worker-entry.mjs'),
    path.join(buildDir, 'src/workers/worker-entry.mjs'),
  );
};
const PASSWORD = 'bench password, not a secret';
const MiB = 1024 * 1024;

/** A small deterministic generator (mulberry32): the same dataset on every machine. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const WORDS =
  'the of and to in is that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their can has more will if no out so said what up its about into than them only other time new some could these two may first then do any like my now over such our man me even most made after also did many before must through back years where much your way well down should because each just those people how too little state good very make world still own see men work long get here between both life being under never day same another know while last might us great old year off come since against go came right used take three'.split(
    ' ',
  );

const textPool = (size: number): Buffer => {
  const random = prng(42);
  const parts: string[] = [];
  let length = 0;
  while (length < size) {
    const line = `${Array.from({ length: 6 + Math.floor(random() * 10) }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ')} ${Math.floor(random() * 1e6)}\n`;
    parts.push(line);
    length += line.length;
  }
  return Buffer.from(parts.join('')).subarray(0, size);
};

const keystream = (seed: string, size: number): Buffer =>
  createCipheriv('aes-256-ctr', createHash('sha256').update(seed).digest(), Buffer.alloc(16)).update(
    Buffer.alloc(size),
  );

type Kind = 'text' | 'binary' | 'compressed';

/** Content of one file: text slices of a pool (compressible), a keystream (not), or gzip of text (already compressed). */
const contentFor = (kind: Kind, size: number, seed: string, pool: Buffer, random: () => number): Buffer => {
  if (kind === 'binary') return keystream(seed, size);
  const slice = (n: number) => {
    const start = Math.floor(random() * (pool.length - n));
    return pool.subarray(start, start + n);
  };
  if (kind === 'text') return Buffer.from(slice(Math.min(size, pool.length - 1)));
  const gz = gzipSync(slice(Math.min(size * 3, pool.length - 1)), { level: 6 });
  return gz.length >= size ? gz.subarray(0, size) : Buffer.concat([gz, keystream(seed, size - gz.length)]);
};

const sizeFor = (random: () => number): number => {
  const r = random();
  if (r < 0.75) return 1024 + Math.floor(random() * 15 * 1024); // 1-16 KiB
  if (r < 0.975) return 16 * 1024 + Math.floor(random() * 112 * 1024); // 16-128 KiB
  if (r < 0.9985) return 128 * 1024 + Math.floor(random() * 1.4 * MiB); // 128 KiB - 1.5 MiB
  return 4 * MiB + Math.floor(random() * 8 * MiB); // 4-12 MiB
};

const kindFor = (random: () => number): Kind => {
  const r = random();
  return r < 0.4 ? 'text' : r < 0.7 ? 'binary' : 'compressed';
};

const seed = async (fileCount: number) => {
  if (fs.existsSync(path.join(dataDir, '.seeded'))) return;
  await fsp.rm(dataDir, { recursive: true, force: true });
  const random = prng(7);
  const pool = textPool(64 * MiB);
  let total = 0;
  for (let i = 0; i < fileCount; i++) {
    const folder = path.join(dataDir, `dept-${Math.floor(i / 2000)}`, `project-${Math.floor(i / 100) % 20}`);
    if (i % 100 === 0) await fsp.mkdir(folder, { recursive: true });
    const kind = kindFor(random);
    const size = sizeFor(random);
    const ext = kind === 'text' ? 'txt' : kind === 'binary' ? 'bin' : 'gz';
    await fsp.writeFile(
      path.join(folder, `file-${i}.${ext}`),
      contentFor(kind, size, `file-${i}`, pool, random),
    );
    total += size;
  }
  await fsp.writeFile(path.join(dataDir, '.seeded'), String(total));
};

/** Changes about 5% of the bytes: files rewritten, edited in the middle, appended to; some added, some deleted. */
const change = async (folder: string) => {
  const random = prng(99);
  const pool = textPool(16 * MiB);
  const files = (await fsp.readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  const sizes = await Promise.all(files.map(async (f) => (await fsp.stat(f)).size));
  const total = sizes.reduce((a, b) => a + b, 0);
  let touched = 0;
  const summary = { rewritten: 0, edited: 0, appended: 0, added: 0, deleted: 0 };
  while (touched < total * 0.05) {
    const i = Math.floor(random() * files.length);
    const file = files[i]!;
    if (!fs.existsSync(file)) continue;
    const size = sizes[i]!;
    const kind: Kind = file.endsWith('.txt') ? 'text' : file.endsWith('.bin') ? 'binary' : 'compressed';
    const r = random();
    if (r < 0.5) {
      await fsp.writeFile(file, contentFor(kind, size, `${file} v2`, pool, random));
      summary.rewritten++;
    } else if (r < 0.75) {
      const handle = await fsp.open(file, 'r+');
      const length = Math.min(size, 4096);
      await handle.write(keystream(`${file} edit`, length), 0, length, Math.floor(size / 2));
      await handle.close();
      summary.edited++;
    } else {
      await fsp.appendFile(file, contentFor(kind, Math.ceil(size / 10), `${file} tail`, pool, random));
      summary.appended++;
    }
    touched += size;
  }
  for (let i = 0; i < 100; i++) {
    const file = files[Math.floor(random() * files.length)]!;
    if (fs.existsSync(file)) {
      await fsp.rm(file);
      summary.deleted++;
    }
    const added = path.join(path.dirname(file), `added-${i}.txt`);
    await fsp.writeFile(added, contentFor('text', sizeFor(random), added, pool, random));
    summary.added++;
  }
  return { ...summary, bytesTouched: touched, share: touched / total };
};

/** SHA-256 of every file under a folder, by relative path. */
const manifest = async (folder: string): Promise<Map<string, string>> => {
  const result = new Map<string, string>();
  for (const entry of await fsp.readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === '.seeded') continue;
    const file = path.join(entry.parentPath, entry.name);
    result.set(
      path.relative(folder, file),
      createHash('sha256')
        .update(await fsp.readFile(file))
        .digest('hex'),
    );
  }
  return result;
};

const sameManifest = (a: Map<string, string>, b: Map<string, string>) =>
  a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

type Measure = { wall: number; cpu: number; rssMiB: number; ok: boolean; output: string };

/** Runs a command under /usr/bin/time: wall seconds, user + system seconds, maximum resident set. */
const timed = (command: string, argv: string[], env: NodeJS.ProcessEnv): Measure => {
  // start with nothing dirty in the page cache: the last step's writes are not this one's to flush
  spawnSync('sync');
  const stats = path.join(root, '.time');
  const result = spawnSync('/usr/bin/time', ['-o', stats, '-f', '%e %U %S %M', command, ...argv], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 256 * MiB,
  });
  const [wall, user, system, rss] = fs
    .readFileSync(stats, 'utf8')
    .trim()
    .split('\n')
    .pop()!
    .split(' ')
    .map(Number);
  return {
    wall: wall!,
    cpu: user! + system!,
    rssMiB: rss! / 1024,
    ok: result.status === 0,
    output: `${result.stdout}\n${result.stderr}`,
  };
};

const folderBytes = async (folder: string) => {
  let total = 0;
  for (const entry of await fsp.readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await fsp.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
};

type Tool = {
  name: 'strata' | 'restic';
  repo: string;
  run(step: string, ...argv: string[]): Measure;
};

const tools = (): Tool[] => {
  const strataRepo = path.join(root, 'strata-repo');
  const resticRepo = path.join(root, 'restic-repo');
  const strata: Tool = {
    name: 'strata',
    repo: strataRepo,
    run: (_step, ...argv) =>
      timed(process.execPath, [cli, ...argv, '--repo', strataRepo], { STRATA_PASSWORD: PASSWORD }),
  };
  const restic: Tool = {
    name: 'restic',
    repo: resticRepo,
    run: (_step, ...argv) =>
      timed('restic', [...argv, '--cache-dir', path.join(root, 'restic-cache')], {
        RESTIC_PASSWORD: PASSWORD,
        RESTIC_REPOSITORY: resticRepo,
      }),
  };
  return [strata, restic].filter((t) => !args.only || t.name === args.only);
};

const main = async () => {
  await fsp.mkdir(root, { recursive: true });
  if ((!args.only || args.only === 'strata') && !args.engine) buildEngine();
  if (args.engine) console.log(`engine: ${cli}`);
  console.log(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`,
  );
  console.log(`restic: ${spawnSync('restic', ['version'], { encoding: 'utf8' }).stdout.trim()}`);
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const started = Date.now();
  await seed(Number(args.files));
  const files =
    (await fsp.readdir(dataDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length -
    1;
  console.log(
    `dataset: ${files} files, ${(Number(await fsp.readFile(path.join(dataDir, '.seeded'), 'utf8')) / MiB).toFixed(0)} MiB (seeded in ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  const work = path.join(root, 'work');
  const all = tools();
  if (steps.has('first')) {
    await fsp.rm(work, { recursive: true, force: true });
    spawnSync('cp', ['-a', dataDir, work]); // the bench changes a copy: the seeded data stays as it is
    await fsp.rm(path.join(work, '.seeded'));
    for (const tool of all) await fsp.rm(tool.repo, { recursive: true, force: true });
    await fsp.rm(path.join(root, 'restic-cache'), { recursive: true, force: true });
    for (const tool of all) {
      const init =
        tool.name === 'strata'
          ? tool.run('init', 'init')
          : tool.run('init', 'init', '--repository-version', '2');
      if (!init.ok) throw new Error(`${tool.name} init failed: ${init.output}`);
    }
  } else {
    for (const folder of [work, ...all.map((t) => t.repo)])
      if (!fs.existsSync(folder))
        throw new Error(`${folder} is missing: run with the step first and --keep once`);
    console.log('steps without first: the repositories and data of the last run with --keep');
  }
  spawnSync('sh', ['-c', `cat $(find ${work} -type f) > /dev/null`]); // both tools start from a warm page cache

  const rows: { step: string; tool: string; m: Measure; repoMiB?: number; note?: string }[] = [];
  const backupArgs = (tool: Tool) =>
    tool.name === 'strata'
      ? ['backup', work, '--plan', 'bench', '--device', 'bench']
      : ['backup', work, '--compression', 'auto', '--host', 'bench'];
  let stepIndex = 0;
  const step = async (
    name: string,
    argvFor: (tool: Tool) => string[],
    after?: (tool: Tool, m: Measure) => Promise<string | undefined>,
  ) => {
    // alternate which tool goes first, so that neither always meets the other's leftovers (caches, load)
    const order = stepIndex++ % 2 === 0 ? all : [...all].reverse();
    for (const tool of order) {
      const m = tool.run(name, ...argvFor(tool));
      if (!m.ok) console.log(`${tool.name} ${name} FAILED:\n${m.output.slice(-2000)}`);
      const note = after ? await after(tool, m) : undefined;
      rows.push({
        step: name,
        tool: tool.name,
        m,
        repoMiB: name.startsWith('backup') ? (await folderBytes(tool.repo)) / MiB : undefined,
        note,
      });
      console.log(
        `${name.padEnd(22)} ${tool.name.padEnd(7)} wall ${m.wall.toFixed(2)} s  cpu ${m.cpu.toFixed(2)} s  rss ${m.rssMiB.toFixed(0)} MiB${note ? `  ${note}` : ''}`,
      );
    }
  };

  if (steps.has('first')) await step('backup (first)', backupArgs);
  if (steps.has('changed')) {
    const changed = await change(work);
    console.log(`change: ${JSON.stringify(changed)}`);
    await step('backup (5% changed)', backupArgs);
  }
  if (steps.has('unchanged')) await step('backup (no change)', backupArgs);
  if (steps.has('restore')) {
    const expected = await manifest(work);
    for (const tool of all)
      await fsp.rm(path.join(root, `restore-${tool.name}`), { recursive: true, force: true });
    await step(
      'restore',
      (tool) => ['restore', 'latest', '--target', path.join(root, `restore-${tool.name}`)],
      async (tool) => {
        const base = path.join(root, `restore-${tool.name}`);
        const restored =
          tool.name === 'strata' ? path.join(base, path.basename(work)) : path.join(base, work);
        const ok = sameManifest(expected, await manifest(restored));
        return ok ? 'SHA-256 manifest: all files match' : 'SHA-256 manifest: MISMATCH';
      },
    );
    // removed only now: deleting 20,000 files keeps the kernel busy for a while after, which the next tool would pay
    for (const tool of all)
      await fsp.rm(path.join(root, `restore-${tool.name}`), { recursive: true, force: true });
  }
  if (steps.has('check')) await step('check (structure)', () => ['check']);
  if (steps.has('read-data')) await step('check (read data)', () => ['check', '--read-data']);
  const startup = all.some((t) => t.name === 'strata') ? timed(process.execPath, [cli, '--help'], {}) : null;
  const startupTsx = all.some((t) => t.name === 'strata')
    ? timed(process.execPath, ['--import', 'tsx', sourceCli, '--help'], {})
    : null;

  console.log(
    `\nload average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    '\n| step | tool | wall s | CPU s | peak RSS MiB | repository MiB | note |\n|---|---|---|---|---|---|---|',
  );
  for (const r of rows) {
    console.log(
      `| ${r.step} | ${r.tool} | ${r.m.wall.toFixed(2)} | ${r.m.cpu.toFixed(2)} | ${r.m.rssMiB.toFixed(0)} | ${r.repoMiB?.toFixed(1) ?? ''} | ${r.note ?? (r.m.ok ? '' : 'FAILED')} |`,
    );
  }
  if (startup && startupTsx) {
    console.log(
      `\nstrata's start-up alone (--help): compiled ${startup.wall.toFixed(2)} s wall, ${startup.rssMiB.toFixed(0)} MiB; from source with tsx ${startupTsx.wall.toFixed(2)} s, ${startupTsx.rssMiB.toFixed(0)} MiB`,
    );
  }
  if (!args.keep) {
    for (const tool of all) await fsp.rm(tool.repo, { recursive: true, force: true });
    await fsp.rm(work, { recursive: true, force: true });
    await fsp.rm(path.join(root, 'restic-cache'), { recursive: true, force: true });
  }
};

await main();
