import fs from 'node:fs';
import path from 'node:path';
import type { ScriptLanguage } from '@rmm/domain';
import type { ProcessSpec } from './run-process.ts';

/** How each script language runs: the interpreter, its arguments and the script file's name and bytes. */

export class ScriptRefusedError extends Error {}

/** The first executable called `name` on the PATH (with PATHEXT on Windows), or undefined. */
export const findExecutable = (
  name: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string | undefined => {
  const isWindows = platform === 'win32';
  const dirs = (env.PATH ?? env.Path ?? '').split(isWindows ? ';' : ':').filter(Boolean);
  const extensions = isWindows ? (env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';') : [''];
  for (const dir of dirs) {
    for (const extension of extensions) {
      const file = path.join(dir, name + extension);
      try {
        fs.accessSync(file, isWindows ? fs.constants.F_OK : fs.constants.X_OK);
        if (fs.statSync(file).isFile()) return file;
      } catch {
        // not here
      }
    }
  }
  return undefined;
};

export const scriptExtensions: Readonly<Record<ScriptLanguage, string>> = {
  sh: '.sh',
  bash: '.sh',
  python: '.py',
  powershell: '.ps1',
  cmd: '.cmd',
};

/** The bytes of the script file: PowerShell 5 reads UTF-8 only with a BOM; cmd wants CRLF lines. */
export const scriptFileText = (language: ScriptLanguage, code: string): string => {
  if (language === 'powershell') return `\ufeff${code}`;
  if (language === 'cmd') return code.replace(/\r?\n/g, '\r\n');
  return code;
};

// cmd.exe reads its own command line: inside double quotes & | < > ^ are plain, but " and % are not.
const CMD_UNSAFE = /["%\r\n]/;

const cmdCommandLine = (file: string, parameters: string[]) => {
  parameters.forEach((parameter, index) => {
    if (CMD_UNSAFE.test(parameter))
      throw new ScriptRefusedError(
        `Parameter ${index + 1} cannot be passed to a cmd script: it contains a double quote, % or a line break.`,
      );
  });
  const quoted = [file, ...parameters].map((value) => `"${value}"`).join(' ');
  return ['/d', '/v:off', '/s', '/c', `"${quoted}"`];
};

/** The command that runs `file` with each parameter as one argument (never joined into a shell line). */
export const scriptCommand = (
  language: ScriptLanguage,
  file: string,
  parameters: string[],
  platform: NodeJS.Platform = process.platform,
  find: (name: string) => string | undefined = (name) => findExecutable(name),
): ProcessSpec => {
  const isWindows = platform === 'win32';
  switch (language) {
    case 'sh':
      return { command: isWindows ? 'sh' : '/bin/sh', args: [file, ...parameters] };
    case 'bash':
      return { command: 'bash', args: [file, ...parameters] };
    case 'python':
      return {
        command: isWindows ? 'python' : 'python3',
        args: [file, ...parameters],
        // Unbuffered, so output arrives live and in the order it was written.
        env: { ...process.env, PYTHONUNBUFFERED: '1', PYTHONIOENCODING: 'utf-8' },
      };
    case 'powershell': {
      const command = find('pwsh') ?? (isWindows ? 'powershell.exe' : 'pwsh');
      const options = ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-File'];
      return { command, args: [...options, file, ...parameters] };
    }
    case 'cmd':
      if (!isWindows) throw new ScriptRefusedError('cmd scripts run only on Windows.');
      return { command: 'cmd.exe', args: cmdCommandLine(file, parameters), isVerbatim: true };
  }
};
