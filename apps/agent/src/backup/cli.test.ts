import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAgentCommand } from '../../test/agent-server.ts';
import { createBackupRunner, stopBackupRunners } from '../../test/backup-runner.ts';
import {
  backupTempDir,
  createBackupRunJob,
  createOrganizationKeys,
  createResolvedJob,
  createRestoreKeyFile,
  createSourceTree,
  localRepository,
  manifestOf,
  removeBackupTempDirs,
} from '../../test/backup-support.ts';

// The agent's command line restores a local repository with the organization's restore key file, without
// the server: `agent backup snapshots|ls|restore --repo DIR --key-file FILE`.

let dir: string;
let source: string;
let repoDir: string;
let keyFile: string;
let revisionId: string;

beforeAll(async () => {
  dir = await backupTempDir('rmm-backup-cli-');
  source = path.join(dir, 'source');
  repoDir = path.join(dir, 'repository');
  await createSourceTree(source);
  const keys = createOrganizationKeys();
  const resolved = createResolvedJob(keys, { include: [source], repository: localRepository(repoDir) });
  const agent = createBackupRunner();
  const { report } = await agent.run(createBackupRunJob(resolved));
  revisionId = report!.revision!.revisionId;
  await stopBackupRunners();
  keyFile = path.join(dir, 'strata-restore-key.json');
  await fsp.writeFile(keyFile, JSON.stringify(createRestoreKeyFile(keys)), { mode: 0o600 });
  return () => removeBackupTempDirs();
});

const targets: string[] = [];
afterEach(async () => {
  for (const target of targets.splice(0)) await fsp.rm(target, { recursive: true, force: true });
});

const backup = (...args: string[]) => runAgentCommand(['backup', ...args]);

describe('agent backup (restore without the server)', () => {
  it('lists the revisions and a folder of one', async () => {
    const snapshots = await backup('snapshots', '--repo', repoDir, '--key-file', keyFile);
    expect(snapshots.code).toBe(0);
    expect(snapshots.stdout).toContain(revisionId.slice(0, 12));
    expect(snapshots.stdout).toContain(source);

    const listed = await backup('ls', '--repo', repoDir, '--key-file', keyFile, path.join(source, 'docs'));
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/file\s+0644\s+34000\s+"report.txt"/);
    expect(listed.stdout).toContain('"with space and\\nnewline"');
    expect(listed.stdout).toMatch(/dir\s+\d+\s+\d+\s+"deep"/);
  });

  it('restores the latest revision byte for byte into a folder, and one chosen path', async () => {
    const target = path.join(dir, 'restored');
    targets.push(target);
    const whole = await backup('restore', '--repo', repoDir, '--key-file', keyFile, '--target', target);
    expect(whole.stderr).toBe('');
    expect(whole.code).toBe(0);
    expect(whole.stdout).toContain('restored 7 files');
    expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));

    const one = path.join(dir, 'one');
    targets.push(one);
    const chosen = await backup(
      'restore',
      '--repo',
      repoDir,
      '--key-file',
      keyFile,
      '--snapshot',
      revisionId.slice(0, 10),
      '--target',
      one,
      path.join(source, 'docs', 'deep'),
    );
    expect(chosen.code).toBe(0);
    expect(await fsp.readdir(one)).toEqual(['deep']);
  });

  it('refuses another organization’s key, and a file that is not a restore key', async () => {
    const otherKey = path.join(dir, 'other-key.json');
    await fsp.writeFile(
      otherKey,
      JSON.stringify(createRestoreKeyFile(createOrganizationKeys(), { organizationName: 'Other' })),
    );
    const wrong = await backup('snapshots', '--repo', repoDir, '--key-file', otherKey);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('This restore key (organization Other, key');
    expect(wrong.stderr).toContain(`does not open ${repoDir}`);

    const notAKey = path.join(dir, 'not-a-key.json');
    await fsp.writeFile(notAKey, '{"hello": "world"}');
    const invalid = await backup('snapshots', '--repo', repoDir, '--key-file', notAKey);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('is not an organization restore key file');

    const usage = await backup('restore', '--repo', repoDir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe('Name the restore key file: --key-file FILE.\n');
  });
});
