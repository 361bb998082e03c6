// Alert latency (issue 19): one server process on PostgreSQL, N simulated agents (sim-agents.ts) holding a CPU
// condition (one policy, every agent's own) and reporting threshold crossings of it (alert-hooks.ts), each
// agent every --interval seconds, alternately triggered (an alert is raised) and clear (it is reset), at
// random points so the fleet's crossings spread evenly. The latency of a crossing is from the agent's
// observedAt to its `conditionReportStored`, which the server sends after the transaction that raised or reset
// the alert committed (alert row, alert event, activity, device health). Printed: p50 / p95 / p99 / max over the
// measured window, the server's CPU (100 % = one core) and the machine's, and the load average.
//
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/rmm_bench_alerts \
//   node --import tsx bench/src/alert-latency.ts [--agents 10000] [--interval 60] [--duration 120] ...
// (--help lists the options). The database must exist; agents enrolled by an earlier run are reused. The
// alerts, their events and states of earlier runs are deleted at the start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Condition } from '@rmm/domain';
import { openDatabase } from '@rmm/server';
import { sql } from 'drizzle-orm';
import {
  ALERT_HOOKS_COUNT_SETS,
  ALERT_HOOKS_START,
  ALERT_HOOKS_STOP,
  ALERT_TIMES_REPORT,
  type AlertHooksCounts,
  type AlertTimesBatch,
} from './alert-hooks.ts';
import {
  cpuMeter,
  loadAverage,
  machineDescription,
  machineMeter,
  repoRoot,
  type ServerProcess,
  startServer,
} from './server-process.ts';
import { createEnrolmentToken, enrolAgents, type SimIdentity, signIn, startFleet } from './sim-agents.ts';

const usage = `Options:
  --agents N          simulated agents (default 10000)
  --interval S        seconds between one agent's crossings (default 60: 10,000 agents make 167 a second)
  --duration S        measured seconds (default 120)
  --warmup S          seconds of crossings before the measured ones (default 30)
  --settle S          seconds to wait for the last acknowledgements (default 15)
  --workers N         agent worker processes (default 4)
  --heartbeat S       HEARTBEAT_INTERVAL_SECONDS of the server (default 30)
  --ramp S            first connections spread over S seconds (default agents/200)
  --connect-timeout S give up waiting for the agents after S s (default 600)
  --port N            server port (default 18100)
  --nice N            run the load generator (this client and the agent workers) at nice N (0-19, default 0)
  --profile DIR       write a CPU profile of the server into DIR (node --cpu-prof)
  --state FILE        enrolled identities (default bench/.state/agents-<database>.json)
  --log FILE          server log (default bench/.state/alert-latency-server.log)`;

const { values: args } = parseArgs({
  options: {
    agents: { type: 'string', default: '10000' },
    interval: { type: 'string', default: '60' },
    duration: { type: 'string', default: '120' },
    warmup: { type: 'string', default: '30' },
    settle: { type: 'string', default: '15' },
    workers: { type: 'string', default: '4' },
    heartbeat: { type: 'string', default: '30' },
    ramp: { type: 'string' },
    'connect-timeout': { type: 'string', default: '600' },
    port: { type: 'string', default: '18100' },
    nice: { type: 'string', default: '0' },
    state: { type: 'string' },
    log: { type: 'string' },
    profile: { type: 'string' },
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
const intervalS = Number(args.interval);
const durationS = Number(args.duration);
const warmupS = Number(args.warmup);
const settleS = Number(args.settle);
const rampS = args.ramp === undefined ? agentCount / 200 : Number(args.ramp);
const niceness = Number(args.nice);
const databaseName = new URL(databaseUrl).pathname.slice(1) || 'postgres';
const stateFile = path.resolve(args.state ?? path.join(repoRoot, `bench/.state/agents-${databaseName}.json`));
const logFile = path.resolve(args.log ?? path.join(repoRoot, 'bench/.state/alert-latency-server.log'));
const hooksModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'alert-hooks.ts');
const admin = { email: 'bench@local', password: 'bench password' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : Number.NaN;
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : '-');

const cleanups: (() => Promise<unknown>)[] = [];
const cleanUp = async () => {
  for (const step of cleanups.reverse()) await step().catch(() => {});
  cleanups.length = 0;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));

console.log(`machine: ${machineDescription()}, load average ${loadAverage()}`);
console.log(
  `${agentCount} agents, a crossing per agent every ${intervalS} s (${(agentCount / intervalS).toFixed(0)}/s), ` +
    `${args.workers} agent workers, heartbeat ${args.heartbeat} s${niceness ? `, load generator at nice ${niceness}` : ''}`,
);
if (niceness) os.setPriority(niceness);

const database = await openDatabase({ driver: 'postgres', url: databaseUrl, poolSize: 2 });
cleanups.push(() => database.close());
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const server: ServerProcess = await startServer({
  port: Number(args.port),
  databaseUrl,
  logFile,
  nodeArgs: args.profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(args.profile)] : [],
  env: {
    HEARTBEAT_INTERVAL_SECONDS: args.heartbeat,
    ENROLL_RATE_PER_MINUTE: '1000000',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    NATS_URL: '',
    // Every agent flips its condition all run long: flap protection would hold its resets.
    ALERT_FLAP_COUNT: '1000000',
  },
});
process.on('exit', () => server.kill());
cleanups.push(() => server.stop());
console.log(
  `server pid ${server.pid} at ${server.url}, ready in ${seconds(server.readyAt - server.spawnedAt)} s`,
);

