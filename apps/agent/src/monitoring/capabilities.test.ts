import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunResult } from '../collectors/exec.ts';
import { findExecutable } from '../jobs/interpreters.ts';
import { probeCapabilities, systemCapabilityHost } from './capabilities.ts';
import { systemSources } from './sources.ts';
import { cleanUpMonitoringTests } from './test-support.ts';
import type { Sources } from './types.ts';

afterEach(cleanUpMonitoringTests);

const machine = (overrides: Partial<Sources> & { files?: string[]; programs?: string[] } = {}) => {
  const files = new Set(overrides.files ?? []);
  const programs = new Set(overrides.programs ?? []);
  const sources: Sources = {
    ...systemSources('linux'),
    temperature: async () => null,
    battery: async () => ({ hasBattery: false, percent: 0, designedCapacity: 0, maxCapacity: 0 }),
    run: async (): Promise<RunResult> => ({ code: 1, stdout: '' }),
    exists: (file) => files.has(file),
    ...overrides,
  };
  return { sources, hasExecutable: (name: string) => programs.has(name) };
};

describe('the capabilities an agent announces', () => {
  it('on a bare Linux: what every agent samples and a pending restart, nothing the machine lacks', async () => {
    const { sources, hasExecutable } = machine();
    expect(await probeCapabilities({ platform: 'linux', sources, hasExecutable })).toEqual([
      'CPU',
      'MEMORY',
      'DISK',
      'PROCESS',
      'SOFTWARE',
      'SCRIPT_RESULT',
      'HTTP',
      'PORTS',
      'SYSLOG',
      'REBOOT',
    ]);
  });

  it('on a Linux server with systemd, journald, apt, ClamAV, md RAID, sensors, a battery and ping', async () => {
    const { sources, hasExecutable } = machine({
      files: ['/run/systemd/system', '/proc/mdstat', '/var/lib/clamav/daily.cld'],
      programs: ['systemctl', 'apt-get', 'ping'],
      temperature: async () => 41,
      battery: async () => ({ hasBattery: true, percent: 90, designedCapacity: 1, maxCapacity: 1 }),
      run: async (command) => ({ code: 0, stdout: command === 'journalctl' ? '{"__CURSOR":"s=1"}\n' : '' }),
    });
    expect(await probeCapabilities({ platform: 'linux', sources, hasExecutable })).toEqual(
      expect.arrayContaining([
        'SERVICE',
        'EVENT_LOG',
        'PATCH',
        'ANTIVIRUS',
        'TEMPERATURE',
        'BATTERY',
        'RAID',
        'PING',
      ]),
    );
  });

  it('on macOS: launchd, softwareupdate, XProtect and FileVault; no pending-restart record', async () => {
    const { sources, hasExecutable } = machine({
      files: ['/Library/Apple/System/Library/CoreServices/XProtect.bundle'],
      programs: ['launchctl', 'softwareupdate', 'fdesetup', 'ping'],
    });
    const found = await probeCapabilities({ platform: 'darwin', sources, hasExecutable });
    expect(found).toEqual(expect.arrayContaining(['SERVICE', 'PATCH', 'ANTIVIRUS', 'FILEVAULT', 'PING']));
    expect(found).not.toContain('REBOOT');
    expect(found).not.toContain('EVENT_LOG');
    expect(found).not.toContain('BITLOCKER');
  });

  it('on Windows: BitLocker and Storage Spaces only where PowerShell answers for them', async () => {
    const { sources, hasExecutable } = machine({
      run: async (_command, args) => {
        const script = args.at(-1) ?? '';
        if (script.startsWith('Get-BitLockerVolume')) return { code: 0, stdout: '' };
        return { code: 0, stdout: '' }; // no virtual disk
      },
    });
    const found = await probeCapabilities({ platform: 'win32', sources, hasExecutable });
    expect(found).toEqual(
      expect.arrayContaining(['SERVICE', 'EVENT_LOG', 'PATCH', 'ANTIVIRUS', 'REBOOT', 'BITLOCKER']),
    );
    expect(found).not.toContain('RAID');
    expect(found).not.toContain('FILEVAULT');
  });

  it('on this machine: what its own tools and files say', async () => {
    const sources = systemSources(process.platform);
    const found = await probeCapabilities(systemCapabilityHost(process.platform, sources));
    const has = (name: string) =>
      findExecutable(name) !== undefined ||
      ['/usr/sbin', '/sbin', '/usr/bin', '/bin'].some((d) => fs.existsSync(`${d}/${name}`));
    expect(found.includes('SERVICE')).toBe(fs.existsSync('/run/systemd/system') && has('systemctl'));
    expect(found.includes('RAID')).toBe(fs.existsSync('/proc/mdstat'));
    expect(found.includes('PING')).toBe(has('ping'));
    expect(found.includes('PATCH')).toBe(['apt-get', 'dnf', 'yum'].some(has));
    expect(found.includes('BATTERY')).toBe((await sources.battery()).hasBattery);
    expect(found.includes('TEMPERATURE')).toBe((await sources.temperature()) !== null);
    expect(found).not.toContain('FILEVAULT');
    expect(found).not.toContain('BITLOCKER');
  });
});
