// Job dispatch latency and fan-out (issue 6): one server process on PostgreSQL (or two on NATS, the
// agents split across them), N simulated agents (sim-agents.ts) that answer jobs (job-hooks.ts), then
//  a. dispatch latency: ACTION script jobs at a fixed rate (open loop: each submission starts at its planned
//     time, whatever the answers before it), each one POST /webapp/submit/job for one random connected
//     device; the headline latency = the agent's receive time - the time the request was sent (what a
//     technician waits from the click); beside it, receive - the time the HTTP answer arrived;
//  b. fan-out: one submission with a job for every agent; the time from the answer to the last agent
//     receiving its job, and from the agents' results to all of them stored (COMPLETED in the database).
//
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/rmm_bench_jobs \
//   node --import tsx bench/src/job-dispatch.ts [--agents 10000] [--rate 100] [--duration 60] ...
//   two server processes: NATS_URL=nats://127.0.0.1:4222 ... --servers 2
// (--help lists the options). The database must exist; agents enrolled by an earlier run are reused.
// The bench database's jobs (and their history) are deleted at the start, so every run starts equal.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SUBMIT_JOB_PATH, SUBMIT_MAX_JOBS, type SubmitJobResponse } from '@rmm/domain';
import { openDatabase } from '@rmm/server';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { signInAdmin } from './admin-session.ts';
import {
  JOB_HOOKS_CONFIGURE,
  JOB_HOOKS_FLUSH,
  JOB_TIMES_REPORT,
  type JobHooksConfig,
  type JobHooksCounts,
  type JobTimesBatch,
} from './job-hooks.ts';
import {
  cpuMeter,
  loadAverage,
  machineDescription,
  machineMeter,
  readProcess,
  repoRoot,
  type ServerProcess,
  startServer,
} from './server-process.ts';
import {
  createEnrolmentToken,
  enrolAgents,
  type Fleet,
  type SimIdentity,
  signIn,
  startFleet,
} from './sim-agents.ts';

const usage = `Options:
  --agents N               simulated agents (default 10000)
  --servers 1|2            server processes; 2 needs NATS_URL (default 1)
  --workers N              agent worker processes in all (default 4)
  --rate N                 dispatch phase: submissions per second (default 100)
  --duration S             dispatch phase: seconds of submitting (default 60; 0 skips the phase)
  --dispatch-warmup S      dispatch phase: seconds of submitting at the rate before the measured ones
                           (default 5): the server's first jobs after its start (code compiled on first
                           use, an empty jobs table) are printed apart, not counted in the figures
  --concurrency N          dispatch phase: submissions in flight at most, a safety bound; a submission
                           that waits for it starts late and is counted (default 64)
  --fanout N               fan-out phase: jobs in the one submission, one per agent (default: all agents; 0 skips)
  --no-reply               the agents acknowledge jobs but send no result
  --heartbeat S            HEARTBEAT_INTERVAL_SECONDS of the server (default 30, the server's default)
  --warmup S               seconds after all agents connected before measuring (default 30)
  --settle S               seconds to wait for late receipts and results after a phase (default 30)
  --ramp S                 first connections spread over S seconds (default agents/200)
  --connect-timeout S      give up waiting for the agents after S s (default 600)
  --port N                 port of the first server (the second gets N+1; default 18090)
  --state FILE             enrolled identities (default bench/.state/agents-<database>.json)
  --log FILE               server log (default bench/.state/job-dispatch-server<N>.log)
  --profile DIR            write a CPU profile of each server process into DIR (node --cpu-prof)
  --consoles N             console /events sockets (signed in as the administrator) held open on each
                           server, as technicians watching would (default 0: no console, so no server
                           decodes the job.updated events)
  --timeline               print the dispatch latency second by second (p50 / max)
  --server-node-args A     extra node arguments of the server processes, space-separated (e.g.
                           --server-node-args="--trace-gc"; the server's log gets what they print)
  --nice N                 run the load generator (this client and the agent workers) at nice N (0-19,
                           default 0), so that on a shared machine it takes the CPU the server and
                           PostgreSQL leave, as a fleet on other machines would; printed with the figures`;

