import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loggedOnUserFromLoginctl, loggedOnUserFromWho, parsePasswdLine, runAsJobDir } from './run-as.ts';
import { cleanUpJobTests, createScriptJob, createTempDir, createTestRunner } from './test-support.ts';

afterEach(cleanUpJobTests);

const isRoot = process.platform === 'linux' && process.getuid?.() === 0;
const skipReason = 'run-as to another account needs a Linux agent running as root (useradd, setuid)';
// Under CI the machine runs as root: a skip there would hide a broken run-as, so it fails instead.
if (!isRoot && process.env.CI === 'true') throw new Error(`CI must run the run-as tests: ${skipReason}`);
if (!isRoot) console.warn(`skipping the real run-as tests: ${skipReason}`);

const userName = `rmmtest_${randomBytes(4).toString('hex')}`;

describe.skipIf(!isRoot)('run-as on Linux, as root', () => {
  beforeAll(() => {
    execFileSync('useradd', ['--create-home', '--shell', '/bin/sh', userName]);
  });
  afterAll(() => {
    execFileSync('userdel', ['-r', userName], { stdio: 'ignore' });
  });

  it('runs the script as the account: its id, its home, its environment; the script file goes afterwards', async () => {
    const stateDir = createTempDir();
    const test = createTestRunner({ stateDir });
    const job = createScriptJob(
      'sh',
      'id -un; pwd; echo "$HOME $USER $LOGNAME"; stat -c "%U %a" "$0"; echo "$0"',
      { runAs: { credentialId: 4 } },
      {
        runAs: {
          kind: 'account',
          username: userName,
          password: 'not-needed',
          label: 'Preferred Linux credential',
        },
      },
    );
    test.runner.onJob(job);
    const result = await test.resultOf(job.jobUid);

    const home = `/home/${userName}`;
    expect(result).toMatchObject({ status: 'COMPLETED', result: 'SUCCESS' });
    const [id, cwd, env, owner, file] = result.resultContent.stdout!.trim().split('\n');
    expect({ id, cwd, env, owner }).toEqual({
      id: userName,
      cwd: home,
      env: `${home} ${userName} ${userName}`,
      owner: `${userName} 700`,
    });
    expect(path.dirname(file!)).toBe(runAsJobDir(job.jobUid));
    expect(fs.existsSync(file!)).toBe(false);
    expect(fs.existsSync(runAsJobDir(job.jobUid))).toBe(false);
    expect(fs.readdirSync(path.join(stateDir, 'jobs', 'scripts'))).toEqual([]);
  });

  it('runs the logged-on user’s script as them (detection injected), python included', async () => {
    const test = createTestRunner({ runAsHost: { findLoggedOnUser: () => userName } });
    const job = createScriptJob(
      'python',
      'import os, pwd\nprint(pwd.getpwuid(os.getuid()).pw_name)',
      { runAs: 'LOGGED_ON_USER' },
      { runAs: { kind: 'loggedOnUser' } },
    );
    test.runner.onJob(job);

    expect(await test.resultOf(job.jobUid)).toMatchObject({
      result: 'SUCCESS',
      resultContent: { stdout: `${userName}\n` },
    });
  });

  it('fails clearly for a user the device does not have, naming the credential', async () => {
    const test = createTestRunner();
    const job = createScriptJob(
      'sh',
      'echo ran',
      { runAs: { credentialId: 4 } },
      {
        runAs: {
          kind: 'account',
          username: 'rmmtest_nobody_here',
          label: 'Preferred Linux credential (ops)',
        },
      },
    );
    test.runner.onJob(job);

    expect(await test.resultOf(job.jobUid)).toMatchObject({
      status: 'COMPLETED',
      result: 'FAILURE',
      resultContent: {
        stdout: '',
        errorMessage:
          "Preferred Linux credential (ops): There is no user 'rmmtest_nobody_here' on this device.",
      },
    });
  });

  it('refuses another account when the agent is not root', async () => {
    const test = createTestRunner({ runAsHost: { self: () => ({ uid: 1500, name: 'rmm-agent' }) } });
    const job = createScriptJob(
      'sh',
      'echo ran',
      { runAs: { user: userName } },
      {
        runAs: { kind: 'account', username: userName },
      },
    );
    test.runner.onJob(job);

    expect((await test.resultOf(job.jobUid)).resultContent.errorMessage).toBe(
      `The agent runs as 'rmm-agent', not root: it cannot run a script as '${userName}'.`,
    );
  });
});

