import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanUpJobTests,
  createJob,
  createScriptJob,
  createTempDir,
  createTestRunner,
  journalFile,
  readJournal,
  readLines,
} from './test-support.ts';

afterEach(cleanUpJobTests);

/** A script that counts its runs in `counter`, then says it started and waits for `release`. */
const countingScript = (dir: string) =>
  `echo run >> '${dir}/counter'; echo started; while [ ! -e '${dir}/release' ]; do sleep 0.02; done`;
const release = (dir: string) => fs.writeFileSync(path.join(dir, 'release'), '');

const waitForState = (stateDir: string, jobUid: string, state: string) =>
  vi.waitFor(() => expect(readJournal(stateDir, jobUid).state).toBe(state), {
    timeout: 10_000,
    interval: 20,
  });

describe('the job journal', () => {
  it('journals a job with mode 0600 before acknowledging it, and keeps the result until it is stored', async () => {
    const stateDir = createTempDir();
    const test = createTestRunner({ stateDir });
    const job = createScriptJob('sh', 'echo hi');
    test.runner.onJob(job);
    expect(test.acks(job.jobUid)).toEqual(['accepted']);
    const result = await test.resultOf(job.jobUid);

    const file = journalFile(stateDir, job.jobUid);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readJournal(stateDir, job.jobUid)).toMatchObject({
      state: 'finished',
      result: { result: 'SUCCESS' },
    });
    test.runner.onResultStored(job.jobUid);
    expect(fs.existsSync(file)).toBe(false);
    expect(result.resultContent.stdout).toBe('hi\n');
  });

  it('runs a job delivered several times once; a later delivery gets the held result again', async () => {
    const dir = createTempDir();
    const test = createTestRunner();
    const job = createScriptJob('sh', `echo run >> '${dir}/counter'`);
    test.runner.onJob(job);
    test.runner.onJob(job);
    await test.resultOf(job.jobUid);
    test.runner.onJob(job);

    expect(test.acks(job.jobUid)).toEqual(['accepted', 'duplicate', 'duplicate']);
    expect(test.results(job.jobUid)).toHaveLength(2);
    expect(readLines(path.join(dir, 'counter'))).toEqual(['run']);
  });

  it('never runs a job again after its result was stored, even after a restart', async () => {
    const dir = createTempDir();
    const stateDir = createTempDir();
    const first = createTestRunner({ stateDir });
    const job = createScriptJob('sh', `echo run >> '${dir}/counter'`);
    first.runner.onJob(job);
    await first.resultOf(job.jobUid);
    first.runner.onResultStored(job.jobUid);

    const second = createTestRunner({ stateDir });
    second.runner.resendHeldResults();
    second.runner.onJob(job);
    expect(second.acks(job.jobUid)).toEqual(['duplicate']);
    expect(second.results(job.jobUid)).toEqual([]);
    expect(readLines(path.join(dir, 'counter'))).toEqual(['run']);
  });

  it('sends a result held on disk again after a restart, until the server stored it', async () => {
    const dir = createTempDir();
    const stateDir = createTempDir();
    const offline = createTestRunner({ stateDir });
    const job = createScriptJob('sh', `echo run >> '${dir}/counter'; echo done`);
    offline.runner.onJob(job);
    offline.setConnected(false); // the connection dropped before the result could go
    await waitForState(stateDir, job.jobUid, 'finished');
    expect(offline.results(job.jobUid)).toEqual([]);

    const restarted = createTestRunner({ stateDir });
    restarted.runner.resendHeldResults();
    expect(restarted.results(job.jobUid)).toHaveLength(1);
    expect(restarted.results(job.jobUid)[0]).toMatchObject({
      result: 'SUCCESS',
      resultContent: { stdout: 'done\n' },
    });
    restarted.runner.onJob(job);
    expect(restarted.acks(job.jobUid)).toEqual(['duplicate']);
    restarted.runner.onResultStored(job.jobUid);
    restarted.runner.resendHeldResults();
    expect(restarted.results(job.jobUid)).toHaveLength(2); // the resend, the answer to the duplicate; no more
    expect(readLines(path.join(dir, 'counter'))).toEqual(['run']);
  });

  it('finishes a job that was running when the agent stopped as FAILURE and does not run it again', async () => {
    const dir = createTempDir();
    const stateDir = createTempDir();
    const crashed = createTestRunner({ stateDir });
    const job = createScriptJob('sh', countingScript(dir));
    crashed.runner.onJob(job);
    await vi.waitFor(() => expect(crashed.streamed(job.jobUid, 'stdout')).toBe('started\n'));
    // The disk as the agent left it when it died mid-job.
    const diskAtCrash = createTempDir();
    fs.cpSync(stateDir, diskAtCrash, { recursive: true });

    const restarted = createTestRunner({ stateDir: diskAtCrash });
    restarted.runner.resendHeldResults();
    restarted.runner.onJob(job);

    const [result] = restarted.results(job.jobUid);
    expect(result).toMatchObject({
      status: 'COMPLETED',
      result: 'FAILURE',
      resultContent: { errorMessage: 'The agent stopped while the job was running.' },
    });
    expect(result?.startedAt).toBeDefined();
    expect(restarted.acks(job.jobUid)).toEqual(['duplicate']);
    expect(restarted.output(job.jobUid)).toEqual([]);
    expect(readLines(path.join(dir, 'counter'))).toEqual(['run']);
    release(dir);
  });

  it('runs a job that was accepted but still waiting when the agent stopped, once delivered again', async () => {
    const dir = createTempDir();
    const stateDir = createTempDir();
    const crashed = createTestRunner({ stateDir, settings: { maxConcurrentJobs: 1 } });
    const running = createScriptJob('sh', countingScript(dir));
    const waiting = createScriptJob('sh', `echo waiting >> '${dir}/counter'`);
    crashed.runner.onJob(running);
    crashed.runner.onJob(waiting);
    await vi.waitFor(() => expect(crashed.streamed(running.jobUid, 'stdout')).toBe('started\n'));
    await crashed.runner.stop(); // the agent stops: the waiting job stays accepted on disk
    expect(readJournal(stateDir, waiting.jobUid).state).toBe('accepted');

    const restarted = createTestRunner({ stateDir });
    restarted.runner.onJob(waiting);
    expect(restarted.acks(waiting.jobUid)).toEqual(['accepted']);
    expect(await restarted.resultOf(waiting.jobUid)).toMatchObject({ result: 'SUCCESS' });
    expect(readLines(path.join(dir, 'counter')).filter((line) => line === 'waiting')).toHaveLength(1);
  });
});

