// @both-databases: the server killed and restarted on its own PGlite folder, as on PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import type { GetJobResponse, SubmitJobResponse } from '@rmm/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentProcess,
  isNatsReachable,
  natsTestUrl,
  removeTempStateDirs,
  spawnAgent,
  tempStateDir,
  waitFor,
} from '../../test/agents.ts';
import { createOrganizationInput } from '../../test/helpers.ts';
import {
  type ApiClient,
  createServerStore,
  freePort,
  type ServerProcess,
  type ServerStore,
  signIn,
  startServer,
} from '../../test/server-process.ts';

/**
 * Nothing lost, nothing twice: real server processes killed with SIGKILL, a real agent killed
 * mid-job, results held while the server is away. The database outlives every process.
 * Each job runs a script that appends its marker to a file, so the file counts the runs.
 */

const fastServer = {
  HEARTBEAT_INTERVAL_SECONDS: '1',
  OFFLINE_THRESHOLD_SECONDS: '5',
  STATUS_SWEEP_INTERVAL_MS: '200',
  PRESENCE_FLUSH_INTERVAL_MS: '200',
};

const stores: ServerStore[] = [];
const servers: ServerProcess[] = [];
const agents: AgentProcess[] = [];

const newStore = async () => {
  const store = await createServerStore();
  stores.push(store);
  return store;
};
const start = async (store: ServerStore, port: number, env: Record<string, string> = {}) => {
  const server = await startServer(store, { port, env: { ...fastServer, ...env } });
  servers.push(server);
  return server;
};
const startAgent = (serverUrl: string, stateDir: string, token?: string, extraArgs: string[] = []) => {
  const agent = spawnAgent({ serverUrl, stateDir, extraArgs, ...(token ? { token } : {}) });
  agents.push(agent);
  return agent;
};

afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.stop()));
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await Promise.all(stores.splice(0).map((store) => store.drop()));
});
afterAll(() => removeTempStateDirs());

/** An organization, an enrolment token, and a real agent connected and UP. */
const enrolAgent = async (api: ApiClient, serverUrl: string) => {
  const organization = (await api('POST', '/organizations', createOrganizationInput())).body as {
    id: number;
    locations: { id: number }[];
  };
  const token = (
    await api('POST', '/enrollment-tokens', {
      organizationId: organization.id,
      locationId: organization.locations[0]?.id ?? null,
      ttlHours: 1,
    })
  ).body as { token: string };
  const stateDir = tempStateDir();
  startAgent(serverUrl, stateDir, token.token);
  const identityPath = path.join(stateDir, 'identity.json');
  await waitFor(() => fs.existsSync(identityPath), { timeoutMs: 30_000, what: 'the agent to enrol' });
  const { deviceId } = JSON.parse(fs.readFileSync(identityPath, 'utf8')) as { deviceId: number };
  await waitUp(api, deviceId);
  return { deviceId, stateDir, organizationId: organization.id };
};

const waitUp = (api: ApiClient, deviceId: number) =>
  waitFor(
    async () => ((await api('GET', `/devices/${deviceId}`)).body as { status?: string }).status === 'UP',
    { timeoutMs: 30_000, what: `device ${deviceId} UP` },
  );

const runsFile = () => path.join(tempStateDir(), 'runs.txt');

/** An ACTION job whose script appends its marker to `file` (after `before`, then `after`). */
const markerJob = (file: string, marker: string, before = '', after = '') => ({
  jobType: 'ACTION',
  jobName: `durability ${marker}`,
  content: {
    script: { language: 'sh', code: `${before}\necho "$1" >> "$2"\necho done "$1"\n${after}` },
    parameters: [marker, file],
    timeoutSeconds: 120,
  },
});

const submit = async (
  api: ApiClient,
  deviceId: number,
  jobs: unknown[],
  headers: Record<string, string> = {},
) => {
  const response = await api('POST', '/webapp/submit/job', { nodes: [{ nodeId: deviceId, jobs }] }, headers);
  if (response.status !== 200) throw new Error(`submit: ${response.status} ${JSON.stringify(response.body)}`);
  return (response.body as SubmitJobResponse).nodes[0]?.jobs ?? [];
};

const getJob = async (api: ApiClient, jobUid: string) =>
  ((await api('GET', `/webapp/job/${jobUid}`)).body as GetJobResponse).job;

const runCounts = (file: string) => {
  const counts = new Map<string, number>();
  if (!fs.existsSync(file)) return counts;
  for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean))
    counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
};

/** Linux: pids whose command line holds `text` (a job's script path holds its jobUid). */
const processesNaming = (text: string) =>
  fs.readdirSync('/proc').filter((name) => {
    if (!/^\d+$/.test(name)) return false;
    try {
      return fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(text);
    } catch {
      return false;
    }
  });

