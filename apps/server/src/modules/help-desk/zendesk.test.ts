import { Readable } from 'node:stream';
import { supportTicketCustomFieldIds } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng, streamedUploadBody, uploadAttachment, uploadFile } from '../../../test/attachment-files.ts';
import { type FakeZendesk, startFakeZendesk } from '../../../test/fake-zendesk.ts';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { activities } from '../../db/schema.ts';
import { attachments } from '../attachments/schema.ts';
import {
  createZendeskClient,
  ZendeskError,
  type ZendeskSettings,
  type ZendeskTicket,
} from './zendesk-client.ts';

let zendesk: FakeZendesk;
beforeAll(async () => {
  zendesk = await startFakeZendesk();
});
afterAll(() => zendesk?.close());

const settings = (overrides: Partial<ZendeskSettings> = {}): ZendeskSettings => ({
  url: zendesk.url,
  email: zendesk.email,
  apiToken: zendesk.apiToken,
  allowHttp: true,
  timeoutMs: 10_000,
  maxRetryAfterSeconds: 10,
  ...overrides,
});

const ticket = (overrides: Partial<ZendeskTicket> = {}): ZendeskTicket => ({
  subject: 'Printer offline',
  priority: 'high',
  comment: { body: 'The office printer stopped.', uploads: [] },
  custom_fields: [{ id: 1003, value: true }],
  email_ccs: [{ user_email: 'boss@customer.example' }],
  requester: { name: 'Tech One', email: 'tech1@msp.example' },
  ...overrides,
});

/** Records the waits instead of waiting. */
const recordSleeps = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};

describe('the Zendesk client', () => {
  it('uploads a file as a streamed binary body, then creates the ticket naming its token', async () => {
    const client = createZendeskClient(settings());
    const bytes = Buffer.from('%PDF-1.7 a small pdf');
    const token = await client.upload({
      fileName: 'Rechnung März.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
      open: () => Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]),
    });
    const upload = zendesk.uploads.at(-1)!;
    expect(upload).toMatchObject({
      token,
      fileName: 'Rechnung März.pdf',
      contentType: 'application/pdf',
      declaredLength: bytes.length,
    });
    expect(upload.bytes.equals(bytes)).toBe(true);
    expect(zendesk.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/api/v2/uploads?filename=Rechnung+M%C3%A4rz.pdf',
      authorization: `Basic ${Buffer.from(`${zendesk.email}/token:${zendesk.apiToken}`).toString('base64')}`,
    });

    const id = await client.createTicket(ticket({ comment: { body: 'See the file.', uploads: [token] } }));
    expect(zendesk.tickets.at(-1)).toEqual({
      id: Number(id),
      ticket: ticket({ comment: { body: 'See the file.', uploads: [token] } }),
    });
  });

  it("reports Zendesk's refusals in both of its error shapes", async () => {
    const wrongToken = createZendeskClient(settings({ apiToken: 'wrong' }));
    const unauthorised = await wrongToken.createTicket(ticket()).catch((error: unknown) => error);
    expect(unauthorised).toBeInstanceOf(ZendeskError);
    expect(unauthorised).toMatchObject({
      status: 401,
      isUnavailable: false,
      message: "Zendesk answered 401: Couldn't authenticate you",
    });

    const client = createZendeskClient(settings());
    const invalid = await client
      .createTicket(ticket({ comment: { body: 'x', uploads: ['no-such-token'] } }))
      .catch((error: unknown) => error);
    expect(invalid).toMatchObject({
      status: 422,
      message:
        'Zendesk answered 422: RecordInvalid — Record validation errors — base: Upload no-such-token not found',
    });

    zendesk.failNext('/api/v2/tickets', {
      status: 403,
      body: { error: { title: 'Forbidden', message: 'You do not have access to this page.' } },
    });
    expect(await client.createTicket(ticket()).catch((error: unknown) => error)).toMatchObject({
      status: 403,
      isUnavailable: false,
      message: 'Zendesk answered 403: Forbidden — You do not have access to this page.',
    });
  });

  it('counts a 5xx and no answer as unavailable', async () => {
    const client = createZendeskClient(settings());
    zendesk.failNext('/api/v2/tickets', { status: 503, body: { error: 'Service Unavailable' } });
    expect(await client.createTicket(ticket()).catch((error: unknown) => error)).toMatchObject({
      status: 503,
      isUnavailable: true,
    });
    const closed = createZendeskClient(settings({ url: 'http://127.0.0.1:9' }));
    expect(await closed.createTicket(ticket()).catch((error: unknown) => error)).toMatchObject({
      status: undefined,
      isUnavailable: true,
    });
  });

  it('waits out a short Retry-After once (sending the file again), and gives up on a long one', async () => {
    const { waits, sleep } = recordSleeps();
    const client = createZendeskClient(settings(), { sleep });
    zendesk.failNext('/api/v2/uploads', { status: 429, headers: { 'retry-after': '3' } });
    const before = zendesk.uploads.length;
    const token = await client.upload({
      fileName: 'a.txt',
      contentType: 'text/plain',
      size: 5,
      open: () => Readable.from([Buffer.from('hello')]),
    });
    expect(waits).toEqual([3000]);
    expect(zendesk.uploads.length).toBe(before + 1);
    expect(zendesk.uploads.at(-1)).toMatchObject({ token, bytes: Buffer.from('hello') });

    zendesk.failNext('/api/v2/tickets', { status: 429, headers: { 'retry-after': '120' } });
    expect(await client.createTicket(ticket()).catch((error: unknown) => error)).toMatchObject({
      status: 429,
      isUnavailable: true,
      message: 'Zendesk is limiting requests; try again in 120 s.',
    });
    zendesk.failNext('/api/v2/tickets', { status: 429, headers: { 'retry-after': '1' } });
    zendesk.failNext('/api/v2/tickets', { status: 429, headers: { 'retry-after': '1' } });
    expect(await client.createTicket(ticket()).catch((error: unknown) => error)).toMatchObject({
      status: 429,
    });
    expect(waits).toEqual([3000, 1000]);
  });

  it('refuses a plain-http URL unless allowed', () => {
    expect(() => createZendeskClient(settings({ allowHttp: false }))).toThrow(/ZENDESK_ALLOW_HTTP/);
  });
});

