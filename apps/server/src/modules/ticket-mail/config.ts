import net from 'node:net';
import os from 'node:os';
import { MAX_ATTACHMENT_SIZE_BYTES } from '@rmm/domain';

/** Ticketing mail's settings (README "Settings"; docs/decisions.md "Ticketing mail"). */
export type TicketMailConfig = {
  /** The SMTP listener's port; unset: no listener (0 picks a free port: tests). */
  smtpPort: number | undefined;
  /** Its address; loopback unless a certificate is set. */
  smtpHost: string;
  /** The name in its greeting (HELO), the machine's by default. */
  hostname: string;
  /** Largest message taken (SIZE is advertised; a larger one is refused with 552). */
  maxMessageBytes: number;
  /** Largest attachment imported from a mail (at most the 100 MB of spec §5); larger ones are noted only. */
  attachmentMaxBytes: number;
  /** Lowercase domains mailbox addresses may have; empty: any. */
  domains: string[];
  /** PEM files: STARTTLS is offered, and required of clients that are not on this machine. */
  tlsCertPath: string | undefined;
  tlsKeyPath: string | undefined;
  /** How often each process reads the ticket log and sends the ticket mails that are due. */
  intervalMs: number;
  /** Attempts at one mail before it is FAILED. */
  maxAttempts: number;
  /** Multiplies the wait between attempts (30 s, doubling, at most an hour); tests shorten it. */
  backoffFactor: number;
  /** A ticket log id missing from the feed holds the cursor back at most this long. */
  feedGapSeconds: number;
};

export const isLoopback = (host: string) => {
  const bare = host.replace(/^\[|\]$/g, '').replace(/^::ffff:/i, '');
  if (bare === 'localhost' || bare === '::1') return true;
  return net.isIPv4(bare) && bare.startsWith('127.');
};

const num = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) ? parsed : fallback;
};

const portOf = (value: string | undefined) => {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`TICKET_MAIL_SMTP_PORT must be a port number, not ${JSON.stringify(value)}`);
  return port;
};

const domainsOf = (value: string | undefined) =>
  (value ?? '')
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);

/**
 * TICKET_MAIL_*: a listener on an address other than loopback needs a certificate (mail from elsewhere must
 * not cross the network in clear); a certificate needs its key.
 */
export const loadTicketMailConfig = (env: NodeJS.ProcessEnv): TicketMailConfig => {
  const smtpPort = portOf(env.TICKET_MAIL_SMTP_PORT);
  const smtpHost = env.TICKET_MAIL_SMTP_HOST?.trim() || '127.0.0.1';
  const tlsCertPath = env.TICKET_MAIL_TLS_CERT?.trim() || undefined;
  const tlsKeyPath = env.TICKET_MAIL_TLS_KEY?.trim() || undefined;
  if (Boolean(tlsCertPath) !== Boolean(tlsKeyPath))
    throw new Error('TICKET_MAIL_TLS_CERT and TICKET_MAIL_TLS_KEY are set together, or neither');
  if (smtpPort !== undefined && !isLoopback(smtpHost) && !tlsCertPath)
    throw new Error(
      `TICKET_MAIL_SMTP_HOST ${smtpHost} is not a loopback address: set TICKET_MAIL_TLS_CERT and TICKET_MAIL_TLS_KEY, or listen on 127.0.0.1 behind a mail server`,
    );
  return {
    smtpPort,
    smtpHost,
    hostname: env.TICKET_MAIL_HOSTNAME?.trim() || os.hostname(),
    maxMessageBytes: num(env.TICKET_MAIL_MAX_BYTES, 10 * 1_048_576),
    attachmentMaxBytes: Math.min(
      Math.max(0, num(env.TICKET_MAIL_ATTACHMENT_MAX_BYTES, MAX_ATTACHMENT_SIZE_BYTES)),
      MAX_ATTACHMENT_SIZE_BYTES,
    ),
    domains: domainsOf(env.TICKET_MAIL_DOMAINS),
    tlsCertPath,
    tlsKeyPath,
    intervalMs: num(env.TICKET_MAIL_INTERVAL_MS, 5_000),
    maxAttempts: Math.max(1, num(env.TICKET_MAIL_MAX_ATTEMPTS, 6)),
    backoffFactor: Math.max(0, num(env.TICKET_MAIL_BACKOFF_FACTOR, 1)),
    feedGapSeconds: num(env.TICKET_MAIL_FEED_GAP_SECONDS, 60),
  };
};

/** Whether an address's domain is one the mailboxes may have. */
export const isAllowedDomain = (config: Pick<TicketMailConfig, 'domains'>, address: string) =>
  config.domains.length === 0 || config.domains.includes(address.slice(address.lastIndexOf('@') + 1));
