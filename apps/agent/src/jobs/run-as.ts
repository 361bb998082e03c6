import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AgentJobRunAs } from '@rmm/domain';
import type { ProcessSpec } from './run-process.ts';
import { jobTexts } from './texts.ts';

/**
 * Who a script runs as (the server resolved the run-as into `AgentJobRunAs`). On Linux and macOS an
 * agent running as root starts the script as the chosen account (uid and gid); the account's password
 * is not needed and not checked. On Windows only the system account is honoured yet.
 */

export type PosixAccount = { name: string; uid: number; gid: number; home: string; shell: string };

/** What the run-as needs from the machine; tests replace parts of it. */
export type RunAsHost = {
  /** The agent's own account. */
  self: () => { uid: number; name: string };
  lookupUser: (name: string) => PosixAccount | undefined;
  /** The user at the console (seat0, a local tty, or the macOS console owner); undefined: nobody. */
  findLoggedOnUser: () => string | undefined;
};

/** `{account}`: run as that account; `{account: undefined}`: as the agent itself; `{failure}`: do not run. */
export type RunAsTarget = { account: PosixAccount | undefined } | { failure: string };

const COMMAND_TIMEOUT_MS = 5000;

const run = (command: string, args: string[]): string | undefined => {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      timeout: COMMAND_TIMEOUT_MS,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined; // not found, no such user, or no session manager
  }
};

/** A passwd line: 7 fields (Linux, getent) or 10 (BSD master.passwd, macOS `id -P`). */
export const parsePasswdLine = (line: string): PosixAccount | undefined => {
  const fields = line.trim().split(':');
  if (fields.length !== 7 && fields.length !== 10) return undefined;
  const [name, , uid, gid] = fields;
  const [home, shell] = fields.length === 7 ? [fields[5], fields[6]] : [fields[8], fields[9]];
  if (!name || !/^\d+$/.test(uid ?? '') || !/^\d+$/.test(gid ?? '')) return undefined;
  return { name, uid: Number(uid), gid: Number(gid), home: home ?? '', shell: shell ?? '' };
};

const lookupUser = (platform: NodeJS.Platform) => (name: string) => {
  // getent asks NSS (local files, LDAP, SSSD); macOS has `id -P` instead.
  const line = platform === 'darwin' ? run('id', ['-P', name]) : run('getent', ['passwd', name]);
  const account = line ? parsePasswdLine(line.split('\n')[0] ?? '') : undefined;
  return account?.name === name ? account : undefined;
};

/** `loginctl list-sessions --no-legend`: "ID UID USER SEAT TTY ..."; the session on seat0 first, then a tty. */
export const loggedOnUserFromLoginctl = (text: string): string | undefined => {
  const sessions = text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns.length >= 3 && /^\d+$/.test(columns[1] ?? ''));
  const onSeat = sessions.find((columns) => columns[3] === 'seat0');
  const onTty = sessions.find(
    (columns) => /^tty\d+$/.test(columns[3] ?? '') || /^tty\d+$/.test(columns[4] ?? ''),
  );
  return (onSeat ?? onTty)?.[2];
};

/** `who`: "user line date (host)"; a display (:0) or a local tty counts, a remote pts does not. */
export const loggedOnUserFromWho = (text: string): string | undefined => {
  const sessions = text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns.length >= 2);
  const local = sessions.find(([, line]) => /^(:\d+|tty\d+|console|seat0)$/.test(line ?? ''));
  return local?.[0];
};

const findLoggedOnUser = (platform: NodeJS.Platform) => () => {
  if (platform === 'darwin') {
    const owner = run('stat', ['-f', '%Su', '/dev/console'])?.trim();
    return owner && owner !== 'root' ? owner : undefined; // root owns it at the login window
  }
  const fromLoginctl = run('loginctl', ['list-sessions', '--no-legend', '--no-pager']);
  return (
    (fromLoginctl && loggedOnUserFromLoginctl(fromLoginctl)) ?? loggedOnUserFromWho(run('who', []) ?? '')
  );
};

