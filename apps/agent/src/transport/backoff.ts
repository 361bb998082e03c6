export type BackoffOptions = { minMs: number; maxMs: number };

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
