export type BackoffOptions = {
  minMs: number;
  maxMs: number;
  /**
   * After the server closed with "restarting": each attempt waits a delay drawn evenly from
   * [minMs, restartSpreadMs], without growing, for RESTART_WINDOW_MS. The fleet comes back within
   * the spread of the server's return instead of sitting out long exponential delays.
   */
  restartSpreadMs?: number;
};

export const DEFAULT_RESTART_SPREAD_MS = 20_000;
export const RESTART_WINDOW_MS = 300_000;

/** The longest spread a server may ask for in its 1012 close reason. */
export const MAX_RESTART_SPREAD_MS = 300_000;

/** Within the restart spread: the server's (from its close reason, bounded) or the agent's own. */
export const restartDelay = (
  options: BackoffOptions,
  random: () => number = Math.random,
  serverSpreadMs?: number,
) => {
  const own = options.restartSpreadMs ?? DEFAULT_RESTART_SPREAD_MS;
  const asked = serverSpreadMs === undefined ? own : Math.min(serverSpreadMs, MAX_RESTART_SPREAD_MS);
  const spread = Math.max(options.minMs, asked);
  return Math.round(options.minMs + random() * (spread - options.minMs));
};

/**
 * Exponential backoff with random jitter: the ceiling doubles per failed attempt up to maxMs, and
 * the delay is drawn from its upper half, so thousands of agents never reconnect in step.
 */
export const backoffDelay = (
  attempt: number,
  options: BackoffOptions,
  random: () => number = Math.random,
) => {
  const ceiling = Math.min(options.maxMs, options.minMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
};
