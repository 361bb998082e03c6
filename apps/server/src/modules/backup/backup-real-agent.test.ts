import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentProcess,
  createEnrollment,
  fastAgentSettings,
  listen,
  removeTempStateDirs,
  spawnAgent,
  tempStateDir,
  waitFor,
} from '../../../test/agents.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { devices } from '../../db/schema.ts';
import { waitForJob } from '../jobs/test-fixtures.ts';
import { createPlan, restoreJob, runJob, submitJobs } from './test-fixtures.ts';

// The whole road with a real agent process (apps/agent): a plan, run-now backups into the server's store and
// into a local folder (hybrid: then upsynced), the agent's reports stored as revisions, restores byte for byte,
// and the restore key file opening the local repository with the agent's command line, without the server.

let ctx: TestContext;
let serverUrl: string;
let agent: AgentProcess;
let organizationId: number;
let deviceId: number;
let source: string;

/** Every file under a folder: content hash and mode, by relative path. */
const manifestOf = async (root: string) => {
  const entries: Record<string, string> = {};
  for (const entry of await fsp.readdir(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const stat = await fsp.lstat(full);
    const relative = path.relative(root, full);
    if (stat.isDirectory()) entries[relative] = 'dir';
    else if (stat.isSymbolicLink()) entries[relative] = `link ${await fsp.readlink(full)}`;
    else
      entries[relative] = `${(stat.mode & 0o777).toString(8)} ${createHash('sha256')
        .update(await fsp.readFile(full))
        .digest('hex')}`;
  }
  return entries;
};

beforeAll(async () => {
  ctx = await createTestApp({ ...fastAgentSettings });
  serverUrl = await listen(ctx);
  const { organization, token } = await createEnrollment(ctx);
  organizationId = organization.id;
  source = path.join(tempStateDir(), 'source');
  await fsp.mkdir(path.join(source, 'docs', 'deep'), { recursive: true });
  await fsp.writeFile(path.join(source, 'docs', 'report.txt'), 'quarterly report\n'.repeat(5000));
  await fsp.writeFile(path.join(source, 'docs', 'deep', 'notes – ünïcode.md'), '# notes\n');
  await fsp.writeFile(path.join(source, 'docs', 'empty'), '');
  await fsp.writeFile(path.join(source, 'photo.bin'), randomBytes(2 * 1024 * 1024));
  await fsp.writeFile(path.join(source, 'run.sh'), '#!/bin/sh\n', { mode: 0o750 });
  await fsp.chmod(path.join(source, 'run.sh'), 0o750);
  await fsp.symlink('docs/report.txt', path.join(source, 'report-link'));
  agent = spawnAgent({
    serverUrl,
    stateDir: tempStateDir(),
    token: token.token,
    extraArgs: ['--backup-progress-ms', '200', '--backup-pack-mib', '1'],
  });
  const device = await waitFor(
    async () => {
      const [row] = await ctx.db.select().from(devices).where(eq(devices.organizationId, organization.id));
      return row?.status === 'UP' ? row : undefined;
    },
    { what: 'the agent UP' },
  );
  deviceId = device.id;
}, 90_000);

afterAll(async () => {
  await agent?.stop();
  await ctx?.close();
  removeTempStateDirs();
});

const node = () => ({ id: deviceId, displayName: 'this machine' });

/** Submits the job and waits until the agent's result is stored. */
const runToEnd = async (job: unknown) => {
  const [stored] = await submitJobs(ctx, deviceId, [job]).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json().nodes[0].jobs as { jobUid: string }[];
  });
  const done = await waitForJob(ctx, stored!.jobUid, (job) => job.jobStatus === 'COMPLETED');
  expect(done.jobResult, `${JSON.stringify(done.resultContent)}\n${agent.output()}`).toBe('SUCCESS');
  return done;
};

const revisionsOf = async (planId: string) => {
  const response = await ctx.request('GET', `/backup/strata/plans/${planId}/revisions`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { revisionId: string; location: string; stats: { files: number } }[];
};

describe('backups with a real agent', () => {
  it('backs up into the server’s store and restores the revision byte for byte', async () => {
    const plan = await createPlan(ctx, organizationId, {
      include: [source],
      exclude: [],
      destination: { type: 'CLOUD' },
      targets: { allDevices: true },
    });
    const backup = await runToEnd(runJob(node(), plan));
    expect(backup.resultContent?.stdout).toContain('Revision ');
    const [revision] = await revisionsOf(plan.planId);
    expect(revision).toMatchObject({ location: 'CLOUD', stats: { files: 5 } });

    const target = path.join(tempStateDir(), 'restored');
    const restored = await runToEnd(
      restoreJob(
        { revisionId: revision!.revisionId, nodeId: deviceId, planId: plan.planId },
        {
          sourcePath: source,
          destinationPath: target,
          restoreType: 'FILE_FOLDER',
          collisionHandling: 'OVERWRITE',
        },
      ),
    );
    expect(restored.resultContent?.backup).toMatchObject({ restore: { files: 5, failed: 0 } });
    expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));
  }, 90_000);

  it('hybrid: backs up into a local folder, upsyncs, and the restore key file opens the folder without the server', async () => {
    const local = path.join(tempStateDir(), 'local-repository');
    const plan = await createPlan(ctx, organizationId, {
      include: [source],
      exclude: [],
      destination: { type: 'HYBRID', local: { type: 'LOCAL', path: local } },
      targets: { allDevices: true },
    });
    await runToEnd(runJob(node(), plan));
    const [revision] = await revisionsOf(plan.planId);
    expect(revision).toMatchObject({ location: 'BOTH', stats: { files: 5 } });

    const check = await runToEnd(runJob(node(), plan, { actionType: 'STRATA_INTEGRITY_CHECK' }));
    expect(check.resultContent?.backup).toMatchObject({ integrity: { ok: true, problems: [] } });

    const file = await ctx.request('GET', `/backup/strata/clients/${organizationId}/restore-key/file`);
    expect(file.statusCode, file.body).toBe(200);
    const keyFile = path.join(tempStateDir(), 'strata-restore-key.json');
    await fsp.writeFile(keyFile, file.body, { mode: 0o600 });
    const target = path.join(tempStateDir(), 'offline');
    const offline = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.resolve('apps/agent/src/main.ts'),
          'backup',
          'restore',
          '--repo',
          local,
          '--key-file',
          keyFile,
          '--snapshot',
          revision!.revisionId,
          '--target',
          target,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.once('exit', (code) => resolve({ code, output }));
    });
    expect(offline.code, offline.output).toBe(0);
    expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));
  }, 90_000);
});
