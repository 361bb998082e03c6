import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BACKUP_REPOSITORY_FILES_PATH, BACKUP_REPOSITORY_LIST_PATH, backupErrorMessages } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createDevice, createOrganization } from './test-fixtures.ts';

let ctx: TestContext;
let agentA: Awaited<ReturnType<typeof createDevice>>;
let agentA2: Awaited<ReturnType<typeof createDevice>>;
let agentB: Awaited<ReturnType<typeof createDevice>>;
let orgA: number;
beforeAll(async () => {
  ctx = await createTestApp({ backupMaxFileBytes: 32 * 1_048_576 });
  orgA = (await createOrganization(ctx)).id;
  const orgB = (await createOrganization(ctx)).id;
  agentA = await createDevice(ctx, orgA);
  agentA2 = await createDevice(ctx, orgA);
  agentB = await createDevice(ctx, orgB);
});
afterAll(() => ctx?.close());

const fileUrl = (name: string) => `${BACKUP_REPOSITORY_FILES_PATH}/${name}`;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** As the agent's HTTP backend sends it: the body streamed in 64 KiB pieces, with its length. */
const put = (
  agent: { authorization: string },
  name: string,
  bytes: Buffer,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'PUT',
    url: fileUrl(name),
    headers: {
      authorization: agent.authorization,
      'content-type': 'application/octet-stream',
      'content-length': String(bytes.length),
      ...headers,
    },
    payload: Readable.from(
      (function* () {
        for (let i = 0; i < bytes.length; i += 65_536) yield bytes.subarray(i, i + 65_536);
      })(),
    ),
  });
const get = (agent: { authorization: string }, name: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: fileUrl(name),
    headers: { authorization: agent.authorization, ...headers },
  });
const list = (agent: { authorization: string }, prefix = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `${BACKUP_REPOSITORY_LIST_PATH}?prefix=${encodeURIComponent(prefix)}`,
    headers: { authorization: agent.authorization },
  });
const storage = async (organizationId: number) =>
  (await ctx.request('GET', `/backup/strata/clients/${organizationId}/settings`)).json().cloudBytes as number;

