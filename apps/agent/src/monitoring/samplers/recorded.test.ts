import type { ConditionParameters } from '@rmm/domain';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunResult } from '../../collectors/exec.ts';
import { evaluate, type InstanceState } from '../evaluate.ts';
import { parseTasklist } from '../sources.ts';
import { cleanUpMonitoringTests, condition, samplerContext } from '../test-support.ts';
import {
  eventLogCheck,
  journalctlArgs,
  parseJournalLine,
  parseWinEvents,
  winEventScript,
} from './event-log.ts';
import { parsePing, pingArgs, pingCheck } from './network.ts';
import { parseLaunchctlPrint, parseScQuery, parseSystemctlIsActive, serviceCheck } from './processes.ts';
import {
  antivirusCheck,
  bitlockerReadings,
  parseAptSimulation,
  parseDnfCheckUpdate,
  parseFdesetupStatus,
  parseMdstat,
  parseSoftwareUpdateList,
  raidCheck,
  rebootCheck,
  softwareMatcher,
  windowsAntivirusStatus,
} from './system.ts';
import { batteryCheck, sameVolume, temperatureCheck } from './usage.ts';

// What this machine cannot show (no systemd or journald running, no ping, no RAID, battery or sensors; other
// platforms): each sampler against the output its tool printed on a machine that has it.

afterEach(cleanUpMonitoringTests);

/** A `run` that answers each command line from a list, in order, and records the calls. */
const scripted = (answers: Array<[RegExp, RunResult | (() => RunResult)]>) => {
  const calls: string[] = [];
  return {
    calls,
    run: async (command: string, args: string[]): Promise<RunResult> => {
      const line = [command, ...args].join(' ');
      calls.push(line);
      const index = answers.findIndex(([pattern]) => pattern.test(line));
      if (index < 0) throw Object.assign(new Error(`spawn ${command} ENOENT`), { code: 'ENOENT' });
      const [, answer] = answers[index]!;
      return typeof answer === 'function' ? answer() : answer;
    },
  };
};

describe('the duration window', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
  const reading = (breached: boolean, value = 0) => ({ instance: 'C:', breached, value, text: `${value}` });

  it('triggers once a breach has lasted the duration, clears on the first sample without it', () => {
    let held = new Map<string, InstanceState>();
    const step = (seconds: number, breached: boolean) => {
      const result = evaluate(held, [reading(breached, seconds)], 60_000, at(seconds));
      held = result.states;
      return result.observations.map((o) => `${o.triggered ? 'on' : 'off'}@${o.observedAt.slice(17, 19)}`);
    };
    expect(step(0, true)).toEqual([]);
    expect(step(30, true)).toEqual([]);
    expect(step(45, false)).toEqual([]); // the breach broke off: the window starts again
    expect(step(50, true)).toEqual([]);
    expect(step(59, true)).toEqual([]);
    expect(held.get('C:')?.since).toBe(at(50).toISOString());
    expect(step(110, true)).toEqual(['on@50']);
    expect(step(115, true)).toEqual([]);
    expect(step(120, false)).toEqual(['off@00']);
  });

  it('clears a triggered instance that is gone and forgets it', () => {
    const triggered = evaluate(new Map(), [reading(true, 5)], 0, at(0)).states;
    const { states, observations } = evaluate(triggered, [], 0, at(10));
    expect(states.size).toBe(0);
    expect(observations).toEqual([
      expect.objectContaining({ instance: 'C:', triggered: false, text: 'C: is no longer present' }),
    ]);
  });
});

