import { createHash } from 'node:crypto';
import net from 'node:net';
import { MAX_ATTACHMENT_SIZE_BYTES, messages } from '@rmm/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  eicarFile,
  elfFile,
  makePng,
  pdfFile,
  streamedUploadBody,
  uploadAttachment,
  uploadFile,
} from '../../../test/attachment-files.ts';
import { createTestApp, createUser, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { activities } from '../../db/schema.ts';
import { attachments } from './schema.ts';
import { signAttachmentUrl } from './signed-url.ts';
import { MAX_UPLOAD_BODY_BYTES } from './upload-body.ts';

let ctx: TestContext;
/** Submits help tickets (uploads), nothing else. */
let submitter: { cookie: string; email: string };
/** May not upload. */
let viewer: { cookie: string };

beforeAll(async () => {
  ctx = await createTestApp();
  submitter = await createUser(ctx, { permissions: ['helpTickets.submit'], scope: 'all' });
  viewer = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
});
afterAll(() => ctx?.close());

const rowOf = async (id: string) =>
  (await ctx.db.select().from(attachments).where(eq(attachments.id, id)))[0];
const rowCount = async () => (await ctx.db.select({ id: attachments.id }).from(attachments)).length;
const tempFiles = () => ctx.app.attachments.store.listTemp();
const fetchUrl = (url: string) => ctx.app.inject({ method: 'GET', url });

/** A refused upload: its status and code, the upload error's text first, and nothing left behind. */
const expectRefused = async (
  response: Awaited<ReturnType<typeof uploadFile>>,
  status: number,
  code: string,
  rowsBefore: number,
) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.code).toBe(code);
  if (code.startsWith('ATTACHMENT_'))
    expect(response.json().error.message).toContain(messages.attachments.uploadError);
  expect(await tempFiles()).toEqual([]);
  expect(await rowCount()).toBe(rowsBefore);
};