describe('run-as without switching accounts', () => {
  it('fails a logged-on-user job when nobody is logged on', async () => {
    const test = createTestRunner({ runAsHost: { findLoggedOnUser: () => undefined } });
    const job = createScriptJob(
      'sh',
      'echo ran',
      { runAs: 'LOGGED_ON_USER' },
      { runAs: { kind: 'loggedOnUser' } },
    );
    test.runner.onJob(job);

    expect(await test.resultOf(job.jobUid)).toMatchObject({
      result: 'FAILURE',
      resultContent: { stdout: '', errorMessage: 'No user is logged on to this device.' },
    });
  });

  it('runs as the agent itself when the account is the agent’s own, and as system when told so', async () => {
    const self = os.userInfo().username;
    const test = createTestRunner();
    const own = createScriptJob(
      'sh',
      'id -un',
      { runAs: { user: self } },
      { runAs: { kind: 'account', username: self } },
    );
    const system = createScriptJob('sh', 'id -un', {}, { runAs: { kind: 'system' } });
    test.runner.onJob(own);
    test.runner.onJob(system);

    expect((await test.resultOf(own.jobUid)).resultContent.stdout).toBe(`${self}\n`);
    expect((await test.resultOf(system.jobUid)).resultContent.stdout).toBe(`${self}\n`);
  });

  it('fails an account or logged-on run-as on Windows, naming what was chosen', async () => {
    const test = createTestRunner({ platform: 'win32' });
    const account = createScriptJob(
      'powershell',
      'whoami',
      { runAs: 'PREFERRED_WINDOWS_LOCAL_ADMIN' },
      {
        runAs: {
          kind: 'account',
          username: 'admin',
          password: 'x',
          label: 'Preferred Windows local admin (it)',
        },
      },
    );
    const loggedOn = createScriptJob(
      'cmd',
      'whoami',
      { runAs: 'LOGGED_ON_USER' },
      { runAs: { kind: 'loggedOnUser' } },
    );
    test.runner.onJob(account);
    test.runner.onJob(loggedOn);

    expect((await test.resultOf(account.jobUid)).resultContent.errorMessage).toBe(
      'Preferred Windows local admin (it): Running a script as another Windows account is not supported by this agent yet.',
    );
    expect((await test.resultOf(loggedOn.jobUid)).resultContent.errorMessage).toBe(
      'Running a script as the logged-on Windows user is not supported by this agent yet.',
    );
  });

  it('fails a run-as the server did not resolve (a server older than run-as)', async () => {
    const test = createTestRunner();
    const job = createScriptJob('sh', 'echo ran', { runAs: 'PREFERRED_LINUX_CREDENTIAL' });
    test.runner.onJob(job);

    expect((await test.resultOf(job.jobUid)).resultContent.errorMessage).toContain(
      'was not resolved by the server',
    );
  });
});

describe('reading who is who', () => {
  it('parses passwd lines of Linux and of macOS `id -P`', () => {
    expect(parsePasswdLine('ops:x:1001:1002:Ops,,,:/home/ops:/bin/bash\n')).toEqual({
      name: 'ops',
      uid: 1001,
      gid: 1002,
      home: '/home/ops',
      shell: '/bin/bash',
    });
    expect(parsePasswdLine('amy:********:501:20::0:0:Amy:/Users/amy:/bin/zsh')).toMatchObject({
      uid: 501,
      home: '/Users/amy',
      shell: '/bin/zsh',
    });
    expect(parsePasswdLine('broken')).toBeUndefined();
  });

  it('finds the console user: seat0 or a local tty, never a remote login', () => {
    const loginctl = '     4 1001 bob           pts/1\n     2 1000 alice seat0 tty2\n';
    expect(loggedOnUserFromLoginctl(loginctl)).toBe('alice');
    expect(loggedOnUserFromLoginctl('     3 1002 carol        tty3\n')).toBe('carol');
    expect(loggedOnUserFromLoginctl('     4 1001 bob           pts/1\n')).toBeUndefined();
    const who =
      'bob      pts/0        2026-11-25 10:00 (10.0.0.5)\ndana     :0           2026-11-25 09:00 (:0)\n';
    expect(loggedOnUserFromWho(who)).toBe('dana');
    expect(loggedOnUserFromWho('bob      pts/0        2026-11-25 10:00 (10.0.0.5)\n')).toBeUndefined();
  });
});