describe('SERVICE (systemd, the Windows service manager, launchd)', () => {
  it('reads systemctl is-active, sc query and launchctl print', () => {
    expect(parseSystemctlIsActive('active\n')).toEqual({ isRunning: true, text: 'active' });
    expect(parseSystemctlIsActive('failed\n')).toEqual({ isRunning: false, text: 'failed' });
    const sc = [
      'SERVICE_NAME: Spooler ',
      '        TYPE               : 110  WIN32_OWN_PROCESS  (interactive)',
      '        STATE              : 1  STOPPED ',
      '        WIN32_EXIT_CODE    : 0  (0x0)',
    ].join('\r\n');
    expect(parseScQuery(sc, 0)).toEqual({ isRunning: false, text: 'stopped' });
    expect(parseScQuery(sc.replace('1  STOPPED', '4  RUNNING'), 0)).toEqual({
      isRunning: true,
      text: 'running',
    });
    expect(parseScQuery('[SC] EnumQueryServicesStatus:OpenService FAILED 1060:', 1060)).toEqual({
      isRunning: false,
      text: 'not installed',
    });
    const launchd = 'system/com.example.agent = {\n\tactive count = 1\n\tstate = running\n\tpid = 311\n}';
    expect(parseLaunchctlPrint(launchd, 0)).toEqual({ isRunning: true, text: 'running' });
    expect(parseLaunchctlPrint('Could not find service', 113)).toEqual({
      isRunning: false,
      text: 'not loaded',
    });
  });

  it('restarts a stopped service before it reports it, and not again during the same outage', async () => {
    let state = 'inactive';
    const systemctl = scripted([
      [/^systemctl is-active nginx$/, () => ({ code: state === 'active' ? 0 : 3, stdout: `${state}\n` })],
      [
        /^systemctl restart nginx$/,
        () => {
          if (starts-- > 0) state = 'active';
          return { code: 0, stdout: '' };
        },
      ],
    ]);
    let starts = 1;
    const context = samplerContext({ platform: 'linux', sources: { run: systemctl.run } });
    const check = serviceCheck(
      condition('SERVICE', { name: 'nginx', trigger: 'NOT_RUNNING', restartAttempts: 2, durationMinutes: 1 }),
      context,
    );
    expect(await check.sample()).toEqual([
      { instance: 'nginx', breached: false, value: 1, text: 'nginx: active after 1 restart attempt(s)' },
    ]);
    state = 'failed';
    expect(await check.sample()).toEqual([
      { instance: 'nginx', breached: true, value: 0, text: 'nginx: failed after 2 restart attempt(s)' },
    ]);
    systemctl.calls.length = 0;
    expect((await check.sample())[0]).toMatchObject({ breached: true, text: 'nginx: failed' });
    expect(systemctl.calls).toEqual(['systemctl is-active nginx']);
  });

  it('asks sc on Windows and launchctl on macOS', async () => {
    const sc = scripted([[/^sc query Spooler$/, { code: 0, stdout: 'STATE : 4  RUNNING' }]]);
    const windows = serviceCheck(
      condition('SERVICE', { name: 'Spooler', trigger: 'RUNNING', durationMinutes: 1 }),
      samplerContext({ platform: 'win32', sources: { run: sc.run } }),
    );
    expect((await windows.sample())[0]).toMatchObject({ breached: true, text: 'Spooler: running' });
    const launchctl = scripted([[/^launchctl print system\/com.example$/, { code: 113, stdout: '' }]]);
    const mac = serviceCheck(
      condition('SERVICE', { name: 'com.example', trigger: 'NOT_RUNNING', durationMinutes: 1 }),
      samplerContext({ platform: 'darwin', sources: { run: launchctl.run } }),
    );
    expect((await mac.sample())[0]).toMatchObject({ breached: true, text: 'com.example: not loaded' });
  });
});