const pendingCount = async (api: ApiClient) =>
  ((await api('GET', '/jobs?state=PENDING&pageSize=1')).body as { count: number }).count;

const natsReachable = await isNatsReachable();
const isPostgres = process.env.TEST_DB === 'postgres';
const hasPostgres = Boolean(process.env.DATABASE_URL);
/**
 * The agent's side of durability (a killed agent, results held while the server is away, a queue
 * kept for an offline device) does not depend on the database driver: those scenarios run once, on
 * PostgreSQL when the suite has it and on PGlite otherwise. The server's own crash runs on both.
 */
// Not declared at all in the PGlite project when PostgreSQL runs them (a skip would read as missing).
const describeOnOneDatabase = isPostgres || !hasPostgres ? describe : () => undefined;
let port: number;
beforeAll(async () => {
  port = await freePort();
});

describe('jobs survive crashes', () => {
  it('kill -9 of the server during 1,000 submissions: every acknowledged job exists and runs exactly once', async () => {
    const store = await newStore();
    let server = await start(store, port);
    let api = await signIn(server.url);
    const { deviceId } = await enrolAgent(api, server.url);
    const file = runsFile();

    const acknowledged = new Map<string, string>(); // marker -> jobUid
    let next = 0;
    const submitter = async () => {
      while (next < 1000) {
        const marker = `m${next++}`;
        try {
          const [job] = await submit(api, deviceId, [markerJob(file, marker)]);
          if (job) acknowledged.set(marker, job.jobUid);
        } catch {
          return; // the server is gone: this answer was never received
        }
      }
    };
    const submitters = Array.from({ length: 8 }, submitter);
    await waitFor(() => acknowledged.size >= 120, { timeoutMs: 150_000, what: '120 acknowledged jobs' });
    // The kill lands on live traffic: eight submissions are on their way while the process dies.
    await server.crash();
    await Promise.all(submitters);
    expect(next, 'the submissions that were started').toBeLessThan(1000);
    expect(acknowledged.size).toBeLessThan(next);

    server = await start(store, port);
    api = await signIn(server.url);
    await waitFor(async () => (await pendingCount(api)) === 0, {
      timeoutMs: 120_000,
      intervalMs: 500,
      what: 'every job to finish',
    });

    const counts = runCounts(file);
    for (const [marker, jobUid] of acknowledged) {
      const job = await getJob(api, jobUid);
      expect(job, marker).toBeDefined();
      expect([job.jobStatus, job.jobResult], marker).toEqual(['COMPLETED', 'SUCCESS']);
      expect(counts.get(marker), marker).toBe(1);
    }
    // A job stored while its answer was lost may run, but never twice.
    for (const [marker, count] of counts) expect(count, marker).toBe(1);
  }, 330_000);
});

