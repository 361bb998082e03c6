import nodemailer from 'nodemailer';

/** One message to send: plain text always, HTML beside it when given. */
export type MailMessage = {
  to: string | string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** `<id@domain>`: the Message-ID to send (for threading replies); nodemailer makes one otherwise. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  /** Further header fields (`Auto-Submitted`). */
  headers?: Record<string, string>;
};

export type Mailer = {
  /** Resolves once the SMTP server accepted the message; rejects with its answer or the connection error. */
  send: (message: MailMessage) => Promise<{ messageId: string }>;
  close: () => void;
};

export type MailerOptions = {
  /** `smtp://[user:password@]host[:port]` or `smtps://…` (nodemailer's connection URL). */
  url: string;
  from: string;
  /** Bounds connecting, the greeting and each pause in the conversation. */
  timeoutMs: number;
};

/** The same text on one line: a subject never carries a line break or a control character into the header. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced.
const CONTROL_OR_SPACE = /[\u0000-\u001f\u007f\s]+/g;
export const headerText = (text: string, max = 200) =>
  text.replace(CONTROL_OR_SPACE, ' ').trim().slice(0, max);

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text for an HTML body: what anyone typed stays text. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => htmlEntities[char]!);

/**
 * Outgoing mail over SMTP (nodemailer). Generic: callers compose their messages; the sender is a setting.
 * A message's content never reads files or URLs (`disableFileAccess`, `disableUrlAccess`).
 */
export const createMailer = ({ url, from, timeoutMs }: MailerOptions): Mailer => {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    send: async (message) => {
      const info = await transport.sendMail({ from, ...message });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
};

/** The configured mailer, or none when the server has no SMTP_URL. */
export const mailerFromConfig = (config: {
  smtpUrl: string | undefined;
  mailFrom: string;
  smtpTimeoutMs: number;
}): Mailer | undefined =>
  config.smtpUrl
    ? createMailer({ url: config.smtpUrl, from: config.mailFrom, timeoutMs: config.smtpTimeoutMs })
    : undefined;
