import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanUpJobTests,
  createScriptJob,
  createTempDir,
  createTestRunner,
  isProcessGone,
  type TestRunner,
} from './test-support.ts';

afterEach(cleanUpJobTests);
afterEach(() => {
  vi.unstubAllEnvs();
});

const pidsIn = (text: string) => [...text.matchAll(/pid (\d+)/g)].map((match) => Number(match[1]));

/** A script that starts a child, and a child that starts a grandchild, then waits; prints their pids. */
const treeScript = (prefix = '') => `${prefix}
sleep 1000 &
echo "pid $!"
sh -c 'sleep 1000 & echo "pid $!"; wait' &
echo "pid $!"
wait
`;

/** Waits until the three pids of `treeScript` have been streamed. */
const waitForTree = (test: TestRunner, jobUid: string) =>
  vi.waitFor(
    () => {
      const pids = pidsIn(test.streamed(jobUid, 'stdout'));
      expect(pids).toHaveLength(3);
      return pids;
    },
    { timeout: 10_000, interval: 20 },
  );

const expectAllGone = (pids: number[]) =>
  vi.waitFor(() => expect(pids.filter((pid) => !isProcessGone(pid))).toEqual([]), {
    timeout: 5000,
    interval: 50,
  });

describe('script jobs', () => {
  it('streams output live and in order, then sends the result (sh, exit 0)', async () => {
    const test = createTestRunner();
    const dir = createTempDir();
    const job = createScriptJob(
      'sh',
      `echo one; echo two >&2; echo three; while [ ! -e '${dir}/go' ]; do sleep 0.02; done; echo four`,
    );
    test.runner.onJob(job);
    // The first lines arrive while the script is still running.
    await vi.waitFor(() => expect(test.streamed(job.jobUid, 'stdout')).toBe('one\nthree\n'));
    expect(test.results(job.jobUid)).toEqual([]);
    fs.writeFileSync(path.join(dir, 'go'), '');
    const result = await test.resultOf(job.jobUid);

    expect(result).toMatchObject({
      status: 'COMPLETED',
      result: 'SUCCESS',
      resultContent: {
        exitCode: 0,
        stdout: 'one\nthree\nfour\n',
        stderr: 'two\n',
        truncated: false,
        errorMessage: null,
      },
    });
    expect(Date.parse(result.startedAt!)).toBeLessThanOrEqual(Date.parse(result.finishedAt));
    const types = test.sent.map((message) => message.type);
    expect(types[0]).toBe('jobAck');
    expect(types.at(-1)).toBe('jobResult');
    expect(test.output(job.jobUid).map((chunk) => chunk.seq)).toEqual(
      test.output(job.jobUid).map((_, index) => index),
    );
    expect(test.streamed(job.jobUid, 'stdout')).toBe('one\nthree\nfour\n');
  });

  it('reports exit codes of sh, bash and python3: 0 is SUCCESS, anything else FAILURE', async () => {
    const test = createTestRunner();
    const sh = createScriptJob('sh', 'echo failing >&2; exit 3');
    const bash = createScriptJob('bash', 'if [[ "a" == a ]]; then echo bash; fi');
    const python = createScriptJob('python', 'import sys\nprint("py")\nsys.exit(2)');
    for (const job of [sh, bash, python]) test.runner.onJob(job);

    expect(await test.resultOf(sh.jobUid)).toMatchObject({
      result: 'FAILURE',
      resultContent: { exitCode: 3, stderr: 'failing\n', errorMessage: null },
    });
    expect(await test.resultOf(bash.jobUid)).toMatchObject({
      result: 'SUCCESS',
      resultContent: { exitCode: 0, stdout: 'bash\n' },
    });
    expect(await test.resultOf(python.jobUid)).toMatchObject({
      result: 'FAILURE',
      resultContent: { exitCode: 2, stdout: 'py\n' },
    });
  });

  it("passes each parameter as one argument: spaces, quotes and globs intact, the spec's characters removed", async () => {
    const test = createTestRunner();
    const sent = ['with space', 'quote"d', "it's", '$HOME', '; echo injected', '*', '', 'two\nlines'];
    // The job schema applies spec §5 (sanitised, trimmed) on the agent too; nothing reaches a shell line.
    const parameters = ['with space', 'quote"d', "it's", 'HOME', 'echo injected', '*', '', 'two\nlines'];
    const bash = createScriptJob('bash', `for a in "$@"; do printf '[%s]' "$a"; done`, { parameters: sent });
    const python = createScriptJob('python', 'import json, sys\nprint(json.dumps(sys.argv[1:]))', {
      parameters: sent,
    });
    test.runner.onJob(bash);
    test.runner.onJob(python);

    const bashResult = await test.resultOf(bash.jobUid);
    expect(bashResult.resultContent.stdout).toBe(parameters.map((p) => `[${p}]`).join(''));
    const pythonResult = await test.resultOf(python.jobUid);
    expect(JSON.parse(pythonResult.resultContent.stdout!)).toEqual(parameters);
  });

  it('keeps output up to the cap per stream, streams it in chunks, and sets truncated', async () => {
    const test = createTestRunner({ settings: { outputCapBytes: 1000, outputChunkBytes: 256 } });
    const job = createScriptJob('sh', "head -c 5000 /dev/zero | tr '\\0' a; echo small >&2");
    test.runner.onJob(job);
    const result = await test.resultOf(job.jobUid);

    expect(result.resultContent).toMatchObject({
      stdout: 'a'.repeat(1000),
      stderr: 'small\n',
      truncated: true,
    });
    const chunks = test.output(job.jobUid).filter((chunk) => chunk.stream === 'stdout');
    expect(chunks.every((chunk) => Buffer.byteLength(chunk.data) <= 256)).toBe(true);
    expect(test.streamed(job.jobUid, 'stdout')).toBe('a'.repeat(1000));
  });

  it('kills the whole tree, grandchild included, when the time limit passes', async () => {
    const test = createTestRunner();
    // 5 "seconds" of 100 ms each.
    const job = createScriptJob('bash', treeScript(), { timeoutSeconds: 5 });
    test.runner.onJob(job);
    const pids = await waitForTree(test, job.jobUid);
    const result = await test.resultOf(job.jobUid);

    expect(result).toMatchObject({
      status: 'COMPLETED',
      result: 'FAILURE',
      resultContent: { errorMessage: 'Timed out after 5 s' },
    });
    await expectAllGone(pids);
  });

  it('kills the whole tree on cancel and reports CANCELLED', async () => {
    const test = createTestRunner();
    const job = createScriptJob('sh', treeScript());
    test.runner.onJob(job);
    const pids = await waitForTree(test, job.jobUid);
    test.runner.onCancel(job.jobUid);
    const result = await test.resultOf(job.jobUid);

    expect(result).toMatchObject({
      status: 'CANCELLED',
      result: 'FAILURE',
      resultContent: { errorMessage: 'Cancelled' },
    });
    expect(result.resultContent.stdout).toContain('pid');
    await expectAllGone(pids);
  });

  it('sends SIGKILL after the grace period to a tree that ignores SIGTERM', async () => {
    const test = createTestRunner();
    const job = createScriptJob('bash', treeScript("trap '' TERM"));
    test.runner.onJob(job);
    const pids = await waitForTree(test, job.jobUid);
    test.runner.onCancel(job.jobUid);

    expect(await test.resultOf(job.jobUid)).toMatchObject({ status: 'CANCELLED' });
    await expectAllGone(pids);
  });

  it('runs the code from a private file that is removed afterwards', async () => {
    const stateDir = createTempDir();
    const test = createTestRunner({ stateDir });
    const job = createScriptJob('sh', 'stat -c %a "$0"');
    test.runner.onJob(job);
    const result = await test.resultOf(job.jobUid);

    expect(result.resultContent.stdout).toBe('700\n');
    expect(fs.readdirSync(path.join(stateDir, 'jobs', 'scripts'))).toEqual([]);
  });

  it('names the interpreter that is missing (pwsh, on a PATH without it)', async () => {
    // Whether or not this machine has PowerShell, the device in this test has not.
    vi.stubEnv('PATH', createTempDir());
    const test = createTestRunner();
    const job = createScriptJob('powershell', 'Write-Output hi');
    test.runner.onJob(job);

    expect(await test.resultOf(job.jobUid)).toMatchObject({
      status: 'COMPLETED',
      result: 'FAILURE',
      resultContent: { exitCode: null, errorMessage: 'pwsh was not found on this device.' },
    });
  });
});
