import fs from 'node:fs';
import { bootTime } from '../collectors/boot-time.ts';
import { run } from '../collectors/exec.ts';

/**
 * Which boot the machine is in. An id the system gives each boot where there is one (Linux
 * `/proc/sys/kernel/random/boot_id`, macOS `kern.bootsessionuuid`): exact. Elsewhere (Windows) the
 * boot time, now minus uptime, as `time:<ISO>`: two of those within BOOT_TIME_TOLERANCE_MS are one
 * boot (the sum drifts by a second or two, and the wall clock may be corrected after boot).
 */
export const BOOT_TIME_TOLERANCE_MS = 120_000;
const TIME_PREFIX = 'time:';

export type BootKeySource = () => Promise<string>;

const readLinuxBootId = () => {
  try {
    const id = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return id || undefined;
  } catch {
    return undefined;
  }
};

const readMacBootId = async () => {
  try {
    const { code, stdout } = await run('sysctl', ['-n', 'kern.bootsessionuuid'], 10_000);
    return code === 0 && stdout.trim() ? stdout.trim() : undefined;
  } catch {
    return undefined;
  }
};

export const bootKeyFromTime = (time: string) => `${TIME_PREFIX}${time}`;

export const systemBootKey =
  (platform: NodeJS.Platform = process.platform): BootKeySource =>
  async () => {
    const id =
      platform === 'linux' ? readLinuxBootId() : platform === 'darwin' ? await readMacBootId() : undefined;
    if (id) return `id:${id}`;
    return bootKeyFromTime(bootTime(platform) ?? new Date(0).toISOString());
  };

/** The same boot: the same id, or boot times within the tolerance. */
export const isSameBoot = (recorded: string, current: string) => {
  if (recorded === current) return true;
  if (!recorded.startsWith(TIME_PREFIX) || !current.startsWith(TIME_PREFIX)) return false;
  const difference =
    Date.parse(recorded.slice(TIME_PREFIX.length)) - Date.parse(current.slice(TIME_PREFIX.length));
  return Math.abs(difference) <= BOOT_TIME_TOLERANCE_MS;
};
