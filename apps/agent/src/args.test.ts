import { describe, expect, it } from 'vitest';
import { defaultStateDir, parseAgentArgs } from './args.ts';

describe('agent arguments', () => {
  it('reads the documented flags', () => {
    const options = parseAgentArgs(
      [
        '--server',
        'https://rmm.example.com',
        '--token',
        'T',
        '--state-dir',
        '/tmp/s',
        '--heartbeat-seconds',
        '2',
      ],
      {},
      'linux',
      false,
    );
    expect(options).toMatchObject({
      command: 'run',
      serverUrl: 'https://rmm.example.com',
      token: 'T',
      stateDir: '/tmp/s',
      heartbeatSeconds: 2,
      inventorySeconds: 900,
      reconnectMinMs: 1000,
      reconnectMaxMs: 300_000,
    });
  });

  it('takes settings from the environment when flags are absent', () => {
    const env = {
      RMM_SERVER: 'http://s',
      RMM_TOKEN: 'E',
      RMM_RECONNECT_MIN_MS: '200',
      RMM_HEARTBEAT_SECONDS: '0.5',
    };
    expect(parseAgentArgs([], env, 'linux', false)).toMatchObject({
      serverUrl: 'http://s',
      token: 'E',
      reconnectMinMs: 200,
      heartbeatSeconds: 0.5,
    });
  });

  it('knows install-service and refuses unknown commands and bad numbers', () => {
    expect(parseAgentArgs(['install-service', '--enable'], {}, 'linux', true)).toMatchObject({
      command: 'install-service',
      enableService: true,
      stateDir: '/var/lib/rmm-agent',
    });
    expect(() => parseAgentArgs(['explode'], {}, 'linux', false)).toThrow('Unknown command "explode"');
    expect(() => parseAgentArgs(['--heartbeat-seconds=0'], {}, 'linux', false)).toThrow('positive number');
  });

  it('keeps state where each platform keeps a service’s data', () => {
    expect(defaultStateDir('win32', { ProgramData: 'D:\\ProgramData' }, true)).toBe(
      'D:\\ProgramData\\RmmAgent',
    );
    expect(defaultStateDir('darwin', {}, true)).toBe('/Library/Application Support/RmmAgent');
    expect(defaultStateDir('linux', {}, true)).toBe('/var/lib/rmm-agent');
    expect(defaultStateDir('linux', {}, false, '/home/ann')).toBe('/home/ann/.rmm-agent');
  });

  it('reads the Wake-on-LAN address and port, broadcast to port 9 by default', () => {
    expect(parseAgentArgs([], {}, 'linux', false)).toMatchObject({
      wolAddress: '255.255.255.255',
      wolPort: 9,
    });
    expect(
      parseAgentArgs(['--wol-address', '192.168.1.255', '--wol-port', '7'], {}, 'linux', false),
    ).toMatchObject({
      wolAddress: '192.168.1.255',
      wolPort: 7,
    });
    expect(
      parseAgentArgs([], { RMM_WOL_ADDRESS: '127.0.0.1', RMM_WOL_PORT: '4009' }, 'linux', false),
    ).toMatchObject({
      wolAddress: '127.0.0.1',
      wolPort: 4009,
    });
    expect(() => parseAgentArgs(['--wol-port', '70000'], {}, 'linux', false)).toThrow('--wol-port');
  });

  it('reads the job settings, with defaults per platform', () => {
    expect(parseAgentArgs([], {}, 'linux', false)).toMatchObject({
      maxConcurrentJobs: 4,
      rebootCommand: 'shutdown -r now',
      jobKillGraceSeconds: 10,
      jobHistoryDays: 30,
    });
    expect(parseAgentArgs([], {}, 'win32', false).rebootCommand).toBe('shutdown /r /t 0');
    const options = parseAgentArgs(
      ['--max-concurrent-jobs', '2', '--reboot-command', 'sh -c "echo rebooted > /tmp/f"'],
      { RMM_JOB_KILL_GRACE_SECONDS: '0.5', RMM_JOB_HISTORY_DAYS: '7' },
      'linux',
      false,
    );
    expect(options).toMatchObject({
      maxConcurrentJobs: 2,
      rebootCommand: 'sh -c "echo rebooted > /tmp/f"',
      jobKillGraceSeconds: 0.5,
      jobHistoryDays: 7,
    });
    expect(parseAgentArgs([], { RMM_REBOOT_COMMAND: 'reboot' }, 'linux', false).rebootCommand).toBe('reboot');
    expect(() => parseAgentArgs(['--max-concurrent-jobs', '1.5'], {}, 'linux', false)).toThrow(
      'whole number',
    );
  });

  it('looks for logons every 15 seconds unless told otherwise', () => {
    expect(parseAgentArgs([], {}, 'linux', false).loginPollSeconds).toBe(15);
    expect(parseAgentArgs(['--login-poll-seconds', '2'], {}, 'linux', false).loginPollSeconds).toBe(2);
    expect(parseAgentArgs([], { RMM_LOGIN_POLL_SECONDS: '5' }, 'linux', false).loginPollSeconds).toBe(5);
    expect(() => parseAgentArgs(['--login-poll-seconds', '0'], {}, 'linux', false)).toThrow(
      '--login-poll-seconds',
    );
  });
});
