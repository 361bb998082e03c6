// Help centre search (issue 16): a server process with the shipped articles (docs/help, indexed at start),
// signed in as the administrator, --searches GET /help/search requests of varied queries (words, phrases,
// prefixes, German, a typo, no match) one after the other over HTTP; p50 / p95 / max latency, the
// server's CPU and the whole machine's load. On PGlite (an embedded database in a temporary folder) and,
// when DATABASE_URL is set, on PostgreSQL (a database of its own, created at the start and dropped at the end).
//
// Usage: [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] \
//   node --import tsx bench/src/help-search.ts [--searches 200] [--port 18310]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiPaths, type HelpSearchResponse } from '@rmm/domain';
import pg from 'pg';
import { signInAdmin } from './admin-session.ts';
import {
  cpuMeter,
  loadAverage,
  machineDescription,
  machineMeter,
  repoRoot,
  type ServerProcess,
  startServer,
} from './server-process.ts';

const { values: args } = parseArgs({
  options: {
    searches: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '10' },
    port: { type: 'string', default: '18310' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(
    'Options: --searches N (default 200), --warmup N (not counted, default 10), --port N (default 18310)',
  );
  process.exit(0);
}
const searchCount = Number(args.searches);
const warmupCount = Number(args.warmup);
const admin = { email: 'bench@local', password: 'bench password' };

/** What technicians type: single words, phrases, prefixes as typed, German, a typo, nothing to find. */
const queries: { q: string; locale?: string }[] = [
  { q: 'script' },
  { q: 'scheduled task' },
  { q: 'run a script on many devices' },
  { q: 'enrol' },
  { q: 'enrol a device' },
  { q: 'agent install windows' },
  { q: 'two-factor' },
  { q: 'authenticator app' },
  { q: 'password' },
  { q: 'sched' },
  { q: 'devi' },
  { q: 'patch' },
  { q: 'os patching reboot' },
  { q: 'alert' },
  { q: 'monitoring and alerts' },
  { q: 'single sign-on' },
  { q: 'api token' },
  { q: 'branding logo' },
  { q: 'remote access' },
  { q: 'wake on lan' },
  { q: 'organization' },
  { q: 'custom fields' },
  { q: 'backup restore' },
  { q: 'run as credentials' },
  { q: 'device status offline' },
  { q: 'job history' },
  { q: 'knowledge base' },
  { q: 'maintenance window' },
  { q: 'policies' },
  { q: 'reporting export csv' },
  { q: 'scirpt' },
  { q: 'zzzz nothing here' },
  { q: 'Gerät registrieren', locale: 'de' },
  { q: 'Authenticator', locale: 'de' },
  { q: 'erste Schritte', locale: 'de' },
  { q: 'script library', locale: 'de' },
  { q: 'daily 17:00' },
  { q: '"run once"' },
  { q: 'a' },
  { q: 'how do I approve a new device' },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const login = (serverUrl: string) => signInAdmin(serverUrl, admin);

const search = async (client: Awaited<ReturnType<typeof login>>, n: number) => {
  const { q, locale } = queries[n % queries.length]!;
  const query = new URLSearchParams({ q, ...(locale ? { locale } : {}) });
  const started = performance.now();
  const response = await fetch(new URL(`${apiPaths.helpSearch()}?${query}`, client.serverUrl), {
    headers: { origin: client.origin, cookie: client.cookie },
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`search ${q}: ${response.status} ${text.slice(0, 300)}`);
  return { elapsed, results: (JSON.parse(text) as HelpSearchResponse).results.length };
};

type Figures = {
  database: string;
  ready: number;
  p50: number;
  p95: number;
  max: number;
  found: number;
  empty: number;
  serverCpu: number;
  machineBusy: number;
  loadBefore: string;
  loadAfter: string;
};

const measure = async (database: string, server: ServerProcess): Promise<Figures> => {
  const loadBefore = loadAverage();
  const client = await login(server.url);
  for (let n = 0; n < warmupCount; n++) await search(client, n);
  const serverCpu = cpuMeter(() => [server.pid]);
  const machine = machineMeter();
  const times: number[] = [];
  let found = 0;
  let empty = 0;
  const nothingFound = new Set<string>();
  for (let n = 0; n < searchCount; n++) {
    const { elapsed, results } = await search(client, n);
    times.push(elapsed);
    found += results;
    if (results === 0) {
      empty++;
      nothingFound.add(queries[n % queries.length]!.q);
    }
  }
  const figures = {
    database,
    ready: (server.readyAt - server.spawnedAt) / 1000,
    serverCpu: serverCpu(),
    machineBusy: machine(),
    loadBefore,
    loadAfter: loadAverage(),
    found,
    empty,
    ...(() => {
      const sorted = [...times].sort((a, b) => a - b);
      return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1)! };
    })(),
  };
  console.log(
    `${database}: p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, max ${ms(figures.max)}; ` +
      `${empty} of ${searchCount} searches found nothing; server CPU ${figures.serverCpu.toFixed(0)} %, ` +
      `machine busy ${figures.machineBusy.toFixed(0)} %, load ${loadBefore} → ${figures.loadAfter}`,
  );
  console.log(`  no result for: ${[...nothingFound].map((q) => JSON.stringify(q)).join(', ') || '-'}`);
  return figures;
};

const logFile = (name: string) => path.join(repoRoot, `bench/.state/help-search-${name}.log`);
const serverEnv = {
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  NATS_URL: '',
  LOG_LEVEL: 'warn',
};

console.log(`machine: ${machineDescription()}, load average ${loadAverage()}`);
console.log(
  `${searchCount} searches (${queries.length} different queries in turn, ${warmupCount} more before, not counted), one at a time over HTTP`,
);
const all: Figures[] = [];

// PGlite
{
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-help-search-'));
  const server = await startServer({
    port: Number(args.port),
    databaseUrl: '',
    env: { ...serverEnv, DATA_DIR: dataDir },
    logFile: logFile('pglite'),
  });
  try {
    all.push(await measure('PGlite', server));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// PostgreSQL
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) {
  const databaseName = `rmm_bench_help_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const adminClient = new pg.Client({ connectionString: adminUrl });
  await adminClient.connect();
  await adminClient.query(`create database ${databaseName}`);
  try {
    const server = await startServer({
      port: Number(args.port) + 1,
      databaseUrl: url.toString(),
      env: serverEnv,
      logFile: logFile('postgres'),
    });
    try {
      await sleep(500);
      all.push(await measure('PostgreSQL', server));
    } finally {
      await server.stop();
    }
  } finally {
    await adminClient.query(`drop database if exists ${databaseName} with (force)`);
    await adminClient.end();
  }
} else console.log('(no DATABASE_URL: PostgreSQL skipped)');

console.log(
  `\n| ${searchCount} searches | p50 | p95 | max | searches with no result | server CPU | machine busy | load before → after |\n|---|---|---|---|---|---|---|---|`,
);
for (const f of all)
  console.log(
    `| ${f.database} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.max)} | ${f.empty} | ${f.serverCpu.toFixed(0)} % | ` +
      `${f.machineBusy.toFixed(0)} % | ${f.loadBefore} → ${f.loadAfter} |`,
  );
process.exit(0);