describe('EVENT_LOG', () => {
  // `journalctl -o json` lines as journald prints them (a `logger -p user.err` message and others).
  const journalLine = (cursor: string, priority: number, message: unknown, unit = '') =>
    JSON.stringify({
      __CURSOR: cursor,
      __REALTIME_TIMESTAMP: String(Date.now() * 1000),
      PRIORITY: String(priority),
      SYSLOG_IDENTIFIER: 'backup-tool',
      MESSAGE: message,
      ...(unit ? { _SYSTEMD_UNIT: unit } : {}),
    });

  it('reads journald entries with a cursor and counts matches in the window', async () => {
    const polls = [
      [
        journalLine('s=1', 3, 'disk write FAILED on /dev/sdb'),
        journalLine('s=2', 6, 'disk write failed (info)'),
      ],
      [
        journalLine(
          's=3',
          2,
          [
            0x64, 0x69, 0x73, 0x6b, 0x20, 0x77, 0x72, 0x69, 0x74, 0x65, 0x20, 0x66, 0x61, 0x69, 0x6c, 0x65,
            0x64,
          ],
        ),
      ],
      [],
    ];
    const journalctl = scripted([
      [/^journalctl /, () => ({ code: 0, stdout: `${(polls.shift() ?? []).join('\n')}\n` })],
    ]);
    const check = eventLogCheck(
      condition('EVENT_LOG', {
        source: 'JOURNALD',
        level: 'ERROR',
        textContains: 'disk write failed',
        occurrences: 2,
        windowMinutes: 60,
      }),
      samplerContext({ platform: 'linux', sources: { run: journalctl.run } }),
    );
    expect((await check.sample())[0]).toMatchObject({ breached: false, value: 1 });
    const [second] = await check.sample();
    expect(second).toMatchObject({ breached: true, value: 2 });
    expect(second!.text).toContain('latest: backup-tool: disk write failed');
    expect((await check.sample())[0]).toMatchObject({ breached: true, value: 2 });
    expect(journalctl.calls[0]).toMatch(/^journalctl -o json --no-pager -q -n 10000 -p 0\.\.3 --since=@\d+$/);
    expect(journalctl.calls[1]).toMatch(/--after-cursor=s=2$/);
    expect(journalctl.calls[2]).toMatch(/--after-cursor=s=3$/);
  });

  it('clears when the matches age out of the window', async () => {
    let now = Date.now();
    const journalctl = scripted([[/^journalctl /, () => ({ code: 0, stdout: '' })]]);
    const line = JSON.parse(journalLine('s=9', 3, 'oops')) as Record<string, string>;
    let first = true;
    const check = eventLogCheck(
      condition('EVENT_LOG', { source: 'JOURNALD', textContains: 'oops', windowMinutes: 1 }),
      samplerContext({
        platform: 'linux',
        now: () => new Date(now),
        sources: {
          run: async (command, args) => {
            if (!first) return journalctl.run(command, args);
            first = false;
            return { code: 0, stdout: JSON.stringify({ ...line, __REALTIME_TIMESTAMP: String(now * 1000) }) };
          },
        },
      }),
    );
    expect((await check.sample())[0]).toMatchObject({ breached: true, value: 1 });
    now += 601; // one parameter minute is 600 ms here
    expect((await check.sample())[0]).toMatchObject({ breached: false, value: 0 });
  });

  it('builds the unit filter and the journal line parser keeps what it needs', () => {
    const p: ConditionParameters<'EVENT_LOG'> = {
      source: 'JOURNALD',
      log: 'nginx.service',
      eventIds: [],
      level: 'WARNING',
      textContains: '',
      occurrences: 1,
      windowMinutes: 5,
    };
    expect(journalctlArgs(p, undefined, 1_700_000_000_500)).toEqual([
      '-o',
      'json',
      '--no-pager',
      '-q',
      '-n',
      '10000',
      '-u',
      'nginx.service',
      '-p',
      '0..4',
      '--since=@1700000000',
    ]);
    expect(parseJournalLine('not json')).toBeUndefined();
    expect(parseJournalLine(journalLine('c', 4, 'hello', 'nginx.service'))).toMatchObject({
      cursor: 'c',
      priority: 4,
      unit: 'nginx.service',
      text: 'backup-tool: hello',
    });
  });

  it('polls the Windows event log with Get-WinEvent and skips the records it has seen', async () => {
    const answers = [
      JSON.stringify([
        {
          RecordId: 10,
          Id: 7036,
          Level: 2,
          LogName: 'System',
          Time: '2026-01-01T00:00:01.0000000Z',
          Message: 'The service crashed',
        },
        {
          RecordId: 11,
          Id: 7036,
          Level: 2,
          LogName: 'System',
          Time: '2026-01-01T00:00:02.0000000Z',
          Message: 'The service crashed',
        },
      ]),
      JSON.stringify({
        RecordId: 11,
        Id: 7036,
        Level: 2,
        LogName: 'System',
        Time: '2026-01-01T00:00:02.0000000Z',
        Message: 'The service crashed',
      }),
    ];
    const powershell = scripted([[/^powershell.exe /, () => ({ code: 0, stdout: answers.shift() ?? '' })]]);
    const check = eventLogCheck(
      condition('EVENT_LOG', {
        source: 'WINDOWS',
        log: 'System',
        eventIds: [7036],
        level: 'ERROR',
        occurrences: 2,
        windowMinutes: 1440,
      }),
      samplerContext({
        platform: 'win32',
        now: () => new Date('2026-01-01T00:01:00Z'),
        sources: { run: powershell.run },
      }),
    );
    expect((await check.sample())[0]).toMatchObject({ breached: true, value: 2 });
    expect((await check.sample())[0]).toMatchObject({ breached: true, value: 2 });
    expect(powershell.calls[1]).toContain("StartTime=[datetime]::Parse('2026-01-01T00:00:02.0000000Z')");
    expect(
      winEventScript(
        {
          source: 'WINDOWS',
          log: '',
          eventIds: [],
          level: 'ANY',
          textContains: '',
          occurrences: 1,
          windowMinutes: 1,
        },
        'x',
      ),
    ).toContain("LogName=@('System','Application')");
    expect(parseWinEvents('')).toEqual([]);
  });

  it('refuses a source the platform does not have', () => {
    expect(() =>
      eventLogCheck(
        condition('EVENT_LOG', { source: 'WINDOWS', windowMinutes: 5 }),
        samplerContext({ platform: 'linux' }),
      ),
    ).toThrow('a WINDOWS event log condition cannot be sampled on linux');
  });
});

