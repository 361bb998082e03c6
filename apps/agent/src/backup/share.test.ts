import { describe, expect, it } from 'vitest';
import { parseMounts, parseSharePath, resolveShareFolder, type ShareHost } from './share.ts';

const host = (mounts: string, platform: NodeJS.Platform = 'linux'): ShareHost & { connected: string[] } => {
  const connected: string[] = [];
  return {
    connected,
    mounts: async () => parseMounts(mounts, platform),
    connect: async (share) => {
      connected.push(share);
    },
  };
};

const share = (path: string) => ({
  repositoryId: '00000000-0000-4000-8000-000000000001',
  type: 'NETWORK_SHARE' as const,
  path,
  credential: { username: 'backup', domain: 'ACME', password: 'secret' },
});

describe('network share repositories', () => {
  it('reads the share forms', () => {
    expect(parseSharePath('\\\\nas\\backups\\acme')).toEqual({
      host: 'nas',
      share: 'backups',
      rest: ['acme'],
    });
    expect(parseSharePath('smb://user@nas/backups/a/b')).toEqual({
      host: 'nas',
      share: 'backups',
      rest: ['a', 'b'],
    });
    expect(parseSharePath('/mnt/backups')).toBeNull();
  });

  it('finds the folder under the mount of the share on Linux, with escaped spaces', async () => {
    const linux = host('/dev/sda1 / ext4 rw 0 0\n//NAS/Backups /mnt/nas\\040backups cifs rw,vers=3.0 0 0\n');
    expect(await resolveShareFolder(share('//nas/backups/acme/laptops'), 'linux', linux)).toBe(
      '/mnt/nas backups/acme/laptops',
    );
  });

  it('finds it under /Volumes on macOS', async () => {
    const mac = host('//backup@nas._smb._tcp.local/backups on /Volumes/backups (smbfs, nodev)\n', 'darwin');
    expect(await resolveShareFolder(share('smb://nas._smb._tcp.local/backups/x'), 'darwin', mac)).toBe(
      '/Volumes/backups/x',
    );
  });

  it('says how to fix a share that is not mounted', async () => {
    await expect(resolveShareFolder(share('//nas/backups/acme'), 'linux', host(''))).rejects.toThrow(
      'The network share //nas/backups is not mounted on this device: mount it (for example at /mnt/backup) and run the job again.',
    );
  });

  it('connects the share with its credential on Windows and uses the UNC path', async () => {
    const windows = host('', 'win32');
    expect(await resolveShareFolder(share('\\\\nas\\backups\\acme'), 'win32', windows)).toBe(
      '\\\\nas\\backups\\acme',
    );
    expect(windows.connected).toEqual(['\\\\nas\\backups']);
  });

  it('takes a path that is already a folder as it is', async () => {
    expect(await resolveShareFolder(share('/mnt/backups'), 'linux', host(''))).toBe('/mnt/backups');
  });
});
