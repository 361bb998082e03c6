// Scheduled tasks (issue 15): the fan-out of one run to every device of an organization, and one occurrence
// fired once by two server processes. On a PostgreSQL database of its own (created at the start, dropped at
// the end), two server processes (NATS between them, as a cluster runs):
//  a. RUN_IMMEDIATELY: an organization with N devices (seeded through SQL, no agents: offline, so with the
//     RUN_WHEN_ONLINE policy every job is queued and stored), a library script (POST /scripts), then a task
//     targeting the organization (POST /scheduled-tasks); the time from the POST until the run's jobs are all
//     stored (GET /scheduled-tasks/:id/runs/:runId answers deviceCount N, and the jobs table holds N jobs);
//  b. DAILY: a task on the same organization whose occurrence is made due by setting its next_run_at in the
//     past through SQL (what the clock would do at 17:00), --rounds times; both processes' schedulers look
//     every --scheduler-ms; each occurrence must give one run, with N jobs.
//
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 \
//   node --import tsx bench/src/scheduled-task-fanout.ts [--devices 2000] [--rounds 3] ...
// (--help lists the options). DATABASE_URL names the server to create the bench database on (its own
// database is only used to create and drop it).
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  apiPaths,
  type ListTaskRunsResponse,
  type SaveScheduledTaskRequest,
  type SaveScriptRequest,
  type ScheduledTaskResponse,
  type ScriptResponse,
  type TaskRunResponse,
} from '@rmm/domain';
import { openDatabase } from '@rmm/server';
import { sql } from 'drizzle-orm';
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

const usage = `Options:
  --devices N        devices in the organization (default 2000)
  --rounds N         DAILY occurrences made due, one after the other (default 3)
  --scheduler-ms N   SCHEDULER_INTERVAL_MS of both servers (default 500; the server's default is 15000)
  --timeout S        give up waiting for a run after S s (default 300)
  --port N           port of the first server (the second gets N+1; default 18300)
  --keep             keep the bench database (default: dropped at the end)`;

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
    'scheduler-ms': { type: 'string', default: '500' },
    timeout: { type: 'string', default: '300' },
    port: { type: 'string', default: '18300' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(usage);
  process.exit(0);
}

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl)
  throw new Error('Set DATABASE_URL to a PostgreSQL server (the bench creates its own database)');
const natsUrl = process.env.NATS_URL;
if (!natsUrl)
  throw new Error('Set NATS_URL (e.g. nats://127.0.0.1:4222): the bench runs two server processes');
