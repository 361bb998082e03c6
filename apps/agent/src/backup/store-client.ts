import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import type { StoreRetrySettings } from './settings.ts';

/**
 * Requests to the server's backup routes, authenticated as the agent (`Authorization: Device <id>:<secret>`,
 * the WebSocket's proof), over kept-alive connections. A network error or a 5xx answer that may pass is tried
 * again after a growing wait; anything else is answered at once. Bodies stream both ways: a request body is
 * a Buffer or a stream opened again for each try, a response is gathered into one Buffer.
 */

export type StoreResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request body: bytes, or a function that opens a fresh stream (a retry sends it again from the start). */
export type StoreBody = Buffer | (() => Readable);

export type StoreRequest = {
  method: 'GET' | 'HEAD' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: StoreBody;
};

export type StoreClientOptions = {
  serverUrl: string;
  authorization: string;
  settings: StoreRetrySettings;
  /** Waits between tries (the engine's clock: tests do not wait). Rejects when the signal fires. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A cancelled job stops retrying; a request already on the wire is let finish, so locks can be removed. */
  signal?: AbortSignal;
  random?: () => number;
};

/** An answer the server gave (status and its `{error:{code,message}}`), or a network failure (status null). */
export class StoreRequestError extends Error {
  constructor(
    readonly status: number | null,
    readonly code: string | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreRequestError';
  }
}

/** 5xx that can pass (not 501 "not implemented", 505, 507 "quota used up"), and 408 / 429. */
export const isRetryableStatus = (status: number) =>
  status === 408 || status === 429 || (status >= 500 && ![501, 505, 507].includes(status));

/** The server's own message of an error answer, else the status. */
export const storeErrorOf = (response: StoreResponse, what: string): StoreRequestError => {
  let code: string | null = null;
  let message = `HTTP ${response.status}`;
  try {
    const parsed = JSON.parse(response.body.toString('utf8')) as {
      error?: { code?: string; message?: string };
    };
    code = parsed.error?.code ?? null;
    if (parsed.error?.message) message = parsed.error.message;
  } catch {
    // not JSON: the status says enough
  }
  return new StoreRequestError(
    response.status,
    code,
    `The server's backup store refused ${what} (${response.status}): ${message}`,
  );
};

export const createStoreClient = (options: StoreClientOptions) => {
  const { settings } = options;
  const random = options.random ?? Math.random;
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 8 });

  const once = (request: StoreRequest) =>
    new Promise<StoreResponse>((resolve, reject) => {
      const url = new URL(request.path, options.serverUrl);
      const isHttps = url.protocol === 'https:';
      const outgoing = (isHttps ? https : http).request(url, {
        method: request.method,
        headers: { authorization: options.authorization, ...request.headers },
        agent: isHttps ? httpsAgent : httpAgent,
      });
      outgoing.setTimeout(settings.idleTimeoutMs, () =>
        outgoing.destroy(new Error(`no answer for ${settings.idleTimeoutMs} ms`)),
      );
      outgoing.on('error', reject);
      outgoing.on('response', (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const body = Buffer.concat(chunks);
          const declared = incoming.headers['content-length'];
          // a connection cut mid-answer: not the answer
          if (request.method !== 'HEAD' && declared !== undefined && Number(declared) !== body.length)
            return reject(new Error(`the answer was cut off after ${body.length} of ${declared} bytes`));
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body });
        });
      });
      const { body } = request;
      if (body === undefined || Buffer.isBuffer(body)) return void outgoing.end(body);
      const stream = body();
      stream.on('error', (error) => outgoing.destroy(error));
      stream.pipe(outgoing);
    });

  const delayBefore = (attempt: number) => {
    const base = Math.min(settings.maxDelayMs, settings.minDelayMs * 2 ** (attempt - 1));
    return Math.round(base * (0.5 + random() / 2));
  };

  /** Sends the request, trying again on network errors and passing 5xx; other answers come back as they are. */
  const send = async (request: StoreRequest, what: string): Promise<StoreResponse> => {
    for (let attempt = 1; ; attempt++) {
      let failure: StoreRequestError;
      try {
        const response = await once(request);
        if (!isRetryableStatus(response.status)) return response;
        failure = storeErrorOf(response, what);
      } catch (error) {
        failure = new StoreRequestError(
          null,
          null,
          `The server's backup store could not be reached for ${what}: ${(error as Error).message}`,
          { cause: error },
        );
      }
      if (attempt >= settings.attempts) throw failure;
      await options.sleep(delayBefore(attempt), options.signal);
    }
  };

  return {
    send,
    close: () => {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
};
export type StoreClient = ReturnType<typeof createStoreClient>;
