import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackupRunner, stopBackupRunners } from '../../test/backup-runner.ts';
import {
  backupTempDir,
  cloudRepository,
  createBackupRunJob,
  createOrganizationKeys,
  createResolvedJob,
  createRestoreJob,
  createSourceTree,
  gateClock,
  localRepository,
  manifestOf,
  readZip,
  removeBackupTempDirs,
} from '../../test/backup-support.ts';
import { type StoreServer, startStoreServer } from '../../test/store-server.ts';

// Against test/store-server.ts, a stand-in of the server's store (its routes are being built on backupserver).

const servers: StoreServer[] = [];
afterEach(async () => {
  await stopBackupRunners();
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await removeBackupTempDirs();
});

const setUp = async () => {
  const server = await startStoreServer();
  servers.push(server);
  const dir = await backupTempDir();
  const source = path.join(dir, 'source');
  await createSourceTree(source);
  const agent = createBackupRunner({ serverUrl: server.url, authorization: server.authorization });
  return { server, dir, source, agent, keys: createOrganizationKeys() };
};

const snapshotsIn = (folder: string) =>
  fs.existsSync(path.join(folder, 'snapshots')) ? fs.readdirSync(path.join(folder, 'snapshots')) : [];

describe('backup jobs with the server’s store', () => {
  it('backs up to the cloud and restores from it byte for byte (as another device would)', async () => {
    const { server, dir, source, agent, keys } = await setUp();
    const resolved = createResolvedJob(keys, { include: [source], repository: cloudRepository() });
    const { result, report } = await agent.run(createBackupRunJob(resolved));
    expect(result.result).toBe('SUCCESS');
    expect(report!.revision!.location).toBe('CLOUD');
    expect(report!.localRepository).toBeUndefined();
    expect(snapshotsIn(server.repository)).toEqual([report!.revision!.revisionId]);
    expect(fs.readdirSync(path.join(server.repository, 'locks'))).toEqual([]);

    const other = createBackupRunner({ serverUrl: server.url, authorization: server.authorization });
    const target = path.join(dir, 'elsewhere');
    const restored = await other.run(
      createRestoreJob(resolved, {
        revisionId: report!.revision!.revisionId,
        sourcePath: source,
        destinationPath: target,
      }),
    );
    expect(restored.result.result).toBe('SUCCESS');
    expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));
  });

  it('hybrid: backs up locally, then upsyncs; a failed upsync is caught up by an upsync job', async () => {
    const { server, dir, source, agent, keys } = await setUp();
    const localDir = path.join(dir, 'local');
    const resolved = createResolvedJob(keys, {
      include: [source],
      repository: localRepository(localDir),
      upsyncTo: cloudRepository(),
    });
    const first = await agent.run(createBackupRunJob(resolved));
    expect(first.result.result).toBe('SUCCESS');
    const firstId = first.report!.revision!.revisionId;
    expect(first.report!.revision!.location).toBe('BOTH');
    expect(first.report!.upsync!.revisionIds).toEqual([firstId]);
    expect(snapshotsIn(server.repository)).toEqual([firstId]);

    await fsp.writeFile(path.join(source, 'new.txt'), 'written after the first backup\n');
    server.failNext(1000);
    const second = await agent.run(createBackupRunJob(resolved));
    const secondId = second.report!.revision!.revisionId;
    expect(second.result.result).toBe('FAILURE');
    expect(second.result.resultContent.errorMessage).toContain(
      `The backup was saved locally (revision ${secondId.slice(0, 12)}), but the upsync to the cloud failed:`,
    );
    expect(second.report!.revision!.location).toBe('LOCAL');
    expect(snapshotsIn(localDir).sort()).toEqual([firstId, secondId].sort());

    server.clearFailures();
    const upsync = await agent.run(createBackupRunJob(resolved, { actionType: 'STRATA_UPSYNC' }));
    expect(upsync.result.result).toBe('SUCCESS');
    expect(upsync.report!.upsync!.revisionIds.sort()).toEqual([firstId, secondId].sort());
    expect(upsync.report!.upsync!.bytesCopied).toBeGreaterThan(0);
    expect(snapshotsIn(server.repository).sort()).toEqual([firstId, secondId].sort());

    const again = await agent.run(createBackupRunJob(resolved, { actionType: 'STRATA_UPSYNC' }));
    expect(again.report!.upsync).toMatchObject({ filesCopied: 0, bytesCopied: 0 });

    const check = await agent.run(
      createBackupRunJob(
        { ...resolved, repository: resolved.upsyncTo! },
        { actionType: 'STRATA_INTEGRITY_CHECK' },
      ),
    );
    expect(check.report!.integrity).toMatchObject({ ok: true, problems: [] });
  });

  it('an upsync cancelled mid-way leaves the cloud repository valid, and the next one completes', async () => {
    const { server, dir, source, agent, keys } = await setUp();
    const resolved = createResolvedJob(keys, {
      include: [source],
      repository: localRepository(path.join(dir, 'local')),
      upsyncTo: cloudRepository(),
    });
    server.failNext(1000);
    const backedUp = await agent.run(createBackupRunJob(resolved));
    const revisionId = backedUp.report!.revision!.revisionId;
    server.clearFailures();

    // the throttle's first waits pass, then one holds until the cancel
    const { clock, held } = gateClock(3);
    const throttled = createBackupRunner({
      serverUrl: server.url,
      authorization: server.authorization,
      settings: { clock },
    });
    const throttle = {
      workHoursBytesPerSecond: 256 * 1024,
      offHoursBytesPerSecond: 256 * 1024,
      workHours: { weekDays: ['MONDAY' as const], start: '08:00', end: '18:00', timeZone: 'UTC' },
    };
    const job = createBackupRunJob({ ...resolved, throttle }, { actionType: 'STRATA_UPSYNC' });
    throttled.runner.onJob(job);
    await held;
    throttled.runner.onCancel(job.jobUid);
    expect(await throttled.resultOf(job.jobUid)).toMatchObject({ status: 'CANCELLED', result: 'FAILURE' });
    expect(snapshotsIn(server.repository)).toEqual([]);
    expect(fs.readdirSync(path.join(server.repository, 'locks'))).toEqual([]);
    const cloudCheck = await agent.run(
      createBackupRunJob(
        { ...resolved, repository: resolved.upsyncTo! },
        { actionType: 'STRATA_INTEGRITY_CHECK' },
      ),
    );
    expect(cloudCheck.report!.integrity).toMatchObject({ ok: true, problems: [] });

    const upsync = await agent.run(createBackupRunJob(resolved, { actionType: 'STRATA_UPSYNC' }));
    expect(upsync.result.result).toBe('SUCCESS');
    expect(upsync.report!.upsync!.revisionIds).toEqual([revisionId]);
    expect(snapshotsIn(server.repository)).toEqual([revisionId]);
  });

  it('extracts chosen files and folders into a zip and uploads it for download', async () => {
    const { server, source, agent, keys } = await setUp();
    const resolved = createResolvedJob(keys, { include: [source], repository: cloudRepository() });
    const { report } = await agent.run(createBackupRunJob(resolved));
    const job = createRestoreJob(resolved, {
      revisionId: report!.revision!.revisionId,
      restoreType: 'EXTRACT',
      extractContent: {
        files: [path.join(source, 'script.sh')],
        folders: [path.join(source, 'docs', 'deep')],
      },
    });
    const { result, report: extracted } = await agent.run(job);
    expect(result.result).toBe('SUCCESS');
    const zip = await fsp.readFile(path.join(server.extracts, `${job.jobUid}.zip`));
    expect(extracted!.extract).toEqual({
      files: 2,
      dirs: 2,
      bytes: 18 + 7,
      zipBytes: zip.length,
      sha256: createHash('sha256').update(zip).digest('hex'),
    });
    const entries = readZip(zip);
    expect(entries.get('script.sh')?.toString()).toBe('#!/bin/sh\necho hi\n');
    expect(entries.get('deep/deeper/note.md')?.toString()).toBe('# note\n');
    // the zip waited in the agent's state folder only until it was uploaded
    expect(fs.readdirSync(path.join(agent.stateDir, 'backup', 'extracts'))).toEqual([]);
  });
});
