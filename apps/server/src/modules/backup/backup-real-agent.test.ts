import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
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
// into a local folder (hybrid: then upsynced), the agent's reports stored as revisions, the server reading the
// cloud revision the agent wrote, the agent listing a revision only in its local folder for the file browser, restores byte for byte, an EXTRACT zip downloaded through its signed URL, and
// the organization's restore key file opening the local repository with the agent's command line, without the
// server.

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
  return response.json().data as { revisionId: string; location: string; stats: Record<string, number> }[];
};

/** A zip's entries from its central directory: name → bytes. */
const readZip = (zip: Buffer) => {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    entries.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
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
    // the engine's snapshot stats: 5 files (the link is not a file), all new
    expect(revision).toMatchObject({
      location: 'CLOUD',
      stats: { filesNew: 5, filesChanged: 0, filesUnmodified: 0, errors: 0 },
    });
    expect(revision!.stats.bytesTotal).toBe(5000 * 17 + 8 + 2 * 1024 * 1024 + 10);

    // the server reads the revision the agent wrote into its store (the same file names, the same keys)
    const tree = await ctx.request(
      'GET',
      `/backup/strata/nodes/${deviceId}/revisions/${revision!.revisionId}/tree?path=${encodeURIComponent(source)}`,
    );
    expect(tree.statusCode, tree.body).toBe(200);
    expect(
      (tree.json().entries as { name: string; type: string; size: number }[]).map((e) => [e.name, e.type]),
    ).toEqual([
      ['docs', 'dir'],
      ['photo.bin', 'file'],
      ['report-link', 'symlink'],
      ['run.sh', 'file'],
    ]);

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

    // EXTRACT: the chosen file and folder as a zip, downloaded through a signed URL without a session
    const extracted = await runToEnd(
      restoreJob(
        { revisionId: revision!.revisionId, nodeId: deviceId, planId: plan.planId },
        {
          sourcePath: '',
          restoreType: 'EXTRACT',
          extractContent: { files: [path.join(source, 'run.sh')], folders: [path.join(source, 'docs')] },
        },
      ),
    );
    const download = await ctx.request('GET', `/backup/strata/extracts/${extracted.jobUid}`);
    expect(download.statusCode, download.body).toBe(200);
    const { url, size, sha256 } = download.json();
    expect(extracted.resultContent?.backup).toMatchObject({ extract: { files: 4, zipBytes: size, sha256 } });
    const zipResponse = await fetch(new URL(url, serverUrl));
    expect(zipResponse.status).toBe(200);
    expect(zipResponse.headers.get('content-type')).toBe('application/zip');
    const zip = Buffer.from(await zipResponse.arrayBuffer());
    expect(createHash('sha256').update(zip).digest('hex')).toBe(sha256);
    const entries = readZip(zip);
    expect(entries.get('run.sh')?.toString()).toBe('#!/bin/sh\n');
    expect(
      entries.get('docs/report.txt')?.equals(await fsp.readFile(path.join(source, 'docs', 'report.txt'))),
    ).toBe(true);
    expect(entries.get('docs/deep/notes – ünïcode.md')?.toString()).toBe('# notes\n');
    expect(entries.get('docs/empty')?.length).toBe(0);
  }, 90_000);

  it('lists the folders of a revision only in the device’s local folder through its agent', async () => {
    const plan = await createPlan(ctx, organizationId, {
      include: [source],
      exclude: [],
      destination: { type: 'LOCAL', path: path.join(tempStateDir(), 'local-only') },
      targets: { allDevices: true },
    });
    await runToEnd(runJob(node(), plan));
    const [revision] = await revisionsOf(plan.planId);
    expect(revision).toMatchObject({ location: 'LOCAL' });
    const tree = (folder: string) =>
      ctx.request(
        'GET',
        `/backup/strata/nodes/${deviceId}/revisions/${revision!.revisionId}/tree?path=${encodeURIComponent(folder)}`,
      );
    const docs = await tree(path.join(source, 'docs'));
    expect(docs.statusCode, `${docs.body}\n${agent.output()}`).toBe(200);
    expect(docs.json()).toMatchObject({ path: path.join(source, 'docs'), total: 3, readBy: 'DEVICE' });
    expect(
      (docs.json().entries as { name: string; type: string; size: number }[]).map((e) => [
        e.name,
        e.type,
        e.size,
      ]),
    ).toEqual([
      ['deep', 'dir', 0],
      ['empty', 'file', 0],
      ['report.txt', 'file', 5000 * 17],
    ]);
    const deep = await tree(path.join(source, 'docs', 'deep'));
    expect(deep.json().entries.map((e: { name: string }) => e.name)).toEqual(['notes – ünïcode.md']);
    const missing = await tree(path.join(source, 'nothing'));
    expect(missing.statusCode).toBe(404);
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
    // a new repository (the local folder): every file is new to it
    expect(revision).toMatchObject({ location: 'BOTH', stats: { filesNew: 5, errors: 0 } });

    const check = await runToEnd(runJob(node(), plan, { actionType: 'STRATA_INTEGRITY_CHECK' }));
    expect(check.resultContent?.backup).toMatchObject({ integrity: { ok: true, problems: [] } });

    const file = await ctx.request('GET', `/backup/strata/clients/${organizationId}/restore-key/file`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="strata-organization-key-${organizationId}.json"`,
    );
    expect(file.json()).toMatchObject({
      type: 'strata-organization-key',
      organizationId: String(organizationId),
    });
    const keyFile = path.join(tempStateDir(), `strata-organization-key-${organizationId}.json`);
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
