import { TICKET_MAIL_REPLY_MARKER } from '@rmm/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { type LocalSmtpServer, parseMail, startSmtpServer } from '../../../test/smtp.ts';
import { ticketMailMessages } from '../../db/schema.ts';
import * as repo from './repository.ts';
import {
  logOf,
  newMailbox,
  newOrganization,
  sendTo,
  testTicketMailConfig,
  ticketIdOf,
  unique,
} from './test-fixtures.ts';

/**
 * Ticket mail out: the worker reads the ticket log and mails the requester and CCs through a real local SMTP
 * server (test/smtp.ts); each test drives the worker's ticks itself.
 */

let ctx: TestContext;
let smtp: LocalSmtpServer;
let organizationId: number;
const SUPPORT = 'support@msp.test';
const ANN = 'ann@customer.test';

/** Whatever the background ticks started, then the feed read (twice: a gap is passed on the next read) and sent. */
const drain = async (now = new Date()) => {
  await ctx.app.ticketMail.worker.idle();
  await ctx.app.ticketMail.worker.tick(now);
  await ctx.app.ticketMail.worker.tick(now);
  await ctx.app.ticketMail.worker.idle();
};

const newMailTicket = async () => {
  const mail = {
    from: `Ann <${ANN}>`,
    to: SUPPORT,
    cc: 'boss@customer.test',
    subject: `Printer jams ${unique()}`,
    text: 'It jams.',
    messageId: `<${unique()}@customer.test>`,
  };
  return { mail, id: ticketIdOf(await sendTo(ctx, mail)) };
};

const comment = async (id: number, body: string, isPublic: boolean) => {
  const response = await ctx.request('POST', `/tickets/${id}/comments`, { body, isPublic });
  expect(response.statusCode, response.body).toBe(201);
};

const setStatus = async (id: number, statusId: number) => {
  const ticket = (await ctx.request('GET', `/tickets/${id}`)).json().ticket;
  const response = await ctx.request('PATCH', `/tickets/${id}`, { version: ticket.version, statusId });
  expect(response.statusCode, response.body).toBe(200);
};

