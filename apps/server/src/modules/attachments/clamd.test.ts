import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { messages } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { makePng, uploadFile } from '../../../test/attachment-files.ts';
import { type FakeClamd, startFakeClamd } from '../../../test/fake-clamd.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { ClamdError, clamdScan, parseClamdReply } from './clamd.ts';
import { attachments } from './schema.ts';

const MARKER = Buffer.from('TEST-MARKER-FOR-THE-FAKE-CLAMD');
const markerSignature = (file: Buffer) => (file.includes(MARKER) ? 'Test.Marker-1' : undefined);

const fakes: FakeClamd[] = [];
const start = async (options: Parameters<typeof startFakeClamd>[0] = {}) => {
  const fake = await startFakeClamd(options);
  fakes.push(fake);
  return fake;
};
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

const tcp = (fake: FakeClamd) => ({ host: '127.0.0.1', port: fake.port, timeoutMs: 10_000 });

describe('the clamd client (INSTREAM)', () => {
  it('streams the file in length-prefixed chunks and reads the verdict', async () => {
    const fake = await start({ signatureOf: markerSignature });
    const file = randomBytes(300_000);
    expect(
      await clamdScan(tcp(fake), Readable.from([file.subarray(0, 100_000), file.subarray(100_000)])),
    ).toEqual({
      infected: false,
    });
    expect(fake.received[0]!.equals(file)).toBe(true);
    const infected = Buffer.concat([Buffer.from('some text '), MARKER]);
    expect(await clamdScan(tcp(fake), Readable.from([infected]))).toEqual({
      infected: true,
      signature: 'Test.Marker-1',
    });
  });

  it('speaks over a Unix socket too', async () => {
    const socketPath = path.join(os.tmpdir(), `clamd-${randomUUID()}.sock`);
    await start({ listenPath: socketPath });
    expect(await clamdScan({ socketPath, timeoutMs: 10_000 }, Readable.from([Buffer.from('hello')]))).toEqual(
      {
        infected: false,
      },
    );
  });

  it('fails without a verdict: over its stream limit, nothing listening, an unknown answer, no answer in time', async () => {
    const limited = await start({ maxBytes: 1000 });
    await expect(clamdScan(tcp(limited), Readable.from([randomBytes(5000)]))).rejects.toThrow(
      /INSTREAM size limit exceeded/,
    );
    await limited.close();
    await expect(clamdScan(tcp(limited), Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(
      ClamdError,
    );
    expect(() => parseClamdReply('stream: something odd')).toThrow(ClamdError);

    const silent = await start({ isSilent: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const scan = clamdScan({ ...tcp(silent), timeoutMs: 60_000 }, Readable.from([Buffer.from('x')]));
    const outcome = scan.catch((error: unknown) => error);
    await vi.waitFor(() => expect(silent.received.length).toBe(1));
    vi.advanceTimersByTime(60_000);
    expect(await outcome).toBeInstanceOf(ClamdError);
    expect(String(await outcome)).toContain('no verdict within 60000 ms');
  });
});

describe('uploads scanned by clamd', () => {
  let ctx: TestContext | undefined;
  afterAll(() => ctx?.close());

  it('flags what ClamAV finds, passes what it does not, and refuses the upload when clamd is down', async () => {
    const fake = await start({ signatureOf: markerSignature });
    ctx = await createTestApp({ clamdHost: '127.0.0.1', clamdPort: fake.port });
    const clean = await uploadFile(ctx, makePng(), 'clean.png');
    expect(clean.json()).toMatchObject({ uploadStatus: 'SUCCESS' });
    expect(fake.received.length).toBe(1);

    // Text the built-in checks pass, which ClamAV's signature catches.
    const infected = await uploadFile(ctx, Buffer.concat([Buffer.from('log line\n'), MARKER]), 'server.log');
    expect(infected.json()).toMatchObject({ uploadStatus: 'SUSPICIOUS', signedUrl: null });
    const [row] = await ctx.db.select().from(attachments).where(eq(attachments.id, infected.json().id));
    expect(row).toMatchObject({ scanDetail: 'ClamAV: Test.Marker-1', hasContent: false });

    // The branding logo goes through the same scanner: a valid PNG that ClamAV flags is refused as suspicious.
    const logo = await ctx.request('PUT', '/settings/branding/logo', {
      file: makePng(40, 10, { text: MARKER }).toString('base64'),
      fileName: 'logo.png',
      mimeType: 'image/png',
    });
    expect(logo.statusCode).toBe(422);
    expect(logo.json().error).toEqual({ code: 'IMAGE_SUSPICIOUS', message: messages.images.suspicious });
    const cleanLogo = await ctx.request('PUT', '/settings/branding/logo', {
      file: makePng(40, 10).toString('base64'),
      fileName: 'logo.png',
      mimeType: 'image/png',
    });
    expect(cleanLogo.statusCode).toBe(200);

    await fake.close();
    const rows = (await ctx.db.select().from(attachments)).length;
    const down = await uploadFile(ctx, makePng(), 'later.png');
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('ATTACHMENT_SCAN_FAILED');
    expect((await ctx.db.select().from(attachments)).length).toBe(rows);
    expect(await ctx.app.attachments.store.listTemp()).toEqual([]);
  });
});