const { values: args } = parseArgs({
  options: {
    agents: { type: 'string', default: '10000' },
    servers: { type: 'string', default: '1' },
    workers: { type: 'string', default: '4' },
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '60' },
    'dispatch-warmup': { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '64' },
    fanout: { type: 'string' },
    'no-reply': { type: 'boolean', default: false },
    heartbeat: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '30' },
    settle: { type: 'string', default: '30' },
    ramp: { type: 'string' },
    'connect-timeout': { type: 'string', default: '600' },
    port: { type: 'string', default: '18090' },
    state: { type: 'string' },
    log: { type: 'string' },
    profile: { type: 'string' },
    consoles: { type: 'string', default: '0' },
    timeline: { type: 'boolean', default: false },
    nice: { type: 'string', default: '0' },
    'server-node-args': { type: 'string', default: '' },
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
const serverCount = Number(args.servers);
if (serverCount !== 1 && serverCount !== 2) throw new Error('--servers is 1 or 2');
const natsUrl = process.env.NATS_URL;
if (serverCount === 2 && !natsUrl) throw new Error('--servers 2 needs NATS_URL (e.g. nats://127.0.0.1:4222)');
const agentCount = Number(args.agents);
const rate = Number(args.rate);
const durationS = Number(args.duration);
const dispatchWarmupS = Number(args['dispatch-warmup']);
const concurrency = Number(args.concurrency);
const fanoutCount = Math.min(Number(args.fanout ?? agentCount), agentCount);
const isReplying = !args['no-reply'];
const niceness = Number(args.nice);
if (!Number.isInteger(niceness) || niceness < 0 || niceness > 19) throw new Error('--nice takes 0 to 19');
const settleS = Number(args.settle);
const rampS = args.ramp === undefined ? agentCount / 200 : Number(args.ramp);
const databaseName = new URL(databaseUrl).pathname.slice(1) || 'postgres';
const stateFile = path.resolve(args.state ?? path.join(repoRoot, `bench/.state/agents-${databaseName}.json`));
const logFile = (n: number) =>
  path.resolve(
    args.log
      ? `${args.log}${n === 0 ? '' : `.${n}`}`
      : path.join(repoRoot, `bench/.state/job-dispatch-server${n}.log`),
  );
const hooksModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'job-hooks.ts');
const admin = { email: 'bench@local', password: 'bench password' };
const serverEnv = {
  HEARTBEAT_INTERVAL_SECONDS: args.heartbeat,
  // The bench enrols thousands of agents from one address: the per-address limit (600/min) is raised.
  ENROLL_RATE_PER_MINUTE: '1000000',
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  // One server: the in-process bus even when the bench's own environment names a NATS.
  NATS_URL: serverCount === 2 ? natsUrl! : '',
  // Its own subjects, so that nothing else on this NATS hears the bench.
  NATS_SUBJECT_PREFIX: `benchjobs${process.pid}`,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : Number.NaN;
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : '-');
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    min: sorted[0] ?? Number.NaN,
  };
};
type Summary = ReturnType<typeof summary>;
const fourFigures = (s: Summary) => `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)} / ${ms(s.max)}`;

const cleanups: (() => Promise<unknown>)[] = [];
const cleanUp = async () => {
  for (const step of cleanups.reverse()) await step().catch(() => {});
  cleanups.length = 0;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));
}

// ---- the servers and the database ----

console.log(`machine: ${machineDescription()}, load average ${loadAverage()}`);
console.log(
  `${agentCount} agents, ${serverCount} server process${serverCount === 2 ? 'es (NATS)' : ' (in-process bus)'}, ` +
    `${args.workers} agent workers, heartbeat ${args.heartbeat} s, agents ${isReplying ? 'send results' : 'only acknowledge'}` +
    (niceness ? `, load generator at nice ${niceness}` : ''),
);

const database = await openDatabase({ driver: 'postgres', url: databaseUrl, poolSize: 2 });
cleanups.push(() => database.close());
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const servers: ServerProcess[] = [];
process.on('exit', () => {
  for (const server of servers) server.kill();
});
for (let n = 0; n < serverCount; n++) {
  // One after the other: the first one migrates the database.
  const server = await startServer({
    port: Number(args.port) + n,
    databaseUrl,
    env: serverEnv,
    logFile: logFile(n),
    nodeArgs: [
      ...args['server-node-args'].split(' ').filter(Boolean),
      ...(args.profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(args.profile)] : []),
    ],
  });
  servers.push(server);
  cleanups.push(() => server.stop());
  console.log(
    `server ${n} pid ${server.pid} at ${server.url}, ready in ${seconds(server.readyAt - server.spawnedAt)} s`,
  );
}

