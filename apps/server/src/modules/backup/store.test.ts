import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  backup,
  check,
  fileOfPath,
  filePath,
  forget,
  LocalBackend,
  prune,
  Repository,
  restore,
  systemClock,
} from '@rmm/backup';
import { BACKUP_REPOSITORY_FILES_PATH, BACKUP_REPOSITORY_LIST_PATH, backupErrorMessages } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderStore, type StoreKind, s3Store } from '../../../test/backup-stores.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { RoutesBackend } from '../../../test/store-http-backend.ts';
import { StoreBackend } from './store-backend.ts';
import { createDevice, createOrganization } from './test-fixtures.ts';

// The store routes as the agents' HTTP backend uses them, against each kind of store the server keeps
// repositories in. A file is named by the engine's type and name (`data/<id>`); the store keeps it at the
// engine's layout path (`data/<xx>/<id>`), the same tree as a repository in a folder.

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const idOf = (bytes: Buffer | string) => sha(Buffer.from(bytes));
const fileUrl = (name: string) => `${BACKUP_REPOSITORY_FILES_PATH}/${name}`;

/** Every file under a folder, by "/"-separated path, with its bytes. */
const folderTree = async (root: string) => {
  const tree = new Map<string, Buffer>();
  for (const entry of await fsp.readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    tree.set(path.relative(root, full).split(path.sep).join('/'), await fsp.readFile(full));
  }
  return tree;
};
const sortedEntries = (tree: Map<string, Buffer>) =>
  [...tree.entries()].map(([name, bytes]) => [name, sha(bytes)]).sort(([a], [b]) => (a! < b! ? -1 : 1));

