const BASE_MS = 1_000;
const MAX_MS = 30_000;

/**
 * Exponential backoff with jitter: 1 s, 2 s, 4 s ... up to 30 s, each between half and all of it,
 * so that consoles cut off by one server restart do not all come back in the same instant.
 */
export const reconnectDelay = (attempt: number, random: () => number = Math.random): number =>
  Math.round(Math.min(MAX_MS, BASE_MS * 2 ** attempt) * (0.5 + random() / 2));