const deleted = await rows<{ n: number }>(
  sql`with d as (delete from jobs returning 1) select count(*)::int as n from d`,
);
console.log(`deleted ${deleted[0]?.n ?? 0} jobs of earlier runs`);

/**
 * The development machine's PostgreSQL runs with autovacuum off, so nothing removes the dead rows
 * of heartbeats (devices) and job updates: the bench vacuums the tables it writes at the start and
 * before each phase, about what autovacuum would do with its defaults (a 10,000-row table once a
 * minute under this load).
 */
const vacuum = async () => {
  const started = performance.now();
  await database.db.execute(sql`vacuum analyze devices, jobs, job_history, activities`);
  return performance.now() - started;
};
console.log(`vacuumed devices, jobs, job_history and activities in ${seconds(await vacuum())} s`);

// ---- identities: reuse the ones still in this database, enrol the rest (as agent-soak.ts) ----

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

const ensureIdentities = async () => {
  let identities = await loadIdentities();
  if (identities.length >= agentCount) return identities.slice(0, agentCount);
  const missing = agentCount - identities.length;
  const session = await signIn(servers[0]!.url, admin.email, admin.password);
  const { token } = await createEnrolmentToken(session, 'Simulated agents');
  const started = performance.now();
  let lastPrinted = started;
  const enrolled = await enrolAgents({
    serverUrl: servers[0]!.url,
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
  identities = [...identities, ...enrolled];
  fs.mkdirSync(path.dirname(stateFile), { recursive: true });
  fs.writeFileSync(stateFile, JSON.stringify(identities), { mode: 0o600 });
  console.log(`enrolled ${missing} agents in ${seconds(performance.now() - started)} s`);
  return identities;
};

// ---- the job client: one signed-in administrator per server, its answers timed ----

const login = (serverUrl: string) => signInAdmin(serverUrl, admin);
type Client = Awaited<ReturnType<typeof login>>;

type Submitted = { sentAt: number; answeredAt: number; jobUids: string[]; bodyBytes: number };

const scriptJob = (jobName: string) => ({
  jobType: 'ACTION',
  jobName,
  content: { script: { language: 'sh', code: 'echo bench' } },
});

const submit = async (client: Client, nodes: { nodeId: number; jobs: unknown[] }[]): Promise<Submitted> => {
  const body = JSON.stringify({ nodes });
  const sentAt = Date.now();
  const response = await fetch(new URL(SUBMIT_JOB_PATH, client.serverUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: client.origin, cookie: client.cookie },
    body,
  });
  const text = await response.text();
  const answeredAt = Date.now();
  if (!response.ok) throw new Error(`submit: ${response.status} ${text.slice(0, 300)}`);
  const answer = JSON.parse(text) as SubmitJobResponse;
  const jobUids = answer.nodes.flatMap((node) => node.jobs.map((job) => job.jobUid));
  return { sentAt, answeredAt, jobUids, bodyBytes: Buffer.byteLength(body) };
};

// ---- consoles watching: /events sockets that count the job.updated events they receive ----

const consoleEvents = { sockets: 0, jobUpdates: 0 };
const openConsole = (client: Client) =>
  new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${client.serverUrl.replace('http', 'ws')}/events`, {
      headers: { cookie: client.cookie, origin: client.origin },
    });
    socket.on('message', (data) => {
      const text = data.toString();
      if (text.includes('"type":"ready"')) return resolve(socket);
      if (text.includes('"type":"job.updated"')) consoleEvents.jobUpdates++;
    });
    socket.once('error', reject);
  });

// ---- what the agents report ----

const received = new Map<string, number>();
const replied = new Map<string, number>();
const stored = new Map<string, number>();
const onReport = (_worker: number, kind: string, data: unknown) => {
  if (kind !== JOB_TIMES_REPORT) return;
  const batch = data as JobTimesBatch;
  for (const [jobUid, at] of batch.received) received.set(jobUid, at);
  for (const [jobUid, at] of batch.replied) replied.set(jobUid, at);
  for (const [jobUid, at] of batch.stored) stored.set(jobUid, at);
};

const fleets: Fleet[] = [];
const allFleets = {
  connected: () => fleets.reduce((n, f) => n + f.status().connected, 0),
  pids: () => fleets.flatMap((f) => f.pids()),
  command: async <T>(name: string, data?: unknown) =>
    (await Promise.all(fleets.map((f) => f.command<T>(name, data)))).flat(),
  /** Every time taken so far has reached this process. */
  flush: async () => {
    const counts = await allFleets.command<JobHooksCounts>(JOB_HOOKS_FLUSH);
    return counts.reduce((sum, c) => {
      for (const key of Object.keys(sum) as (keyof JobHooksCounts)[]) sum[key] += c[key];
      return sum;
    });
  },
};

/** Waits until `isDone` holds (checked every 100 ms after a flush of the agents' times) or the timeout passed. */
const waitUntil = async (isDone: () => boolean | Promise<boolean>, timeoutMs: number) => {
  const until = performance.now() + timeoutMs;
  for (;;) {
    await allFleets.flush();
    if (await isDone()) return true;
    if (performance.now() >= until) return false;
    await sleep(100);
  }
};

/**
 * CPU % (100 = one core) of a changing set of processes from /proc, sampled every second: a process
 * first seen after the start (a PostgreSQL backend the pool opened meanwhile) counts from its start.
 */
const changingPidsMeter = (pids: () => Promise<number[]>) => {
  const last = new Map<number, number>();
  let used = 0;
  let startedAt = performance.now();
  const tick = async (isFirst: boolean) => {
    for (const pid of await pids().catch(() => [] as number[])) {
      const cpu = readProcess(pid)?.cpuSeconds;
      if (cpu === undefined) continue;
      if (!isFirst) used += cpu - (last.get(pid) ?? 0);
      last.set(pid, cpu);
    }
  };
  const first = tick(true);
  const timer = setInterval(() => void tick(false), 1000);
  return async () => {
    await first;
    clearInterval(timer);
    await tick(false);
    const seconds = (performance.now() - startedAt) / 1000;
    const percent = seconds > 0 ? (100 * used) / seconds : 0;
    used = 0;
    startedAt = performance.now();
    return percent;
  };
};

/** CPU of the servers, the PostgreSQL backends of the bench database, the agent workers, this process and the machine. */
const startMeters = async () => {
  const backends = async () =>
    (
      await rows<{ pid: number }>(
        sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      )
    ).map((b) => b.pid);
  const meters = {
    servers: cpuMeter(() => servers.map((s) => s.pid)),
    postgres: changingPidsMeter(backends),
    agents: cpuMeter(() => allFleets.pids()),
    bench: cpuMeter(() => [process.pid]),
    machine: machineMeter(),
  };
  return async () => ({
    servers: meters.servers(),
    postgres: await meters.postgres(),
    agents: meters.agents(),
    bench: meters.bench(),
    machine: meters.machine(),
  });
};
type CpuReading = Awaited<ReturnType<Awaited<ReturnType<typeof startMeters>>>>;
const cpuText = (c: CpuReading) =>
  `servers ${c.servers.toFixed(0)} %, PostgreSQL ${c.postgres.toFixed(0)} %, agent workers ${c.agents.toFixed(0)} %, ` +
  `bench client ${c.bench.toFixed(0)} %, ` +
  `machine ${c.machine.toFixed(0)} % busy (all cores)`;

// ---- a. dispatch latency ----

const dispatchPhase = async (clients: Client[], deviceIds: number[]) => {
  const warmupCount = Math.round(rate * dispatchWarmupS);
  const total = warmupCount + Math.round(rate * durationS);
  const intervalMs = 1000 / rate;
  const runTag = Date.now().toString(36);
  const done: (Submitted & { index: number })[] = [];
  const failures: string[] = [];
  let inFlight = 0;
  let maxLagMs = 0;
  /** Submissions that started more than 5 ms after their planned time (the bench or the bound held them). */
  let lateStarts = 0;
  let lastStartAt = 0;
  const slotFreed = new Set<() => void>();
  let meters: (() => Promise<CpuReading>) | undefined;
  console.log(
    `\ndispatch: ${total - warmupCount} submissions, ${rate}/s for ${durationS} s after ${dispatchWarmupS} s of ` +
      `warm-up at that rate, at most ${concurrency} in flight`,
  );
  const started = performance.now();
  let measuredFrom = started;
  const tasks: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (i === warmupCount) {
      meters = await startMeters();
      measuredFrom = performance.now();
    }
    while (inFlight >= concurrency) await new Promise<void>((resolve) => slotFreed.add(resolve));
    lastStartAt = performance.now();
    const lagMs = lastStartAt - due;
    maxLagMs = Math.max(maxLagMs, lagMs);
    if (lagMs > 5) lateStarts++;
    inFlight++;
    const nodeId = deviceIds[Math.floor(Math.random() * deviceIds.length)]!;
    const client = clients[i % clients.length]!;
    tasks.push(
      submit(client, [{ nodeId, jobs: [scriptJob(`bench dispatch ${runTag} ${i}`)] }])
        .then((s) => void done.push({ ...s, index: i }))
        .catch((error: Error) => void failures.push(error.message))
        .finally(() => {
          inFlight--;
          for (const wake of slotFreed) wake();
          slotFreed.clear();
        }),
    );
    if (i > 0 && i % (rate * 10) === 0)
      console.log(`  ${seconds(performance.now() - started)} s: ${i} submitted, ${received.size} received`);
  }
  await Promise.all(tasks);
  // The rate at which submissions were started (each one's answer is not waited for).
  const submitS = (lastStartAt - measuredFrom + intervalMs) / 1000;
  const warmups = done.filter((s) => s.index < warmupCount);
  const measured = done.filter((s) => s.index >= warmupCount);
  const jobUids = done.flatMap((s) => s.jobUids);
  await waitUntil(() => jobUids.every((uid) => received.has(uid)), settleS * 1000);
  const cpu = await meters!();
  if (isReplying) await waitUntil(() => jobUids.every((uid) => stored.has(uid)), settleS * 1000);
  const latency: number[] = [];
  const fromRequest: number[] = [];
  const warmupFromRequest = warmups.flatMap((s) =>
    s.jobUids.flatMap((uid) => (received.has(uid) ? [received.get(uid)! - s.sentAt] : [])),
  );
  if (warmups.length > 0)
    console.log(
      `  warm-up (${warmups.length} submissions, not counted): request sent -> agent received ` +
        fourFigures(summary(warmupFromRequest)),
    );
  for (const s of measured) {
    for (const uid of s.jobUids) {
      const at = received.get(uid);
      if (at === undefined) continue;
      latency.push(at - s.answeredAt);
      fromRequest.push(at - s.sentAt);
    }
  }
  if (args.timeline) {
    // Request-to-agent latency second by second: a stall shows as a second whose max stands out.
    const bySecond = new Map<number, number[]>();
    const firstSentAt = Math.min(...measured.map((s) => s.sentAt));
    for (const s of measured)
      for (const uid of s.jobUids) {
        const at = received.get(uid);
        if (at === undefined) continue;
        const second = Math.floor((s.sentAt - firstSentAt) / 1000);
        bySecond.set(second, [...(bySecond.get(second) ?? []), at - s.sentAt]);
      }
    console.log('  timeline (second: p50 / max ms):');
    const line = [...bySecond.entries()]
      .sort(([a], [b]) => a - b)
      .map(([second, values]) => {
        const stats = summary(values);
        return `${second}:${stats.p50.toFixed(0)}/${stats.max.toFixed(0)}`;
      });
    for (let n = 0; n < line.length; n += 10) console.log(`    ${line.slice(n, n + 10).join('  ')}`);
  }
  const [pending] = await rows<{ n: number }>(
    sql`select count(*)::int as n from jobs where job_name like ${`bench dispatch ${runTag} %`}
        and status in ('START_REQUESTED', 'IN_PROGRESS', 'CANCEL_REQUESTED')`,
  );
  const result = {
    submitted: measured.length,
    failures,
    achievedRate: measured.length / submitS,
    maxLagMs,
    lateStarts,
    missing: jobUids.filter((uid) => !received.has(uid)).length,
    notStored: isReplying ? jobUids.filter((uid) => !stored.has(uid)).length : 0,
    pendingInDb: pending?.n ?? 0,
    latency: summary(latency),
    fromRequest: summary(fromRequest),
    roundTrip: summary(measured.map((s) => s.answeredAt - s.sentAt)),
    beforeAnswer: latency.filter((l) => l < 0).length,
    cpu,
  };
  console.log(
    `  ${result.submitted} answered (${failures.length} failed) at ${result.achievedRate.toFixed(1)}/s; ` +
      `${result.lateStarts} started over 5 ms late, the most ${result.maxLagMs.toFixed(0)} ms; not received ${result.missing}`,
  );
  console.log(`  request sent -> agent received p50/p95/p99/max: ${fourFigures(result.fromRequest)}`);
  console.log(
    `  answer -> agent received p50/p95/p99/max: ${fourFigures(result.latency)}; min ${ms(result.latency.min)}`,
  );
  console.log(`  submit round trip p50/p95/p99/max: ${fourFigures(result.roundTrip)}`);
  console.log(`  CPU during the phase: ${cpuText(cpu)}`);
  if (failures.length) console.log(`  first failure: ${failures[0]}`);
  return result;
};

// ---- b. fan-out ----

const fanoutPhase = async (client: Client, deviceIds: number[]) => {
  const targets = deviceIds.slice(0, fanoutCount);
  const jobName = `bench fan-out ${Date.now().toString(36)}`;
  const meters = await startMeters();
  console.log(`\nfan-out: one submission of ${targets.length} jobs to ${client.serverUrl}`);
  const submitted = await submit(
    client,
    targets.map((nodeId) => ({ nodeId, jobs: [scriptJob(jobName)] })),
  );
  const answerMs = submitted.answeredAt - submitted.sentAt;
  console.log(`  answered in ${answerMs} ms (request body ${(submitted.bodyBytes / 1024).toFixed(0)} KiB)`);
  const { jobUids } = submitted;
  // Until every job is received and (with results) COMPLETED in the database, or nothing changed for
  // --settle s (a job an agent never got). Polled every 50 ms (a poll takes a few ms); the time a
  // count last grew is when the last job was received / stored.
  let completed = 0;
  let acknowledged = 0;
  let allStoredAt = Number.NaN;
  let lastChange = performance.now();
  let receivedCount = 0;
  const isDone = () => receivedCount === jobUids.length && (!isReplying || completed === jobUids.length);
  while (!isDone() && performance.now() - lastChange < settleS * 1000) {
    await sleep(50);
    await allFleets.flush();
    const nowReceived = jobUids.filter((uid) => received.has(uid)).length;
    if (nowReceived !== receivedCount) lastChange = performance.now();
    receivedCount = nowReceived;
    if (!isReplying) continue;
    // Acknowledgements (no longer START_REQUESTED) count as progress too: they are written first.
    const [row] = await rows<{ completed: number; acknowledged: number }>(
      sql`select count(*) filter (where status = 'COMPLETED')::int as completed,
            count(*) filter (where status <> 'START_REQUESTED')::int as acknowledged
          from jobs where job_name = ${jobName}`,
    );
    if ((row?.acknowledged ?? 0) !== acknowledged) lastChange = performance.now();
    acknowledged = row?.acknowledged ?? 0;
    if ((row?.completed ?? 0) === completed) continue;
    completed = row?.completed ?? 0;
    allStoredAt = Date.now();
    lastChange = performance.now();
  }
  const isAllReceived = receivedCount === jobUids.length;
  const receipts = jobUids.map((uid) => received.get(uid)).filter((t): t is number => t !== undefined);
  const lastReceived = Math.max(...receipts);
  const firstReceived = Math.min(...receipts);
  const cpu = await meters();
  await allFleets.flush();
  const replies = jobUids.map((uid) => replied.get(uid)).filter((t): t is number => t !== undefined);
  const confirmations = jobUids.map((uid) => stored.get(uid)).filter((t): t is number => t !== undefined);
  const lastReply = Math.max(...replies);
  const result = {
    jobs: jobUids.length,
    bodyBytes: submitted.bodyBytes,
    answerMs,
    isAllReceived,
    receivedCount: receipts.length,
    firstAfterAnswer: firstReceived - submitted.answeredAt,
    lastAfterAnswer: lastReceived - submitted.answeredAt,
    lastAfterRequest: lastReceived - submitted.sentAt,
    firstReply: Math.min(...replies) - submitted.answeredAt,
    lastReplyAfterAnswer: lastReply - submitted.answeredAt,
    completed,
    allStoredAfterLastReply: allStoredAt - lastReply,
    allStoredAfterAnswer: allStoredAt - submitted.answeredAt,
    confirmations: confirmations.length,
    lastConfirmationAfterLastReply: Math.max(...confirmations) - lastReply,
    cpu,
  };
  console.log(
    `  received by ${result.receivedCount}/${result.jobs}: first ${ms(result.firstAfterAnswer)}, ` +
      `last ${ms(result.lastAfterAnswer)} after the answer (${ms(result.lastAfterRequest)} after the request)`,
  );
  if (isReplying)
    console.log(
      `  results sent from ${ms(result.firstReply)} to ${ms(result.lastReplyAfterAnswer)} after the answer; ` +
        `${completed} COMPLETED, all ${ms(result.allStoredAfterLastReply)} after the last result ` +
        `(${ms(result.allStoredAfterAnswer)} after the answer); last jobResultStored ` +
        `${ms(result.lastConfirmationAfterLastReply)} after the last result`,
    );
  console.log(`  CPU during the phase: ${cpuText(cpu)}`);
  return result;
};

// ---- run ----

try {
  const identities = await ensureIdentities();
  const clients = await Promise.all(servers.map((s) => login(s.url)));
  for (const client of clients)
    for (let n = 0; n < Number(args.consoles); n++) {
      const socket = await openConsole(client);
      consoleEvents.sockets++;
      cleanups.push(async () => socket.close());
    }
  if (consoleEvents.sockets > 0) console.log(`${consoleEvents.sockets} console sockets open on /events`);
  const perFleet = Math.ceil(identities.length / serverCount);
  // The servers are started: from here this client (and the workers below) yield to them.
  os.setPriority(niceness);
  const workers = Number(args.workers);
  const connectStarted = performance.now();
  for (let n = 0; n < serverCount; n++) {
    const fleet = await startFleet({
      serverUrl: servers[n]!.url,
      identities: identities.slice(n * perFleet, (n + 1) * perFleet),
      workers: Math.max(1, Math.round(workers / serverCount)),
      softwareCount: 20,
      rampMs: (rampS * 1000) / serverCount,
      hooksModule,
      onReport,
    });
    fleets.push(fleet);
    cleanups.push(() => fleet.stop());
    for (const pid of fleet.pids()) os.setPriority(pid, niceness);
  }
  const hooksConfig: Partial<JobHooksConfig> = { reply: isReplying };
  await allFleets.command(JOB_HOOKS_CONFIGURE, hooksConfig);
  const timeoutAt = performance.now() + Number(args['connect-timeout']) * 1000;
  while (allFleets.connected() < identities.length && performance.now() < timeoutAt) await sleep(500);
  const connected = allFleets.connected();
  console.log(
    `${connected} of ${identities.length} agents connected after ${seconds(performance.now() - connectStarted)} s`,
  );
  if (connected < identities.length) throw new Error('not every agent connected');
  const warmupMeters = await startMeters();
  await sleep(Number(args.warmup) * 1000);
  const idle = await warmupMeters();
  console.log(`after ${args.warmup} s of warm-up: ${cpuText(idle)}`);
  const leftovers = await allFleets.flush();
  if (leftovers.received) console.log(`(the agents got ${leftovers.received} jobs queued by an earlier run)`);

  const deviceIds = identities.map((i) => i.deviceId);
  if (durationS > 0) console.log(`vacuum before the dispatch phase: ${seconds(await vacuum())} s`);
  const dispatch = durationS > 0 ? await dispatchPhase(clients, deviceIds) : undefined;
  if (dispatch && fanoutCount > 0) await sleep(5000);
  if (fanoutCount > 0) console.log(`vacuum before the fan-out: ${seconds(await vacuum())} s`);
  if (fanoutCount > SUBMIT_MAX_JOBS) throw new Error(`--fanout above SUBMIT_MAX_JOBS (${SUBMIT_MAX_JOBS})`);
  const fanout = fanoutCount > 0 ? await fanoutPhase(clients[0]!, deviceIds) : undefined;
  const counts = await allFleets.flush();

  // ---- figures ----
  const setup = `${serverCount === 2 ? '2 processes, NATS' : '1 process, in-process bus'}`;
  console.log(`\n| ${setup}: ${agentCount} agents | value |\n|---|---|`);
  const row = (name: string, value: string) => console.log(`| ${name} | ${value} |`);
  row('load average at the end (1 min)', loadAverage());
  row('idle after warm-up (heartbeats only)', cpuText(idle));
  const verdict = (isMet: boolean) => (isMet ? 'met' : 'MISSED');
  const goals: string[] = [];
  if (dispatch) {
    const d = dispatch;
    row(
      'dispatch: submissions (failed) at rate achieved (asked)',
      `${d.submitted} (${d.failures.length}) at ${d.achievedRate.toFixed(1)}/s (${rate}/s), ${d.lateStarts} started over 5 ms late`,
    );
    row('**dispatch: request sent → agent received p50 / p95 / p99 / max**', fourFigures(d.fromRequest));
    row('dispatch: answer → agent received p50 / p95 / p99 / max', fourFigures(d.latency));
    row('dispatch: received before the answer arrived', `${d.beforeAnswer} of ${d.latency.n}`);
    row('dispatch: submit round trip p50 / p95 / p99 / max', fourFigures(d.roundTrip));
    row(
      'dispatch: jobs never received / results not stored / still pending in the database',
      `${d.missing} / ${d.notStored} / ${d.pendingInDb}`,
    );
    row('dispatch: CPU', cpuText(d.cpu));
    goals.push(
      `dispatch from the request p50 < 20 ms: ${verdict(d.fromRequest.p50 < 20)} (${ms(d.fromRequest.p50)})`,
    );
    goals.push(
      `dispatch from the request p99 < 100 ms: ${verdict(d.fromRequest.p99 < 100)} (${ms(d.fromRequest.p99)})`,
    );
    goals.push(
      `dispatch rate ${rate}/s: ${verdict(d.achievedRate >= rate * 0.99)} (${d.achievedRate.toFixed(1)}/s)`,
    );
  }
  if (fanout) {
    const f = fanout;
    row(
      'fan-out: jobs in the submission (request body)',
      `${f.jobs} (${(f.bodyBytes / 1024).toFixed(0)} KiB)`,
    );
    row('fan-out: submit round trip', ms(f.answerMs));
    row(
      'fan-out: first / last agent received it, after the answer',
      `${ms(f.firstAfterAnswer)} / ${ms(f.lastAfterAnswer)}`,
    );
    row('fan-out: received by', `${f.receivedCount} of ${f.jobs}`);
    if (isReplying) {
      row('fan-out: results sent, last one after the answer', ms(f.lastReplyAfterAnswer));
      row(
        'fan-out: COMPLETED in the database; the last one after the last result / after the answer',
        `${f.completed} of ${f.jobs}; ${ms(f.allStoredAfterLastReply)} / ${ms(f.allStoredAfterAnswer)}`,
      );
    }
    row('fan-out: CPU', cpuText(f.cpu));
    goals.push(
      `fan-out: every agent within 5 s of the answer: ${verdict(f.isAllReceived && f.lastAfterAnswer < 5000)} (${ms(f.lastAfterAnswer)})`,
    );
    if (isReplying)
      goals.push(
        `fan-out: all results stored within 5 s of the replies: ${verdict(f.allStoredAfterLastReply < 5000)} (${ms(f.allStoredAfterLastReply)})`,
      );
  }
  if (consoleEvents.sockets > 0)
    row(
      'consoles: sockets / job.updated events received in all',
      `${consoleEvents.sockets} / ${consoleEvents.jobUpdates}`,
    );
  row(
    'agents: jobs received / duplicates / results sent / sent again / stored',
    `${counts.received} / ${counts.duplicates} / ${counts.replied} / ${counts.resent} / ${counts.stored}`,
  );
  console.log(`\ngoals:\n${goals.map((g) => `  ${g}`).join('\n')}`);
} finally {
  await cleanUp();
}
process.exit(0);
