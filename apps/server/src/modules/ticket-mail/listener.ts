import fs from 'node:fs';
import type net from 'node:net';
import { ticketMailRejections } from '@rmm/domain';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { isAllowedDomain, isLoopback, type TicketMailConfig } from './config.ts';
import { MailRejection } from './errors.ts';
import type { InboundMail, InboundResult } from './inbound.ts';
import type { MailboxRow } from './repository.ts';

/**
 * The SMTP listener (smtp-server): mail for a configured, enabled mailbox only (others 550 at RCPT), one
 * mailbox per message, a sender required, at most TICKET_MAIL_MAX_BYTES. The message is parsed (mailparser)
 * and handed to `receive`; its refusal is answered with its code and text, any other failure with 451 so that
 * the sending server tries again later. Without a certificate it listens on loopback only (config.ts); with
 * one it offers STARTTLS and requires it of clients not on this machine.
 */

type Logger = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type ListenerOptions = {
  config: TicketMailConfig;
  log: Logger;
  findMailbox: (address: string) => Promise<MailboxRow | undefined>;
  receive: (mail: InboundMail) => Promise<InboundResult>;
};

export type TicketMailListener = { port: number; close: () => Promise<void> };

const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

const outcomeText: Record<InboundResult['outcome'], string> = {
  CREATED: 'created',
  COMMENTED: 'commented',
  REOPENED: 'reopened and commented',
  DUPLICATE: 'already has this message',
};

/** The whole DATA stream (drained even when too large, as SMTP needs). */
const readAll = (stream: SMTPServerDataStream) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => {
      if (!stream.sizeExceeded) chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

export const startListener = async (options: ListenerOptions): Promise<TicketMailListener> => {
  const { config, log } = options;
  const tls = config.tlsCertPath
    ? { cert: fs.readFileSync(config.tlsCertPath), key: fs.readFileSync(config.tlsKeyPath!) }
    : undefined;

  const mailboxOf = async (address: string) => {
    const mailbox = await options.findMailbox(address.toLowerCase());
    return mailbox?.enabled ? mailbox : undefined;
  };

  const handle = async (stream: SMTPServerDataStream, session: SMTPServerSession) => {
    const raw = await readAll(stream);
    if (stream.sizeExceeded) throw new MailRejection(ticketMailRejections.tooLarge, 552);
    const rcpt = session.envelope.rcptTo[0]?.address ?? '';
    const mailbox = await mailboxOf(rcpt);
    if (!mailbox) throw new MailRejection(ticketMailRejections.unknownMailbox);
    const mail = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true }).catch(() => {
      throw new MailRejection(ticketMailRejections.unreadable);
    });
    const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    return options.receive({ mailFrom, mailbox, mail });
  };

  const server = new SMTPServer({
    name: config.hostname,
    banner: 'Ticket mail',
    size: config.maxMessageBytes,
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ?? {}),
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 1_000,
    onMailFrom(address, session, callback) {
      if (tls && !session.secure && !isLoopback(session.remoteAddress))
        return callback(refusal(530, ticketMailRejections.tlsRequired));
      if (!address.address) return callback(refusal(550, ticketMailRejections.missingSender));
      callback();
    },
    onRcptTo(address, session, callback) {
      const to = address.address.toLowerCase();
      if (!isAllowedDomain(config, to)) return callback(refusal(550, ticketMailRejections.domainNotAllowed));
      const first = session.envelope.rcptTo[0]?.address.toLowerCase();
      if (first !== undefined && first !== to)
        return callback(refusal(452, ticketMailRejections.oneMailboxPerMessage));
      mailboxOf(to).then(
        (mailbox) => callback(mailbox ? null : refusal(550, ticketMailRejections.unknownMailbox)),
        (error: unknown) => {
          log.error({ err: error }, 'ticket mail: looking up a mailbox failed');
          callback(refusal(451, ticketMailRejections.temporaryFailure));
        },
      );
    },
    onData(stream, session, callback) {
      handle(stream, session).then(
        (result) => {
          log.info({ ticketId: result.ticketId, outcome: result.outcome }, 'ticket mail: received');
          callback(null, `Ticket #${result.ticketId} ${outcomeText[result.outcome]}`);
        },
        (error: unknown) => {
          if (error instanceof MailRejection) {
            log.info({ reason: error.message, session: session.id }, 'ticket mail: refused');
            return callback(refusal(error.responseCode, error.message));
          }
          log.error({ err: error, session: session.id }, 'ticket mail: storing a message failed');
          callback(refusal(451, ticketMailRejections.temporaryFailure));
        },
      );
    },
  });
  server.on('error', (error) => log.error({ err: error }, 'ticket mail: listener error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(config.smtpPort ?? 0, config.smtpHost, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as net.AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
