import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { check, LocalBackend } from '@rmm/backup';
import { backupErrorMessages } from '@rmm/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackupRunner, stopBackupRunners } from '../../test/backup-runner.ts';
import {
  backupTempDir,
  createBackupRunJob,
  createOrganizationKeys,
  createResolvedJob,
  createRestoreJob,
  createSourceTree,
  gateClock,
  localRepository,
  manifestOf,
  removeBackupTempDirs,
} from '../../test/backup-support.ts';
import { openRepository } from './keys.ts';
import { createProgressReporter } from './progress.ts';

afterEach(async () => {
  await stopBackupRunners();
  await removeBackupTempDirs();
});

/** A source tree and a local repository folder, with the plan that backs the tree up into it. */
const setUp = async () => {
  const dir = await backupTempDir();
  const source = path.join(dir, 'source');
  const repoDir = path.join(dir, 'repository');
  await createSourceTree(source);
  const keys = createOrganizationKeys();
  const resolved = createResolvedJob(keys, { include: [source], repository: localRepository(repoDir) });
  return { dir, source, repoDir, keys, resolved };
};

describe('backup jobs on a local repository', () => {
  it('backs up a folder, restores it byte for byte elsewhere, and reads only changed files the next time', async () => {
    const { dir, source, repoDir, resolved } = await setUp();
    const agent = createBackupRunner();

    const first = await agent.run(createBackupRunJob(resolved));
    expect(first.result).toMatchObject({ status: 'COMPLETED', result: 'SUCCESS' });
    expect(first.result.resultContent.errorMessage).toBeNull();
    const revision = first.report!.revision!;
    expect(revision).toMatchObject({ location: 'LOCAL', parentRevisionId: null });
    expect(revision.stats).toMatchObject({ files: 7, newFiles: 7, changedFiles: 0, unchangedFiles: 0 });
    expect(first.report!.localRepository).toEqual({
      repositoryId: resolved.repository.repositoryId,
      bytes: expect.any(Number),
    });
    expect(first.result.resultContent.stdout).toContain(`Revision ${revision.revisionId} saved: 7 files`);

    await fsp.appendFile(path.join(source, 'docs', 'report.txt'), 'one more line\n');
    const second = await agent.run(createBackupRunJob(resolved));
    expect(second.report!.revision).toMatchObject({ parentRevisionId: revision.revisionId });
    expect(second.report!.revision!.stats).toMatchObject({ files: 7, changedFiles: 1, unchangedFiles: 6 });

    const target = path.join(dir, 'restored');
    const restored = await agent.run(
      createRestoreJob(resolved, {
        revisionId: second.report!.revision!.revisionId,
        sourcePath: source,
        destinationPath: target,
      }),
    );
    expect(restored.result.result).toBe('SUCCESS');
    expect(restored.report!.restore).toMatchObject({ files: 7, skipped: 0, failed: 0 });
    expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));

    // the organization's restore key has its entry in the repository's keys
    const entries = (await fsp.readdir(path.join(repoDir, 'keys'))).map((name) =>
      JSON.parse(fs.readFileSync(path.join(repoDir, 'keys', name), 'utf8')),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ kind: 'organization', keyId: resolved.keys.restoreKeyId }),
    );
  });

  it('applies the plan’s retention after a backup and reports what it forgot', async () => {
    const { resolved } = await setUp();
    const plan = {
      ...resolved.plan,
      retention: { keepLast: 2, keepDaily: 0, keepWeekly: 0, keepMonthly: 0 },
    };
    const agent = createBackupRunner();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { report } = await agent.run(createBackupRunJob({ ...resolved, plan }));
      ids.push(report!.revision!.revisionId);
    }
    const last = agent.sent.filter(({ message }) => message.type === 'jobResult').at(-1)!.message;
    expect(last.type === 'jobResult' && last.resultContent.backup).toMatchObject({
      forgottenRevisionIds: [ids[0]],
    });
  });

  it('refuses image plans, disk restores and jobs without their resolved plan, with the reason', async () => {
    const { resolved, repoDir } = await setUp();
    const agent = createBackupRunner();
    const refusals = [
      [
        createBackupRunJob({ ...resolved, plan: { ...resolved.plan, kind: 'image' } }),
        backupErrorMessages.BACKUP_IMAGE_NOT_SUPPORTED,
      ],
      [
        createBackupRunJob({ ...resolved, plan: { ...resolved.plan, kind: 'arrowImage' } }),
        backupErrorMessages.BACKUP_IMAGE_NOT_SUPPORTED,
      ],
      [
        createRestoreJob(resolved, { revisionId: 'abc', restoreType: 'VIRTUAL_DISK' }),
        backupErrorMessages.BACKUP_DISK_RESTORE_NOT_SUPPORTED,
      ],
      [
        createRestoreJob(resolved, { revisionId: 'abc', restoreType: 'PHYSICAL_DISK' }),
        backupErrorMessages.BACKUP_DISK_RESTORE_NOT_SUPPORTED,
      ],
      [
        { ...createBackupRunJob(resolved), backup: undefined },
        'The server did not send the plan, repository and keys with this job: update the server to run backups on this agent.',
      ],
      [
        createBackupRunJob(resolved, { actionType: 'STRATA_UPSYNC' }),
        'This plan has no cloud repository to upsync to (only hybrid plans upsync).',
      ],
      [
        createRestoreJob(resolved, {
          revisionId: 'abc',
          sourcePath: '/x',
          destinationPath: 'relative/folder',
        }),
        'Restore to an absolute folder on the device (or leave the destination empty to restore in place), not "relative/folder".',
      ],
      [
        createRestoreJob(resolved, {
          revisionId: 'abc',
          restoreType: 'BATCH',
          extractContent: { files: [], folders: [] },
        }),
        'Choose the files and folders to restore.',
      ],
    ] as const;
    for (const [job, message] of refusals) {
      const { result } = await agent.run(job);
      expect(result).toMatchObject({ status: 'COMPLETED', result: 'FAILURE' });
      expect(result.resultContent.errorMessage).toBe(message);
    }
    expect(fs.existsSync(repoDir)).toBe(false);
  });

  it('checks the repository: no problems, then a damaged pack found by read-data', async () => {
    const { resolved, repoDir } = await setUp();
    const agent = createBackupRunner();
    await agent.run(createBackupRunJob(resolved));

    const ok = await agent.run(createBackupRunJob(resolved, { actionType: 'STRATA_INTEGRITY_CHECK' }));
    expect(ok.result.result).toBe('SUCCESS');
    expect(ok.report!.integrity).toMatchObject({ ok: true, readData: true, checkedFiles: 7, problems: [] });
    expect(ok.report!.integrity!.checkedBytes).toBeGreaterThan(3 * 1024 * 1024);

    const dataDir = path.join(repoDir, 'data');
    const [sub] = fs.readdirSync(dataDir);
    const [pack] = fs.readdirSync(path.join(dataDir, sub!));
    const file = path.join(dataDir, sub!, pack!);
    const bytes = fs.readFileSync(file);
    bytes[100] = (bytes[100] ?? 0) ^ 0xff;
    fs.writeFileSync(file, bytes);

    const damaged = await agent.run(createBackupRunJob(resolved, { actionType: 'STRATA_INTEGRITY_CHECK' }));
    expect(damaged.result.result).toBe('FAILURE');
    expect(damaged.result.resultContent.errorMessage).toMatch(
      /^The integrity check found \d+ problems? in the repository\./,
    );
    expect(damaged.report!.integrity!.ok).toBe(false);
    expect(damaged.report!.integrity!.problems.join('\n')).toContain(pack);
  });

  it('cancelled mid-backup leaves the repository valid, and the next run completes', async () => {
    const { dir, source, repoDir, resolved, keys } = await setUp();
    // the throttle's first waits pass, then one holds until the cancel: the backup is stopped mid-way
    const { clock, held } = gateClock(6);
    const agent = createBackupRunner({ settings: { clock } });
    const throttle = {
      workHoursBytesPerSecond: 512 * 1024,
      offHoursBytesPerSecond: 512 * 1024,
      workHours: { weekDays: ['MONDAY' as const], start: '08:00', end: '18:00', timeZone: 'UTC' },
    };
    const job = createBackupRunJob({ ...resolved, throttle });
    agent.runner.onJob(job);
    await held;
    agent.runner.onCancel(job.jobUid);
    const cancelled = await agent.resultOf(job.jobUid);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', result: 'FAILURE' });
    expect(cancelled.resultContent.errorMessage).toBe('Cancelled');
    expect((cancelled.resultContent.backup as { revision?: unknown }).revision).toBeUndefined();

    const repo = await openRepository(new LocalBackend(repoDir), keys.masterKey, {
      clock,
      packSize: 0,
      create: false,
    });
    const verdict = await check(repo, { readData: true });
    expect(verdict.errors).toEqual([]);
    expect(verdict.snapshots).toBe(0);
    expect(verdict.packs).toBeGreaterThan(0); // what was written before the cancel stays, indexed
    expect(fs.readdirSync(path.join(repoDir, 'locks'))).toEqual([]);
    await repo.close();

    const next = await agent.run(createBackupRunJob(resolved));
    expect(next.result.result).toBe('SUCCESS');
    const target = path.join(dir, 'after-cancel');
    await agent.run(
      createRestoreJob(resolved, {
        revisionId: next.report!.revision!.revisionId,
        sourcePath: source,
        destinationPath: target,
      }),
    );
    expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));
  });

  it('sends progress at most once per interval and phase', async () => {
    const { source, resolved } = await setUp();
    for (let i = 0; i < 300; i++) await fsp.writeFile(path.join(source, `small-${i}.txt`), `file ${i}\n`);
    const agent = createBackupRunner({ settings: { progressIntervalMs: 40 } });
    const job = createBackupRunJob(resolved);
    await agent.run(job);
    const progress = agent.progressOf(job.jobUid);
    expect(progress.map((p) => p.phase)).toContain('BACKING_UP');
    expect(progress[0]).toMatchObject({ phase: 'SCANNING', files: 0 });
    for (let i = 1; i < progress.length; i++) {
      if (progress[i]!.phase === progress[i - 1]!.phase)
        expect(progress[i]!.at - progress[i - 1]!.at).toBeGreaterThanOrEqual(39);
    }
    const backingUp = progress.filter((p) => p.phase === 'BACKING_UP');
    expect(backingUp.at(-1)!.files).toBeGreaterThan(0);
  });
});

describe('the progress reporter', () => {
  it('drops what comes faster than its interval but never a change of phase', () => {
    let now = 0;
    const sent: string[] = [];
    const reporter = createProgressReporter({
      deviceId: 1,
      jobUid: '00000000-0000-4000-8000-000000000000',
      intervalMs: 1000,
      now: () => now,
      send: (message) => sent.push(`${message.phase}@${now}`) > 0,
    });
    reporter.begin('SCANNING');
    const engine = reporter.of('BACKING_UP');
    for (now = 1; now <= 3500; now += 10)
      engine({
        phase: 'backup',
        filesDone: now,
        filesTotal: 4000,
        bytesDone: 0,
        bytesTotal: 0,
        rate: 0,
        etaSeconds: null,
        elapsedMs: now,
      });
    reporter.begin('PRUNING');
    expect(sent).toEqual([
      'SCANNING@0',
      'BACKING_UP@1',
      'BACKING_UP@1001',
      'BACKING_UP@2001',
      'BACKING_UP@3001',
      'PRUNING@3501',
    ]);
  });
});
