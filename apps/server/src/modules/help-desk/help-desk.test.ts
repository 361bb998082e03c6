import { supportTicketCustomFieldIds as fieldIds, type HelpTicketRequest, toHelpTicket } from '@rmm/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eicarFile, makePng, uploadFile } from '../../../test/attachment-files.ts';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { activities } from '../../db/schema.ts';
import { attachments } from '../attachments/schema.ts';
import { supportTickets } from './schema.ts';

let ctx: TestContext;
/** Submits help tickets. */
let tech: Awaited<ReturnType<typeof createUser>>;
/** Submits help tickets too: another requester. */
let otherTech: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestApp();
  tech = await createUser(ctx, { permissions: ['helpTickets.submit'], scope: 'all' });
  otherTech = await createUser(ctx, { permissions: ['helpTickets.submit'], scope: 'all' });
});
afterAll(() => ctx?.close());

const uploadAs = async (cookie: string, bytes = makePng(), fileName = 'screen.png') =>
  (await uploadFile(ctx, bytes, fileName, cookie)).json() as { id: string; signedUrl: string | null };

let counter = 0;
/** A ticket as the console's form builds it (the domain's toHelpTicket), with these uploads. */
const helpTicket = (uploads: string[], overrides: Partial<HelpTicketRequest> = {}): HelpTicketRequest => ({
  ...toHelpTicket(
    {
      ticketPriority: 'HIGH',
      ticketSubject: `Backups fail ${++counter}`,
      ticketBody: 'Since Monday every backup of the file server fails.',
      ticketPhoneNumber: '+44 20 7946 0000',
      ticketCategory: 'Backup',
      ticketCallback: true,
      ticketCc: ['lead@msp.example', 'owner@msp.example'],
      imageTokens: uploads,
    },
    'de-AT',
  ),
  ...overrides,
});

const submit = (body: unknown, cookie = tech.cookie) =>
  ctx.request('POST', '/ws/support/ticket', body, { cookie });
const inboxTicket = async (id: string | number) =>
  (await ctx.request('GET', `/support/tickets/${id}`)).json().ticket;
const ticketCount = async () => (await ctx.db.select({ id: supportTickets.id }).from(supportTickets)).length;
const attachmentRow = async (id: string) =>
  (await ctx.db.select().from(attachments).where(eq(attachments.id, id)))[0];

