import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { KEEPALIVE_SLICES, startKeepalive } from './keepalive.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A socket that answers pings (or not) and records whether it was terminated. */
const fakeSocket = (answers: boolean) => {
  const socket = Object.assign(new EventEmitter(), {
    isTerminated: false,
    ping: () => {
      if (answers) queueMicrotask(() => socket.emit('pong'));
    },
    terminate: () => {
      socket.isTerminated = true;
    },
  });
  return socket;
};

describe('the gateway keepalive', () => {
  it('terminates a socket that stops answering pings and keeps one that answers', async () => {
    vi.useFakeTimers();
    const alive = fakeSocket(true);
    const dead = fakeSocket(false);
    const stop = startKeepalive(() => [alive, dead] as unknown as WebSocket[], 1000);
    await vi.advanceTimersByTimeAsync(1000); // first ping
    expect(dead.isTerminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1000); // no pong since: dropped
    expect(dead.isTerminated).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(alive.isTerminated).toBe(false);
    stop();
  });

  it('spreads a round of pings over the interval, each socket pinged once per interval', async () => {
    vi.useFakeTimers();
    const pings: number[] = [];
    const sockets = Array.from({ length: 1000 }, (_, n) =>
      Object.assign(new EventEmitter(), { ping: () => pings.push(n), terminate: () => {} }),
    );
    const stop = startKeepalive(() => sockets as unknown as WebSocket[], 10_000);
    await vi.advanceTimersByTimeAsync(10_000 / KEEPALIVE_SLICES);
    expect(pings).toHaveLength(1000 / KEEPALIVE_SLICES);
    await vi.advanceTimersByTimeAsync(10_000 - 10_000 / KEEPALIVE_SLICES);
    expect(pings).toHaveLength(1000);
    expect(new Set(pings).size).toBe(1000);
    stop();
  });
});