/** The mails received since `before`, parsed. */
const mailsSince = (before: number) =>
  smtp.received.slice(before).map((mail) => ({ envelope: mail, ...parseMail(mail.raw) }));

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    mailFrom: 'RMM <rmm@msp.test>',
    smtpTimeoutMs: 2_000,
    ticketMail: testTicketMailConfig({ maxAttempts: 3 }),
  });
  organizationId = await newOrganization(ctx);
  await newMailbox(ctx, { address: SUPPORT, name: 'Support "Desk"', defaultOrganizationId: organizationId });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('ticket mail out', () => {
  it('mails a technician’s public comment to the requester and CCs, threaded, and takes the reply back as a comment', async () => {
    const { mail, id } = await newMailTicket();
    await drain();
    const before = smtp.received.length;
    await comment(id, 'Please **restart** it.', true);
    await drain();

    const [sent, ...more] = mailsSince(before);
    expect(more).toEqual([]);
    expect(sent!.envelope.to.sort()).toEqual([ANN, 'boss@customer.test']);
    expect(sent!.headers.get('to')).toBe(ANN);
    expect(sent!.headers.get('cc')).toBe('boss@customer.test');
    expect(sent!.headers.get('from')).toBe('RMM <rmm@msp.test>');
    expect(sent!.headers.get('reply-to')).toBe('Support Desk <support@msp.test>');
    expect(sent!.headers.get('subject')).toBe(`[#${id}] ${mail.subject}`);
    expect(sent!.headers.get('in-reply-to')).toBe(mail.messageId);
    expect(sent!.headers.get('references')).toBe(mail.messageId);
    expect(sent!.headers.get('auto-submitted')).toBe('auto-generated');
    expect(sent!.text).toContain(TICKET_MAIL_REPLY_MARKER);
    expect(sent!.text).toContain('Please **restart** it.');
    expect(sent!.text).toContain('Status: New');
    const messageId = sent!.headers.get('message-id')!.replace(/^<|>$/g, '');
    const [recorded] = await ctx.db
      .select()
      .from(ticketMailMessages)
      .where(and(eq(ticketMailMessages.messageId, messageId), eq(ticketMailMessages.direction, 'OUT')));
    expect(recorded?.ticketId).toBe(id);

    // The requester answers the mail as a mail client does: quoting it under the reply.
    const quoted = sent!.text
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
    const reply = await sendTo(ctx, {
      from: ANN,
      to: SUPPORT,
      subject: `Re: ${sent!.headers.get('subject')}`,
      inReplyTo: `<${messageId}>`,
      references: [mail.messageId, `<${messageId}>`],
      text: `Done, thanks.\n\nOn Tuesday, Support wrote:\n${quoted}\n`,
    });
    expect(ticketIdOf(reply)).toBe(id);
    expect((await logOf(ctx, id))[0]).toMatchObject({
      type: 'COMMENT',
      body: 'Done, thanks.',
      isPublic: true,
    });
    // The requester's own comment is not mailed back.
    const afterReply = smtp.received.length;
    await drain();
    expect(smtp.received.length).toBe(afterReply);
  });

  it('mails nobody for an internal comment; mails the requester when the ticket is resolved, then closed', async () => {
    const { mail, id } = await newMailTicket();
    await drain();
    const before = smtp.received.length;
    await comment(id, 'Internal note', false);
    await setStatus(id, 2);
    await drain();
    expect(smtp.received.length).toBe(before);

    await setStatus(id, 5);
    await setStatus(id, 6);
    await drain();
    const mails = mailsSince(before);
    expect(mails.map((m) => m.headers.get('subject'))).toEqual([
      `[#${id}] Resolved: ${mail.subject}`,
      `[#${id}] Closed: ${mail.subject}`,
    ]);
    expect(mails[0]!.text).toContain('is now Resolved');
    expect(mails[0]!.text).toContain('the ticket opens again');
    expect(mails[1]!.text).toContain('follow-up ticket');
  });

  it('mails the requester of a ticket made in the console through the first enabled mailbox', async () => {
    const created = await ctx.request('POST', '/tickets', {
      organizationId,
      subject: `Console ticket ${unique()}`,
      requester: { email: 'Carl@Customer.test', name: 'Carl' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().ticket.id as number;
    const withoutRequester = await ctx.request('POST', '/tickets', { organizationId, subject: 'Nobody' });
    await drain();
    const before = smtp.received.length;
    await comment(id, 'On our way.', true);
    await comment(withoutRequester.json().ticket.id, 'Nobody to tell.', true);
    await drain();
    const [sent, ...more] = mailsSince(before);
    expect(more).toEqual([]);
    expect(sent!.envelope.to.map((address) => address.toLowerCase())).toEqual(['carl@customer.test']);
    expect(sent!.headers.get('reply-to')).toBe('Support Desk <support@msp.test>');
    expect(sent!.headers.get('in-reply-to')).toBeUndefined();
  });

  it('tries a mail the SMTP server did not take again after the backoff, until the attempts are spent', async () => {
    const { id } = await newMailTicket();
    await drain();
    const port = smtp.port;
    await smtp.close();
    const start = Date.now();
    await comment(id, 'Are you there?', true);
    await drain(new Date(start));
    let [row] = await repo.outboxOfTicket(ctx.db, id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);

    // Not due before the 30 s backoff (counted from the attempt, made at `start` or a moment later).
    const tick = (seconds: number) => ctx.app.ticketMail.worker.tick(new Date(start + seconds * 1000));
    await tick(25);
    expect((await repo.outboxOfTicket(ctx.db, id))[0]!.attempts).toBe(1);
    smtp = await startSmtpServer({ port });
    await tick(60);
    [row] = await repo.outboxOfTicket(ctx.db, id);
    expect(row).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
    expect(smtp.received.map((mail) => parseMail(mail.raw).headers.get('subject'))).toEqual([
      expect.stringContaining(`[#${id}]`),
    ]);

    // Down for good: FAILED after TICKET_MAIL_MAX_ATTEMPTS (3); the second wait is 60 s.
    await smtp.close();
    await comment(id, 'Hello?', true);
    await drain(new Date(start + 60_000));
    await tick(60 + 35);
    await tick(60 + 35 + 65);
    [row] = await repo.outboxOfTicket(ctx.db, id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 3, nextAttemptAt: null });
    expect(row!.attemptLog).toHaveLength(3);
    smtp = await startSmtpServer({ port });
  });
});
