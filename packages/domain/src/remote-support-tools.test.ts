import { describe, expect, it } from 'vitest';
import { remoteSupportToolsIn } from './remote-support-tools.ts';

const programs = (...names: string[]) => names.map((name) => ({ name }));

describe('remote-support tools in a software inventory', () => {
  it('recognises the tools by the names their installers give them on each platform', () => {
    expect(
      remoteSupportToolsIn(
        programs(
          'TeamViewer 15',
          'TeamViewer',
          'AnyDesk',
          'Splashtop Streamer',
          'ScreenConnect Client (1a2b3c4d5e6f)',
          'ConnectWise Control Client (0123456789abcdef)',
          'LogMeIn',
          'GoTo Resolve Unattended',
          'rustdesk',
          'Chrome Remote Desktop Host',
          'chrome-remote-desktop',
          'BeyondTrust Remote Support Jump Client',
          'Bomgar Jump Client',
          'VNC Server 7.5.1',
          'TightVNC',
          'UltraVNC 1.4.3.6',
          'tigervnc-server',
          'Zoho Assist Unattended Agent',
          'Parsec',
          'NoMachine',
          'Mesh Agent',
          'Supremo',
          'DWAgent',
        ),
      ),
    ).toEqual([
      'TeamViewer',
      'AnyDesk',
      'Splashtop',
      'ConnectWise ScreenConnect',
      'LogMeIn',
      'GoTo Resolve',
      'RustDesk',
      'Chrome Remote Desktop',
      'BeyondTrust Remote Support',
      'RealVNC',
      'TightVNC',
      'UltraVNC',
      'TigerVNC',
      'Zoho Assist',
      'Parsec',
      'NoMachine',
      'MeshCentral',
      'Supremo',
      'DWService',
    ]);
  });

  it('does not take add-ins, drivers or look-alikes for the tool', () => {
    expect(
      remoteSupportToolsIn(
        programs(
          'TeamViewer Meeting Add-In',
          'Splashtop Wired XDisplay Agent',
          'LogMeIn Hamachi',
          'Google Chrome',
          'Microsoft Remote Desktop',
          'Parsec Virtual Display Driver',
          'libvncserver1',
          'OpenSSH Server',
        ),
      ),
    ).toEqual([]);
    expect(remoteSupportToolsIn([])).toEqual([]);
  });
});
