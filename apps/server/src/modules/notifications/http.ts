import { createHmac } from 'node:crypto';

/**
 * Posting a notification to a webhook or chat address. The whole exchange is bounded by the timeout; a
 * redirect is followed only to the same host and scheme (at most three), never to another host; of the
 * answer only the status and the start of the body are read, as text for the log, never interpreted.
 */

export const MAX_REDIRECTS = 3;
/** How much of an answer's body the log keeps. */
const BODY_START_BYTES = 300;
const USER_AGENT = 'RMM-Notifications/1';

export type PostOutcome = { ok: true; status: number } | { ok: false; error: string };

/** `sha256=<hex>`: HMAC-SHA-256 under the channel's secret of `<timestamp>.<body>`. */
export const webhookSignature = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced.
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** The first bytes of an answer as one line of text; the rest is not read. */
const bodyStart = async (response: Response) => {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < BODY_START_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  const text = Buffer.concat(chunks).subarray(0, BODY_START_BYTES).toString('utf8');
  return text
    .replace(CONTROL, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\uFFFD+$/, '')
    .trim();
};

/** Why a request got no answer, without the address (a chat webhook's address is itself a secret). */
const noAnswer = (error: unknown, timeoutMs: number) => {
  const { name, cause } = error as { name?: string; cause?: { code?: string; message?: string } };
  if (name === 'TimeoutError' || name === 'AbortError') return `No answer within ${timeoutMs / 1000} s`;
  const reason = cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
  return `No answer: ${reason}`;
};

export const postJson = async ({
  url,
  body,
  headers = {},
  timeoutMs,
}: {
  url: string;
  body: string;
  headers?: Record<string, string>;
  timeoutMs: number;
}): Promise<PostOutcome> => {
  const first = new URL(url);
  let target = first;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...headers },
        body,
        redirect: 'manual',
        signal,
      });
      if (response.status >= 300 && response.status < 400) {
        response.body?.cancel().catch(() => {});
        const location = response.headers.get('location');
        if (!location) return { ok: false, error: `HTTP ${response.status} without a Location` };
        const next = new URL(location, target);
        if (next.host !== first.host || next.protocol !== first.protocol)
          return {
            ok: false,
            error: `HTTP ${response.status}: a redirect to another host (${next.host}) is not followed`,
          };
        target = next;
        continue;
      }
      const start = await bodyStart(response);
      if (response.ok) return { ok: true, status: response.status };
      return { ok: false, error: `HTTP ${response.status}${start ? `: ${start}` : ''}` };
    }
    return { ok: false, error: `More than ${MAX_REDIRECTS} redirects` };
  } catch (error) {
    return { ok: false, error: noAnswer(error, timeoutMs) };
  }
};
