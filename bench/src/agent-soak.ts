// Soak and reconnect storm: one server process on PostgreSQL and N simulated agents (sim-agents.ts)
// in worker processes. Prints connection, heartbeat-ingest, CPU and RSS figures over time, then
// restarts the server (SIGTERM, start again) and measures how long the agents take to be back.
//
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/rmm_bench_agents \
//   node --import tsx bench/src/agent-soak.ts [--agents 10000] [--duration 600] [--heartbeat 10] ...
// (--help lists the options). The database must exist; agents enrolled by an earlier run are reused.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@rmm/server';
import { sql } from 'drizzle-orm';
import {
  cpuMeter,
  loadAverage,
  machineDescription,
  machineMeter,
  peakRss,
  readProcess,
  repoRoot,
  type ServerProcess,
  startServer,
} from './server-process.ts';
import {
  addCounters,
  agentDefaults,
  createEnrolmentToken,
  enrolAgents,
  type Fleet,
  type FleetStatus,
  type SimCounters,
  type SimIdentity,
  signIn,
  startFleet,
} from './sim-agents.ts';

const usage = `Options:
  --agents N               simulated agents (default 10000)
  --duration S             soak seconds once all are connected (default 600)
  --heartbeat S            HEARTBEAT_INTERVAL_SECONDS of the server (default 10)
  --workers N              agent worker processes (default 4)
  --agents-per-address N   agents per source address 127.0.1.x (default 5000)
  --software N             software entries in each inventory (default 100)
  --ramp S                 first connections spread over S seconds (default agents/100)
  --connect-timeout S      give up waiting for the first connections after S s and soak anyway (default 900)
  --storm-timeout S        give up waiting for the agents after the restart after S s (default 900)
  --sample S               seconds between printed samples (default 10)
  --port N                 server port (default 18080)
  --settle S               seconds held after the storm to count late disconnects (default 20)
  --skip-restart           no reconnect storm
  --profile DIR            write a CPU profile of the restarted server into DIR (node --cpu-prof)
  --reconnect-min-ms N, --reconnect-max-ms N   agent backoff (default: the real agent's 1000, 300000)
  --state FILE             enrolled identities (default bench/.state/agents-<database>.json)
  --log FILE               server log (default bench/.state/server.log)`;

const { values: args } = parseArgs({
  options: {
    agents: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '600' },
    heartbeat: { type: 'string', default: '10' },
    workers: { type: 'string', default: '4' },
    'agents-per-address': { type: 'string', default: '5000' },
    software: { type: 'string', default: '100' },
    ramp: { type: 'string' },
    'connect-timeout': { type: 'string', default: '900' },
    'storm-timeout': { type: 'string', default: '900' },
    sample: { type: 'string', default: '10' },
    port: { type: 'string', default: '18080' },
    settle: { type: 'string', default: '20' },
    'skip-restart': { type: 'boolean', default: false },
    profile: { type: 'string' },
    'reconnect-min-ms': { type: 'string' },
    'reconnect-max-ms': { type: 'string' },
    state: { type: 'string' },
    log: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(usage);
  process.exit(0);
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl)
  throw new Error('Set DATABASE_URL to a PostgreSQL database for the bench (it may be empty)');
const agentCount = Number(args.agents);
const durationS = Number(args.duration);
const heartbeatS = Number(args.heartbeat);
const sampleS = Number(args.sample);
const rampS = args.ramp === undefined ? agentCount / 100 : Number(args.ramp);
const agentArgs = [
  ...(args['reconnect-min-ms'] ? ['--reconnect-min-ms', args['reconnect-min-ms']] : []),
  ...(args['reconnect-max-ms'] ? ['--reconnect-max-ms', args['reconnect-max-ms']] : []),
];
const databaseName = new URL(databaseUrl).pathname.slice(1) || 'postgres';
const stateFile = path.resolve(args.state ?? path.join(repoRoot, `bench/.state/agents-${databaseName}.json`));
const logFile = path.resolve(args.log ?? path.join(repoRoot, 'bench/.state/server.log'));
const admin = { email: 'bench@local', password: 'bench password' };
const serverEnv = {
  HEARTBEAT_INTERVAL_SECONDS: String(heartbeatS),
  // The bench enrols thousands of agents from one address: the per-address limit (600/min) is raised.
  ENROLL_RATE_PER_MINUTE: '1000000',
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (bytes: number | undefined) => (bytes === undefined ? '-' : (bytes / 2 ** 20).toFixed(0));
const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN;
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const tally = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([, n]) => n !== 0)
    .map(([key, n]) => `${key} ${n}`)
    .join(', ') || 'none';

const cleanups: (() => Promise<unknown>)[] = [];
const cleanUp = async () => {
  for (const step of cleanups.reverse()) await step().catch(() => {});
  cleanups.length = 0;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));
}