describe('REBOOT, SOFTWARE names, PATCH outputs', () => {
  it('reports a pending restart (its duration window is the time it has been pending)', async () => {
    const check = rebootCheck(
      condition('REBOOT', { pendingForMinutes: 1440 }),
      samplerContext({ sources: { pendingReboot: async () => true } }),
    );
    expect(check.durationMs).toBe(1440 * 60 * 10);
    expect(await check.sample()).toEqual([
      { instance: '', breached: true, value: 1, text: 'A restart is pending' },
    ]);
  });

  it('matches software names by part, or whole with *', () => {
    expect(softwareMatcher('chrome')('Google Chrome')).toBe(true);
    expect(softwareMatcher('7-Zip*')('7-Zip 23.01 (x64)')).toBe(true);
    expect(softwareMatcher('7-Zip*')('Old 7-Zip')).toBe(false);
    expect(softwareMatcher('a.b')('axb')).toBe(false);
  });

  it('counts apt, dnf and softwareupdate answers', () => {
    const apt = [
      'Inst bash [5.2.15-2+b8] (5.2.15-2+b13 Debian:12.15/oldstable [amd64])',
      'Inst libgcrypt20 [1.10.1-3] (1.10.1-3+deb12u1 Debian:12.15/oldstable, Debian-Security:12/oldstable-security [amd64])',
      'Conf bash (5.2.15-2+b13 Debian:12.15/oldstable [amd64])',
    ].join('\n');
    expect(parseAptSimulation(apt)).toEqual({ all: 2, security: 1, source: 'apt' });
    const dnf = [
      '',
      'kernel.x86_64                 6.5.6-300.fc39          updates',
      'openssl-libs.x86_64           1:3.1.1-4.fc39          updates',
      'Obsoleting Packages',
      'grub2-tools.x86_64            1:2.06-100.fc39         updates',
    ].join('\n');
    expect(parseDnfCheckUpdate(dnf)).toBe(2);
    const mac = [
      'Software Update found the following new or updated software:',
      '* Label: Safari17.1VenturaAuto-17.1',
      '\tTitle: Safari, Version: 17.1, Size: 157M, Recommended: YES, ',
      '* Label: Background Security Improvement 13.6.1 (a)',
    ].join('\n');
    expect(parseSoftwareUpdateList(mac)).toEqual({ all: 2, security: 1, source: 'softwareupdate' });
  });
});

