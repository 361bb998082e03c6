import fs from 'node:fs';
import os from 'node:os';

/** Linux's exact boot second from /proc/stat; elsewhere now minus uptime, to the second. */
export const bootTime = (platform: NodeJS.Platform, now = Date.now()): string | null => {
  if (platform === 'linux') {
    try {
      const line = fs.readFileSync('/proc/stat', 'utf8').match(/^btime (\d+)$/m);
      if (line) return new Date(Number(line[1]) * 1000).toISOString();
    } catch {
      // fall through to uptime
    }
  }
  const uptimeSeconds = os.uptime();
  if (!Number.isFinite(uptimeSeconds) || uptimeSeconds <= 0) return null;
  return new Date(Math.round((now - uptimeSeconds * 1000) / 1000) * 1000).toISOString();
};
