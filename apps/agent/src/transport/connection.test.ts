import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { restartCloseReason } from '@rmm/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { createLogger } from '../log.ts';
import { type Connection, startConnection } from './connection.ts';

// The reconnect delays are timers on a fake clock that the tests move on; sockets are real, so each
// step also lets the event loop take in what the network delivered.
const cleanups: (() => Promise<void> | void)[] = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  vi.useRealTimers();
});

const ioTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Moves the fake clock on in small steps, letting I/O in between, until the check holds. */
const waitFor = async (check: () => boolean, limitMs = 5000) => {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await vi.advanceTimersByTimeAsync(5);
    await ioTurn();
  }
};

/** A server that accepts, then drops, every connection, or refuses the handshake with an HTTP error. */
const startServer = async (mode: 'drop' | 'refuse' | 'restart', restartReason = 'bye') => {
  const server = http.createServer();
  const wss = new WebSocketServer({ noServer: true });
  const handshakes: string[] = [];
  server.on('upgrade', (request, socket, head) => {
    handshakes.push(String(request.headers.authorization));
    // restart: the first connection is closed with 1012 (service restart), later handshakes refused.
    if (mode === 'refuse' || (mode === 'restart' && handshakes.length > 1)) {
      const body = JSON.stringify({
        error: { code: 'DEVICE_REJECTED', message: 'This device was rejected by a technician.' },
      });
      socket.end(
        `HTTP/1.1 403 Forbidden\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.send(JSON.stringify({ v: 1, type: 'inventoryRequest' }));
      setTimeout(() => (mode === 'restart' ? ws.close(1012, restartReason) : ws.close(1011, 'bye')), 20);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  cleanups.push(() => wss.close());
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/agent/ws`, handshakes };
};

const connect = (
  url: string,
  lines: string[],
  received: string[],
  backoff: { minMs: number; maxMs: number; restartSpreadMs?: number } = { minMs: 20, maxMs: 80 },
): Connection => {
  const connection = startConnection({
    url,
    headers: { authorization: 'Device 1:secret' },
    backoff,
    keepaliveMs: 10_000,
    onMessage: (message) => received.push(message.type),
    onClose: () => {},
    log: createLogger((line) => lines.push(line)),
  });
  cleanups.push(() => connection.stop());
  return connection;
};

describe('the agent connection', () => {
  it('reconnects after every drop, with its credentials each time, until stopped', async () => {
    const server = await startServer('drop');
    const lines: string[] = [];
    const received: string[] = [];
    const connection = connect(server.url, lines, received);
    await waitFor(() => server.handshakes.length >= 4);
    expect(new Set(server.handshakes)).toEqual(new Set(['Device 1:secret']));
    expect(received).toContain('inventoryRequest');
    await connection.stop();
    const count = server.handshakes.length;
    // Far past the longest backoff (80 ms) on the fake clock: a stopped connection schedules nothing.
    for (let i = 0; i < 20; i++) {
      await vi.advanceTimersByTimeAsync(50);
      await ioTurn();
    }
    expect(server.handshakes.length).toBe(count);
  });

  it('logs the server’s reason when the handshake is refused, and keeps trying', async () => {
    const server = await startServer('refuse');
    const lines: string[] = [];
    connect(server.url, lines, []);
    await waitFor(() => server.handshakes.length >= 3);
    expect(lines.join('')).toContain(
      'the server refused the connection (403): This device was rejected by a technician.',
    );
  });

  it('keeps trying while nothing listens', async () => {
    const lines: string[] = [];
    connect('ws://127.0.0.1:9/agent/ws', lines, []);
    await waitFor(() => lines.filter((line) => line.includes('reconnecting in')).length >= 3);
  });

  it('after the server closed with 1012 (restarting), retries within the restart spread instead of growing', async () => {
    const delays = (lines: string[]) =>
      lines.flatMap((line) => {
        const match = /reconnecting in (\d+) ms/.exec(line);
        return match ? [Number(match[1])] : [];
      });
    const restarting = await startServer('restart');
    const lines: string[] = [];
    connect(restarting.url, lines, [], { minMs: 10, maxMs: 100_000, restartSpreadMs: 40 });
    await waitFor(() => delays(lines).length >= 6);
    expect(delays(lines).every((delay) => delay >= 10 && delay <= 40)).toBe(true);

    // A server that names its spread in the close reason is followed, within the agent's bounds.
    const asking = await startServer('restart', restartCloseReason(25));
    const told: string[] = [];
    connect(asking.url, told, [], { minMs: 10, maxMs: 100_000, restartSpreadMs: 100_000 });
    await waitFor(() => delays(told).length >= 6);
    expect(delays(told).every((delay) => delay >= 10 && delay <= 25)).toBe(true);

    // The same refusals without the restart close grow the delay exponentially.
    const refusing = await startServer('refuse');
    const plain: string[] = [];
    connect(refusing.url, plain, [], { minMs: 10, maxMs: 100_000, restartSpreadMs: 40 });
    await waitFor(() => delays(plain).length >= 5);
    expect(Math.max(...delays(plain))).toBeGreaterThan(40);
  });
});
