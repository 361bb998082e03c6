/** The shortest and longest spread a planned stop asks its agents to return over. */
export const MIN_RESTART_SPREAD_MS = 5_000;
export const MAX_RESTART_SPREAD_MS = 120_000;

/**
 * How long the agents of a stopping server should spread their return over: its connection count at
 * the rate the server expects to take them back (`AGENT_RECONNECT_RATE_PER_SECOND`), within bounds.
 * Ten agents come back within seconds; ten thousand at 250 per second over 40 s instead of all at once.
 */
export const restartSpreadMs = (connections: number, ratePerSecond: number) =>
  Math.min(
    MAX_RESTART_SPREAD_MS,
    Math.max(MIN_RESTART_SPREAD_MS, Math.ceil((connections / Math.max(1, ratePerSecond)) * 1000)),
  );
