/**
 * How fast one agent connection is read: a token bucket of `burst` messages, refilled at
 * `ratePerSecond`. An agent that sends faster is not cut off and loses nothing: the server stops
 * reading its socket for the time the bucket needs (TCP then holds the agent back).
 */
export const createMessageThrottle = (
  { ratePerSecond, burst }: { ratePerSecond: number; burst: number },
  now: () => number = Date.now,
) => {
  let tokens = burst;
  let last = now();
  return {
    /** Counts one message; answers how many ms to stop reading before the next (0: read on). */
    take: () => {
      const time = now();
      tokens = Math.min(burst, tokens + ((time - last) * ratePerSecond) / 1000);
      last = time;
      tokens -= 1;
      return tokens >= 0 ? 0 : Math.ceil((-tokens * 1000) / ratePerSecond);
    },
  };
};