const startBenchServer = (nodeArgs: string[] = []) =>
  startServer({ port: Number(args.port), databaseUrl, env: serverEnv, logFile, nodeArgs });

console.log(`machine: ${machineDescription()}, load average ${loadAverage()}`);
console.log(
  `${agentCount} agents, ${args.workers} worker processes, heartbeat ${heartbeatS} s, soak ${durationS} s`,
);
let server: ServerProcess = await startBenchServer();
cleanups.push(() => server.stop());
// However this process ends, the server it started does not outlive it (workers exit with their parent).
process.on('exit', () => server.kill());
console.log(
  `server pid ${server.pid} ready in ${seconds(server.readyAt - server.spawnedAt)} s (log: ${logFile})`,
);

const database = await openDatabase({ driver: 'postgres', url: databaseUrl, poolSize: 2 });
cleanups.push(() => database.close());
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

// ---- identities: reuse the ones still in this database, enrol the rest ----

const loadIdentities = async (): Promise<SimIdentity[]> => {
  if (!fs.existsSync(stateFile)) return [];
  const stored = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as SimIdentity[];
  const ids = stored.map((s) => s.deviceId);
  const present = await rows<{ id: number }>(
    sql`select id from devices where id = any(${sql.param(ids)}::int[]) and secret_hash is not null`,
  );
  const live = new Set(present.map((r) => r.id));
  return stored.filter((s) => live.has(s.deviceId));
};

const ensureIdentities = async () => {
  let identities = await loadIdentities();
  if (identities.length >= agentCount) return identities.slice(0, agentCount);
  const missing = agentCount - identities.length;
  const session = await signIn(server.url, admin.email, admin.password);
  const { token } = await createEnrolmentToken(session, 'Simulated agents');
  const started = performance.now();
  let lastPrinted = started;
  const enrolled = await enrolAgents({
    serverUrl: server.url,
    token,
    count: missing,
    concurrency: 32,
    hostnamePrefix: `sim-${Date.now().toString(36)}`,
    onProgress: (done) => {
      if (performance.now() - lastPrinted < 10_000) return;
      lastPrinted = performance.now();
      console.log(`  enrolled ${done}/${missing}`);
    },
  });
  const ms = performance.now() - started;
  identities = [...identities, ...enrolled];
  fs.mkdirSync(path.dirname(stateFile), { recursive: true });
  fs.writeFileSync(stateFile, JSON.stringify(identities), { mode: 0o600 });
  console.log(
    `enrolled ${missing} agents through POST /agent/enroll in ${seconds(ms)} s ` +
      `(${Math.round((missing / ms) * 1000)}/s, 32 in flight)`,
  );
  return identities;
};

/** Waits until every agent is connected or the timeout passed, printing progress; answers the last status. */
const waitForAll = async (fleet: Fleet, since: number, timeoutS: number, everyS: number) => {
  const start = fleet.status();
  for (;;) {
    const status = await fleet
      .waitFor((s) => s.connected === agentCount, everyS * 1000)
      .catch(() => fleet.status());
    const change = addCounters(status.counters, start.counters, -1);
    if (status.connected === agentCount || performance.now() - since >= timeoutS * 1000) return status;
    console.log(
      `  ${seconds(performance.now() - since)} s: ${status.connected} connected; failed attempts ` +
        `${change.connectFailures} (${tally(change.errors)}), refused ${change.refusals}`,
    );
  }
};

// ---- soak ----

type Sample = {
  t: number;
  connected: number;
  closed: number;
  sentPerS: number;
  storedPerS: number;
  serverCpu: number;
  serverRss: number;
  workersCpu: number;
  postgresCpu: number;
  machine: number;
};

