import fs from 'node:fs';
import { run } from './exec.ts';

/** Files Debian/Ubuntu's update tools leave when a restart is needed. */
const linuxRebootFlags = ['/run/reboot-required', '/var/run/reboot-required'];

/** Keys that exist while Windows waits for a restart (updates, servicing stack). */
export const windowsRebootKeys = [
  'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\WindowsUpdate\\Auto Update\\RebootRequired',
  'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Component Based Servicing\\RebootPending',
];

const linuxPendingReboot = async () => {
  if (linuxRebootFlags.some((file) => fs.existsSync(file))) return true;
  // Red Hat family: `needs-restarting -r` exits 1 when a restart is needed.
  const result = await run('needs-restarting', ['-r'], 20_000).catch(() => ({ code: 0, stdout: '' }));
  return result.code === 1;
};

const windowsPendingReboot = async () => {
  const answers = await Promise.all(
    windowsRebootKeys.map((key) => run('reg', ['query', key]).catch(() => ({ code: 1, stdout: '' }))),
  );
  return answers.some((answer) => answer.code === 0);
};

/** macOS has no system-wide pending-restart record the agent can read without side effects. */
export const detectPendingReboot = async (platform: NodeJS.Platform): Promise<boolean> => {
  if (platform === 'win32') return windowsPendingReboot();
  if (platform === 'linux') return linuxPendingReboot();
  return false;
};