const describeStore = (kind: StoreKind) =>
  describe(`the server's backup store (${kind.name})`, () => {
    let ctx: TestContext;
    let agentA: Awaited<ReturnType<typeof createDevice>>;
    let agentA2: Awaited<ReturnType<typeof createDevice>>;
    let agentB: Awaited<ReturnType<typeof createDevice>>;
    let orgA: number;
    let started: Awaited<ReturnType<StoreKind['start']>>;
    beforeAll(async () => {
      started = await kind.start();
      ctx = await createTestApp({ backupMaxFileBytes: 32 * 1_048_576, ...started.overrides });
      orgA = (await createOrganization(ctx)).id;
      const orgB = (await createOrganization(ctx)).id;
      agentA = await createDevice(ctx, orgA);
      agentA2 = await createDevice(ctx, orgA);
      agentB = await createDevice(ctx, orgB);
    });
    afterAll(async () => {
      await ctx?.close();
      await started?.close();
    });

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
    const del = (agent: { authorization: string }, name: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: fileUrl(name),
        headers: { authorization: agent.authorization },
      });
    const storage = async (organizationId: number) =>
      (await ctx.request('GET', `/backup/strata/clients/${organizationId}/settings`)).json()
        .cloudBytes as number;

    it('stores a 16 MiB pack streamed at its layout path, reads it back whole and by ranges, and counts it', async () => {
      const pack = randomBytes(16 * 1_048_576);
      const id = idOf(pack);
      const stored = await put(agentA, `data/${id}`, pack, { 'x-content-sha256': sha(pack) });
      expect(stored.statusCode, stored.body).toBe(201);
      expect(stored.json()).toEqual({ name: `data/${id}`, size: pack.length, created: true });
      const whole = await get(agentA, `data/${id}`);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(sha(whole.rawPayload)).toBe(sha(pack));
      // The header at the end of a pack is read with a suffix range.
      const tail = await get(agentA, `data/${id}`, { range: 'bytes=-4096' });
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe(
        `bytes ${pack.length - 4096}-${pack.length - 1}/${pack.length}`,
      );
      expect(tail.rawPayload.equals(pack.subarray(pack.length - 4096))).toBe(true);
      const middle = await get(agentA, `data/${id}`, { range: 'bytes=1000-1999' });
      expect(middle.statusCode).toBe(206);
      expect(middle.rawPayload.equals(pack.subarray(1000, 2000))).toBe(true);
      const open = await get(agentA, `data/${id}`, { range: `bytes=${pack.length - 10}-` });
      expect(open.rawPayload.length).toBe(10);
      const outside = await get(agentA, `data/${id}`, { range: `bytes=${pack.length}-` });
      expect(outside.statusCode).toBe(416);
      const before = kind.reads?.() ?? 0;
      const head = await ctx.app.inject({
        method: 'HEAD',
        url: fileUrl(`data/${id}`),
        headers: { authorization: agentA.authorization },
      });
      expect(head.statusCode).toBe(200);
      expect(Number(head.headers['content-length'])).toBe(pack.length);
      expect(head.rawPayload.length).toBe(0);
      // a HEAD reads no byte of the file from the store
      expect(kind.reads?.() ?? 0).toBe(before);
      expect(await storage(orgA)).toBe(pack.length);
      // In the store where the engine's layout puts a pack, and nothing else left behind.
      const stored2 = await started.files(orgA);
      expect([...stored2.keys()]).toEqual([`data/${id.slice(0, 2)}/${id}`]);
      expect(stored2.get(`data/${id.slice(0, 2)}/${id}`)!.equals(pack)).toBe(true);
      expect(await started.leftovers(orgA)).toEqual([]);
    });

    it('never replaces a file: the same bytes again are fine, different bytes are refused', async () => {
      const config = Buffer.from('repository config v1');
      expect((await put(agentA, 'config/config', config)).statusCode).toBe(201);
      expect((await started.files(orgA)).get('config')?.toString()).toBe('repository config v1');
      const before = await storage(orgA);
      const again = await put(agentA2, 'config/config', config);
      expect(again.statusCode).toBe(200);
      expect(again.json().created).toBe(false);
      const other = await put(agentA, 'config/config', Buffer.from('repository config v2'));
      expect(other.statusCode).toBe(409);
      expect(other.json().error.message).toBe(backupErrorMessages.BACKUP_FILE_EXISTS);
      expect((await get(agentA, 'config/config')).body).toBe('repository config v1');
      expect(await storage(orgA)).toBe(before);
    });

    it('refuses a damaged upload, a missing length, a file too large and a bad name, storing nothing', async () => {
      const bytes = Buffer.from('index contents');
      const id = idOf(bytes);
      const damaged = await put(agentA, `index/${id}`, bytes, {
        'x-content-sha256': sha(Buffer.from('other')),
      });
      expect(damaged.statusCode).toBe(400);
      expect(damaged.json().error.code).toBe('BACKUP_CHECKSUM_MISMATCH');
      expect((await get(agentA, `index/${id}`)).statusCode).toBe(404);
      const short = await put(agentA, `index/${id}`, bytes, { 'content-length': String(bytes.length + 5) });
      expect(short.statusCode).toBeGreaterThanOrEqual(400);
      expect((await get(agentA, `index/${id}`)).statusCode).toBe(404);
      const huge = await ctx.app.inject({
        method: 'PUT',
        url: fileUrl(`data/${id}`),
        headers: {
          authorization: agentA.authorization,
          'content-type': 'application/octet-stream',
          'content-length': String(33 * 1_048_576),
        },
        payload: Readable.from([]),
      });
      expect(huge.statusCode).toBe(413);
      // not the engine's `<type>/<name>`: another type, the config by another name, a layout path, a way out
      for (const name of [
        '..%2Fconfig',
        '.tmp/x',
        'config',
        'config/other',
        `packs/${id}`,
        `data/${id.slice(0, 2)}/${id}`,
        'locks/.hidden',
      ]) {
        const refused = await put(agentA, name, bytes);
        expect(refused.statusCode, name).toBe(400);
      }
      expect([...(await started.files(orgA)).keys()].some((name) => name.startsWith('index/'))).toBe(false);
      expect(await started.leftovers(orgA)).toEqual([]);
    });

    it("lists the organization's files by the engine's type and name, and no other organization's", async () => {
      const theirs = idOf('theirs');
      const ours = idOf('ours');
      await put(agentB, `snapshots/${theirs}`, Buffer.from('theirs'));
      await put(agentA, `snapshots/${ours}`, Buffer.from('ours'));
      const listed = (await list(agentA, 'snapshots/')).json();
      expect(listed.repositoryId).toMatch(/^[0-9a-f-]{36}$/);
      expect(listed.files).toEqual([{ name: `snapshots/${ours}`, size: 4 }]);
      expect((await list(agentA2)).json().repositoryId).toBe(listed.repositoryId);
      expect((await list(agentB)).json().repositoryId).not.toBe(listed.repositoryId);
      expect((await get(agentA, `snapshots/${theirs}`)).statusCode).toBe(404);
      expect((await get(agentB, `snapshots/${theirs}`)).body).toBe('theirs');
      const all = (await list(agentA)).json().files.map((f: { name: string }) => f.name);
      expect(all).toEqual(expect.arrayContaining(['config/config', `snapshots/${ours}`]));
      // packs by their name, not their sub-folder
      expect(all.filter((name: string) => name.startsWith('data/'))).toHaveLength(1);
      expect(all.every((name: string) => /^[a-z]+\/[0-9a-z]+$/.test(name))).toBe(true);
      expect((await list(agentA, 'data/')).json().files).toEqual([
        { name: expect.stringMatching(/^data\/[0-9a-f]{64}$/), size: 16 * 1_048_576 },
      ]);
      expect((await list(agentA, 'config/')).json().files).toEqual([{ name: 'config/config', size: 20 }]);
      expect((await list(agentA, 'packs/')).json().files).toEqual([]);
    });

    it('lets agents delete only locks', async () => {
      const lock = idOf('lock');
      await put(agentA, `locks/${lock}`, Buffer.from('lock'));
      const before = await storage(orgA);
      const snapshot = idOf('ours');
      const refused = await del(agentA, `snapshots/${snapshot}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(backupErrorMessages.BACKUP_DELETE_REFUSED);
      expect((await get(agentA, `snapshots/${snapshot}`)).statusCode).toBe(200);
      expect((await del(agentA, `locks/${lock}`)).statusCode).toBe(200);
      expect((await get(agentA, `locks/${lock}`)).statusCode).toBe(404);
      expect(await storage(orgA)).toBe(before - 4);
      expect((await del(agentA, `locks/${lock}`)).statusCode).toBe(404);
    });

    it("stops at the organization's quota, and gives back what a refused write reserved", async () => {
      const org = (await createOrganization(ctx)).id;
      const agent = await createDevice(ctx, org);
      await ctx.request('PUT', `/backup/strata/clients/${org}/settings`, { cloudQuotaBytes: 1000 });
      const pack = () => {
        const bytes = randomBytes(600);
        return [`data/${idOf(bytes)}`, bytes] as const;
      };
      expect((await put(agent, ...pack())).statusCode).toBe(201);
      const full = await put(agent, ...pack());
      expect(full.statusCode).toBe(507);
      expect(full.json().error.message).toBe(backupErrorMessages.BACKUP_QUOTA_EXCEEDED);
      expect(await storage(org)).toBe(600);
      const small = randomBytes(400);
      expect((await put(agent, `data/${idOf(small)}`, small)).statusCode).toBe(201);
      expect(await storage(org)).toBe(1000);
      await ctx.request('PUT', `/backup/strata/clients/${org}/settings`, { cloudQuotaBytes: 2000 });
      const damaged = randomBytes(500);
      const refused = await put(agent, `data/${idOf(damaged)}`, damaged, {
        'x-content-sha256': '0'.repeat(64),
      });
      expect(refused.statusCode).toBe(400);
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
      const refused = await put(pending, `data/${idOf('x')}`, Buffer.from('x'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(backupErrorMessages.BACKUP_DEVICE_NOT_APPROVED);
    });

    it('holds a repository copied from a folder as the same tree, and gives it back as a folder that opens', async () => {
      const org = (await createOrganization(ctx)).id;
      const agent = await createDevice(ctx, org);
      const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'strata-copy-'));
      try {
        const source = path.join(dir, 'source');
        await fsp.mkdir(path.join(source, 'docs'), { recursive: true });
        await fsp.writeFile(path.join(source, 'docs', 'report.txt'), 'quarterly figures\n'.repeat(20_000));
        await fsp.writeFile(path.join(source, 'photo.bin'), randomBytes(3 * 1_048_576));
        const kek = { kek: Buffer.alloc(32, 3) };
        const folder = path.join(dir, 'repository');
        const local = await Repository.init(new LocalBackend(folder, { fsync: false }), kek, {
          packSize: 1_048_576,
        });
        const { snapshot } = await backup(local, { paths: [source], planId: 'p', deviceId: 'd' });
        await local.close();

        // Folder → store, file by file through the routes, as the engine names each file.
        const original = await folderTree(folder);
        for (const [file, bytes] of original) {
          const { type, name } = fileOfPath(file)!;
          const stored = await put(agent, `${type}/${name}`, bytes, { 'x-content-sha256': sha(bytes) });
          expect(stored.statusCode, file).toBe(201);
        }
        expect(sortedEntries(await started.files(org))).toEqual(sortedEntries(original));
        // The server's engine reads it where the agents wrote it.
        const server = await Repository.open(new StoreBackend(ctx.db, ctx.app.backupStore, org), kek);
        expect((await server.listSnapshots()).map((s) => s.id)).toEqual([snapshot.id]);
        await server.close();

        // Store → folder: what the list names, read through the routes, put where the layout says.
        const back = path.join(dir, 'back');
        for (const { name: routeName } of (await list(agent)).json().files as { name: string }[]) {
          const [type, name] = routeName.split('/') as [Parameters<typeof filePath>[0], string];
          const target = path.join(back, ...filePath(type, name).split('/'));
          await fsp.mkdir(path.dirname(target), { recursive: true });
          await fsp.writeFile(target, (await get(agent, routeName)).rawPayload);
        }
        expect(sortedEntries(await folderTree(back))).toEqual(sortedEntries(original));
        const reopened = await Repository.open(new LocalBackend(back, { fsync: false }), kek);
        expect((await check(reopened, { readData: true })).ok).toBe(true);
        await reopened.close();
      } finally {
        await fsp.rm(dir, { recursive: true, force: true });
      }
    });

    it('holds the repository an agent backs up through the routes: checked, restored byte for byte, pruned', async () => {
      const org = (await createOrganization(ctx)).id;
      const agent = await createDevice(ctx, org);
      const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'strata-agent-'));
      try {
        const source = path.join(dir, 'source');
        await fsp.mkdir(path.join(source, 'deep', 'er'), { recursive: true });
        await fsp.writeFile(path.join(source, 'deep', 'er', 'notes.md'), '# notes\n'.repeat(1000));
        await fsp.writeFile(path.join(source, 'big.bin'), randomBytes(5 * 1_048_576));
        await fsp.writeFile(path.join(source, 'empty'), '');
        const kek = { kek: Buffer.alloc(32, 9) };
        const backend = new RoutesBackend(ctx.app, agent.authorization);
        const repo = await Repository.init(backend, kek, { packSize: 1_048_576 });
        const { snapshot } = await backup(repo, { paths: [source], planId: 'p', deviceId: String(agent.id) });
        const checked = await check(repo, { readData: true });
        expect(checked.errors).toEqual([]);
        expect(checked.packs).toBeGreaterThanOrEqual(2);
        await repo.close();

        // another device of the organization restores it
        const other = await createDevice(ctx, org);
        const again = await Repository.open(new RoutesBackend(ctx.app, other.authorization), kek);
        const target = path.join(dir, 'restored');
        await restore(again, { snapshot: snapshot.id, target });
        await again.close();
        expect(sortedEntries(await folderTree(path.join(target, 'source')))).toEqual(
          sortedEntries(await folderTree(source)),
        );
        // no lock left, every file where the layout puts it, and all of it counted
        const stored = await started.files(org);
        expect([...stored.keys()].filter((name) => name.startsWith('locks/'))).toEqual([]);
        for (const name of stored.keys()) expect(fileOfPath(name), name).not.toBeNull();
        const bytes = [...stored.values()].reduce((sum, file) => sum + file.length, 0);
        expect(await storage(org)).toBe(bytes);

        // The agent forgets the revision; the server's prune, past the 72-hour hold, gives its packs back.
        const forgetting = await Repository.open(new RoutesBackend(ctx.app, agent.authorization), kek);
        await forget(forgetting, { snapshots: [snapshot.id] });
        await forgetting.close();
        const later = { ...systemClock, now: () => new Date(Date.now() + 73 * 3_600_000) };
        const server = new StoreBackend(ctx.db, ctx.app.backupStore, org, { overQuota: true });
        const pruning = await Repository.open(server, kek, { clock: later });
        expect((await prune(pruning)).snapshotsRemoved).toEqual([snapshot.id]);
        await pruning.close();
        const left = await started.files(org);
        expect([...left.keys()].filter((name) => !/^(config|keys\/.*|index\/.*)$/.test(name))).toEqual([]);
        expect(await storage(org)).toBe([...left.values()].reduce((sum, file) => sum + file.length, 0));
      } finally {
        await fsp.rm(dir, { recursive: true, force: true });
      }
    });

    if (kind.heldFlatFiles)
      it('still reads files a store of old kept flat (config/config, data/<id>), and never writes them twice', async () => {
        const org = (await createOrganization(ctx)).id;
        const agent = await createDevice(ctx, org);
        const pack = Buffer.from('a pack written flat by a server of the previous version');
        const id = idOf(pack);
        // as a server process not yet upgraded writes them, beside this one
        await started.plant(org, 'config/config', Buffer.from('old config'));
        await started.plant(org, `data/${id}`, pack);
        expect((await get(agent, 'config/config')).body).toBe('old config');
        expect((await get(agent, `data/${id}`, { range: 'bytes=2-5' })).body).toBe('pack');
        expect((await list(agent)).json().files).toEqual([
          { name: 'config/config', size: 10 },
          { name: `data/${id}`, size: pack.length },
        ]);
        const again = await put(agent, `data/${id}`, pack);
        expect(again.statusCode).toBe(200);
        expect(again.json().created).toBe(false);
        expect((await put(agent, 'config/config', Buffer.from('new config'))).statusCode).toBe(409);
        expect([...(await started.files(org)).keys()].sort()).toEqual(['config/config', `data/${id}`]);
        // the server's prune removes a flat pack like any other
        const backend = new StoreBackend(ctx.db, ctx.app.backupStore, org, { overQuota: true });
        expect(await backend.list('data')).toEqual([{ name: id, size: pack.length }]);
        await backend.remove('data', id);
        expect(await backend.stat('data', id)).toBeNull();
        expect([...(await started.files(org)).keys()]).toEqual(['config/config']);
      });
  });

describeStore(folderStore);
describeStore(s3Store());

describe('a folder store written before the shared layout', () => {
  it('is moved to the layout at start, and keeps a flat file whose layout path holds other bytes', async () => {
    const dataDir = path.join(os.tmpdir(), `rmm-test-flat-${randomBytes(6).toString('hex')}`);
    const storeDir = path.join(dataDir, 'backup', 'strata');
    const pack = Buffer.from('flat pack');
    const id = idOf(pack);
    const other = idOf('other');
    const write = (relative: string, bytes: string | Buffer) => {
      fs.mkdirSync(path.dirname(path.join(storeDir, relative)), { recursive: true });
      fs.writeFileSync(path.join(storeDir, relative), bytes);
    };
    write('1/config/config', 'config of org 1');
    write(`1/data/${id}`, pack);
    write(`1/data/${id.slice(0, 2)}/${id}`, pack); // a copy already in place: the flat one goes
    write(`1/data/${other}`, 'other pack');
    write(`1/data/${other.slice(0, 2)}/${other}`, 'different bytes'); // a conflict: both stay
    write(`1/index/${id}`, 'index');
    write('2/config/config', 'config of org 2');
    const ctx = await createTestApp({ dataDir, backupStoreDir: storeDir });
    try {
      const tree = (org: string) =>
        fs
          .readdirSync(path.join(storeDir, org), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(path.join(storeDir, org), path.join(entry.parentPath, entry.name)))
          .sort();
      expect(tree('1')).toEqual(
        [
          'config',
          `data/${id.slice(0, 2)}/${id}`,
          `data/${other}`,
          `data/${other.slice(0, 2)}/${other}`,
          `index/${id}`,
        ].sort(),
      );
      expect(fs.readFileSync(path.join(storeDir, '1', 'config'), 'utf8')).toBe('config of org 1');
      expect(tree('2')).toEqual(['config']);
      // what the layout holds is what the server's engine reads
      const backend = new StoreBackend(ctx.db, ctx.app.backupStore, 1);
      expect((await backend.read('data', other)).toString()).toBe('different bytes');
      expect((await backend.list('data')).map((f) => f.name).sort()).toEqual([id, other].sort());
    } finally {
      await ctx.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
