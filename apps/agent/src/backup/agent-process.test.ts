import fs from 'node:fs';
import path from 'node:path';
import { BackupJobReport } from '@rmm/domain';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AgentProcess,
  type AgentServer,
  spawnAgent,
  startAgentServer,
  writeIdentity,
} from '../../test/agent-server.ts';
import {
  backupTempDir,
  cloudRepository,
  createBackupRunJob,
  createOrganizationKeys,
  createResolvedJob,
  createRestoreJob,
  createSourceTree,
  localRepository,
  manifestOf,
  removeBackupTempDirs,
} from '../../test/backup-support.ts';

// A real agent process (node --import tsx apps/agent/src/main.ts) against test/agent-server.ts: the agent
// socket and the repository store of the contract, while the server's own routes are being built.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await removeBackupTempDirs();
});

const start = async (options: { storesResults?: boolean } = {}) => {
  const server = await startAgentServer(options);
  cleanups.push(() => server.close());
  const dir = await backupTempDir('rmm-backup-process-');
  const stateDir = path.join(dir, 'state');
  writeIdentity(stateDir, server);
  const source = path.join(dir, 'source');
  await createSourceTree(source);
  const launch = () => {
    const agent = spawnAgent([
      '--state-dir',
      stateDir,
      '--backup-progress-ms',
      '100',
      '--backup-pack-mib',
      '1',
    ]);
    cleanups.push(() => agent.stop());
    return agent;
  };
  return { server, dir, stateDir, source, launch };
};

const reportOf = (server: AgentServer, jobUid: string) =>
  server.resultOf(jobUid).then((result) => ({
    result,
    report: BackupJobReport.parse(result.resultContent.backup),
  }));

describe('a real agent process running backup-engine jobs', () => {
  it('backs up a folder to a local repository and restores it byte for byte, with bounded progress', async () => {
    const { server, dir, source, launch } = await start();
    launch();
    await server.helloCount(1);
    const resolved = createResolvedJob(createOrganizationKeys(), {
      include: [source],
      repository: localRepository(path.join(dir, 'repository')),
    });
    const backupJob = createBackupRunJob(resolved);
    server.send({ v: 1, type: 'job', job: backupJob });
    const backedUp = await reportOf(server, backupJob.jobUid);
    expect(backedUp.result).toMatchObject({ status: 'COMPLETED', result: 'SUCCESS' });
    expect(backedUp.report.revision!.stats).toMatchObject({ files: 7, newFiles: 7 });
    expect(server.ofType('jobAck').map((ack) => [ack.jobUid, ack.state])).toContainEqual([
      backupJob.jobUid,
      'accepted',
    ]);

    const progress = server.progressOf(backupJob.jobUid);
    expect(progress[0]).toMatchObject({ phase: 'SCANNING', deviceId: server.store.deviceId });
    const phases = progress.map((message) => message.phase);
    expect(new Set(phases)).toEqual(new Set(['SCANNING', 'BACKING_UP', 'PRUNING']));
    for (let i = 1; i < progress.length; i++) {
      // --backup-progress-ms 100: one message per phase and 100 ms at most (arrival times jitter a little)
      if (progress[i]!.phase === progress[i - 1]!.phase)
        expect(progress[i]!.at - progress[i - 1]!.at).toBeGreaterThanOrEqual(80);
    }

    const target = path.join(dir, 'restored');
    const restoreJob = createRestoreJob(resolved, {
      revisionId: backedUp.report.revision!.revisionId,
      sourcePath: source,
      destinationPath: target,
    });
    server.send({ v: 1, type: 'job', job: restoreJob });
    const restored = await reportOf(server, restoreJob.jobUid);
    expect(restored.result.result).toBe('SUCCESS');
    expect(restored.report.restore).toMatchObject({ files: 7, failed: 0 });
    expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));
  });

  it('backs up to the server’s store over HTTP and restores from it', async () => {
    const { server, dir, source, launch } = await start();
    launch();
    await server.helloCount(1);
    const resolved = createResolvedJob(createOrganizationKeys(), {
      include: [source],
      repository: cloudRepository(),
    });
    const backupJob = createBackupRunJob(resolved);
    server.send({ v: 1, type: 'job', job: backupJob });
    const { report } = await reportOf(server, backupJob.jobUid);
    expect(report.revision!.location).toBe('CLOUD');
    expect(fs.readdirSync(path.join(server.store.repository, 'snapshots'))).toEqual([
      report.revision!.revisionId,
    ]);
    const puts = server.store.requests.filter((request) => request.method === 'PUT');
    expect(puts.length).toBeGreaterThan(3);
    expect(puts.every((request) => request.status === 201 || request.status === 200)).toBe(true);

    const target = path.join(dir, 'from-cloud');
    const restoreJob = createRestoreJob(resolved, {
      revisionId: report.revision!.revisionId,
      sourcePath: path.join(source, 'docs'),
      destinationPath: target,
    });
    server.send({ v: 1, type: 'job', job: restoreJob });
    expect((await reportOf(server, restoreJob.jobUid)).result.result).toBe('SUCCESS');
    expect(await manifestOf(path.join(target, 'docs'))).toEqual(await manifestOf(path.join(source, 'docs')));
  });

  it('keeps the result (and its report, never the key) on disk until the server stored it, across a restart', async () => {
    const { server, dir, source, stateDir, launch } = await start({ storesResults: false });
    let agent: AgentProcess = launch();
    await server.helloCount(1);
    const keys = createOrganizationKeys();
    const resolved = createResolvedJob(keys, {
      include: [source],
      repository: localRepository(path.join(dir, 'repo')),
    });
    const job = createBackupRunJob(resolved);
    server.send({ v: 1, type: 'job', job });
    const { report } = await reportOf(server, job.jobUid);
    await agent.stop();

    const journal = fs.readFileSync(path.join(stateDir, 'jobs', `${job.jobUid}.json`), 'utf8');
    expect(JSON.parse(journal)).toMatchObject({
      state: 'finished',
      result: { resultContent: { backup: report } },
    });
    expect(journal).not.toContain(keys.jobKeys.masterKey);

    server.setStoresResults(true);
    agent = launch();
    await server.helloCount(2);
    await expect
      .poll(() => server.ofType('jobResult').filter((message) => message.jobUid === job.jobUid).length, {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => fs.existsSync(path.join(stateDir, 'jobs', `${job.jobUid}.json`)), { timeout: 30_000 })
      .toBe(false);
  });
}, 120_000);
