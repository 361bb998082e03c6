/** Plus or minus 50% around the interval, so heartbeats of many agents spread out. */
export const heartbeatDelayMs = (intervalSeconds: number, random: () => number = Math.random) =>
  Math.round(intervalSeconds * 1000 * (0.5 + random()));

export type HeartbeatLoop = { stop: () => void };

/** Calls `beat` after each jittered delay until stopped; a slow beat delays the next, never overlaps. */
export const startHeartbeat = (
  intervalSeconds: number,
  beat: () => Promise<void>,
  random: () => number = Math.random,
): HeartbeatLoop => {
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  const schedule = () => {
    timer = setTimeout(
      async () => {
        await beat().catch(() => {});
        if (!isStopped) schedule();
      },
      heartbeatDelayMs(intervalSeconds, random),
    );
  };
  schedule();
  return {
    stop: () => {
      isStopped = true;
      clearTimeout(timer);
    },
  };
};