const tupleUpdates = async () =>
  Number(
    (
      await rows<{ n: string }>(sql`select n_tup_upd as n from pg_stat_user_tables where relname = 'devices'`)
    )[0]?.n ?? 0,
  );

/** The PostgreSQL backends serving the bench database (the server's pool), for their CPU. */
let postgresPids: number[] = [];
const refreshPostgresPids = async () => {
  const found = await rows<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  postgresPids = found.map((r) => r.pid);
};

const soak = async (fleet: Fleet, deviceIds: number[]) => {
  const serverCpu = cpuMeter(() => [server.pid]);
  const workersCpu = cpuMeter(() => fleet.pids());
  await refreshPostgresPids();
  const postgresCpu = cpuMeter(() => postgresPids);
  const machine = machineMeter();
  const start = fleet.status();
  const started = performance.now();
  let previous = { at: started, heartbeats: start.counters.heartbeats, updates: await tupleUpdates() };
  const samples: Sample[] = [];
  console.log(
    '\n    t  connected  closed  hb sent/s  hb stored/s  server CPU%  RSS MiB  agents CPU%  pg CPU%  machine%',
  );
  while (performance.now() - started < durationS * 1000) {
    await sleep(Math.min(sampleS * 1000, durationS * 1000 - (performance.now() - started)));
    const status = fleet.status();
    const at = performance.now();
    const updates = await tupleUpdates();
    await refreshPostgresPids();
    const dt = (at - previous.at) / 1000;
    const sample: Sample = {
      t: (at - started) / 1000,
      connected: status.connected,
      closed: status.counters.closed - start.counters.closed,
      sentPerS: (status.counters.heartbeats - previous.heartbeats) / dt,
      storedPerS: (updates - previous.updates) / dt,
      serverCpu: serverCpu(),
      serverRss: readProcess(server.pid)?.rssBytes ?? 0,
      workersCpu: workersCpu(),
      postgresCpu: postgresCpu(),
      machine: machine(),
    };
    samples.push(sample);
    previous = { at, heartbeats: status.counters.heartbeats, updates };
    console.log(
      [
        sample.t.toFixed(0).padStart(5),
        String(sample.connected).padStart(9),
        String(sample.closed).padStart(6),
        sample.sentPerS.toFixed(0).padStart(9),
        sample.storedPerS.toFixed(0).padStart(11),
        sample.serverCpu.toFixed(1).padStart(11),
        mib(sample.serverRss).padStart(7),
        sample.workersCpu.toFixed(1).padStart(10),
        sample.postgresCpu.toFixed(1).padStart(7),
        sample.machine.toFixed(0).padStart(8),
      ].join('  '),
    );
  }
  const end = fleet.status();
  const elapsed = (performance.now() - started) / 1000;
  // Every agent's heartbeats reach the table: each device was seen within one jittered interval + a flush.
  const window = Math.ceil(heartbeatS * 1.5 + 5);
  const [fresh] = await rows<{ n: number }>(
    sql`select count(*)::int as n from devices where id = any(${sql.param(deviceIds)}::int[])
        and last_seen_at > now() - make_interval(secs => ${window})`,
  );
  // The first interval after the connect is left out of the rates (inventories and hellos land then).
  const afterFirst = samples.filter((s) => s.t > heartbeatS * 1.5);
  const steady = afterFirst.length ? afterFirst : samples;
  const mean = (pick: (s: Sample) => number, of = steady) =>
    of.reduce((sum, s) => sum + pick(s), 0) / Math.max(1, of.length);
  return {
    elapsed,
    connectedAtStart: start.connected,
    closed: end.counters.closed - start.counters.closed,
    closeCodes: addCounters(end.counters, start.counters, -1).closeCodes,
    minConnected: Math.min(...samples.map((s) => s.connected)),
    sentPerS: mean((s) => s.sentPerS),
    storedPerS: mean((s) => s.storedPerS),
    freshDevices: fresh?.n ?? 0,
    freshWindow: window,
    cpuMean: mean((s) => s.serverCpu, samples),
    cpuMax: Math.max(...samples.map((s) => s.serverCpu)),
    rssFirst: samples[0]?.serverRss ?? 0,
    rssLast: samples.at(-1)?.serverRss ?? 0,
    rssPeak: peakRss(server.pid),
    workersCpu: mean((s) => s.workersCpu, samples),
    postgresCpu: mean((s) => s.postgresCpu, samples),
    machine: mean((s) => s.machine, samples),
  };
};

