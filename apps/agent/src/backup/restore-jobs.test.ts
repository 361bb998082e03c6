import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBackupRunner, stopBackupRunners } from '../../test/backup-runner.ts';
import {
  backupTempDir,
  createBackupRunJob,
  createOrganizationKeys,
  createResolvedJob,
  createRestoreJob,
  createSourceTree,
  localRepository,
  manifestOf,
  removeBackupTempDirs,
} from '../../test/backup-support.ts';

afterEach(async () => {
  await stopBackupRunners();
  await removeBackupTempDirs();
});

describe('restore jobs', () => {
  let dir: string;
  let source: string;
  let revisionId: string;
  let agent: ReturnType<typeof createBackupRunner>;
  let resolved: ReturnType<typeof createResolvedJob>;
  const report = () => path.join(source, 'docs', 'report.txt');
  const original = 'quarterly report\n'.repeat(2000);

  beforeEach(async () => {
    dir = await backupTempDir();
    source = path.join(dir, 'source');
    await createSourceTree(source);
    resolved = createResolvedJob(createOrganizationKeys(), {
      include: [source],
      repository: localRepository(path.join(dir, 'repository')),
    });
    agent = createBackupRunner();
    const { report: backedUp } = await agent.run(createBackupRunJob(resolved));
    revisionId = backedUp!.revision!.revisionId;
  });

  const restoreInPlace = (collisionHandling: 'OVERWRITE' | 'SKIP' | 'KEEP_BOTH', extra = {}) =>
    agent.run(
      createRestoreJob(resolved, {
        revisionId,
        restoreType: 'FILE',
        sourcePath: report(),
        collisionHandling,
        ...extra,
      }),
    );

  it('skips a file that is there, keeps both, or overwrites it, as asked', async () => {
    await fsp.writeFile(report(), 'edited since the backup\n');

    const skipped = await restoreInPlace('SKIP');
    expect(skipped.report!.restore).toEqual({ files: 0, bytes: 0, skipped: 1, failed: 0 });
    expect(await fsp.readFile(report(), 'utf8')).toBe('edited since the backup\n');

    const kept = await restoreInPlace('KEEP_BOTH');
    expect(kept.report!.restore).toMatchObject({ files: 1, skipped: 0 });
    expect(await fsp.readFile(report(), 'utf8')).toBe('edited since the backup\n');
    expect(await fsp.readFile(path.join(source, 'docs', 'report (restored 1).txt'), 'utf8')).toBe(original);
    expect(kept.result.resultContent.stdout).toContain('report (restored 1).txt');

    const overwritten = await restoreInPlace('OVERWRITE');
    expect(overwritten.report!.restore).toMatchObject({ files: 1, bytes: original.length, skipped: 0 });
    expect(await fsp.readFile(report(), 'utf8')).toBe(original);
  });

  it('brings back deleted files only when asked, and restores permissions', async () => {
    await fsp.rm(path.join(source, 'docs', 'deep'), { recursive: true });
    await fsp.rm(path.join(source, 'docs', 'empty'));
    await fsp.chmod(path.join(source, 'script.sh'), 0o600);
    const folder = {
      restoreType: 'FILE_FOLDER' as const,
      sourcePath: source,
      collisionHandling: 'OVERWRITE' as const,
    };

    const withoutDeleted = await agent.run(
      createRestoreJob(resolved, { revisionId, ...folder, restoreDeletedFiles: false }),
    );
    expect(withoutDeleted.result.result).toBe('SUCCESS');
    expect(fs.existsSync(path.join(source, 'docs', 'empty'))).toBe(false);
    expect(fs.existsSync(path.join(source, 'docs', 'deep'))).toBe(false);
    expect((await fsp.stat(path.join(source, 'script.sh'))).mode & 0o777).toBe(0o750);

    await agent.run(createRestoreJob(resolved, { revisionId, ...folder, restoreDeletedFiles: true }));
    expect(await fsp.readFile(path.join(source, 'docs', 'deep', 'deeper', 'note.md'), 'utf8')).toBe(
      '# note\n',
    );
    expect((await fsp.stat(path.join(source, 'docs', 'empty'))).size).toBe(0);
  });

  it('restores without permissions: files get the usual mode', async () => {
    const target = path.join(dir, 'plain');
    await agent.run(
      createRestoreJob(resolved, {
        revisionId,
        restoreType: 'FILE',
        sourcePath: path.join(source, 'script.sh'),
        destinationPath: target,
        restorePermissions: false,
      }),
    );
    const mode = (await fsp.stat(path.join(target, 'script.sh'))).mode & 0o777;
    expect(mode).toBe(0o666 & ~process.umask());
  });

  it('restores a batch of chosen files and folders to another folder', async () => {
    const target = path.join(dir, 'batch');
    const { result, report: restored } = await agent.run(
      createRestoreJob(resolved, {
        revisionId,
        restoreType: 'BATCH',
        destinationPath: target,
        restoreDeletedFiles: false, // about files gone from their own places: a restore elsewhere brings all
        extractContent: { files: [report()], folders: [path.join(source, 'docs', 'deep')] },
      }),
    );
    expect(result.result).toBe('SUCCESS');
    expect(restored!.restore).toMatchObject({ files: 2, failed: 0 });
    expect((await fsp.readdir(target)).sort()).toEqual(['deep', 'report.txt']);
    expect(await manifestOf(path.join(target, 'deep'))).toEqual(
      await manifestOf(path.join(source, 'docs', 'deep')),
    );
  });

  it('fails with the engine’s reason when the revision does not hold the path', async () => {
    const { result } = await agent.run(
      createRestoreJob(resolved, { revisionId, restoreType: 'FILE', sourcePath: '/not/backed/up' }),
    );
    expect(result.result).toBe('FAILURE');
    expect(result.resultContent.errorMessage).toBe(
      `/not/backed/up is not in snapshot ${revisionId.slice(0, 8)}`,
    );
  });
});
