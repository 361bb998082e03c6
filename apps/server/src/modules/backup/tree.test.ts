import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backup, forget, Repository } from '@rmm/backup';
import { apiPaths, backupErrorMessages } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { ensureKeys, organizationKeyFileOf } from './keys.ts';
import { StoreBackend } from './store-backend.ts';
import { createDevice, createOrganization, createPlan, insertRevision } from './test-fixtures.ts';

let ctx: TestContext;
let source: string;
beforeAll(async () => {
  ctx = await createTestApp();
  source = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-source-'));
  fs.mkdirSync(path.join(source, 'docs', 'old'), { recursive: true });
  fs.writeFileSync(path.join(source, 'docs', 'report.txt'), 'quarterly figures\n');
  fs.writeFileSync(path.join(source, 'docs', 'empty.txt'), '');
  fs.writeFileSync(path.join(source, 'docs', 'old', 'notes.md'), '# notes\n');
  fs.symlinkSync('report.txt', path.join(source, 'docs', 'latest'));
});
afterAll(async () => {
  fs.rmSync(source, { recursive: true, force: true });
  await ctx?.close();
});

/**
 * A backup into the organization's cloud repository, as an agent's engine makes it (here through the store
 * directly): the repository is created from the organization's keys on its first backup.
 */
const backUpToCloud = async (organizationId: number, deviceId: number, planId: string, paths = [source]) => {
  const keys = await ensureKeys(ctx.db, Buffer.alloc(32, 7), organizationId);
  const backend = new StoreBackend(ctx.db, ctx.app.backupStore, organizationId);
  const deviceKek = Buffer.alloc(32, deviceId % 256);
  const repository = (await backend.stat('config', 'config'))
    ? await Repository.open(backend, { kek: deviceKek })
    : await Repository.init(backend, { kek: deviceKek }, { from: keys });
  const keyFile = await organizationKeyFileOf(keys);
  await backend.write('keys', keyFile.name, Buffer.from(keyFile.content, 'base64'));
  await repository.loadIndex();
  const { snapshot } = await backup(repository, { paths, planId, deviceId: String(deviceId) });
  await repository.close();
  return { snapshot, repository };
};

describe("a revision's file tree", () => {
  it('is read from the cloud repository by the server, folder by folder', async () => {
    const org = await createOrganization(ctx);
    const device = await createDevice(ctx, org.id);
    const plan = await createPlan(ctx, org.id);
    const { snapshot } = await backUpToCloud(org.id, device.id, plan.planId);
    const revision = await insertRevision(ctx, {
      organizationId: org.id,
      planId: plan.planId,
      deviceId: device.id,
      revisionId: snapshot.id,
    });
    const tree = (folder: string) =>
      ctx.request(
        'GET',
        `${apiPaths.backupRevisionTree(device.id, revision.revisionId)}?path=${encodeURIComponent(folder)}`,
      );

    const top = await tree('');
    expect(top.statusCode, top.body).toBe(200);
    expect(top.json().entries.map((e: { name: string }) => e.name)).toEqual([source.split('/')[1]]);
    const docs = await tree(path.join(source, 'docs'));
    expect(docs.statusCode, docs.body).toBe(200);
    const entries = docs.json().entries as { name: string; type: string; size: number; mtime: string }[];
    // folders first, then by name
    expect(entries.map(({ name, type, size }) => ({ name, type, size }))).toEqual([
      { name: 'old', type: 'dir', size: 0 },
      { name: 'empty.txt', type: 'file', size: 0 },
      { name: 'latest', type: 'symlink', size: 0 },
      { name: 'report.txt', type: 'file', size: 18 },
    ]);
    expect(docs.json()).toMatchObject({ total: 4, readBy: 'SERVER' });
    // a page of the folder, with the folder's total
    const page = await ctx.request(
      'GET',
      `${apiPaths.backupRevisionTree(device.id, revision.revisionId)}?path=${encodeURIComponent(path.join(source, 'docs'))}&offset=1&limit=2`,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().total).toBe(4);
    expect(page.json().entries.map((e: { name: string }) => e.name)).toEqual(['empty.txt', 'latest']);
    const reportTime = fs.statSync(path.join(source, 'docs', 'report.txt')).mtime.getTime();
    const report = entries.find((e) => e.name === 'report.txt')!;
    expect(Math.abs(new Date(report.mtime).getTime() - reportTime)).toBeLessThan(1000);
    const old = await tree(path.join(source, 'docs', 'old'));
    expect(old.json().entries.map((e: { name: string }) => e.name)).toEqual(['notes.md']);

    const missing = await tree(path.join(source, 'nothing'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(backupErrorMessages.BACKUP_TREE_PATH_NOT_FOUND);
    const file = await tree(path.join(source, 'docs', 'report.txt'));
    expect(file.statusCode).toBe(404);
  });

  it('is refused with the reason when the cloud repository does not open', async () => {
    const org = await createOrganization(ctx);
    const device = await createDevice(ctx, org.id);
    const plan = await createPlan(ctx, org.id);
    const cloud = await insertRevision(ctx, {
      organizationId: org.id,
      planId: plan.planId,
      deviceId: device.id,
    });
    const noRepository = await ctx.request('GET', apiPaths.backupRevisionTree(device.id, cloud.revisionId));
    expect(noRepository.statusCode).toBe(501);
    expect(noRepository.json().error.message).toBe(backupErrorMessages.BACKUP_TREE_UNAVAILABLE);
  });
});

describe("the server's prune of its cloud repositories", () => {
  it('gives back the space of revisions forgotten more than 72 hours ago, and not before', async () => {
    const org = await createOrganization(ctx);
    const device = await createDevice(ctx, org.id);
    const plan = await createPlan(ctx, org.id);
    const big = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-big-'));
    fs.writeFileSync(path.join(big, 'data.bin'), randomBytes(2 * 1_048_576));
    const first = await backUpToCloud(org.id, device.id, plan.planId, [big]);
    fs.rmSync(big, { recursive: true, force: true });
    await backUpToCloud(org.id, device.id, plan.planId, [source]);
    const storage = async () =>
      (await ctx.request('GET', `/backup/strata/clients/${org.id}/settings`)).json().cloudBytes as number;
    const before = await storage();
    expect(before).toBeGreaterThan(2 * 1_048_576);
    // Retention forgets the first revision (as the agent's job would, through the store).
    const backend = new StoreBackend(ctx.db, ctx.app.backupStore, org.id);
    const repository = await Repository.open(backend, { kek: Buffer.alloc(32, device.id % 256) });
    await forget(repository, { snapshots: [first.snapshot.id] });
    await repository.close();

    expect(await ctx.app.backupPrune.run(new Date(Date.now() + 71 * 3_600_000))).not.toContain(org.id);
    expect(await storage()).toBeGreaterThanOrEqual(before);
    expect(await ctx.app.backupPrune.run(new Date(Date.now() + 73 * 3_600_000))).toContain(org.id);
    const after = await storage();
    expect(after).toBeLessThan(before - 2 * 1_048_576);
    // What the counter says is what the store holds.
    const files = await ctx.app.backupStore.list(org.id, '');
    expect(files.reduce((sum, file) => sum + file.size, 0)).toBe(after);
    const activity = (
      await ctx.request('GET', `/activities?action=backup.prune&organizationId=${org.id}`)
    ).json();
    expect(activity.data[0].detail).toMatch(/^1 revisions removed, \d+ bytes given back$/);
  });
});