// ---- reconnect storm: SIGTERM the server, start it again, wait for every agent ----

const storm = async (fleet: Fleet) => {
  const before = fleet.status();
  console.log(`\nrestart: SIGTERM to server pid ${server.pid} with ${before.connected} agents connected`);
  const t0 = Date.now();
  const t0Perf = performance.now();
  const stopped = await server.stop();
  console.log(`  old server exited (code ${stopped.code}) after ${seconds(stopped.ms)} s`);
  server = await startBenchServer(
    args.profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(args.profile)] : [],
  );
  const readyS = (server.readyAt - t0Perf) / 1000;
  console.log(`  new server pid ${server.pid} ready ${readyS.toFixed(1)} s after SIGTERM`);
  const serverCpu = cpuMeter(() => [server.pid]);
  const serverCpuOverall = cpuMeter(() => [server.pid]);
  let cpuMax = 0;
  let rssMax = 0;
  const watcher = setInterval(() => {
    cpuMax = Math.max(cpuMax, serverCpu());
    rssMax = Math.max(rssMax, readProcess(server.pid)?.rssBytes ?? 0);
  }, 1000);
  let after: FleetStatus;
  try {
    after = await waitForAll(fleet, t0Perf, Number(args['storm-timeout']), 5);
  } finally {
    clearInterval(watcher);
  }
  const allS = (performance.now() - t0Perf) / 1000;
  const cpuMean = serverCpuOverall();
  const { welcomeTimes } = await fleet.snapshot();
  const back = welcomeTimes
    .filter((t) => t > t0)
    .map((t) => (t - t0) / 1000)
    .sort((a, b) => a - b);
  const change: SimCounters = addCounters(after.counters, before.counters, -1);
  const settleS = Number(args.settle);
  await sleep(settleS * 1000);
  const settled = fleet.status();
  return {
    stopS: stopped.ms / 1000,
    readyS,
    isComplete: after.connected === agentCount,
    connected: after.connected,
    allS,
    afterReadyS: allS - readyS,
    p50: percentile(back, 0.5),
    p95: percentile(back, 0.95),
    connectFailures: change.connectFailures,
    errors: change.errors,
    refusals: change.refusals,
    closeCodes: change.closeCodes,
    cpuMax,
    cpuMean,
    rssMax,
    settleS,
    lateCloses: settled.counters.closed - after.counters.closed,
    connectedAfterSettle: settled.connected,
  };
};

