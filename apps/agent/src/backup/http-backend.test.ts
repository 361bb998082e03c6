import fsp from 'node:fs/promises';
import path from 'node:path';
import { backup, check, isStrataError, type Repository, restore } from '@rmm/backup';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backupTempDir,
  createOrganizationKeys,
  createSourceTree,
  instantClock,
  manifestOf,
  removeBackupTempDirs,
} from '../../test/backup-support.ts';
import { type StoreServer, startStoreServer } from '../../test/store-server.ts';
import { HttpStoreBackend } from './http-backend.ts';
import { openRepository } from './keys.ts';
import { defaultBackupSettings, type StoreRetrySettings } from './settings.ts';
import { createStoreClient, StoreRequestError } from './store-client.ts';

// The agent's tests do not start the server (apps/server's backup-real-agent.test.ts does): these run the backend
// against test/store-server.ts, a small server of the same HTTP contract (backup-agent.ts) and the same answers
// (a range past the end cut short, 404 for a lock already gone).

const servers: StoreServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await removeBackupTempDirs();
});

const retry: StoreRetrySettings = { attempts: 4, minDelayMs: 100, maxDelayMs: 1000, idleTimeoutMs: 10_000 };

const backendOf = (server: { url: string; authorization: string }, options: { attempts?: number } = {}) => {
  const { clock, waits } = instantClock();
  const client = createStoreClient({
    serverUrl: server.url,
    authorization: server.authorization,
    settings: { ...retry, attempts: options.attempts ?? retry.attempts },
    sleep: clock.sleep,
    random: () => 1,
  });
  return { backend: new HttpStoreBackend(client, server.url), waits, clock };
};

const start = async () => {
  const server = await startStoreServer();
  servers.push(server);
  return server;
};

