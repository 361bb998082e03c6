import type { IncomingMessage } from 'node:http';
import { type AgentMessage, agentCloseCodes, parseRestartSpreadMs, ServerMessage } from '@rmm/domain';
import WebSocket from 'ws';
import type { Logger } from '../log.ts';
import { type BackoffOptions, backoffDelay, RESTART_WINDOW_MS, restartDelay } from './backoff.ts';

export type ConnectionOptions = {
  url: string;
  headers: Record<string, string>;
  backoff: BackoffOptions;
  /** A silent connection (no pong) is dropped after two of these. */
  keepaliveMs: number;
  onMessage: (message: ServerMessage) => void;
  onClose: () => void;
  log: Logger;
};

export type Connection = { send: (message: AgentMessage) => boolean; stop: () => Promise<void> };

/** The server's refusal text (`{error:{message}}`) from a handshake answered with an HTTP error. */
const readRefusal = (response: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      body += chunk.slice(0, 4096);
    });
    response.on('end', () => {
      try {
        resolve((JSON.parse(body) as { error?: { message?: string } }).error?.message ?? body);
      } catch {
        resolve(body || `HTTP ${response.statusCode}`);
      }
    });
    response.on('error', () => resolve(`HTTP ${response.statusCode}`));
  });

const parseServerMessage = (data: WebSocket.RawData, log: Logger) => {
  try {
    const parsed = ServerMessage.safeParse(JSON.parse(data.toString()));
    // A newer server may send types this agent does not know: they are ignored.
    if (parsed.success) return parsed.data;
    log.warn(`ignored a server message: ${parsed.error.issues[0]?.message}`);
  } catch {
    log.warn('ignored a server message that is not JSON');
  }
  return undefined;
};

/** Pings every `intervalMs`; a connection that did not answer the previous ping is dropped. */
const keepalive = (ws: WebSocket, intervalMs: number) => {
  let isAlive = true;
  ws.on('pong', () => {
    isAlive = true;
  });
  const timer = setInterval(() => {
    if (!isAlive) return ws.terminate();
    isAlive = false;
    ws.ping();
  }, intervalMs);
  ws.once('close', () => clearInterval(timer));
};

/** One connection attempt; `onEnded` runs once it is over, however it ended. */
const openSocket = (
  options: ConnectionOptions,
  onOpen: () => void,
  onEnded: (code: number, reason: string) => void,
) => {
  const { log } = options;
  const ws = new WebSocket(options.url, { headers: options.headers, handshakeTimeout: 15_000 });
  ws.on('open', () => {
    onOpen();
    log.info(`connected to ${options.url}`);
    keepalive(ws, options.keepaliveMs);
  });
  ws.on('unexpected-response', (_request, response) => {
    void readRefusal(response).then((reason) => {
      log.error(`the server refused the connection (${response.statusCode}): ${reason}`);
      ws.terminate();
    });
  });
  ws.on('message', (data) => {
    const message = parseServerMessage(data, log);
    if (message) options.onMessage(message);
  });
  ws.on('error', (error) => log.warn(`connection error: ${error.message}`));
  ws.on('close', (code, reason) => {
    if (code !== 1006) log.info(`connection closed (${code}${reason.length ? ` ${reason.toString()}` : ''})`);
    options.onClose();
    onEnded(code, reason.toString());
  });
  return ws;
};

const closeGracefully = async (socket: WebSocket) => {
  if (socket.readyState === WebSocket.CLOSED) return;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.close(1000, 'agent stopping');
  // A server that does not answer the close frame is not waited for.
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  socket.terminate();
};

/** A WebSocket that reconnects forever, with exponential backoff and jitter, until stopped. */
export const startConnection = (options: ConnectionOptions): Connection => {
  let socket: WebSocket | undefined;
  let attempt = 0;
  let isStopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  /** Until then the server is restarting: short, even, non-growing delays (see restartDelay). */
  let restartUntil = 0;
  /** The spread the server's 1012 asked for (undefined: the agent's own). */
  let restartSpreadMs: number | undefined;

  const connect = () => {
    socket = openSocket(
      options,
      () => {
        attempt = 0;
        restartUntil = 0;
      },
      (code, reason) => {
        if (isStopped) return;
        if (code === agentCloseCodes.RESTARTING) {
          restartUntil = Date.now() + RESTART_WINDOW_MS;
          restartSpreadMs = parseRestartSpreadMs(reason);
        }
        const delay =
          Date.now() < restartUntil
            ? restartDelay(options.backoff, Math.random, restartSpreadMs)
            : backoffDelay(attempt++, options.backoff);
        options.log.info(`reconnecting in ${delay} ms`);
        retryTimer = setTimeout(connect, delay);
      },
    );
  };

  connect();
  return {
    send: (message) => {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    stop: async () => {
      isStopped = true;
      clearTimeout(retryTimer);
      if (socket) await closeGracefully(socket);
    },
  };
};