await database.db.execute(sql`delete from alerts`);
await database.db.execute(sql`delete from condition_states`);
await database.db.execute(sql`delete from activities where action like 'alert.%'`);
await database.db.execute(sql`update devices set alert_health = 'HEALTHY'`);
await database.db.execute(sql`vacuum analyze devices, alerts, alert_events, condition_states, activities`);

// ---- identities (as job-dispatch.ts: reuse those still in this database, enrol the rest) ----

const loadIdentities = async (): Promise<SimIdentity[]> => {
  if (!fs.existsSync(stateFile)) return [];
  const stored = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as SimIdentity[];
  const present = await rows<{ id: number }>(
    sql`select id from devices where id = any(${sql.param(stored.map((s) => s.deviceId))}::int[])
        and secret_hash is not null`,
  );
  const live = new Set(present.map((r) => r.id));
  return stored.filter((s) => live.has(s.deviceId));
};
let identities = await loadIdentities();
if (identities.length < agentCount) {
  const missing = agentCount - identities.length;
  const session = await signIn(server.url, admin.email, admin.password);
  const { token } = await createEnrolmentToken(session, 'Simulated agents');
  const started = performance.now();
  const enrolled = await enrolAgents({
    serverUrl: server.url,
    token,
    count: missing,
    concurrency: 32,
    hostnamePrefix: `sim-${Date.now().toString(36)}`,
  });
  identities = [...identities, ...enrolled];
  fs.mkdirSync(path.dirname(stateFile), { recursive: true });
  fs.writeFileSync(stateFile, JSON.stringify(identities), { mode: 0o600 });
  console.log(`enrolled ${missing} agents in ${seconds(performance.now() - started)} s`);
}
identities = identities.slice(0, agentCount);

// ---- one policy with a CPU condition, every agent's own (written directly: set before the agents connect) ----

const condition = Condition.parse({
  id: 'b3f5a1e2-0c4d-4e6f-8a9b-1c2d3e4f5a6b',
  name: 'CPU above 90% (bench)',
  type: 'CPU',
  severity: 'MAJOR',
  priority: 'HIGH',
  reset: { mode: 'WHEN_CLEARED' },
  parameters: { thresholdPercent: 90, durationMinutes: 5 },
});
const [policy] = await rows<{ id: number }>(sql`
  insert into policies (name, node_class, conditions) values ('Bench CPU', 'LINUX_SERVER', ${JSON.stringify([condition])}::jsonb)
  on conflict (lower(name)) do update set conditions = excluded.conditions returning id`);
await database.db.execute(sql`
  insert into device_policies (device_id, policy_id)
  select unnest(${sql.param(identities.map((i) => i.deviceId))}::int[]), ${policy!.id}::int
  on conflict (device_id) do update set policy_id = excluded.policy_id`);
console.log(`policy ${policy!.id} with one CPU condition set on ${identities.length} devices`);

// ---- the fleet ----