describe('a help ticket filed into the support inbox', () => {
  it('stores the ticket, its first message and its attachments in the inbox', async () => {
    const png = makePng(20, 10);
    const image = await uploadAs(tech.cookie, png, 'error.png');
    const log = await uploadAs(tech.cookie, Buffer.from('backup: access denied\n'), 'backup.log');
    const body = helpTicket([image.id, log.id]);
    const response = await submit(body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ resultCode: 'SUCCESS', ticketId: expect.stringMatching(/^\d+$/) });

    const ticket = await inboxTicket(response.json().ticketId);
    expect(ticket).toMatchObject({
      subject: body.subject,
      priority: 'HIGH',
      status: 'OPEN',
      requester: { email: tech.email, name: expect.stringMatching(/^Tech /) },
      phoneNumber: '+44 20 7946 0000',
      category: 'Backup',
      callback: true,
      language: 'de',
      ccEmails: ['lead@msp.example', 'owner@msp.example'],
      messageCount: 1,
      attachmentCount: 2,
      closedAt: null,
    });
    const [message] = ticket.messages;
    expect(message).toMatchObject({
      isFromRequester: true,
      body: 'Since Monday every backup of the file server fails.',
      author: { email: tech.email },
    });
    expect(message.attachments.map((a: { metadata: { name: string } }) => a.metadata.name)).toEqual([
      'error.png',
      'backup.log',
    ]);
    // The administrator opens the image through its signed URL.
    const served = await ctx.app.inject({ method: 'GET', url: message.attachments[0].signedUrl });
    expect(served.rawPayload.equals(png)).toBe(true);

    expect(await attachmentRow(image.id)).toMatchObject({ attachedTo: `support:${ticket.id}` });
    const [activity] = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'helpTicket.submit'), eq(activities.targetId, String(ticket.id))));
    expect(activity).toMatchObject({
      outcome: 'SUCCESS',
      targetType: 'supportTicket',
      actorName: tech.email,
    });
  });

  it('sends phone and category only when filled; a ticket without attachments is fine', async () => {
    const body = helpTicket([], {
      customFields: [
        { id: fieldIds.callback, value: false },
        { id: fieldIds.language, value: 'fr' },
      ],
    });
    const ticket = await inboxTicket((await submit(body)).json().ticketId);
    expect(ticket).toMatchObject({
      phoneNumber: null,
      category: null,
      callback: false,
      language: 'fr',
      attachmentCount: 0,
    });
  });

  it('refuses attachments that are not the caller’s own unused clean uploads, storing nothing', async () => {
    const others = await uploadAs(otherTech.cookie);
    const suspicious = await uploadAs(tech.cookie, eicarFile(), 'eicar.txt');
    const used = await uploadAs(tech.cookie);
    expect((await submit(helpTicket([used.id]))).statusCode).toBe(200);
    const mine = await uploadAs(tech.cookie);
    const before = await ticketCount();
    for (const [uploads, reason] of [
      [[mine.id, others.id], `${others.id} is not one of your uploads.`],
      [[suspicious.id], '“eicar.txt” was not uploaded successfully (SUSPICIOUS).'],
      [[used.id], '“screen.png” is already on a ticket.'],
      [
        ['7b0c1f3e-0000-4000-8000-000000000000'],
        '7b0c1f3e-0000-4000-8000-000000000000 is not one of your uploads.',
      ],
      [[mine.id, mine.id], `${mine.id} is named twice.`],
    ] as const) {
      const response = await submit(helpTicket([...uploads]));
      expect(response.statusCode, reason).toBe(422);
      expect(response.json().error).toEqual({
        code: 'ATTACHMENT_NOT_USABLE',
        message: `An attachment cannot be added: ${reason}`,
      });
    }
    expect(await ticketCount()).toBe(before);
    expect(await attachmentRow(mine.id)).toMatchObject({ attachedTo: null });
    expect(await attachmentRow(others.id)).toMatchObject({ attachedTo: null });
  });

  it('refuses custom fields it does not know or of the wrong type, and the limits of spec §5', async () => {
    const before = await ticketCount();
    for (const [customFields, message] of [
      [[{ id: 77, value: 'x' }], "custom field 77 is not one of this help desk's."],
      [[{ id: fieldIds.callback, value: 'yes' }], 'the callback field must be true or false.'],
      [
        [{ id: fieldIds.phoneNumber, value: '1'.repeat(41) }],
        'the phone number may have at most 40 characters.',
      ],
      [
        [
          { id: fieldIds.language, value: 'de' },
          { id: fieldIds.language, value: 'fr' },
        ],
        `custom field ${fieldIds.language} is given twice.`,
      ],
    ] as const) {
      const response = await submit(helpTicket([], { customFields: [...customFields] }));
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toEqual({
        code: 'HELP_TICKET_INVALID',
        message: `The ticket is not valid: ${message}`,
      });
    }
    for (const body of [
      helpTicket([], { subject: 's'.repeat(201) }),
      helpTicket([], { subject: '   ' }),
      helpTicket([], { ccEmails: ['not an email'] }),
      helpTicket([], {
        comment: { body: 'x', uploads: Array.from({ length: 21 }, () => crypto.randomUUID()) },
      }),
      { ...helpTicket([]), priority: 'CRITICAL' },
    ]) {
      const response = await submit(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await ticketCount()).toBe(before);
  });

  it('answers 404 for a help desk that does not exist or is not configured', async () => {
    for (const [helpDesk, code] of [
      ['freshdesk', 'HELP_DESK_NOT_FOUND'],
      ['zendesk', 'HELP_DESK_NOT_CONFIGURED'],
    ]) {
      const response = await ctx.request('POST', `/ws/${helpDesk}/ticket`, helpTicket([]), {
        cookie: tech.cookie,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe(code);
    }
  });

  it('keeps attachments on a ticket: no deleting, no sweeping, readable by the inbox', async () => {
    const file = await uploadAs(tech.cookie);
    const ticketId = (await submit(helpTicket([file.id]))).json().ticketId;
    const deleted = await ctx.request('DELETE', `/ws/support/delete-attachment/${file.id}`, undefined, {
      cookie: tech.cookie,
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.code).toBe('ATTACHMENT_IN_USE');
    // The uploader and the administrators (settings.manage) read it; other technicians do not.
    expect(
      (await ctx.request('GET', `/ws/attachments/${file.id}`, undefined, { cookie: tech.cookie })).statusCode,
    ).toBe(200);
    expect((await ctx.request('GET', `/ws/attachments/${file.id}`)).statusCode).toBe(200);
    expect(
      (await ctx.request('GET', `/ws/attachments/${file.id}`, undefined, { cookie: otherTech.cookie }))
        .statusCode,
    ).toBe(404);
    await ctx.app.attachments.sweep(new Date(Date.now() + 30 * 24 * 3_600_000));
    expect(await attachmentRow(file.id)).toMatchObject({
      attachedTo: `support:${ticketId}`,
      hasContent: true,
    });
    expect(await ctx.app.attachments.store.size(file.id)).toBeGreaterThan(0);
  });
});

describe('the support inbox', () => {
  it('lists tickets by status and search, newest change first, paged', async () => {
    const marker = `Needle${Date.now()}`;
    const ids: string[] = [];
    for (const subject of [`${marker} one`, `${marker} two`, `${marker} three`])
      ids.push((await submit(helpTicket([], { subject }), otherTech.cookie)).json().ticketId);
    await ctx.request('POST', `/support/tickets/${ids[0]}/close`);

    const page = await ctx.request('GET', `/support/tickets?search=${marker}&pageSize=2&page=1`);
    expect(page.json()).toMatchObject({ count: 3, page: 1, pageSize: 2 });
    // Closing touched the first: it is the newest change.
    expect(page.json().data.map((t: { subject: string }) => t.subject)).toEqual([
      `${marker} one`,
      `${marker} three`,
    ]);
    const open = (await ctx.request('GET', `/support/tickets?search=${marker}&status=OPEN`)).json();
    expect(open.data.map((t: { subject: string }) => t.subject)).toEqual([
      `${marker} three`,
      `${marker} two`,
    ]);
    expect(open.data[0]).toMatchObject({
      status: 'OPEN',
      messageCount: 1,
      attachmentCount: 0,
      priority: 'HIGH',
    });
    const byRequester = (
      await ctx.request('GET', `/support/tickets?search=${encodeURIComponent(otherTech.email)}`)
    ).json();
    expect(byRequester.count).toBeGreaterThanOrEqual(3);
    expect((await ctx.request('GET', '/support/tickets?search=%25')).json().count).toBe(0);
  });

  it('replies with the administrator’s attachment, closes and reopens, recording each change', async () => {
    const ticketId = (await submit(helpTicket([]))).json().ticketId;
    const answer = await uploadAs(ctx.adminCookie, Buffer.from('Steps to fix:\n1. restart\n'), 'fix.txt');
    const replied = await ctx.request('POST', `/support/tickets/${ticketId}/replies`, {
      body: 'Please try these steps.',
      uploads: [answer.id],
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const ticket = replied.json().ticket;
    expect(ticket.messageCount).toBe(2);
    expect(ticket.messages[1]).toMatchObject({
      isFromRequester: false,
      body: 'Please try these steps.',
      author: { email: 'admin@test.local' },
      attachments: [{ id: answer.id, uploadStatus: 'SUCCESS', metadata: { name: 'fix.txt' } }],
    });
    // Someone else's upload cannot go into a reply.
    const techFile = await uploadAs(tech.cookie);
    const refused = await ctx.request('POST', `/support/tickets/${ticketId}/replies`, {
      body: 'x',
      uploads: [techFile.id],
    });
    expect(refused.statusCode).toBe(422);
    expect((await inboxTicket(ticketId)).messageCount).toBe(2);

    const closed = (await ctx.request('POST', `/support/tickets/${ticketId}/close`)).json().ticket;
    expect(closed).toMatchObject({ status: 'CLOSED', closedAt: expect.any(String) });
    expect((await ctx.request('POST', `/support/tickets/${ticketId}/close`)).statusCode).toBe(200);
    const onClosed = await ctx.request('POST', `/support/tickets/${ticketId}/replies`, { body: 'late' });
    expect(onClosed.statusCode).toBe(409);
    expect(onClosed.json().error.code).toBe('SUPPORT_TICKET_CLOSED');
    const reopened = (await ctx.request('POST', `/support/tickets/${ticketId}/reopen`)).json().ticket;
    expect(reopened).toMatchObject({ status: 'OPEN', closedAt: null });

    const changes = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.targetType, 'supportTicket'), eq(activities.targetId, String(ticketId))));
    expect(changes.map((a) => `${a.action} ${a.outcome}`).sort()).toEqual([
      'helpTicket.submit SUCCESS',
      'supportTicket.close SUCCESS',
      'supportTicket.reopen SUCCESS',
      'supportTicket.reply SUCCESS',
    ]);
  });

  it('answers 404 for a ticket that does not exist, and 403 without settings.manage', async () => {
    const missing = await ctx.request('GET', '/support/tickets/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('SUPPORT_TICKET_NOT_FOUND');
    expect(
      (await ctx.request('GET', '/support/tickets', undefined, { cookie: tech.cookie })).statusCode,
    ).toBe(403);
  });
});
