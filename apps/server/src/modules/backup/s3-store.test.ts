import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { BACKUP_REPOSITORY_FILES_PATH, BACKUP_REPOSITORY_LIST_PATH, backupErrorMessages } from '@rmm/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { s3Settings } from '../../../test/backup-stores.ts';
import { type FakeS3, startFakeS3 } from '../../../test/fake-s3.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createDevice, createOrganization } from './test-fixtures.ts';

// The store in an S3-compatible bucket, against test/fake-s3.ts (S3's REST API with SigV4): what only a bucket
// does. The store's behaviour common to the folder and the bucket is store.test.ts, run against both.

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const idOf = (bytes: Buffer | string) => sha(Buffer.from(bytes));

let fake: FakeS3;
const apps: TestContext[] = [];
beforeAll(async () => {
  fake = await startFakeS3();
});
afterEach(() => {
  fake.requests.length = 0;
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await fake?.close();
});

const startApp = async (overrides: Parameters<typeof s3Settings>[1] = {}) => {
  const ctx = await createTestApp({ backupS3: s3Settings(fake, overrides) });
  apps.push(ctx);
  const org = (await createOrganization(ctx)).id;
  const agent = await createDevice(ctx, org);
  const put = (name: string, bytes: Buffer, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'PUT',
      url: `${BACKUP_REPOSITORY_FILES_PATH}/${name}`,
      headers: {
        authorization: agent.authorization,
        'content-type': 'application/octet-stream',
        'content-length': String(bytes.length),
        'x-content-sha256': sha(bytes),
        ...headers,
      },
      payload: Readable.from([bytes]),
    });
  const get = (name: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: `${BACKUP_REPOSITORY_FILES_PATH}/${name}`,
      headers: { authorization: agent.authorization, ...headers },
    });
  const list = (prefix: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${BACKUP_REPOSITORY_LIST_PATH}?prefix=${encodeURIComponent(prefix)}`,
      headers: { authorization: agent.authorization },
    });
  const storage = async () =>
    (await ctx.request('GET', `/backup/strata/clients/${org}/settings`)).json().cloudBytes as number;
  const key = (path: string) => `strata/${org}/${path}`;
  return { ctx, org, agent, put, get, list, storage, key };
};

/** The bucket's requests for one key, as `METHOD status`. */
const requestsFor = (key: string) =>
  fake.requests.filter((r) => r.key === key).map((r) => `${r.method} ${r.status}`);

describe("the server's store in an S3-compatible bucket", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    // A generous timeout: a 16 MiB PUT on a busy machine must not be cut short (the timeout test has its own app).
    app = await startApp({ timeoutMs: 30_000 });
  });

  it('GET /divisionconfig/strata names the bucket', async () => {
    expect((await app.ctx.request('GET', '/divisionconfig/strata')).json()).toEqual({
      enabled: true,
      bucket: 'strata-test',
    });
  });

  it('streams a pack to the bucket in one signed PUT: never over an object, its SHA-256 the payload hash', async () => {
    const pack = randomBytes(16 * 1_048_576);
    const id = idOf(pack);
    const stored = await app.put(`data/${id}`, pack);
    expect(stored.statusCode, stored.body).toBe(201);
    const key = app.key(`data/${id.slice(0, 2)}/${id}`);
    expect(requestsFor(key)).toEqual(['HEAD 404', 'PUT 200']);
    const upload = fake.requests.find((r) => r.method === 'PUT' && r.key === key)!;
    expect(upload.headers['if-none-match']).toBe('*');
    expect(upload.headers['x-amz-content-sha256']).toBe(id);
    expect(upload.headers['content-length']).toBe(String(pack.length));
    expect(upload.headers.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${fake.accessKeyId}/\\d{8}/us-east-1/s3/aws4_request, `),
    );
    expect(fake.objects.get(key)?.metadata).toEqual({ sha256: id });
    expect(sha(fake.objects.get(key)!.bytes)).toBe(id);
    // a ranged read asks the bucket for that range only
    fake.requests.length = 0;
    expect((await app.get(`data/${id}`, { range: 'bytes=-4096' })).rawPayload).toEqual(
      pack.subarray(pack.length - 4096),
    );
    const ranged = fake.requests.find((r) => r.method === 'GET')!;
    expect(ranged.headers.range).toBe(`bytes=${pack.length - 4096}-${pack.length - 1}`);
  });

  it('compares a write that lost the race to another process, and never replaces what it wrote', async () => {
    const bytes = Buffer.from('a snapshot another server process stored first');
    const id = idOf(bytes);
    const key = app.key(`snapshots/${id}`);
    // The look-up finds nothing, then the object is there when the upload completes: 412, then compared.
    fake.objects.set(key, { bytes, metadata: {}, lastModified: new Date(), etag: 'other' });
    fake.failNext({ method: 'HEAD', key, status: 404, code: 'NoSuchKey' });
    const same = await app.put(`snapshots/${id}`, bytes);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().created).toBe(false);
    expect(requestsFor(key)).toEqual(['HEAD 404', 'PUT 412', 'HEAD 200', 'GET 200']);
    expect(await app.storage()).toBe(16 * 1_048_576);

    const other = Buffer.from('different bytes under the same name');
    fake.failNext({ method: 'HEAD', key, status: 404, code: 'NoSuchKey' });
    const refused = await app.put(`snapshots/${id}`, other);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(backupErrorMessages.BACKUP_FILE_EXISTS);
    expect(fake.objects.get(key)!.bytes).toEqual(bytes);
    expect(await app.storage()).toBe(16 * 1_048_576);
  });

  it('tries a read again after a 500, and answers 503 when the bucket keeps failing', async () => {
    const bytes = Buffer.from('index file');
    const id = idOf(bytes);
    expect((await app.put(`index/${id}`, bytes)).statusCode).toBe(201);
    const key = app.key(`index/${id}`);
    fake.requests.length = 0;
    fake.failNext({ method: 'GET', key, status: 500, code: 'InternalError' });
    const read = await app.get(`index/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe('index file');
    expect(requestsFor(key)).toEqual(['HEAD 200', 'GET 500', 'GET 200']);

    for (let i = 0; i < 3; i++) fake.failNext({ method: 'HEAD', key, status: 503, code: 'SlowDown' });
    const down = await app.get(`index/${id}`);
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toEqual({
      code: 'BACKUP_STORE_UNAVAILABLE',
      message: backupErrorMessages.BACKUP_STORE_UNAVAILABLE,
    });
  });

  it('keeps nothing of an upload the bucket failed, gives its bytes back, and stores the next try', async () => {
    const before = await app.storage();
    const bytes = randomBytes(200_000);
    const id = idOf(bytes);
    const key = app.key(`data/${id.slice(0, 2)}/${id}`);
    fake.failNext({ method: 'PUT', key, status: 500, code: 'InternalError' });
    const failed = await app.put(`data/${id}`, bytes);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe('BACKUP_STORE_UNAVAILABLE');
    // a streamed body is sent once: the agent's retry sends it again
    expect(requestsFor(key)).toEqual(['HEAD 404', 'PUT 500']);
    expect(fake.objects.has(key)).toBe(false);
    expect(await app.storage()).toBe(before);
    expect((await app.put(`data/${id}`, bytes)).statusCode).toBe(201);
    expect(await app.storage()).toBe(before + bytes.length);
  });

  it('gives up on an answer slower than BACKUP_S3_TIMEOUT_MS and asks again', async () => {
    const slow = await startApp({ timeoutMs: 1_000 });
    const bytes = Buffer.from('lock');
    const id = idOf('slow lock');
    expect((await slow.put(`locks/${id}`, bytes)).statusCode).toBe(201);
    const key = slow.key(`locks/${id}`);
    fake.requests.length = 0;
    // Answers held far past the timeout: the store gives up on them (counted by the bucket's requests, not a clock).
    fake.failNext({ method: 'HEAD', key, delayMs: 10_000 });
    const found = await slow.ctx.app.inject({
      method: 'HEAD',
      url: `${BACKUP_REPOSITORY_FILES_PATH}/locks/${id}`,
      headers: { authorization: slow.agent.authorization },
    });
    expect(found.statusCode).toBe(200);
    expect(fake.requests.filter((r) => r.key === key && r.method === 'HEAD')).toHaveLength(2);

    for (let i = 0; i < 3; i++) fake.failNext({ method: 'DELETE', key, delayMs: 10_000 });
    const gone = await slow.ctx.app.inject({
      method: 'DELETE',
      url: `${BACKUP_REPOSITORY_FILES_PATH}/locks/${id}`,
      headers: { authorization: slow.agent.authorization },
    });
    expect(gone.statusCode).toBe(503);
  });

  it('lists past a page of keys with continuation tokens, by the engine’s names', async () => {
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      const bytes = Buffer.from(`key file ${i}`);
      names.push(`keys/${idOf(bytes)}`);
      expect((await app.put(names.at(-1)!, bytes)).statusCode).toBe(201);
    }
    fake.requests.length = 0;
    const listed = await app.list('keys/');
    expect(listed.json().files.map((f: { name: string }) => f.name)).toEqual(names.sort());
    const pages = fake.requests.filter((r) => r.key === undefined);
    expect(
      pages.map((r) => [r.query.prefix, r.query['max-keys'], Boolean(r.query['continuation-token'])]),
    ).toEqual([
      [app.key('keys/'), '2', false],
      [app.key('keys/'), '2', true],
      [app.key('keys/'), '2', true],
    ]);
  });

  it('is refused by the bucket with a wrong secret (SignatureDoesNotMatch), storing and counting nothing', async () => {
    const wrong = await startApp({ secretAccessKey: 'not-the-secret' });
    const bytes = Buffer.from('config');
    const refused = await wrong.put('config/config', bytes);
    expect(refused.statusCode).toBe(500);
    const answers = fake.requests.filter((r) => r.key?.startsWith(`strata/${wrong.org}/`));
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.map((r) => `${r.status} ${r.code}`)).toContain('403 SignatureDoesNotMatch');
    expect(answers.every((r) => r.status === 403)).toBe(true);
    expect(fake.objects.has(wrong.key('config'))).toBe(false);
    expect(await wrong.storage()).toBe(0);
    const listed = await wrong.list('');
    expect(listed.statusCode).toBe(500);
    const list = fake.requests.filter((r) => r.key === undefined).at(-1)!;
    expect(`${list.status} ${list.code}`).toBe('403 SignatureDoesNotMatch');
  });
});