describe('running jobs', () => {
  it('runs a library script as the server resolved it, each parameter one argument', async () => {
    const test = createTestRunner();
    const job = createJob({
      content: {
        script: {
          scriptId: 7,
          version: 3,
          name: 'Arguments',
          language: 'sh',
          code: 'printf "%s\\n" "$#"; for a in "$@"; do printf "[%s]\\n" "$a"; done',
        },
        parameters: ['rm -rf /', 'a b', ''],
        runAs: 'SYSTEM',
        timeoutSeconds: 60,
      },
    });
    test.runner.onJob(job);

    expect(await test.resultOf(job.jobUid)).toMatchObject({
      status: 'COMPLETED',
      result: 'SUCCESS',
      resultContent: { exitCode: 0, stdout: '3\n[rm -rf /]\n[a b]\n[]\n' },
    });
  });

  it('refuses to start a job after it expired', async () => {
    const dir = createTempDir();
    const test = createTestRunner();
    const job = createScriptJob(
      'sh',
      `echo run >> '${dir}/counter'`,
      {},
      { expiresAt: '2020-01-01T00:00:00Z' },
    );
    test.runner.onJob(job);

    const result = await test.resultOf(job.jobUid);
    expect(result).toMatchObject({
      status: 'COMPLETED',
      result: 'FAILURE',
      resultContent: { exitCode: null, errorMessage: 'The job expired before it could start.' },
    });
    expect(result.startedAt).toBeUndefined();
    expect(readLines(path.join(dir, 'counter'))).toEqual([]);
  });

  it('does not start a queued job that expired while it waited', async () => {
    const dir = createTempDir();
    let now = new Date();
    const test = createTestRunner({ now: () => now, settings: { maxConcurrentJobs: 1 } });
    const first = createScriptJob('sh', countingScript(dir));
    const second = createScriptJob(
      'sh',
      `echo second >> '${dir}/counter'`,
      {},
      { expiresAt: new Date(now.getTime() + 60_000).toISOString() },
    );
    test.runner.onJob(first);
    test.runner.onJob(second);
    now = new Date(now.getTime() + 120_000);
    release(dir);

    expect(await test.resultOf(second.jobUid)).toMatchObject({
      resultContent: { errorMessage: 'The job expired before it could start.' },
    });
    expect(readLines(path.join(dir, 'counter'))).toEqual(['run']);
  });

  it('runs at most maxConcurrentJobs at once, starting them in the order received', async () => {
    const dir = createTempDir();
    const stateDir = createTempDir();
    const test = createTestRunner({ stateDir, settings: { maxConcurrentJobs: 2 } });
    const jobs = [1, 2, 3, 4].map(() => createScriptJob('sh', countingScript(dir)));
    for (const job of jobs) test.runner.onJob(job);
    expect(jobs.map((job) => test.acks(job.jobUid))).toEqual([
      ['accepted'],
      ['accepted'],
      ['accepted'],
      ['accepted'],
    ]);
    await vi.waitFor(() => expect(readLines(path.join(dir, 'counter'))).toHaveLength(2));
    expect(jobs.map((job) => readJournal(stateDir, job.jobUid).state)).toEqual([
      'started',
      'started',
      'accepted',
      'accepted',
    ]);
    release(dir);

    const results = await Promise.all(jobs.map((job) => test.resultOf(job.jobUid)));
    const startedAt = results.map((result) => Date.parse(result.startedAt!));
    expect(startedAt[2]).toBeGreaterThanOrEqual(Math.max(startedAt[0]!, startedAt[1]!));
    expect(startedAt[3]).toBeGreaterThanOrEqual(startedAt[2]!);
    expect(readLines(path.join(dir, 'counter'))).toHaveLength(4);
  });

  it('finishes a job cancelled while it waits as CANCELLED without starting it; other cancels are ignored', async () => {
    const dir = createTempDir();
    const test = createTestRunner({ settings: { maxConcurrentJobs: 1 } });
    const first = createScriptJob('sh', countingScript(dir));
    const second = createScriptJob('sh', `echo second >> '${dir}/counter'`);
    test.runner.onJob(first);
    test.runner.onJob(second);
    test.runner.onCancel(second.jobUid);
    test.runner.onCancel(createJob().jobUid);

    expect(test.results(second.jobUid)).toEqual([
      expect.objectContaining({
        status: 'CANCELLED',
        result: 'FAILURE',
        resultContent: expect.objectContaining({ errorMessage: 'Cancelled' }),
      }),
    ]);
    release(dir);
    await test.resultOf(first.jobUid);
    expect(readLines(path.join(dir, 'counter'))).toEqual(['run']);
    expect(test.sent.filter((message) => message.type === 'jobResult')).toHaveLength(2);
  });

  it('refuses a run-as the server did not resolve and job types it cannot run yet', async () => {
    const test = createTestRunner();
    const runAs = createScriptJob('sh', 'echo hi', { runAs: 'LOGGED_ON_USER' });
    const antivirus = createJob({ jobType: 'ANTIVIRUS', content: {} });
    const library = createJob({ content: { script: { scriptId: 4 } } });
    const invalid = createJob({ content: { script: { language: 'cobol', code: 'x' } } });
    for (const job of [runAs, antivirus, library, invalid]) test.runner.onJob(job);

    const errorOf = async (jobUid: string) => (await test.resultOf(jobUid)).resultContent.errorMessage;
    expect(await errorOf(runAs.jobUid)).toBe(
      'Run-as "LOGGED_ON_USER" was not resolved by the server: update the server to run scripts as another account.',
    );
    expect(await errorOf(antivirus.jobUid)).toBe('This agent cannot run ANTIVIRUS jobs yet.');
    expect(await errorOf(library.jobUid)).toBe('The job names a library script but does not carry its code.');
    expect(await errorOf(invalid.jobUid)).toMatch(/^The job content is not valid: /);
    for (const job of [runAs, antivirus, library, invalid])
      expect(test.results(job.jobUid)[0]).toMatchObject({ status: 'COMPLETED', result: 'FAILURE' });
  });
});

