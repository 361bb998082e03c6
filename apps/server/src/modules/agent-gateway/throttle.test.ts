import { describe, expect, it } from 'vitest';
import { createMessageThrottle } from './throttle.ts';

describe('createMessageThrottle', () => {
  it('lets a burst through, then asks for the time the bucket needs, and refills with time', () => {
    let now = 1_000;
    const throttle = createMessageThrottle({ ratePerSecond: 10, burst: 3 }, () => now);
    expect([throttle.take(), throttle.take(), throttle.take()]).toEqual([0, 0, 0]);
    expect(throttle.take()).toBe(100);
    expect(throttle.take()).toBe(200);
    now += 200;
    expect(throttle.take()).toBe(100);
    now += 10_000;
    // Refilled to the burst, never beyond.
    expect([throttle.take(), throttle.take(), throttle.take(), throttle.take()]).toEqual([0, 0, 0, 100]);
  });
});