describe('uploading an attachment', () => {
  it('stores a clean PNG, answers the Attachment with a signed URL, and serves it inline', async () => {
    const png = makePng(16, 8);
    const response = await uploadFile(ctx, png, 'screen shot.png', submitter.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const attachment = response.json();
    expect(attachment).toMatchObject({
      contentId: createHash('sha256').update(png).digest('hex'),
      uploadStatus: 'SUCCESS',
      metadata: { name: 'screen shot.png', mimeType: 'image/png', size: png.length, extension: 'png' },
    });
    expect(attachment.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(attachment.signedUrl).toMatch(
      new RegExp(
        `^/ws/attachments/${attachment.id}/content\\?expires=\\d+&signature=[\\w-]{43}&disposition=inline$`,
      ),
    );

    const served = await fetchUrl(attachment.signedUrl);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'content-disposition': `inline; filename="screen shot.png"; filename*=UTF-8''screen%20shot.png`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    });
    expect(await ctx.app.attachments.store.size(attachment.id)).toBe(png.length);
    const [activity] = await ctx.db.select().from(activities).where(eq(activities.targetId, attachment.id));
    expect(activity).toMatchObject({
      action: 'attachment.upload',
      outcome: 'SUCCESS',
      actorName: submitter.email,
    });
  });

  it('downloads any other file, its name escaped for the header', async () => {
    const text = Buffer.from('Prüfbericht: alles grün\n', 'utf8');
    const response = await uploadFile(ctx, text, 'Bericht "März" ü.txt', submitter.cookie);
    const attachment = response.json();
    expect(attachment.metadata).toEqual({
      name: 'Bericht "März" ü.txt',
      mimeType: 'text/plain',
      size: text.length,
      extension: 'txt',
    });
    expect(attachment.signedUrl).toContain('disposition=attachment');
    const served = await fetchUrl(attachment.signedUrl);
    expect(served.rawPayload.equals(text)).toBe(true);
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Bericht _M_rz_ _.txt"; filename*=UTF-8''Bericht%20%22M%C3%A4rz%22%20%C3%BC.txt`,
    );
  });

  it('flags the EICAR test file, a disguised ELF and PDF bytes named .png as suspicious, keeping no bytes', async () => {
    for (const [bytes, fileName, mimeType] of [
      [eicarFile(), 'notes.txt', 'application/octet-stream'],
      [elfFile(), 'holiday.png', 'application/x-executable'],
      [pdfFile(), 'scan.png', 'application/pdf'],
    ] as const) {
      const response = await uploadFile(ctx, bytes, fileName, submitter.cookie);
      expect(response.statusCode, fileName).toBe(200);
      const attachment = response.json();
      expect(attachment, fileName).toMatchObject({
        uploadStatus: 'SUSPICIOUS',
        signedUrl: null,
        metadata: { name: fileName, size: bytes.length, mimeType },
      });
      const row = await rowOf(attachment.id);
      expect(row).toMatchObject({ status: 'SUSPICIOUS', hasContent: false });
      expect(row?.scanDetail).toBeTruthy();
      expect(await ctx.app.attachments.store.size(attachment.id)).toBeUndefined();
      const [activity] = await ctx.db.select().from(activities).where(eq(activities.targetId, attachment.id));
      expect(activity).toMatchObject({ action: 'attachment.upload', outcome: 'FAILURE' });
      // The record stays, so the console's tile shows the suspicious state.
      const record = await ctx.request('GET', `/ws/attachments/${attachment.id}`, undefined, {
        cookie: submitter.cookie,
      });
      expect(record.json()).toMatchObject({ uploadStatus: 'SUSPICIOUS', signedUrl: null });
    }
    expect(
      (await rowOf((await uploadFile(ctx, eicarFile(), 'eicar.com', submitter.cookie)).json().id))
        ?.scanDetail,
    ).toBe('The EICAR anti-virus test file.');
    expect(await tempFiles()).toEqual([]);
  });

  it('refuses base64 that does not decode, missing keys and bad file names, storing nothing', async () => {
    const before = await rowCount();
    const good = Buffer.from('hello').toString('base64');
    for (const body of [
      { file: 'aGVsbG8$', fileName: 'a.txt' },
      { file: 'aGVsbG8=x', fileName: 'a.txt' },
      { file: 'aGVsbG8===', fileName: 'a.txt' },
      { file: 'aGVsb', fileName: 'a.txt' },
      { file: 'data:text/plain;base64,aGVsbG8=', fileName: 'a.txt' },
      { fileName: 'a.txt' },
      { file: good },
      {},
      { file: 12, fileName: 'a.txt' },
      { file: good, fileName: ['a.txt'] },
      { file: good, fileName: '../../etc/passwd' },
      { file: good, fileName: 'C:\\Users\\me\\a.txt' },
      { file: good, fileName: 'a\u0000.txt' },
      { file: good, fileName: 'line\nbreak.txt' },
      { file: good, fileName: '..' },
      { file: good, fileName: '   ' },
      { file: good, fileName: `${'n'.repeat(300)}.txt` },
      { file: good, fileName: 'a.txt', note: 'x'.repeat(20_000) },
      [good, 'a.txt'],
    ]) {
      await expectRefused(
        await uploadAttachment(ctx, body, { cookie: submitter.cookie }),
        422,
        'ATTACHMENT_INVALID',
        before,
      );
    }
    const twice = `{"file":"${good}","fileName":"a.txt","file":"${good}"}`;
    await expectRefused(
      await uploadAttachment(ctx, twice, { cookie: submitter.cookie }),
      422,
      'ATTACHMENT_INVALID',
      before,
    );
    const cut = `{"file":"${good}","fileName":"a.t`;
    await expectRefused(
      await uploadAttachment(ctx, cut, { cookie: submitter.cookie }),
      422,
      'ATTACHMENT_INVALID',
      before,
    );
    const named = await uploadAttachment(
      ctx,
      { file: good, fileName: 'a/b.txt' },
      { cookie: submitter.cookie },
    );
    expect(named.json().error.message).toBe(
      `${messages.attachments.uploadError}: A file name cannot contain a folder.`,
    );
    // Small extra fields are ignored; the key order does not matter.
    const extra = await uploadAttachment(
      ctx,
      { fileName: 'a.txt', source: 'console', file: good },
      { cookie: submitter.cookie },
    );
    expect(extra.json()).toMatchObject({ uploadStatus: 'SUCCESS', metadata: { name: 'a.txt', size: 5 } });
  });

  it('refuses a body declared over the limit before reading it, and a stream that goes over', async () => {
    const before = await rowCount();
    const declared = await ctx.app.inject({
      method: 'POST',
      url: '/ws/support/upload-attachment',
      headers: {
        cookie: submitter.cookie,
        origin: ORIGIN,
        'content-type': 'application/json',
        'content-length': String(MAX_UPLOAD_BODY_BYTES + 1),
      },
      payload: streamedUploadBody(10),
    });
    await expectRefused(declared, 413, 'ATTACHMENT_TOO_LARGE', before);
    expect(declared.headers.connection).toBe('close');

    // One byte over 100 MB, streamed without a declared length: refused once the decoded size passes it.
    const over = await uploadAttachment(ctx, streamedUploadBody(MAX_ATTACHMENT_SIZE_BYTES + 1), {
      cookie: submitter.cookie,
    });
    await expectRefused(over, 413, 'ATTACHMENT_TOO_LARGE', before);
    expect(over.json().error.message).toBe(
      `${messages.attachments.uploadError}: the file is larger than 100 MB.`,
    );
  }, 60_000);

  it('accepts a file of exactly 100 MB, streamed', async () => {
    const response = await uploadAttachment(ctx, streamedUploadBody(MAX_ATTACHMENT_SIZE_BYTES, 'disk.img'), {
      cookie: submitter.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const attachment = response.json();
    expect(attachment).toMatchObject({
      uploadStatus: 'SUCCESS',
      metadata: { size: MAX_ATTACHMENT_SIZE_BYTES },
    });
    expect(await ctx.app.attachments.store.size(attachment.id)).toBe(MAX_ATTACHMENT_SIZE_BYTES);
    await ctx.request('DELETE', `/ws/support/delete-attachment/${attachment.id}`, undefined, {
      cookie: submitter.cookie,
    });
  }, 60_000);

  it('refuses a body shorter than its declared length and cleans up after a connection cut mid-upload', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = await rowCount();
    /** Sends the bytes; `cut` drops the connection right after, else waits for the server to close it. */
    const send = (bytes: string, { cut }: { cut: boolean }) =>
      new Promise<string>((resolve) => {
        const socket = net.connect({ port: Number(port), host: '127.0.0.1' });
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString();
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', () => resolve(answer));
        socket.write(bytes, () => {
          if (cut) socket.destroy();
        });
      });
    const headers = (length: number) =>
      [
        'POST /ws/support/upload-attachment HTTP/1.1',
        'Host: 127.0.0.1',
        `Origin: ${ORIGIN}`,
        `Cookie: ${submitter.cookie}`,
        'Content-Type: application/json',
        `Content-Length: ${length}`,
        'Connection: close',
        '',
        '',
      ].join('\r\n');
    const body = JSON.stringify({
      file: Buffer.from('hello world').toString('base64'),
      fileName: 'hello.txt',
    });
    // The declared length lies (shorter than the JSON): the server reads only that much, a JSON cut short.
    const short = await send(headers(20) + body.slice(0, 20), { cut: false });
    expect(short).toMatch(/^HTTP\/1\.1 422/);
    expect(short).toContain('ATTACHMENT_INVALID');
    // Longer than what is sent, then the connection drops: no answer, no file, no row, a FAILURE activity.
    const failures = async () =>
      (
        await ctx.db
          .select()
          .from(activities)
          .where(and(eq(activities.action, 'attachment.upload'), eq(activities.outcome, 'FAILURE')))
          .orderBy(activities.id)
      ).map((activity) => activity.detail);
    const failuresBefore = (await failures()).length;
    await send(headers(body.length + 5000) + body, { cut: true });
    await vi.waitFor(async () => expect((await failures()).length).toBe(failuresBefore + 1), {
      timeout: 10_000,
    });
    expect((await failures()).at(-1)).toBe(
      `ATTACHMENT_INVALID: ${messages.attachments.uploadError}: the upload was cut off before its end.`,
    );
    // The temp file is removed as the failed upload unwinds, which may finish just after its activity.
    await vi.waitFor(async () => expect(await tempFiles()).toEqual([]), { timeout: 10_000 });
    expect(await rowCount()).toBe(before);
  });

  it('refuses an unknown help desk, an unconfigured Zendesk, and another media type before reading the body', async () => {
    const body = { file: 'aGk=', fileName: 'hi.txt' };
    const unknown = await uploadAttachment(ctx, body, { cookie: submitter.cookie, helpDesk: 'freshdesk' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('HELP_DESK_NOT_FOUND');
    const zendesk = await uploadAttachment(ctx, body, { cookie: submitter.cookie, helpDesk: 'zendesk' });
    expect(zendesk.statusCode).toBe(404);
    expect(zendesk.json().error.code).toBe('HELP_DESK_NOT_CONFIGURED');
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/ws/support/upload-attachment',
      headers: {
        cookie: submitter.cookie,
        origin: ORIGIN,
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x--',
    });
    expect(form.statusCode).toBe(415);
    expect(await tempFiles()).toEqual([]);
  });

  it('needs helpTickets.submit and a session', async () => {
    const body = { file: 'aGk=', fileName: 'hi.txt' };
    expect((await uploadAttachment(ctx, body, { cookie: viewer.cookie })).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/ws/support/upload-attachment',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('signed URLs', () => {
  const uploadPng = async () => (await uploadFile(ctx, makePng(), 'p.png', submitter.cookie)).json();

  it('refuses a changed signature, expiry, disposition or id with 403', async () => {
    const attachment = await uploadPng();
    const other = await uploadPng();
    const url = new URL(attachment.signedUrl, ORIGIN);
    const signature = url.searchParams.get('signature')!;
    const changed = (name: string, value: string) => {
      const copy = new URL(url);
      copy.searchParams.set(name, value);
      return `${copy.pathname}${copy.search}`;
    };
    for (const tampered of [
      changed('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`),
      changed('expires', String(Number(url.searchParams.get('expires')) + 3600)),
      changed('disposition', 'attachment'),
      `${url.pathname.replace(attachment.id, other.id)}${url.search}`,
    ]) {
      const response = await fetchUrl(tampered);
      expect(response.statusCode, tampered).toBe(403);
      expect(response.json().error).toEqual({
        code: 'ATTACHMENT_URL_INVALID',
        message: 'This download link is not valid.',
      });
    }
  });

  it('refuses an expired URL with 410, and serves one that is still valid', async () => {
    const attachment = await uploadPng();
    const key = ctx.app.attachments.urlKey;
    const made16MinutesAgo = signAttachmentUrl({
      key,
      id: attachment.id,
      disposition: 'inline',
      now: Date.now() - 16 * 60_000,
    });
    const expired = await fetchUrl(made16MinutesAgo);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('ATTACHMENT_URL_EXPIRED');
    const made14MinutesAgo = signAttachmentUrl({
      key,
      id: attachment.id,
      disposition: 'inline',
      now: Date.now() - 14 * 60_000,
    });
    expect((await fetchUrl(made14MinutesAgo)).statusCode).toBe(200);
  });

  it('downloads a text file even when a link asks to show it inline', async () => {
    const attachment = (
      await uploadFile(ctx, Buffer.from('<script>alert(1)</script>'), 'x.html', submitter.cookie)
    ).json();
    const inline = signAttachmentUrl({
      key: ctx.app.attachments.urlKey,
      id: attachment.id,
      disposition: 'inline',
    });
    const served = await fetchUrl(inline);
    expect(served.headers['content-type']).toBe('text/html');
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});

describe('reading and deleting attachments', () => {
  it('shows an attachment to its uploader only, with a fresh signed URL', async () => {
    const attachment = (await uploadFile(ctx, makePng(), 'mine.png', submitter.cookie)).json();
    const own = await ctx.request('GET', `/ws/attachments/${attachment.id}`, undefined, {
      cookie: submitter.cookie,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: attachment.id, uploadStatus: 'SUCCESS' });
    expect((await fetchUrl(own.json().signedUrl)).statusCode).toBe(200);
    // Not the administrator's while it is on no ticket, and not another technician's.
    for (const cookie of [ctx.adminCookie, viewer.cookie]) {
      const response = await ctx.request('GET', `/ws/attachments/${attachment.id}`, undefined, { cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('ATTACHMENT_NOT_FOUND');
    }
  });

  it('lets only the uploader delete, removing the row and the bytes', async () => {
    const attachment = (await uploadFile(ctx, makePng(), 'gone.png', submitter.cookie)).json();
    const url = `/ws/support/delete-attachment/${attachment.id}`;
    expect((await ctx.request('DELETE', url)).statusCode).toBe(404);
    const deleted = await ctx.request('DELETE', url, undefined, { cookie: submitter.cookie });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await rowOf(attachment.id)).toBeUndefined();
    expect(await ctx.app.attachments.store.size(attachment.id)).toBeUndefined();
    expect((await fetchUrl(attachment.signedUrl)).statusCode).toBe(404);
    expect((await ctx.request('DELETE', url, undefined, { cookie: submitter.cookie })).statusCode).toBe(404);
  });
});

describe('the orphan sweep', () => {
  it('deletes attachments on no ticket once older than ATTACHMENT_ORPHAN_HOURS, with stray blobs and temp files', async () => {
    const fresh = (await uploadFile(ctx, makePng(), 'fresh.png', submitter.cookie)).json();
    const suspicious = (await uploadFile(ctx, eicarFile(), 'e.txt', submitter.cookie)).json();
    const { store } = ctx.app.attachments;
    const writer = await store.createWriter();
    await writer.write(Buffer.from('cut off'));
    const stray = await store.createWriter();
    await stray.write(Buffer.from('no row'));
    await stray.finish();
    await stray.commit('00000000-0000-4000-8000-000000000000');

    // An hour from now nothing is old enough.
    const soon = await ctx.app.attachments.sweep(new Date(Date.now() + 3_600_000));
    expect(soon).toMatchObject({ orphans: 0, strayBlobs: 0, tempFiles: 0 });
    expect(await rowOf(fresh.id)).toBeDefined();

    const result = await ctx.app.attachments.sweep(new Date(Date.now() + 25 * 3_600_000));
    expect(result.orphans).toBeGreaterThanOrEqual(2);
    expect(result).toMatchObject({ strayBlobs: 1, tempFiles: 1 });
    expect(await rowOf(fresh.id)).toBeUndefined();
    expect(await rowOf(suspicious.id)).toBeUndefined();
    expect(await store.size(fresh.id)).toBeUndefined();
    expect(await store.size('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await tempFiles()).toEqual([]);
    await writer.discard();
  });
});