describeOnOneDatabase('jobs survive a killed agent, a server away and an offline device', () => {
  it('kill -9 of the agent in the middle of a job: the job ends failed and is not run again', async () => {
    const store = await newStore();
    const server = await start(store, port);
    const api = await signIn(server.url);
    const { deviceId, stateDir } = await enrolAgent(api, server.url);
    const file = runsFile();
    const agent = agents[0]!;

    const [job] = await submit(api, deviceId, [markerJob(file, 'long', '', 'sleep 600')]);
    await waitFor(() => runCounts(file).get('long') === 1, {
      timeoutMs: 30_000,
      what: 'the script to start',
    });
    agent.child.kill('SIGKILL');
    await agent.exited;

    startAgent(server.url, stateDir);
    const ended = await waitFor(
      async () => {
        const stored = await getJob(api, job!.jobUid);
        return stored.jobStatus === 'COMPLETED' ? stored : undefined;
      },
      { timeoutMs: 30_000, what: 'the interrupted job to end' },
    );
    expect(ended.jobResult).toBe('FAILURE');
    expect(ended.resultContent?.errorMessage).toBe('The agent stopped while the job was running.');
    // The script's tree outlived the killed agent; the restarted agent ended it (Linux: by its command line).
    if (process.platform === 'linux')
      // SIGTERM first, SIGKILL after the agent's 10 s grace: the wait covers both on a busy machine.
      await waitFor(() => processesNaming(job!.jobUid).length === 0, {
        timeoutMs: 30_000,
        what: 'the left-over script to end',
      });
    // Another job runs after it, so the agent is working and has had every chance to re-run the first.
    const [after] = await submit(api, deviceId, [markerJob(file, 'after')]);
    await waitFor(async () => (await getJob(api, after!.jobUid)).jobStatus === 'COMPLETED', {
      timeoutMs: 30_000,
      what: 'the next job',
    });
    expect(runCounts(file).get('long')).toBe(1);
  }, 120_000);

  it('results finished while the server is down are all stored when it returns', async () => {
    const store = await newStore();
    let server = await start(store, port);
    let api = await signIn(server.url);
    const { deviceId } = await enrolAgent(api, server.url);
    const file = runsFile();
    const gate = path.join(path.dirname(file), 'gate');

    // The scripts wait for a gate file, so they finish only after the server has gone.
    const wait = `while [ ! -f "${gate}" ]; do sleep 0.05; done`;
    const jobs = await submit(
      api,
      deviceId,
      Array.from({ length: 5 }, (_, i) => markerJob(file, `held${i}`, wait)),
    );
    await waitFor(
      async () => {
        const all = await Promise.all(jobs.map((job) => getJob(api, job.jobUid)));
        return all.every((job) => job.jobStatus === 'IN_PROGRESS');
      },
      { timeoutMs: 30_000, what: 'all five jobs running' },
    );
    await server.crash();
    fs.writeFileSync(gate, '');
    await waitFor(() => runCounts(file).size === 5, { timeoutMs: 30_000, what: 'the scripts to finish' });

    server = await start(store, port);
    api = await signIn(server.url);
    for (const job of jobs) {
      const stored = await waitFor(
        async () => {
          const current = await getJob(api, job.jobUid);
          return current.jobStatus === 'COMPLETED' ? current : undefined;
        },
        { timeoutMs: 30_000, what: `the held result of ${job.jobName}` },
      );
      expect(stored.jobResult).toBe('SUCCESS');
      expect(stored.resultContent?.stdout).toMatch(/^done held\d\n$/);
    }
    expect([...runCounts(file).values()]).toEqual([1, 1, 1, 1, 1]);
  }, 120_000);

  it('a device offline for the whole submission gets its queued jobs in order; expired ones never run', async () => {
    const store = await newStore();
    let server = await start(store, port, { JOB_EXPIRY_SECONDS: '1', JOB_EXPIRY_SWEEP_INTERVAL_MS: '200' });
    let api = await signIn(server.url);
    const { deviceId, stateDir } = await enrolAgent(api, server.url);
    const file = runsFile();
    const agent = agents[0]!;
    await agent.stop();

    // Queued with a one-second expiry, then left to expire.
    const [expired] = await submit(api, deviceId, [markerJob(file, 'expired')]);
    await waitFor(async () => (await getJob(api, expired!.jobUid)).jobStatus === 'EXPIRED', {
      timeoutMs: 30_000,
      what: 'the queued job to expire',
    });
    await server.stop();

    server = await start(store, port, { JOB_EXPIRY_SECONDS: '3600' });
    api = await signIn(server.url);
    const queued = await submit(
      api,
      deviceId,
      ['q1', 'q2', 'q3', 'q4'].map((marker) => markerJob(file, marker)),
    );
    expect((await getJob(api, queued[0]!.jobUid)).jobStatus).toBe('START_REQUESTED');

    // One job at a time: the order of the lines is then the order the jobs were delivered in (with the
    // default four at once, two jobs started a millisecond apart may write their lines either way).
    startAgent(server.url, stateDir, undefined, ['--max-concurrent-jobs', '1']);
    await waitFor(async () => (await pendingCount(api)) === 0, {
      timeoutMs: 30_000,
      what: 'the queue to drain',
    });
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(lines).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect((await getJob(api, expired!.jobUid)).jobStatus).toBe('EXPIRED');
  }, 120_000);
});

if (isPostgres && !natsReachable)
  console.info(`two-process job test skipped: nothing listens at ${natsTestUrl}`);

// Declared in the server-postgres project only: two processes cannot share one PGlite folder.
const describeTwoProcesses = isPostgres ? describe.skipIf(!natsReachable) : () => undefined;

describeTwoProcesses('two server processes on PostgreSQL and NATS', () => {
  it('a job submitted on one process reaches an agent connected to the other', async () => {
    const store = await newStore();
    const nats = { NATS_URL: natsTestUrl, NATS_SUBJECT_PREFIX: `durability${process.pid}${Date.now()}` };
    const first = await start(store, await freePort(), nats);
    const second = await start(store, await freePort(), nats);
    const apiFirst = await signIn(first.url);
    const apiSecond = await signIn(second.url);
    const { deviceId } = await enrolAgent(apiSecond, second.url);
    const file = runsFile();

    const [job] = await submit(apiFirst, deviceId, [markerJob(file, 'across')]);
    const stored = await waitFor(
      async () => {
        const current = await getJob(apiFirst, job!.jobUid);
        return current.jobStatus === 'COMPLETED' ? current : undefined;
      },
      { timeoutMs: 30_000, what: 'the job to run through the other process' },
    );
    expect(stored.jobResult).toBe('SUCCESS');
    expect(runCounts(file).get('across')).toBe(1);
  }, 120_000);
});
