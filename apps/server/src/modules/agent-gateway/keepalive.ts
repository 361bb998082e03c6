import type { WebSocket } from 'ws';

/** A round of pings is spread over this many ticks of the interval. */
export const KEEPALIVE_SLICES = 100;

/**
 * Each agent socket is pinged once every interval, and one that did not answer its previous ping
 * (a half-open TCP connection) is terminated, so dead sockets do not pile up.
 *
 * The pings of a round are spread over the interval in slices: pinging 10,000 sockets at once held
 * the event loop for 300-400 ms, and every job submitted meanwhile waited for it.
 */
export const startKeepalive = (sockets: () => Iterable<WebSocket>, intervalMs: number) => {
  const answered = new WeakSet<WebSocket>();
  const watched = new WeakSet<WebSocket>();
  let round: WebSocket[] = [];
  let next = 0;
  let tick = 0;

  const visit = (socket: WebSocket) => {
    if (!watched.has(socket)) {
      watched.add(socket);
      socket.on('pong', () => answered.add(socket));
    } else if (!answered.has(socket)) {
      socket.terminate();
      return;
    }
    answered.delete(socket);
    socket.ping();
  };

  const timer = setInterval(() => {
    // A round pings the sockets connected when it began; a later one waits for the next round.
    if (tick === 0) {
      round = [...sockets()];
      next = 0;
    }
    tick += 1;
    const end = Math.ceil((round.length * tick) / KEEPALIVE_SLICES);
    for (; next < end; next++) visit(round[next]!);
    if (tick === KEEPALIVE_SLICES) tick = 0;
  }, intervalMs / KEEPALIVE_SLICES);
  timer.unref();
  return () => clearInterval(timer);
};