const deviceCount = Number(args.devices);
const rounds = Number(args.rounds);
const timeoutMs = Number(args.timeout) * 1000;
const databaseName = `rmm_bench_tasks_${process.pid}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
const admin = { email: 'bench@local', password: 'bench password' };
const serverEnv = {
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  SCHEDULER_INTERVAL_MS: args['scheduler-ms'],
  NATS_URL: natsUrl,
  // Its own subjects, so that nothing else on this NATS hears the bench.
  NATS_SUBJECT_PREFIX: `benchtasks${process.pid}`,
  // The seeded devices have no agents: the DOWN sweep has nothing to do with them.
  LOG_LEVEL: 'warn',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const cpuText = (figures: Record<string, number>) =>
  Object.entries(figures)
    .map(([name, value]) => `${name} ${value.toFixed(0)} %`)
    .join(', ');

const cleanups: (() => Promise<unknown>)[] = [];
const cleanUp = async () => {
  for (const step of cleanups.reverse()) await step().catch(() => {});
  cleanups.length = 0;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));
}

// ---- the bench database, the servers ----

console.log(`machine: ${machineDescription()}, load average ${loadAverage()}`);
console.log(
  `${deviceCount} devices (no agents, offline: jobs queued), 2 server processes (NATS), scheduler every ${args['scheduler-ms']} ms`,
);

const adminClient = new pg.Client({ connectionString: adminUrl });
await adminClient.connect();
await adminClient.query(`create database ${databaseName}`);
cleanups.push(async () => {
  if (!args.keep) await adminClient.query(`drop database if exists ${databaseName} with (force)`);
  else console.log(`kept the database ${databaseName}`);
  await adminClient.end();
});

const servers: ServerProcess[] = [];
process.on('exit', () => {
  for (const server of servers) server.kill();
});
for (let n = 0; n < 2; n++) {
  // One after the other: the first one migrates the database.
  const server = await startServer({
    port: Number(args.port) + n,
    databaseUrl,
    env: serverEnv,
    logFile: path.join(repoRoot, `bench/.state/scheduled-task-fanout-server${n}.log`),
  });
  servers.push(server);
  cleanups.push(() => server.stop());
  console.log(
    `server ${n} pid ${server.pid} at ${server.url}, ready in ${seconds(server.readyAt - server.spawnedAt)} s`,
  );
}

const database = await openDatabase({ driver: 'postgres', url: databaseUrl, poolSize: 2 });
cleanups.push(() => database.close());
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const pgPid = async () =>
  (await rows<{ pid: number }>(sql`select pid from pg_stat_activity where datname = current_database()`)).map(
    (r) => r.pid,
  );
const startMeters = async () => {
  const postgresPids = await pgPid();
  const server = cpuMeter(() => servers.map((s) => s.pid));
  const postgres = cpuMeter(() => postgresPids);
  const machine = machineMeter();
  return () => ({ servers: server(), 'PostgreSQL (bench database)': postgres(), machine: machine() });
};

// ---- the organization and its devices ----

const seedStarted = performance.now();
const [organization] = await rows<{ id: number }>(
  sql`insert into organizations (name) values ('Bench tasks') returning id`,
);
await database.db.execute(sql`
  insert into devices (organization_id, display_name, hostname, status, platform, os_name, os_version)
  select ${organization!.id}, 'TASK-' || g, 'task-host-' || g, 'DOWN', 'linux', 'Debian GNU/Linux', '12'
  from generate_series(1, ${deviceCount}) g`);
await database.db.execute(sql`vacuum analyze devices`);
console.log(`seeded ${deviceCount} devices in ${seconds(performance.now() - seedStarted)} s`);

// ---- HTTP as the administrator ----

const login = (serverUrl: string) => signInAdmin(serverUrl, admin);
type Client = Awaited<ReturnType<typeof login>>;

const call = async <T>(client: Client, method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(new URL(path, client.serverUrl), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      origin: client.origin,
      cookie: client.cookie,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
};

const jobsOfTask = async (taskId: number) =>
  (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from jobs where (data->>'scheduledTaskId')::int = ${taskId}`,
    )
  )[0]?.n ?? 0;

const runsOfTask = async (client: Client, taskId: number) =>
  (await call<ListTaskRunsResponse>(client, 'GET', `${apiPaths.scheduledTaskRuns(taskId)}?pageSize=100`))
    .data;

// ---- run ----

type Fanout = { postMs: number; storedMs: number; runDetailMs: number; jobs: number; cpu: string };
type Daily = { round: number; storedMs: number; runs: number; jobs: number };