describe('ANTIVIRUS, RAID, BITLOCKER, FILEVAULT, TEMPERATURE, BATTERY', () => {
  it('reads Defender, the Security Center, XProtect and ClamAV honestly', async () => {
    expect(
      windowsAntivirusStatus(
        { source: 'defender', enabled: true, realTime: false, signatureAgeDays: 5, threats: 1 },
        3,
      ),
    ).toEqual({
      product: 'Microsoft Defender',
      isProtected: false,
      signatureAgeDays: 5,
      isOutOfDate: true,
      threats: 1,
    });
    // 0x061100: on, up to date; 0x060110: off, out of date.
    expect(
      windowsAntivirusStatus({ source: 'securityCenter', products: { name: 'Acme AV', state: 0x061100 } }, 3),
    ).toMatchObject({
      isProtected: true,
      isOutOfDate: false,
      threats: null,
    });
    const defender = scripted([
      [
        /^powershell.exe /,
        {
          code: 0,
          stdout: '{"source":"defender","enabled":true,"realTime":true,"signatureAgeDays":1,"threats":2}',
        },
      ],
    ]);
    const threats = antivirusCheck(
      condition('ANTIVIRUS', { trigger: 'THREAT_FOUND' }),
      samplerContext({ platform: 'win32', sources: { run: defender.run } }),
    );
    expect((await threats.sample())[0]).toMatchObject({ breached: true, value: 2 });
    // Linux: ClamAV protects while clamd runs; its signatures' age is the database files'.
    const fiveDaysAgo = Date.now() - 5 * 86_400_000 - 60_000;
    const clam = antivirusCheck(
      condition('ANTIVIRUS', { trigger: 'OUT_OF_DATE', outOfDateDays: 3 }),
      samplerContext({
        platform: 'linux',
        sources: {
          processNames: async () => ['clamd'],
          modifiedAt: async (file) => (file.endsWith('daily.cld') ? fiveDaysAgo : undefined),
        },
      }),
    );
    expect((await clam.sample())[0]).toMatchObject({
      breached: true,
      value: 5,
      text: 'ClamAV: protecting, signatures 5 day(s) old',
    });
    expect(() =>
      antivirusCheck(
        condition('ANTIVIRUS', { trigger: 'THREAT_FOUND' }),
        samplerContext({ platform: 'darwin' }),
      ),
    ).toThrow('does not report the threats');
  });

  it('finds a degraded md array in /proc/mdstat', async () => {
    const mdstat = [
      'Personalities : [raid1] [raid6] [raid5] [raid4]',
      'md1 : active raid1 sdb2[1] sda2[0]',
      '      1046528 blocks super 1.2 [2/2] [UU]',
      '',
      'md0 : active raid5 sdd1[3](F) sdc1[1] sdb1[0]',
      '      2093056 blocks super 1.2 level 5, 512k chunk, algorithm 2 [3/2] [UU_]',
      '',
      'unused devices: <none>',
    ].join('\n');
    expect(parseMdstat(mdstat)).toEqual([
      { name: 'md1', isDegraded: false, detail: 'md1 active [UU]' },
      { name: 'md0', isDegraded: true, detail: 'md0 active [UU_]' },
    ]);
    const check = raidCheck(
      condition('RAID', {}),
      samplerContext({ platform: 'linux', sources: { readFile: async () => mdstat } }),
    );
    expect((await check.sample())[0]).toMatchObject({ breached: true, value: 1 });
  });

  it('reads BitLocker volumes and fdesetup', () => {
    const volumes = [
      { MountPoint: 'C:', Type: 'OperatingSystem', Protection: 'On', Status: 'FullyEncrypted' },
      { MountPoint: 'D:', Type: 'FixedData', Protection: 'Off', Status: 'FullyDecrypted' },
      { MountPoint: 'E:', Type: 'Removable', Protection: 'Off', Status: 'FullyDecrypted' },
    ];
    expect(bitlockerReadings(volumes, '*').map((r) => [r.instance, r.breached])).toEqual([
      ['C:', false],
      ['D:', true],
    ]);
    expect(bitlockerReadings(volumes, 'e:\\').map((r) => r.instance)).toEqual(['E:']);
    expect(parseFdesetupStatus('FileVault is On.\n')).toEqual({ isOn: true, text: 'FileVault is On.' });
    expect(parseFdesetupStatus('FileVault is Off.\n').isOn).toBe(false);
    expect(parseFdesetupStatus('Encryption in progress: Percent completed = 12.3\n').isOn).toBe(false);
  });

  it('reads the temperature and the battery systeminformation reports', async () => {
    const hot = temperatureCheck(
      condition('TEMPERATURE', { thresholdCelsius: 80, durationMinutes: 5 }),
      samplerContext({ sources: { temperature: async () => 85.5 } }),
    );
    expect(await hot.sample()).toEqual([
      { instance: '', breached: true, value: 85.5, text: 'CPU temperature 85.5 °C; threshold 80 °C' },
    ]);
    const battery = { hasBattery: true, percent: 15, designedCapacity: 50_000, maxCapacity: 35_000 };
    const charge = batteryCheck(
      condition('BATTERY', { trigger: 'CHARGE_BELOW', thresholdPercent: 20 }),
      samplerContext({ sources: { battery: async () => battery } }),
    );
    expect((await charge.sample())[0]).toMatchObject({ breached: true, value: 15 });
    const health = batteryCheck(
      condition('BATTERY', { trigger: 'HEALTH_BELOW', thresholdPercent: 60 }),
      samplerContext({ sources: { battery: async () => battery } }),
    );
    expect((await health.sample())[0]).toMatchObject({ breached: false, value: 70 });
    const none = batteryCheck(
      condition('BATTERY', { trigger: 'CHARGE_BELOW', thresholdPercent: 20 }),
      samplerContext({ sources: { battery: async () => ({ ...battery, hasBattery: false }) } }),
    );
    expect(await none.sample()).toEqual([]);
  });
});

