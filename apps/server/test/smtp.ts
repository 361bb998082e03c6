import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as a local SMTP server received it: the envelope and the raw RFC 5322 text. */
export type ReceivedMail = { from: string; to: string[]; raw: string };

export type LocalSmtpServer = {
  port: number;
  received: ReceivedMail[];
  /** The user and password of each login. */
  logins: { user: string; pass: string }[];
  close: () => Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives. With `auth`, only that login
 * is accepted (over the plain connection: a local test server has no certificate).
 */
export const startSmtpServer = async ({
  port = 0,
  auth,
}: {
  port?: number;
  auth?: { user: string; pass: string };
} = {}): Promise<LocalSmtpServer> => {
  const received: ReceivedMail[] = [];
  const logins: { user: string; pass: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !auth,
    allowInsecureAuth: true,
    logger: false,
    closeTimeout: 100,
    onAuth(credentials, _session, callback) {
      const login = { user: credentials.username ?? '', pass: credentials.password ?? '' };
      logins.push(login);
      if (auth && login.user === auth.user && login.pass === auth.pass) callback(null, { user: login.user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as net.AddressInfo).port,
    received,
    logins,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

/** A local port nothing listens on (an SMTP server that is down). */
export const closedPort = async () => {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
};

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as the text they stand for. */
const decodeWords = (value: string) =>
  value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );

const headersOf = (block: string) => {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
};

const splitHead = (raw: string) => {
  const end = raw.search(/\r?\n\r?\n/);
  return { head: raw.slice(0, end), body: raw.slice(end).replace(/^\r?\n\r?\n/, '') };
};

const decodeBody = (body: string, encoding: string | undefined) => {
  if (encoding?.toLowerCase() === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
};

/**
 * The headers of a received message and its text and HTML parts, decoded (enough MIME for our own mail:
 * one level of multipart/alternative, base64 or quoted-printable; encoded words in headers).
 */
export const parseMail = (raw: string) => {
  const { head, body } = splitHead(raw);
  const headers = headersOf(head);
  const parts: Record<string, string> = {};
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const sections = boundary
    ? body.split(`--${boundary}`).slice(1, -1)
    : [
        `content-type: ${contentType}\r\ncontent-transfer-encoding: ${headers.get('content-transfer-encoding') ?? '7bit'}\r\n\r\n${body}`,
      ];
  for (const section of sections) {
    const part = splitHead(section.replace(/^\r?\n/, ''));
    const partHeaders = headersOf(part.head);
    const type = (partHeaders.get('content-type') ?? 'text/plain').split(';')[0]!.trim();
    parts[type] = decodeBody(part.body, partHeaders.get('content-transfer-encoding'));
  }
  return { headers, text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
};
