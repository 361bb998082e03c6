import { spawn } from 'node:child_process';
import fs from 'node:fs';

/**
 * A job's processes as one tree. On POSIX the job is spawned detached, so it leads its own process
 * group and `kill(-pid)` reaches every child and grandchild that did not leave the group. On Windows
 * `taskkill /T` walks the tree.
 */

const isWindows = (platform: NodeJS.Platform) => platform === 'win32';

/** Linux: whether a process of the group is alive; a zombie (no init reaps it in some containers) is not. */
const hasLivingMember = (pgid: number): boolean => {
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') return true;
    } catch {
      // the process ended while we looked
    }
  }
  return false;
};

/** Whether any process of the group led by `pid` is still there (POSIX). */
export const isGroupAlive = (pid: number): boolean => {
  try {
    process.kill(-pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return process.platform === 'linux' && fs.existsSync('/proc/self/stat') ? hasLivingMember(pid) : true;
};

const signalGroup = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the whole group is gone already.
  }
};

const taskkill = (pid: number) =>
  new Promise<void>((resolve) => {
    const child = spawn('taskkill', ['/PID', String(pid), '/T', '/F'], {
      stdio: 'ignore',
      windowsHide: true,
    });
    child.once('error', () => resolve());
    child.once('exit', () => resolve());
  });

/**
 * Ends the tree: SIGTERM to the group, SIGKILL to what is left after the grace period. Resolves once
 * the group is gone or has been sent SIGKILL.
 */
export const killTree = async (
  pid: number,
  graceMs: number,
  platform: NodeJS.Platform = process.platform,
): Promise<void> => {
  if (isWindows(platform)) return taskkill(pid);
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && isGroupAlive(pid)) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(50, graceMs)));
  }
  if (isGroupAlive(pid)) signalGroup(pid, 'SIGKILL');
};

/** Linux: the processes that lead their own group and whose command line names the job's jobUid. */
const groupLeadersNaming = (jobUid: string): number[] =>
  fs.readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      if (!fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(jobUid)) return [];
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(pgrp) === Number(name) && state !== 'Z' ? [Number(name)] : [];
    } catch {
      return []; // the process ended while we looked
    }
  });

/**
 * After the agent died while a job ran, its tree may still be running (it is detached). It is ended
 * only when the process is provably that job's: on Linux its command line names the job's script,
 * which holds the jobUid. The agent may have died after the script started but before the journal
 * held its pid: then the job's group is found by that command line alone. Elsewhere a reused pid
 * cannot be told apart, so nothing is killed.
 */
export const endLeftoverTree = async (
  pid: number | undefined,
  jobUid: string,
  graceMs: number,
): Promise<boolean> => {
  if (process.platform !== 'linux') return false;
  if (pid === undefined) {
    const leaders = groupLeadersNaming(jobUid);
    await Promise.all(leaders.map((leader) => killTree(leader, graceMs)));
    return leaders.length > 0;
  }
  let commandLine: string;
  try {
    commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return false; // gone already
  }
  if (!commandLine.includes(jobUid)) return false;
  await killTree(pid, graceMs);
  return true;
};