describe('the server store backend', () => {
  it('writes, lists, reads whole and by range, and answers sizes, in the repository layout', async () => {
    const server = await start();
    const { backend } = backendOf(server);
    const pack = Buffer.from('0123456789abcdef');
    await backend.write('data', 'ab12', pack);
    await backend.write('index', 'ff00', Buffer.from('index'));
    await backend.write('config', 'config', Buffer.from('{}'));

    // named <type>/<name> on the way, kept at the engine's layout paths, as in a folder
    expect(await fsp.readFile(path.join(server.repository, 'data', 'ab', 'ab12'), 'utf8')).toBe(
      '0123456789abcdef',
    );
    expect(await fsp.readFile(path.join(server.repository, 'config'), 'utf8')).toBe('{}');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toContain(
      'PUT /backup/strata/repository/files/data/ab12',
    );
    expect(await backend.list('data')).toEqual([{ name: 'ab12', size: 16 }]);
    expect(await backend.list('config')).toEqual([{ name: 'config', size: 2 }]);
    expect(await backend.read('data', 'ab12')).toEqual(pack);
    expect((await backend.read('data', 'ab12', { offset: 4, length: 6 })).toString()).toBe('456789');
    expect(await backend.stat('index', 'ff00')).toEqual({ name: 'ff00', size: 5 });
    expect(await backend.stat('index', 'missing')).toBeNull();
    await backend.close();
  });

  it('maps a missing file to NOT_FOUND and a range past the end to CORRUPT', async () => {
    const server = await start();
    const { backend } = backendOf(server);
    await backend.write('data', 'ab12', Buffer.from('short'));
    const missing = await backend.read('data', 'cd34').catch((error) => error);
    expect(isStrataError(missing, 'NOT_FOUND')).toBe(true);
    const pastEnd = await backend.read('data', 'ab12', { offset: 3, length: 10 }).catch((error) => error);
    expect(isStrataError(pastEnd, 'CORRUPT')).toBe(true);
    await backend.close();
  });

  it('accepts the same bytes again, refuses different bytes, and deletes only locks', async () => {
    const server = await start();
    const { backend } = backendOf(server);
    await backend.write('snapshots', 'aa', Buffer.from('one'));
    await backend.write('snapshots', 'aa', Buffer.from('one'));
    const different = await backend.write('snapshots', 'aa', Buffer.from('two')).catch((error) => error);
    expect(different).toBeInstanceOf(StoreRequestError);
    expect(different.message).toContain('A different file of this name is already in the repository');
    const configTwice = await backend
      .write('config', 'config', Buffer.from('b'))
      .then(() => backend.write('config', 'config', Buffer.from('c')))
      .catch((error) => error);
    expect(isStrataError(configTwice, 'REPOSITORY_EXISTS')).toBe(true);

    await backend.write('locks', 'l1', Buffer.from('lock'));
    await backend.remove('locks', 'l1');
    await backend.remove('locks', 'l1'); // missing: not an error
    expect(await backend.stat('locks', 'l1')).toBeNull();
    const refused = await backend.remove('snapshots', 'aa').catch((error) => error);
    expect(refused.message).toContain('An agent may delete only lock files');
    expect(await backend.stat('snapshots', 'aa')).toEqual({ name: 'aa', size: 3 });
    await backend.close();
  });

  it('tries again after 5xx answers with growing waits, and gives up after its attempts', async () => {
    const server = await start();
    const { backend, waits } = backendOf(server);
    server.failNext(3);
    await backend.write('index', 'i1', Buffer.from('index'));
    expect(await backend.read('index', 'i1')).toEqual(Buffer.from('index'));
    expect(waits).toEqual([100, 200, 400]);

    server.failNext(4);
    const error = await backend.read('index', 'i1').catch((failure) => failure);
    expect(error).toBeInstanceOf(StoreRequestError);
    expect(error.status).toBe(503);
    expect(waits).toEqual([100, 200, 400, 100, 200, 400]);
    await backend.close();
  });

  it('does not try again when the answer will not change (quota used up)', async () => {
    const server = await start();
    const { backend, waits } = backendOf(server);
    server.failNext(1, 507);
    const error = await backend.write('data', 'ab', Buffer.from('x')).catch((failure) => failure);
    expect(error.status).toBe(507);
    expect(waits).toEqual([]);
    await backend.close();
  });

  it('tries again when the server cannot be reached, then says so', async () => {
    const server = await start();
    const url = server.url;
    await server.close();
    servers.splice(servers.indexOf(server), 1);
    const { backend, waits } = backendOf({ url, authorization: 'Device 1:x' }, { attempts: 3 });
    const error = await backend.list('snapshots').catch((failure) => failure);
    expect(error.message).toContain("The server's backup store could not be reached");
    expect(waits).toHaveLength(2);
    await backend.close();
  });

  it('is refused without the device’s authorization', async () => {
    const server = await start();
    const { backend } = backendOf({ url: server.url, authorization: 'Device 7:wrong-secret-value' });
    await expect(backend.list('keys')).rejects.toThrow('(401)');
    await backend.close();
  });

  it('holds a whole repository: backup, check with read-data, and a byte-for-byte restore', async () => {
    const server = await start();
    const { backend, clock } = backendOf(server);
    const dir = await backupTempDir();
    const source = path.join(dir, 'source');
    await createSourceTree(source);
    const keys = await createOrganizationKeys();
    const settings = defaultBackupSettings();
    let repo: Repository = await openRepository(backend, keys.jobKeys, {
      clock,
      packSize: 1024 * 1024,
      create: true,
    });
    const { snapshot } = await backup(repo, { paths: [source], planId: 'p', deviceId: '7' });
    const result = await check(repo, { readData: true });
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    await repo.close();

    // a second device opens the same repository with the same master key
    const second = backendOf(server);
    repo = await openRepository(second.backend, keys.jobKeys, {
      clock,
      packSize: settings.packSize,
      create: true,
    });
    const target = path.join(dir, 'restored');
    await restore(repo, { snapshot: snapshot.id, target });
    expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));
    expect((await fsp.readdir(path.join(server.repository, 'locks'))).length).toBe(0);
    await repo.close();
  });
});