export const systemRunAsHost = (platform: NodeJS.Platform): RunAsHost => ({
  self: () => ({ uid: process.getuid?.() ?? -1, name: os.userInfo().username }),
  lookupUser: lookupUser(platform),
  findLoggedOnUser: findLoggedOnUser(platform),
});

const withLabel = (runAs: AgentJobRunAs, message: string) =>
  runAs.kind === 'account' && runAs.label ? `${runAs.label}: ${message}` : message;

/** Decides the account a script runs as, or why it cannot run. */
export const resolveRunAs = (
  runAs: AgentJobRunAs | undefined,
  platform: NodeJS.Platform,
  host: RunAsHost,
): RunAsTarget => {
  if (!runAs || runAs.kind === 'system') return { account: undefined };
  if (platform === 'win32') {
    const message =
      runAs.kind === 'account' ? jobTexts.windowsAccountUnsupported : jobTexts.windowsLoggedOnUnsupported;
    return { failure: withLabel(runAs, message) };
  }
  const name = runAs.kind === 'account' ? runAs.username : host.findLoggedOnUser();
  if (name === undefined) return { failure: jobTexts.nobodyLoggedOn };
  const account = host.lookupUser(name);
  if (!account) return { failure: withLabel(runAs, jobTexts.noSuchUser(name)) };
  const self = host.self();
  if (account.uid === self.uid) return { account: undefined };
  if (self.uid !== 0) return { failure: withLabel(runAs, jobTexts.notRoot(self.name, name)) };
  return { account };
};

const USER_PATH = '/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin';
/** Kept from the agent's environment for the user's process; nothing else of it (no agent settings). */
const KEPT_VARIABLES = ['LANG', 'LC_ALL', 'LC_CTYPE', 'TZ', 'TERM'];

const isDirectory = (dir: string) => {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The process spec for the account: its uid and gid (spawn cannot set supplementary groups: libuv drops
 * them, so the script has the account's primary group only), its environment, its home as the folder.
 */
export const specForAccount = (spec: ProcessSpec, account: PosixAccount, jobDir: string): ProcessSpec => {
  // What the interpreter's spec added to the agent's environment (PYTHONUNBUFFERED, …) is kept.
  const added = Object.entries(spec.env ?? {}).filter(([key, value]) => process.env[key] !== value);
  const kept = KEPT_VARIABLES.flatMap((key) => (process.env[key] ? [[key, process.env[key]]] : []));
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(kept),
    HOME: account.home,
    USER: account.name,
    LOGNAME: account.name,
    SHELL: account.shell || '/bin/sh',
    PATH: USER_PATH,
    ...Object.fromEntries(added),
  };
  const cwd = isDirectory(account.home) ? account.home : jobDir;
  return { ...spec, env, cwd, uid: account.uid, gid: account.gid };
};

const JOB_DIR_PREFIX = 'rmm-job-';

/** The folder of one job's script when it runs as another account (the agent's own folder is private). */
export const runAsJobDir = (jobUid: string) => path.join(os.tmpdir(), `${JOB_DIR_PREFIX}${jobUid}`);

/**
 * Writes the script into the job's own folder and hands both to the account: the folder is created
 * (0700) and the file written while root owns them, so the account cannot swap in a link first.
 */
export const writeScriptForAccount = (dir: string, file: string, text: string, account: PosixAccount) => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { mode: 0o700 }); // fails if something appeared in between: the job fails
  fs.writeFileSync(file, text, { mode: 0o700, flag: 'wx' });
  fs.chownSync(file, account.uid, account.gid);
  fs.chownSync(dir, account.uid, account.gid);
};

/** After the agent stopped mid-job: the job's run-as folder, if it has one. */
export const removeRunAsJobDir = (jobUid: string) => {
  try {
    fs.rmSync(runAsJobDir(jobUid), { recursive: true, force: true });
  } catch {
    // left for the system's temp cleaning
  }
};