try {
  const identities = await ensureIdentities();
  const deviceIds = identities.map((i) => i.deviceId);
  const backoff = agentDefaults(agentArgs).backoff;
  console.log(`agent backoff: ${backoff.minMs}-${backoff.maxMs} ms (apps/agent/src/transport/backoff.ts)`);

  // ---- connect ----
  const connectStarted = performance.now();
  const fleet = await startFleet({
    serverUrl: server.url,
    identities,
    workers: Number(args.workers),
    agentsPerAddress: Number(args['agents-per-address']),
    agentArgs,
    softwareCount: Number(args.software),
    rampMs: rampS * 1000,
  });
  cleanups.push(() => fleet.stop());
  console.log(
    `${fleet.pids().length} workers started their agents ${seconds(performance.now() - connectStarted)} s after the start`,
  );
  const connected = await waitForAll(fleet, connectStarted, Number(args['connect-timeout']), 10);
  const connectS = (performance.now() - connectStarted) / 1000;
  console.log(
    connected.connected === agentCount
      ? `all ${agentCount} connected ${connectS.toFixed(1)} s after the start (ramp ${rampS} s)`
      : `WARNING: only ${connected.connected} of ${agentCount} connected after ${connectS.toFixed(0)} s; soaking anyway`,
  );

  const soakResult = durationS > 0 ? await soak(fleet, deviceIds) : undefined;
  const stormResult = args['skip-restart'] ? undefined : await storm(fleet);

  // ---- figures ----
  console.log('\n| figure | value |\n|---|---|');
  const row = (name: string, value: string) => console.log(`| ${name} | ${value} |`);
  row('agents (worker processes)', `${agentCount} (${args.workers})`);
  row('load average at the end (1 min)', loadAverage());
  row('heartbeat interval (jitter ±50 %)', `${heartbeatS} s`);
  row('first connection of all agents (ramp)', `${connectS.toFixed(1)} s (${rampS} s)`);
  if (soakResult) {
    const r = soakResult;
    row('soak duration (agents connected at its start)', `${r.elapsed.toFixed(0)} s (${r.connectedAtStart})`);
    row('unexpected disconnects during the soak', `${r.closed} (close codes: ${tally(r.closeCodes)})`);
    row('fewest agents connected at a sample', String(r.minConnected));
    row('heartbeats sent / s (mean)', r.sentPerS.toFixed(0));
    row('heartbeats stored / s (device rows written by the presence flush, mean)', r.storedPerS.toFixed(0));
    row(`devices seen in the last ${r.freshWindow} s at the end`, `${r.freshDevices} of ${agentCount}`);
    row('server CPU (100 % = one core), mean / max', `${r.cpuMean.toFixed(1)} % / ${r.cpuMax.toFixed(1)} %`);
    row(
      'server RSS first sample / last / peak (VmHWM)',
      `${mib(r.rssFirst)} / ${mib(r.rssLast)} / ${mib(r.rssPeak)} MiB`,
    );
    row('agent workers CPU, mean (all workers)', `${r.workersCpu.toFixed(1)} %`);
    row('PostgreSQL backends of the bench database CPU, mean', `${r.postgresCpu.toFixed(1)} %`);
    row('machine busy, mean (all cores, everything running)', `${r.machine.toFixed(0)} %`);
  }
  if (stormResult) {
    const r = stormResult;
    row('restart: old server exit after SIGTERM', `${r.stopS.toFixed(1)} s`);
    row('restart: new server answers /healthz after SIGTERM', `${r.readyS.toFixed(1)} s`);
    row(
      'restart: all agents connected again after SIGTERM (after ready)',
      r.isComplete
        ? `${r.allS.toFixed(1)} s (${r.afterReadyS.toFixed(1)} s)`
        : `not all: ${r.connected} after ${r.allS.toFixed(0)} s`,
    );
    row('restart: agent back after SIGTERM p50 / p95', `${r.p50.toFixed(1)} s / ${r.p95.toFixed(1)} s`);
    row(
      'restart: failed connection attempts (errors) / refused handshakes',
      `${r.connectFailures} (${tally(r.errors)}) / ${r.refusals}`,
    );
    row('restart: close codes seen by the agents', tally(r.closeCodes));
    row(
      'restart: new server CPU max (1 s samples) / mean until all back',
      `${r.cpuMax.toFixed(0)} % / ${r.cpuMean.toFixed(0)} %`,
    );
    row('restart: new server RSS max', `${mib(r.rssMax)} MiB`);
    row(`disconnects in the ${r.settleS} s after`, `${r.lateCloses} (${r.connectedAfterSettle} connected)`);
  }

  // ---- issue 5's goals ----
  const verdict = (isMet: boolean) => (isMet ? 'met' : 'MISSED');
  console.log('\ngoals:');
  if (soakResult) {
    const peak = soakResult.rssPeak ?? soakResult.rssLast;
    const isClean = soakResult.closed === 0 && soakResult.connectedAtStart === agentCount;
    console.log(`  ${agentCount} agents held without unexpected disconnect: ${verdict(isClean)}`);
    console.log(`  server RSS under 1 GiB: ${verdict(peak < 2 ** 30)} (peak ${mib(peak)} MiB)`);
  }
  if (stormResult) {
    const isMet = stormResult.isComplete && stormResult.allS < 60;
    console.log(
      `  every agent back within 60 s of the restart: ${verdict(isMet)} (${stormResult.allS.toFixed(1)} s)`,
    );
  }
} finally {
  await cleanUp();
}
process.exit(0);