describe('the built-in REBOOT', () => {
  it('runs the agent reboot command and reports SUCCESS when it ran', async () => {
    const dir = createTempDir();
    const marker = path.join(dir, 'rebooted');
    const test = createTestRunner({ settings: { rebootCommand: `sh -c "echo rebooted > '${marker}'"` } });
    const job = createJob({ content: { builtin: 'REBOOT' } });
    test.runner.onJob(job);

    expect(await test.resultOf(job.jobUid)).toMatchObject({
      result: 'SUCCESS',
      resultContent: { exitCode: 0 },
    });
    expect(fs.readFileSync(marker, 'utf8')).toBe('rebooted\n');
  });

  it('reports FAILURE when the reboot command fails', async () => {
    const test = createTestRunner({ settings: { rebootCommand: 'echo not allowed >&2; exit 1' } });
    const job = createJob({ content: { builtin: 'REBOOT' } });
    test.runner.onJob(job);

    expect(await test.resultOf(job.jobUid)).toMatchObject({
      result: 'FAILURE',
      resultContent: { exitCode: 1, stderr: 'not allowed\n' },
    });
  });

  it('counts a reboot under way when the agent stopped as done once the machine has booted since', async () => {
    const dir = createTempDir();
    const stateDir = createTempDir();
    const rebooting = createTestRunner({
      stateDir,
      settings: { rebootCommand: `echo going down; ${countingScript(dir)}` },
    });
    const job = createJob({ content: { builtin: 'REBOOT' } });
    rebooting.runner.onJob(job);
    await waitForState(stateDir, job.jobUid, 'started');
    const booted = createTempDir();
    const notBooted = createTempDir();
    fs.cpSync(stateDir, booted, { recursive: true });
    fs.cpSync(stateDir, notBooted, { recursive: true });
    release(dir);

    const afterBoot = createTestRunner({ stateDir: booted, bootTime: () => new Date(Date.now() + 1000) });
    afterBoot.runner.resendHeldResults();
    expect(afterBoot.results(job.jobUid)[0]).toMatchObject({ result: 'SUCCESS' });
    const withoutBoot = createTestRunner({ stateDir: notBooted, bootTime: () => new Date(0) });
    withoutBoot.runner.resendHeldResults();
    expect(withoutBoot.results(job.jobUid)[0]).toMatchObject({
      result: 'FAILURE',
      resultContent: { errorMessage: 'The agent stopped while the job was running.' },
    });
    // The first runner's reboot command ends once released: nothing is left running after the test.
    expect(await rebooting.resultOf(job.jobUid)).toMatchObject({ result: 'SUCCESS' });
  });
});
