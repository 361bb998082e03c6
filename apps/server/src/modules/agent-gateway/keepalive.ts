import type { WebSocket } from 'ws';

/**
 * One timer for all agent sockets: each is pinged every interval, and one that did not answer the
 * previous ping (a half-open TCP connection) is terminated, so dead sockets do not pile up.
 */
export const startKeepalive = (sockets: () => Iterable<WebSocket>, intervalMs: number) => {
  const answered = new WeakSet<WebSocket>();
  const watched = new WeakSet<WebSocket>();
  const timer = setInterval(() => {
    for (const socket of sockets()) {
      if (!watched.has(socket)) {
        watched.add(socket);
        socket.on('pong', () => answered.add(socket));
      } else if (!answered.has(socket)) {
        socket.terminate();
        continue;
      }
      answered.delete(socket);
      socket.ping();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