const times: AlertTimesBatch = [];
const fleet = await startFleet({
  serverUrl: server.url,
  identities,
  workers: Number(args.workers),
  agentArgs: ['--heartbeat-seconds', args.heartbeat],
  softwareCount: 20,
  rampMs: rampS * 1000,
  hooksModule,
  onReport: (_worker, kind, data) => {
    if (kind === ALERT_TIMES_REPORT) times.push(...(data as AlertTimesBatch));
  },
});
cleanups.push(() => fleet.stop());
if (niceness) for (const pid of fleet.pids()) os.setPriority(pid, niceness);
const connectStarted = performance.now();
await fleet.waitFor((s) => s.connected >= agentCount, Number(args['connect-timeout']) * 1000);
console.log(`${agentCount} agents connected in ${seconds(performance.now() - connectStarted)} s`);
for (;;) {
  const counts = await fleet.command<AlertHooksCounts>(ALERT_HOOKS_COUNT_SETS);
  const sets = counts.reduce((sum, c) => sum + c.sets, 0);
  if (sets >= agentCount) break;
  if (performance.now() - connectStarted > Number(args['connect-timeout']) * 1000)
    throw new Error(`only ${sets} agents got their condition set`);
  await sleep(1000);
}
console.log(
  `every agent holds its condition set, ${seconds(performance.now() - connectStarted)} s after the start`,
);

// ---- crossings: warm-up, then the measured window ----

await fleet.command(ALERT_HOOKS_START, { intervalMs: intervalS * 1000 });
await sleep(warmupS * 1000);
const serverCpu = cpuMeter(() => [server.pid]);
const machineCpu = machineMeter();
const loadAtStart = loadAverage();
const windowStart = Date.now();
const samples: { server: number; machine: number }[] = [];
for (let elapsed = 0; elapsed < durationS; elapsed += 10) {
  await sleep(Math.min(10, durationS - elapsed) * 1000);
  samples.push({ server: serverCpu(), machine: machineCpu() });
  const done = times.filter(([observed]) => observed >= windowStart).length;
  console.log(
    `  ${elapsed + 10} s: server CPU ${samples.at(-1)!.server.toFixed(0)} %, machine ${samples.at(-1)!.machine.toFixed(0)} %, ` +
      `${done} crossings stored, load ${loadAverage()}`,
  );
}
const windowEnd = Date.now();
const loadAtEnd = loadAverage();
await fleet.command<AlertHooksCounts>(ALERT_HOOKS_STOP);
await sleep(settleS * 1000);
const counts = await fleet.command<AlertHooksCounts>(ALERT_HOOKS_COUNT_SETS);

const measured = times.filter(([observed]) => observed >= windowStart && observed < windowEnd);
const latencies = measured.map(([observed, stored]) => stored - observed).sort((a, b) => a - b);
const raised = measured.filter(([, , triggered]) => triggered === 1).length;
const sent = counts.reduce((sum, c) => sum + c.sent, 0);
const stored = counts.reduce((sum, c) => sum + c.stored, 0);
const duplicates = await rows<{ n: number }>(sql`
  select count(*)::int as n from (select 1 from alerts where status = 'ACTIVE'
    group by device_id, condition_id, instance having count(*) > 1) d`);
const [alertCount] = await rows<{ alerts: number; events: number }>(sql`
  select (select count(*)::int from alerts) as alerts, (select count(*)::int from alert_events) as events`);
const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);

console.log('');
console.log(
  `measured ${seconds(windowEnd - windowStart)} s: ${measured.length} crossings (${raised} raised, ${measured.length - raised} reset), ${(measured.length / ((windowEnd - windowStart) / 1000)).toFixed(0)}/s`,
);
console.log(
  `latency observedAt -> stored (p50 / p95 / p99 / max): ${ms(percentile(latencies, 0.5))} / ${ms(percentile(latencies, 0.95))} / ${ms(percentile(latencies, 0.99))} / ${ms(latencies.at(-1) ?? Number.NaN)}`,
);
console.log(
  `server CPU ${mean(samples.map((s) => s.server)).toFixed(0)} % average, ${Math.max(...samples.map((s) => s.server)).toFixed(0)} % highest 10 s; machine ${mean(samples.map((s) => s.machine)).toFixed(0)} %`,
);
console.log(`load average ${loadAtStart} at the start of the window, ${loadAtEnd} at its end`);
console.log(
  `reports sent ${sent}, stored ${stored}, not acknowledged ${settleS} s after the last ${sent - stored}; alert rows ${alertCount?.alerts}, events ${alertCount?.events}; keys with two ACTIVE alerts: ${duplicates[0]?.n ?? 0}`,
);
await cleanUp();
process.exit(0);
