import { describe, expect, it } from 'vitest';
import { scriptCommand, scriptFileText } from './interpreters.ts';

const none = () => undefined;

describe('script interpreters', () => {
  it('runs the file with each parameter as its own argument', () => {
    expect(scriptCommand('sh', '/s/x.sh', ['a b', 'c'], 'linux', none)).toEqual({
      command: '/bin/sh',
      args: ['/s/x.sh', 'a b', 'c'],
    });
    expect(scriptCommand('bash', '/s/x.sh', [], 'darwin', none)).toMatchObject({ command: 'bash' });
    expect(scriptCommand('python', '/s/x.py', ['p'], 'linux', none)).toMatchObject({
      command: 'python3',
      args: ['/s/x.py', 'p'],
      env: expect.objectContaining({ PYTHONUNBUFFERED: '1' }),
    });
    expect(scriptCommand('python', 'C:\\s\\x.py', [], 'win32', none)).toMatchObject({ command: 'python' });
  });

  it('prefers pwsh and falls back to Windows PowerShell, without profile or execution policy', () => {
    const flags = ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-File'];
    expect(scriptCommand('powershell', 'C:\\s\\x.ps1', ['a'], 'win32', none)).toEqual({
      command: 'powershell.exe',
      args: [...flags, 'C:\\s\\x.ps1', 'a'],
    });
    expect(scriptCommand('powershell', '/s/x.ps1', [], 'linux', () => '/usr/bin/pwsh')).toMatchObject({
      command: '/usr/bin/pwsh',
    });
  });

  it('quotes cmd arguments for cmd.exe itself and refuses what cmd cannot pass safely', () => {
    expect(scriptCommand('cmd', 'C:\\state dir\\x.cmd', ['a b', 'x&calc'], 'win32', none)).toEqual({
      command: 'cmd.exe',
      args: ['/d', '/v:off', '/s', '/c', '""C:\\state dir\\x.cmd" "a b" "x&calc""'],
      isVerbatim: true,
    });
    expect(() => scriptCommand('cmd', 'x.cmd', ['say "hi"'], 'win32', none)).toThrow(
      'Parameter 1 cannot be passed to a cmd script',
    );
    expect(() => scriptCommand('cmd', 'x.cmd', ['ok', '%PATH%'], 'win32', none)).toThrow('Parameter 2');
    expect(() => scriptCommand('cmd', 'x.cmd', [], 'linux', none)).toThrow(
      'cmd scripts run only on Windows.',
    );
  });

  it('writes PowerShell with a BOM and cmd with CRLF line ends', () => {
    expect(scriptFileText('powershell', 'Write-Output é')).toBe('\ufeffWrite-Output é');
    expect(scriptFileText('cmd', 'echo a\necho b\r\n')).toBe('echo a\r\necho b\r\n');
    expect(scriptFileText('sh', 'echo a\n')).toBe('echo a\n');
  });
});