describe('PING (no ping program on this machine: recorded outputs)', () => {
  it('parses iputils, BusyBox, macOS and Windows summaries', () => {
    expect(
      parsePing(
        '4 packets transmitted, 4 received, 0% packet loss, time 3004ms\nrtt min/avg/max/mdev = 0.030/0.041/0.050/0.007 ms\n',
      ),
    ).toEqual({ lossPercent: 0, averageMs: 0.041 });
    expect(
      parsePing(
        '4 packets transmitted, 2 packets received, 50% packet loss\nround-trip min/avg/max = 0.040/12.5/25.0 ms\n',
      ),
    ).toEqual({ lossPercent: 50, averageMs: 12.5 });
    expect(
      parsePing(
        '4 packets transmitted, 4 packets received, 0.0% packet loss\nround-trip min/avg/max/stddev = 1.1/2.2/3.3/0.4 ms',
      ),
    ).toEqual({ lossPercent: 0, averageMs: 2.2 });
    expect(
      parsePing(
        'Packets: Sent = 4, Received = 3, Lost = 1 (25% loss),\r\nApproximate round trip times in milli-seconds:\r\n    Minimum = 1ms, Maximum = 4ms, Average = 2ms\r\n',
      ),
    ).toEqual({ lossPercent: 25, averageMs: 2 });
    expect(parsePing('4 packets transmitted, 0 received, 100% packet loss, time 3062ms')).toEqual({
      lossPercent: 100,
      averageMs: null,
    });
    expect(parsePing('')).toEqual({ lossPercent: 100, averageMs: null });
    expect(pingArgs('linux', '10.0.0.1', 2)).toEqual(['-c', '4', '-W', '2', '-n', '10.0.0.1']);
    expect(pingArgs('win32', 'host', 2)).toEqual(['-n', '4', '-w', '2000', 'host']);
  });

  it('triggers on loss or latency', async () => {
    const ping = scripted([
      [
        /^ping /,
        {
          code: 0,
          stdout: '4 packets transmitted, 4 received, 0% packet loss\nrtt min/avg/max/mdev = 80/120/150/3 ms',
        },
      ],
    ]);
    const check = pingCheck(
      condition('PING', { host: 'router.local', maxLatencyMs: 100, durationMinutes: 1 }),
      samplerContext({ platform: 'linux', sources: { run: ping.run } }),
    );
    expect(await check.sample()).toEqual([
      {
        instance: '',
        breached: true,
        value: 120,
        text: 'router.local: 0% lost, average 120 ms (above 100 ms)',
      },
    ]);
    expect(() =>
      pingCheck(condition('PING', { host: '-f', durationMinutes: 1 }), samplerContext({ platform: 'linux' })),
    ).toThrow('is not a host name');
  });
});

describe('small readers', () => {
  it('reads tasklist and compares volumes as the platform names them', () => {
    expect(
      parseTasklist(
        '"System Idle Process","0","Services","0","8 K"\r\n"svchost.exe","4","Services","0","9 K"\r\n',
      ),
    ).toEqual(['System Idle Process', 'svchost.exe']);
    expect(sameVolume('win32', 'c:\\', 'C:')).toBe(true);
    expect(sameVolume('linux', '/data/', '/data')).toBe(true);
    expect(sameVolume('linux', '/', '/data')).toBe(false);
  });
});
