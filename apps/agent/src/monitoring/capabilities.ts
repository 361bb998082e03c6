import type { ConditionType } from '@rmm/domain';
import { findExecutable } from '../jobs/interpreters.ts';
import { powershellArgs } from './samplers/event-log.ts';
import type { Sources } from './types.ts';

/** What a capability probe may look at; tests replace parts. */
export type CapabilityHost = {
  platform: NodeJS.Platform;
  sources: Sources;
  hasExecutable: (name: string) => boolean;
};

const PROBE_TIMEOUT_MS = 20_000;

const succeeds = async (sources: Sources, command: string, args: string[]) => {
  try {
    return (await sources.run(command, args, PROBE_TIMEOUT_MS)).code === 0;
  } catch {
    return false;
  }
};

const printsSomething = async (sources: Sources, command: string, args: string[]) => {
  try {
    const result = await sources.run(command, args, PROBE_TIMEOUT_MS);
    return result.code === 0 && result.stdout.trim() !== '';
  } catch {
    return false;
  }
};

const powershellPrints = (sources: Sources, script: string) =>
  printsSomething(sources, 'powershell.exe', powershellArgs(script));

/**
 * The condition types this agent can sample here, as `hello` announces them: what every agent samples, and
 * what this machine really offers, each looked for once at start (docs/decisions.md "Agent monitoring").
 */
export const probeCapabilities = async (host: CapabilityHost): Promise<ConditionType[]> => {
  const { platform, sources } = host;
  const found: ConditionType[] = ['CPU', 'MEMORY', 'DISK', 'PROCESS', 'SOFTWARE', 'SCRIPT_RESULT'];
  found.push('HTTP', 'PORTS', 'SYSLOG');
  const checks: Array<[ConditionType, () => Promise<boolean> | boolean]> = [
    // macOS keeps no record of a pending restart the agent can read.
    ['REBOOT', () => platform === 'linux' || platform === 'win32'],
    [
      'SERVICE',
      () =>
        platform === 'win32' ||
        (platform === 'darwin' && host.hasExecutable('launchctl')) ||
        (platform === 'linux' && sources.exists('/run/systemd/system') && host.hasExecutable('systemctl')),
    ],
    [
      'EVENT_LOG',
      () =>
        platform === 'win32' ||
        (platform === 'linux' &&
          printsSomething(sources, 'journalctl', ['-n', '1', '-o', 'json', '-q', '--no-pager'])),
    ],
    [
      'PATCH',
      () =>
        platform === 'win32' ||
        (platform === 'darwin' && host.hasExecutable('softwareupdate')) ||
        (platform === 'linux' && ['apt-get', 'dnf', 'yum'].some((tool) => host.hasExecutable(tool))),
    ],
    [
      'ANTIVIRUS',
      () =>
        platform === 'win32' ||
        (platform === 'darwin' &&
          [
            '/Library/Apple/System/Library/CoreServices/XProtect.bundle',
            '/System/Library/CoreServices/XProtect.bundle',
          ].some((file) => sources.exists(file))) ||
        (platform === 'linux' &&
          (host.hasExecutable('clamd') ||
            ['daily.cvd', 'daily.cld'].some((name) => sources.exists(`/var/lib/clamav/${name}`)))),
    ],
    ['TEMPERATURE', async () => (await sources.temperature().catch(() => null)) !== null],
    ['BATTERY', async () => (await sources.battery().catch(() => ({ hasBattery: false }))).hasBattery],
    [
      'RAID',
      () =>
        (platform === 'linux' && sources.exists('/proc/mdstat')) ||
        (platform === 'win32' &&
          powershellPrints(sources, 'Get-VirtualDisk | Select-Object -First 1 FriendlyName')),
    ],
    [
      'BITLOCKER',
      () =>
        platform === 'win32' &&
        succeeds(sources, 'powershell.exe', powershellArgs('Get-BitLockerVolume | Out-Null')),
    ],
    ['FILEVAULT', () => platform === 'darwin' && host.hasExecutable('fdesetup')],
    ['PING', () => host.hasExecutable('ping')],
  ];
  const answers = await Promise.all(checks.map(async ([, check]) => Boolean(await check())));
  checks.forEach(([type], index) => {
    if (answers[index]) found.push(type);
  });
  return found;
};

export const systemCapabilityHost = (platform: NodeJS.Platform, sources: Sources): CapabilityHost => ({
  platform,
  sources,
  hasExecutable: (name) =>
    findExecutable(name) !== undefined ||
    // sbin folders are not always on a service's PATH.
    (platform !== 'win32' &&
      ['/usr/sbin', '/sbin', '/usr/bin', '/bin'].some((dir) => sources.exists(`${dir}/${name}`))),
});
