// A server process for the benches (the command scripts/start.mjs runs, without the console build),
// and CPU/RSS figures of processes from /proc.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerOptions = {
  port: number;
  databaseUrl: string;
  /** Further settings (HEARTBEAT_INTERVAL_SECONDS, ENROLL_RATE_PER_MINUTE, ...). */
  env?: Record<string, string>;
  /** The server's log (stdout and stderr) is appended here. */
  logFile: string;
  /** Extra node arguments (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
};

export type ServerProcess = {
  pid: number;
  url: string;
  /** performance.now() when the process was spawned and when /healthz first answered. */
  spawnedAt: number;
  readyAt: number;
  /** SIGTERM, then waits for the exit; answers how long the shutdown took. */
  stop: () => Promise<{ ms: number; code: number | null }>;
  /** SIGKILL now, when still running (for an exit handler, which cannot wait). */
  kill: () => void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });

/** `node --import tsx apps/server/src/main.ts` with DEMO=0; resolves once /healthz answers 200. */
export const startServer = async (options: ServerOptions): Promise<ServerProcess> => {
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.openSync(options.logFile, 'a');
  const spawnedAt = performance.now();
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: repoRoot,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        DEMO: '0',
        PORT: String(options.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${options.port}`,
        SECRET_KEY: 'bench secret key',
        ...options.env,
      },
    },
  );
  fs.closeSync(log);
  const url = `http://127.0.0.1:${options.port}`;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}); see ${options.logFile}`);
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (performance.now() - spawnedAt > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz in 120 s; see ${options.logFile}`);
    }
    await sleep(100);
  }
  return {
    pid: child.pid!,
    url,
    spawnedAt,
    readyAt: performance.now(),
    stop: async () => {
      const started = performance.now();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited(child);
      clearTimeout(timer);
      return { ms: performance.now() - started, code };
    },
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
};

// ---- /proc ----

const getconf = (name: string, fallback: number) => {
  const answer = Number(spawnSync('getconf', [name], { encoding: 'utf8' }).stdout.trim());
  return Number.isFinite(answer) && answer > 0 ? answer : fallback;
};
const CLOCK_TICKS = getconf('CLK_TCK', 100);
const PAGE_SIZE = getconf('PAGESIZE', 4096);

/** CPU seconds (user + system) and resident bytes of a process; undefined when it is gone. */
export const readProcess = (pid: number) => {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm)": state is field 3, utime 14, stime 15, rss 24.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    return { cpuSeconds, rssBytes: Number(fields[21]) * PAGE_SIZE };
  } catch {
    return undefined;
  }
};

/** Peak resident bytes of a process (VmHWM). */
export const peakRss = (pid: number) => {
  try {
    const match = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
};

/** CPU % of a set of processes between calls (100 = one core busy). */
export const cpuMeter = (pids: () => number[]) => {
  const last = new Map<number, number>();
  let lastAt = performance.now();
  const read = () => {
    for (const pid of pids()) {
      const figures = readProcess(pid);
      if (figures && !last.has(pid)) last.set(pid, figures.cpuSeconds);
    }
  };
  read();
  return () => {
    const now = performance.now();
    let used = 0;
    for (const pid of pids()) {
      const figures = readProcess(pid);
      if (!figures) continue;
      used += figures.cpuSeconds - (last.get(pid) ?? figures.cpuSeconds);
      last.set(pid, figures.cpuSeconds);
    }
    const seconds = (now - lastAt) / 1000;
    lastAt = now;
    return seconds > 0 ? (100 * used) / seconds : 0;
  };
};

/** Busy share of the whole machine between calls (100 = every core busy), from /proc/stat. */
export const machineMeter = () => {
  const read = () => {
    const numbers = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
    const idle = (numbers[3] ?? 0) + (numbers[4] ?? 0);
    const total = numbers.slice(0, 8).reduce((a, b) => a + b, 0);
    return { idle, total };
  };
  let last = read();
  return () => {
    const now = read();
    const total = now.total - last.total;
    const busy = total > 0 ? 100 * (1 - (now.idle - last.idle) / total) : 0;
    last = now;
    return busy;
  };
};

export const machineDescription = () =>
  `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`;

/** The 1-minute load average: the machine is shared, so figures are read against it. */
export const loadAverage = () => os.loadavg()[0]!.toFixed(2);