describe("the server's backup store", () => {
  it('stores a 16 MiB pack streamed, reads it back whole and by ranges, and counts it', async () => {
    const pack = randomBytes(16 * 1_048_576);
    const stored = await put(agentA, 'packs/ab/ab01.pack', pack, { 'x-content-sha256': sha(pack) });
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json()).toEqual({ name: 'packs/ab/ab01.pack', size: pack.length, created: true });
    const whole = await get(agentA, 'packs/ab/ab01.pack');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(sha(whole.rawPayload)).toBe(sha(pack));
    // The header at the end of a pack is read with a suffix range.
    const tail = await get(agentA, 'packs/ab/ab01.pack', { range: 'bytes=-4096' });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(
      `bytes ${pack.length - 4096}-${pack.length - 1}/${pack.length}`,
    );
    expect(tail.rawPayload.equals(pack.subarray(pack.length - 4096))).toBe(true);
    const middle = await get(agentA, 'packs/ab/ab01.pack', { range: 'bytes=1000-1999' });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(pack.subarray(1000, 2000))).toBe(true);
    const open = await get(agentA, 'packs/ab/ab01.pack', { range: `bytes=${pack.length - 10}-` });
    expect(open.rawPayload.length).toBe(10);
    const outside = await get(agentA, 'packs/ab/ab01.pack', { range: `bytes=${pack.length}-` });
    expect(outside.statusCode).toBe(416);
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: fileUrl('packs/ab/ab01.pack'),
      headers: { authorization: agentA.authorization },
    });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(pack.length);
    expect(head.rawPayload.length).toBe(0);
    expect(await storage(orgA)).toBe(pack.length);
    // On disk under the organization's folder, no temp file left behind.
    const dir = path.join(ctx.config.backupStoreDir, String(orgA));
    expect(fs.readFileSync(path.join(dir, 'packs/ab/ab01.pack')).equals(pack)).toBe(true);
    expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);
  });

  it('never replaces a file: the same bytes again are fine, different bytes are refused', async () => {
    const config = Buffer.from('repository config v1');
    expect((await put(agentA, 'config', config)).statusCode).toBe(201);
    const before = await storage(orgA);
    const again = await put(agentA2, 'config', config);
    expect(again.statusCode).toBe(200);
    expect(again.json().created).toBe(false);
    const other = await put(agentA, 'config', Buffer.from('repository config v2'));
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(backupErrorMessages.BACKUP_FILE_EXISTS);
    expect((await get(agentA, 'config')).body).toBe('repository config v1');
    expect(await storage(orgA)).toBe(before);
  });

  it('refuses a damaged upload, a missing length, a file too large and a bad name, storing nothing', async () => {
    const bytes = Buffer.from('index contents');
    const damaged = await put(agentA, 'index/0001', bytes, { 'x-content-sha256': sha(Buffer.from('other')) });
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().error.code).toBe('BACKUP_CHECKSUM_MISMATCH');
    expect((await get(agentA, 'index/0001')).statusCode).toBe(404);
    const short = await put(agentA, 'index/0002', bytes, { 'content-length': String(bytes.length + 5) });
    expect(short.statusCode).toBeGreaterThanOrEqual(400);
    expect((await get(agentA, 'index/0002')).statusCode).toBe(404);
    const huge = await ctx.app.inject({
      method: 'PUT',
      url: fileUrl('packs/zz/huge'),
      headers: {
        authorization: agentA.authorization,
        'content-type': 'application/octet-stream',
        'content-length': String(33 * 1_048_576),
      },
      payload: Readable.from([]),
    });
    expect(huge.statusCode).toBe(413);
    for (const name of ['..%2Fconfig', '.tmp/x', 'a/b/c/d/e'])
      expect((await put(agentA, name, bytes)).statusCode, name).toBeGreaterThanOrEqual(400);
    const dir = path.join(ctx.config.backupStoreDir, String(orgA));
    expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);
  });

  it("lists the organization's files, and no other organization's", async () => {
    await put(agentB, 'snapshots/b1', Buffer.from('theirs'));
    await put(agentA, 'snapshots/a1', Buffer.from('ours'));
    const ours = (await list(agentA, 'snapshots/')).json();
    expect(ours.repositoryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ours.files).toEqual([{ name: 'snapshots/a1', size: 4 }]);
    expect((await list(agentA2)).json().repositoryId).toBe(ours.repositoryId);
    expect((await list(agentB)).json().repositoryId).not.toBe(ours.repositoryId);
    expect((await get(agentA, 'snapshots/b1')).statusCode).toBe(404);
    expect((await get(agentB, 'snapshots/b1')).body).toBe('theirs');
    const all = (await list(agentA)).json().files.map((f: { name: string }) => f.name);
    expect(all).toEqual(expect.arrayContaining(['config', 'packs/ab/ab01.pack', 'snapshots/a1']));
    expect(all.some((name: string) => name.includes('tmp'))).toBe(false);
  });

  it('lets agents delete only locks', async () => {
    await put(agentA, 'locks/l1', Buffer.from('lock'));
    const before = await storage(orgA);
    const del = (name: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: fileUrl(name),
        headers: { authorization: agentA.authorization },
      });
    const refused = await del('snapshots/a1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(backupErrorMessages.BACKUP_DELETE_REFUSED);
    expect((await get(agentA, 'snapshots/a1')).statusCode).toBe(200);
    expect((await del('locks/l1')).statusCode).toBe(200);
    expect((await get(agentA, 'locks/l1')).statusCode).toBe(404);
    expect(await storage(orgA)).toBe(before - 4);
    expect((await del('locks/l1')).statusCode).toBe(404);
  });

  it("stops at the organization's quota, and gives back what a refused write reserved", async () => {
    const org = (await createOrganization(ctx)).id;
    const agent = await createDevice(ctx, org);
    await ctx.request('PUT', `/backup/strata/clients/${org}/settings`, { cloudQuotaBytes: 1000 });
    expect((await put(agent, 'packs/p1', randomBytes(600))).statusCode).toBe(201);
    const full = await put(agent, 'packs/p2', randomBytes(600));
    expect(full.statusCode).toBe(507);
    expect(full.json().error.message).toBe(backupErrorMessages.BACKUP_QUOTA_EXCEEDED);
    expect(await storage(org)).toBe(600);
    expect((await put(agent, 'packs/p3', randomBytes(400))).statusCode).toBe(201);
    expect(await storage(org)).toBe(1000);
    await ctx.request('PUT', `/backup/strata/clients/${org}/settings`, { cloudQuotaBytes: 2000 });
    const damaged = await put(agent, 'packs/p4', randomBytes(500), { 'x-content-sha256': '0'.repeat(64) });
    expect(damaged.statusCode).toBe(400);
    expect(await storage(org)).toBe(1000);
  });

  it('answers only agents: no secret, a wrong one, or a device awaiting approval are refused', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: BACKUP_REPOSITORY_LIST_PATH });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await list({ authorization: `Device ${agentA.id}:${'x'.repeat(43)}` });
    expect(wrong.statusCode).toBe(401);
    // A signed-in technician is not an agent either.
    const technician = await ctx.app.inject({
      method: 'GET',
      url: BACKUP_REPOSITORY_LIST_PATH,
      headers: { cookie: ctx.adminCookie },
    });
    expect(technician.statusCode).toBe(401);
    const pending = await createDevice(ctx, orgA, { approvalStatus: 'PENDING' });
    const refused = await put(pending, 'packs/pending', Buffer.from('x'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(backupErrorMessages.BACKUP_DEVICE_NOT_APPROVED);
  });
});
