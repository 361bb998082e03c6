import { run } from '../collectors/exec.ts';

/** One logon session: `key` is unique for the session within a boot, `user` the account name. */
export type LoginSession = { key: string; user: string };
export type LoginSessionSource = () => Promise<LoginSession[]>;

const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * `loginctl list-sessions --no-legend`: "SESSION UID USER ..." (later columns differ between systemd
 * versions). People only: root and uids from 1000 (login.defs' UID_MIN), so a display manager's
 * greeter session (gdm, lightdm: system uids) is not a login.
 */
export const sessionsFromLoginctl = (text: string): LoginSession[] =>
  linesOf(text)
    .map((line) => line.split(/\s+/))
    .filter(([id, uid, user]) => id && user && /^\d+$/.test(uid ?? ''))
    .filter(([, uid]) => Number(uid) === 0 || Number(uid) >= 1000)
    .map(([id, , user]) => ({ key: `loginctl:${id}:${user}`, user: user! }));

/**
 * `who`: "user line date time [(host)]". A console, a local tty, a display or a remote login counts;
 * a terminal window (a pts or ttys line without a remote host) is not a logon.
 */
export const sessionsFromWho = (text: string): LoginSession[] =>
  linesOf(text)
    .map((line) => ({ line, columns: line.split(/\s+/), host: line.match(/\(([^)]*)\)\s*$/)?.[1] }))
    .filter(({ columns }) => columns.length >= 2)
    .filter(
      ({ columns, host }) =>
        /^(console|tty\d+|:\d+(\.\d+)?|seat\d+)$/.test(columns[1] ?? '') || (host && !host.startsWith(':')),
    )
    .map(({ line, columns }) => ({ key: `who:${line.replace(/\s+/g, ' ')}`, user: columns[0]! }));

/**
 * `query user` (quser): " USERNAME  SESSIONNAME  ID  STATE  IDLE TIME  LOGON TIME", the current
 * session marked ">", a disconnected one without a session name. Keyed by user, id and logon time.
 */
export const sessionsFromQueryUser = (text: string): LoginSession[] =>
  linesOf(text)
    .slice(1)
    .map((line) => line.replace(/^>/, '').trim().split(/\s+/))
    .map((columns) => {
      const idIndex = columns.findIndex((column, index) => index > 0 && /^\d+$/.test(column));
      if (idIndex < 0 || !columns[0]) return undefined;
      const logonTime = columns.slice(idIndex + 3).join(' ');
      return { key: `query:${columns[0]}:${columns[idIndex]}:${logonTime}`, user: columns[0] };
    })
    .filter((session): session is LoginSession => session !== undefined);

const tryRun = async (command: string, args: string[]) => {
  try {
    return await run(command, args, 30_000);
  } catch {
    return undefined; // not installed
  }
};

/** The logged-on sessions now, from the platform's own command. */
export const systemLoginSessions =
  (platform: NodeJS.Platform = process.platform): LoginSessionSource =>
  async () => {
    if (platform === 'win32') {
      // "No User exists for *" exits 1 with nothing on stdout: nobody is logged on.
      const answer = (await tryRun('query', ['user'])) ?? (await tryRun('quser', []));
      if (!answer) throw new Error('neither "query user" nor "quser" can be run');
      return sessionsFromQueryUser(answer.stdout);
    }
    if (platform === 'linux') {
      const loginctl = await tryRun('loginctl', ['list-sessions', '--no-legend', '--no-pager']);
      if (loginctl?.code === 0) return sessionsFromLoginctl(loginctl.stdout);
    }
    const who = await tryRun('who', []);
    if (who?.code !== 0) throw new Error('"who" cannot be run');
    return sessionsFromWho(who.stdout);
  };
