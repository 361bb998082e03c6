import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';

/**
 * A local HTTP server that receives webhooks as a customer's endpoint would: it keeps every request (headers
 * and raw body), checks `X-RMM-Signature` against the secret it was given (HMAC-SHA-256 of
 * `<X-RMM-Timestamp>.<body>`, compared in constant time), and answers what the test asks for (by default
 * 200 `ok`). Imported by the server tests and the browser test alike: Node's own modules only.
 */

export type ReceivedWebhook = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The signature checked against the receiver's secret: undefined when the receiver has none. */
  isSignatureValid: boolean | undefined;
};

/** An answer to one request; `hang` sends none at all (a receiver that never answers). */
export type WebhookAnswer =
  | { status: number; body?: string; headers?: Record<string, string> }
  | { hang: true };

export type WebhookReceiver = {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** The answers to the next requests, in order; once used up, 200 `ok`. */
  answerWith: (...answers: WebhookAnswer[]) => void;
  /** Resolves once `count` requests have arrived (bounded by the test's own timeout). */
  waitFor: (count: number) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
};

/** Whether `X-RMM-Signature` is `sha256=` and the HMAC of `<timestamp>.<body>` under the secret. */
export const isValidSignature = (secret: string, headers: http.IncomingHttpHeaders, body: string) => {
  const timestamp = headers['x-rmm-timestamp'];
  const signature = headers['x-rmm-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return false;
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

export const startWebhookReceiver = async ({
  secret,
  host = '127.0.0.1',
}: {
  secret?: string;
  host?: string;
} = {}): Promise<WebhookReceiver> => {
  const received: ReceivedWebhook[] = [];
  const answers: WebhookAnswer[] = [];
  const waiters: { count: number; resolve: (all: ReceivedWebhook[]) => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
        isSignatureValid: secret === undefined ? undefined : isValidSignature(secret, request.headers, body),
      });
      const answer = answers.shift() ?? { status: 200, body: 'ok' };
      if (!('hang' in answer)) {
        response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        response.end(answer.body ?? '');
      }
      for (const waiter of [...waiters])
        if (received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve([...received]);
        }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://${host}:${port}/hook`,
    port,
    received,
    answerWith: (...next) => answers.push(...next),
    waitFor: (count) =>
      received.length >= count
        ? Promise.resolve([...received])
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
