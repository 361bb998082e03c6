/** Time as the engine sees it: injected so that tests move it without waiting (locks, retention, throttle). */
export type Clock = {
  now(): Date;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
};

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** A clock that only moves when told to: sleep() advances it at once. */
export const manualClock = (
  start: Date | string,
): Clock & { advance(ms: number): void; set(at: Date | string): void } => {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    sleep: async (ms) => {
      now += Math.max(0, ms);
    },
    advance: (ms) => {
      now += ms;
    },
    set: (at) => {
      now = new Date(at).getTime();
    },
  };
};
