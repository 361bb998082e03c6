import { afterEach, describe, expect, it, vi } from 'vitest';
import { heartbeatDelayMs, startHeartbeat } from './heartbeat.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('heartbeat', () => {
  it('waits the interval plus or minus 50%', () => {
    expect(heartbeatDelayMs(30, () => 0)).toBe(15_000);
    expect(heartbeatDelayMs(30, () => 0.5)).toBe(30_000);
    expect(heartbeatDelayMs(30, () => 0.999_999)).toBeLessThanOrEqual(45_000);
  });

  it('beats repeatedly until stopped (fake clock)', async () => {
    vi.useFakeTimers();
    const beat = vi.fn(async () => {});
    const loop = startHeartbeat(30, beat, () => 0.5);
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(beat).toHaveBeenCalledTimes(2);
    loop.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(beat).toHaveBeenCalledTimes(2);
  });

  it('keeps beating after a failed beat', async () => {
    vi.useFakeTimers();
    const beat = vi.fn(async () => {
      throw new Error('collector failed');
    });
    const loop = startHeartbeat(1, beat, () => 0.5);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(beat).toHaveBeenCalledTimes(3);
    loop.stop();
  });
});
