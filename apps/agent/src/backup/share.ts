import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AgentBackupRepository } from '@rmm/domain';
import { backupTexts } from './texts.ts';

/** A mounted file system: where from (`//host/share`), where to, of which type. */
export type Mount = { source: string; target: string; fsType: string };

export type ShareHost = {
  mounts: () => Promise<Mount[]>;
  /** Windows: connects the share with the credential (`net use`); elsewhere never called. */
  connect: (share: string, credential: AgentBackupRepository['credential']) => Promise<void>;
};

/** `//host/share/rest`, `\\host\share\rest` or `smb://host/share/rest`, else null (a local path). */
export const parseSharePath = (location: string) => {
  const match = /^(?:smb:)?[\\/]{2}([^\\/]+)[\\/]([^\\/]+)(.*)$/i.exec(location.trim());
  if (!match) return null;
  const host = match[1]!.replace(/^[^@]*@/, '');
  return { host, share: match[2]!, rest: match[3]!.split(/[\\/]+/).filter(Boolean) };
};

const octal = (text: string) =>
  text.replace(/\\([0-7]{3})/g, (_, code: string) => String.fromCharCode(Number.parseInt(code, 8)));

/** Linux: /proc/mounts; macOS: the `mount` command's lines (`//user@host/share on /Volumes/x (smbfs, ...)`). */
export const parseMounts = (text: string, platform: NodeJS.Platform): Mount[] => {
  const mounts: Mount[] = [];
  for (const line of text.split('\n')) {
    if (platform === 'linux') {
      const [source, target, fsType] = line.split(' ');
      if (source && target && fsType) mounts.push({ source: octal(source), target: octal(target), fsType });
      continue;
    }
    const match = /^(.+) on (.+) \(([^,)]+)/.exec(line);
    if (match) mounts.push({ source: match[1]!, target: match[2]!, fsType: match[3]! });
  }
  return mounts;
};

const SHARE_TYPES = new Set(['cifs', 'smbfs', 'smb3', 'smb2', 'smb']);

const run = (command: string, args: string[]) =>
  new Promise<string>((resolve, reject) =>
    execFile(command, args, { windowsHide: true, timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${stderr || stdout || error.message}`.trim())) : resolve(stdout),
    ),
  );

export const systemShareHost = (platform: NodeJS.Platform = process.platform): ShareHost => ({
  mounts: async () => {
    if (platform === 'linux') return parseMounts(await fsp.readFile('/proc/mounts', 'utf8'), platform);
    if (platform === 'darwin') return parseMounts(await run('mount', []), platform);
    return [];
  },
  connect: async (share, credential) => {
    const args = ['use', share];
    if (credential) {
      const user = credential.domain ? `${credential.domain}\\${credential.username}` : credential.username;
      args.push(credential.password, `/user:${user}`);
    }
    await run('net', [...args, '/persistent:no']).catch((error: Error) => {
      // 1219: already connected (with this or another account): the folder check below decides
      if (!/1219|85/.test(error.message)) throw error;
    });
  },
});

/**
 * The folder of a NETWORK_SHARE repository on this device. Windows reaches `\\host\share` itself (connected
 * with the plan's credential); Linux and macOS need the share mounted (mounting needs root and a helper the
 * agent does not install), so the path is found under the mount of that share, or the job says how to fix it.
 */
export const resolveShareFolder = async (
  repository: AgentBackupRepository,
  platform: NodeJS.Platform,
  host: ShareHost,
): Promise<string> => {
  const location = repository.path ?? '';
  const share = parseSharePath(location);
  if (!share) return location;
  if (platform === 'win32') {
    const root = `\\\\${share.host}\\${share.share}`;
    await host.connect(root, repository.credential);
    return path.win32.join(root, ...share.rest);
  }
  const wanted = `//${share.host}/${share.share}`.toLowerCase();
  const mount = (await host.mounts()).find(
    (candidate) =>
      SHARE_TYPES.has(candidate.fsType.toLowerCase()) &&
      candidate.source
        .replace(/^\/\/[^@/]*@/, '//')
        .replace(/\/+$/, '')
        .toLowerCase() === wanted,
  );
  if (!mount) throw new Error(backupTexts.shareNotMounted(`//${share.host}/${share.share}`));
  return path.posix.join(mount.target, ...share.rest);
};