try {
  const client = await login(servers[0]!.url);
  const script: SaveScriptRequest = {
    name: 'Bench: echo',
    language: 'sh',
    operatingSystems: ['LINUX'],
    code: 'echo bench',
  };
  const { script: saved } = await call<ScriptResponse>(client, 'POST', apiPaths.scripts(), script);
  const task = (name: string, scheduleType: 'RUN_IMMEDIATELY' | 'DAILY'): SaveScheduledTaskRequest => ({
    name,
    schedule: { scheduleType, timeZone: 'UTC' },
    actions: [{ scriptId: saved.id }],
    targets: { organizationIds: [organization!.id] },
    offlineDevices: 'RUN_WHEN_ONLINE',
  });

  // a. RUN_IMMEDIATELY
  await database.db.execute(sql`vacuum analyze jobs, task_runs, task_run_devices`);
  const meters = await startMeters();
  const sentAt = performance.now();
  const { task: immediate } = await call<ScheduledTaskResponse>(
    client,
    'POST',
    apiPaths.scheduledTasks(),
    task('Bench: run immediately', 'RUN_IMMEDIATELY'),
  );
  const postMs = performance.now() - sentAt;
  let storedMs = Number.NaN;
  let runDetailMs = Number.NaN;
  let jobs = 0;
  for (;;) {
    const [run] = await runsOfTask(client, immediate.id);
    if (run) {
      const detailStarted = performance.now();
      const detail = await call<TaskRunResponse>(
        client,
        'GET',
        apiPaths.scheduledTaskRun(immediate.id, run.id),
      );
      runDetailMs = performance.now() - detailStarted;
      jobs = await jobsOfTask(immediate.id);
      if (detail.run.deviceCount === deviceCount && jobs === deviceCount) {
        storedMs = detailStarted - sentAt;
        break;
      }
    }
    if (performance.now() - sentAt > timeoutMs) throw new Error('the RUN_IMMEDIATELY run did not complete');
    await sleep(50);
  }
  const fanout: Fanout = { postMs, storedMs, runDetailMs, jobs, cpu: cpuText(meters()) };
  console.log(
    `RUN_IMMEDIATELY: POST answered in ${seconds(postMs)} s; ${jobs} jobs stored, seen ${seconds(storedMs)} s after the POST; ` +
      `GET run (${deviceCount} devices) ${seconds(runDetailMs)} s; CPU ${fanout.cpu}`,
  );

  // b. DAILY, its occurrence made due by hand, both schedulers looking
  const { task: daily } = await call<ScheduledTaskResponse>(
    client,
    'POST',
    apiPaths.scheduledTasks(),
    task('Bench: daily', 'DAILY'),
  );
  const dailies: Daily[] = [];
  for (let round = 1; round <= rounds; round++) {
    await database.db.execute(sql`vacuum analyze jobs, task_runs, task_run_devices`);
    const runsBefore = (await runsOfTask(client, daily.id)).length;
    const jobsBefore = await jobsOfTask(daily.id);
    // A different past instant each round: each is its own occurrence.
    const dueAt = performance.now();
    await database.db.execute(
      sql`update scheduled_tasks set next_run_at = now() - make_interval(secs => ${round})
          where id = ${daily.id}`,
    );
    let stored = Number.NaN;
    // The run and its jobs are stored in one transaction: the jobs counted are the run's.
    for (;;) {
      const jobsNow = (await jobsOfTask(daily.id)) - jobsBefore;
      if (jobsNow >= deviceCount) {
        stored = performance.now() - dueAt;
        break;
      }
      if (performance.now() - dueAt > timeoutMs)
        throw new Error(`round ${round}: the DAILY run did not complete`);
      await sleep(50);
    }
    // Both schedulers get several more looks at the task before the runs are counted.
    await sleep(Number(args['scheduler-ms']) * 6);
    const runs = (await runsOfTask(client, daily.id)).length - runsBefore;
    const jobsNow = (await jobsOfTask(daily.id)) - jobsBefore;
    dailies.push({ round, storedMs: stored, runs, jobs: jobsNow });
    console.log(
      `DAILY round ${round}: ${jobsNow} jobs stored ${seconds(stored)} s after next_run_at was set; runs created ${runs}`,
    );
  }
  const [nextRunAt] = await rows<{ at: string }>(
    sql`select next_run_at::text as at from scheduled_tasks where id = ${daily.id}`,
  );

  // ---- figures ----
  console.log(`\n| ${deviceCount} devices, 2 server processes (NATS), PostgreSQL | value |\n|---|---|`);
  const row = (name: string, value: string) => console.log(`| ${name} | ${value} |`);
  row('load average at the end (1 min)', loadAverage());
  row('RUN_IMMEDIATELY: POST /scheduled-tasks answered', `${seconds(fanout.postMs)} s`);
  row(
    '**RUN_IMMEDIATELY: POST → all jobs stored (run deviceCount = N)**',
    `**${seconds(fanout.storedMs)} s** (${fanout.jobs} jobs)`,
  );
  row('RUN_IMMEDIATELY: jobs/second', (fanout.jobs / (fanout.storedMs / 1000)).toFixed(0));
  row(`RUN_IMMEDIATELY: GET run with ${deviceCount} devices`, `${seconds(fanout.runDetailMs)} s`);
  row('RUN_IMMEDIATELY: CPU', fanout.cpu);
  for (const d of dailies)
    row(
      `DAILY round ${d.round}: made due → all jobs stored (within one scheduler look)`,
      `${seconds(d.storedMs)} s (${d.jobs} jobs, ${(d.jobs / (d.storedMs / 1000)).toFixed(0)}/s)`,
    );
  const totalRuns = dailies.reduce((sum, d) => sum + d.runs, 0);
  row('**DAILY: runs created for the occurrences made due**', `**${totalRuns} for ${rounds}**`);
  row('DAILY: next_run_at afterwards', nextRunAt?.at ?? '-');
  console.log(
    `\nfired once per occurrence: ${dailies.every((d) => d.runs === 1 && d.jobs === deviceCount) ? 'yes' : 'NO'}`,
  );
} finally {
  await cleanUp();
}
process.exit(0);
