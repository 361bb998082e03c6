import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../log.ts';
import { agentMainFile } from './command.ts';
import { installService, serviceFileFor } from './install.ts';

describe('install-service', () => {
  it('writes a systemd unit that runs the agent with its state folder, and says what to run next', async () => {
    const unitPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-unit-')), 'rmm-agent.service');
    const lines: string[] = [];
    await installService(
      { platform: 'linux', stateDir: '/var/lib/rmm agent', servicePath: unitPath, enable: false },
      createLogger((line) => lines.push(line)),
    );
    const unit = fs.readFileSync(unitPath, 'utf8');
    expect(unit).toContain(
      `ExecStart=${process.execPath} --import tsx ${agentMainFile} --state-dir "/var/lib/rmm agent"`,
    );
    expect(unit).toContain('Restart=always');
    expect(unit).toContain('WantedBy=multi-user.target');
    expect(unit).not.toContain('--token');
    expect(lines.join('')).toContain('systemctl enable --now rmm-agent');
  });

  it('writes a launchd daemon on macOS and a WinSW service on Windows', () => {
    const mac = serviceFileFor('darwin', '/Library/Application Support/RmmAgent');
    expect(mac.path).toBe('/Library/LaunchDaemons/com.rmm.agent.plist');
    expect(mac.content).toContain('<string>/Library/Application Support/RmmAgent</string>');
    expect(mac.content).toContain('<key>KeepAlive</key>');
    const windows = serviceFileFor('win32', 'C:\\ProgramData\\RmmAgent');
    expect(windows.path).toBe('C:\\ProgramData\\RmmAgent\\rmm-agent.xml');
    expect(windows.content).toContain('<startmode>Automatic</startmode>');
    expect(windows.nextSteps).toContain('rmm-agent.exe install');
  });
});