describe('help tickets sent to Zendesk', () => {
  let ctx: TestContext;
  let tech: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    ctx = await createTestApp({
      zendeskUrl: zendesk.url,
      zendeskEmail: zendesk.email,
      zendeskApiToken: zendesk.apiToken,
      zendeskAllowHttp: true,
      zendeskCustomFieldIds: new Map([
        [supportTicketCustomFieldIds.callback, 360_001],
        [supportTicketCustomFieldIds.language, 360_002],
      ]),
    });
    tech = await createUser(ctx, { permissions: ['helpTickets.submit'], scope: 'all' });
  });
  afterAll(() => ctx?.close());

  const upload = async (bytes: Buffer, fileName: string) => {
    const response = await uploadAttachment(
      ctx,
      { file: bytes.toString('base64'), fileName },
      { cookie: tech.cookie, helpDesk: 'zendesk' },
    );
    expect(response.json().uploadStatus).toBe('SUCCESS');
    return response.json().id as string;
  };
  const submit = (uploads: string[], subject = 'Agent does not start') =>
    ctx.request(
      'POST',
      '/ws/zendesk/ticket',
      {
        priority: 'URGENT',
        subject,
        comment: { body: 'The agent crashes at start.', uploads },
        customFields: [
          { id: supportTicketCustomFieldIds.phoneNumber, value: '+49 30 1234' },
          { id: supportTicketCustomFieldIds.callback, value: true },
          { id: supportTicketCustomFieldIds.language, value: 'de' },
        ],
        ccEmails: ['lead@msp.example'],
      },
      { cookie: tech.cookie },
    );

  it('uploads the files, creates the ticket as the caller, and keeps only the record', async () => {
    const png = makePng(10, 10);
    const log = Buffer.from('2026-11-26 agent: crash\n');
    const ids = [await upload(png, 'screen.png'), await upload(log, 'agent.log')];
    const before = zendesk.uploads.length;
    const response = await submit(ids);
    expect(response.statusCode, response.body).toBe(200);
    const { ticketId } = response.json();
    expect(response.json()).toEqual({ resultCode: 'SUCCESS', ticketId: expect.stringMatching(/^\d+$/) });

    const sent = zendesk.uploads.slice(before);
    expect(sent.map((file) => [file.fileName, file.contentType, file.bytes.length])).toEqual([
      ['screen.png', 'image/png', png.length],
      ['agent.log', 'text/plain', log.length],
    ]);
    expect(sent[0]!.bytes.equals(png)).toBe(true);
    expect(zendesk.tickets.at(-1)).toEqual({
      id: Number(ticketId),
      ticket: {
        subject: 'Agent does not start',
        priority: 'urgent',
        comment: { body: 'The agent crashes at start.', uploads: sent.map((file) => file.token) },
        // Mapped to the account's fields; the phone number has no mapping and stays out.
        custom_fields: [
          { id: 360_001, value: true },
          { id: 360_002, value: 'de' },
        ],
        email_ccs: [{ user_email: 'lead@msp.example' }],
        requester: { name: expect.stringMatching(/^Tech /), email: tech.email },
      },
    });

    for (const id of ids) {
      const [row] = await ctx.db.select().from(attachments).where(eq(attachments.id, id));
      expect(row).toMatchObject({ attachedTo: `zendesk:${ticketId}`, hasContent: false });
      expect(await ctx.app.attachments.store.size(id)).toBeUndefined();
    }
    const [activity] = await ctx.db
      .select()
      .from(activities)
      .where(eq(activities.action, 'helpTicket.submit'));
    expect(activity).toMatchObject({ outcome: 'SUCCESS', targetId: ticketId, targetType: 'helpTicket' });

    const again = await submit(ids);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('ATTACHMENT_NOT_USABLE');
  });

  it('answers 502 when Zendesk refuses and 503 when it is down, leaving the files usable', async () => {
    const id = await upload(Buffer.from('retry me'), 'retry.txt');
    zendesk.failNext('/api/v2/tickets', {
      status: 422,
      body: {
        error: 'RecordInvalid',
        description: 'Record validation errors',
        details: { requester: [{ description: 'Requester: is suspended' }] },
      },
    });
    const refused = await submit([id]);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toEqual({
      code: 'HELP_DESK_FAILED',
      message:
        'The help desk refused the ticket: Zendesk answered 422: RecordInvalid — Record validation errors — requester: Requester: is suspended',
    });
    zendesk.failNext('/api/v2/uploads', { status: 500, body: { error: 'Internal Server Error' } });
    const down = await submit([id]);
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('HELP_DESK_UNAVAILABLE');

    const [row] = await ctx.db.select().from(attachments).where(eq(attachments.id, id));
    expect(row).toMatchObject({ attachedTo: null, hasContent: true });
    expect((await submit([id])).statusCode).toBe(200);
  });

  it('refuses a file over Zendesk’s 50 MB before sending anything', async () => {
    const big = await uploadAttachment(ctx, streamedUploadBody(50 * 1_048_576 + 1, 'big.bin'), {
      cookie: tech.cookie,
      helpDesk: 'zendesk',
    });
    const requests = zendesk.requests.length;
    const response = await submit([big.json().id]);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain(
      'Zendesk accepts attachments of at most 50 MB; “big.bin” is larger.',
    );
    expect(zendesk.requests.length).toBe(requests);
    const [row] = await ctx.db.select().from(attachments).where(eq(attachments.id, big.json().id));
    expect(row?.attachedTo).toBeNull();
  }, 60_000);

  it('is the same help desk for uploads made through the support path', async () => {
    const response = await uploadFile(ctx, makePng(), 'via-support.png', tech.cookie);
    expect((await submit([response.json().id])).statusCode).toBe(200);
  });
});
