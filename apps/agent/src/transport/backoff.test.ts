import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

const options = { minMs: 1000, maxMs: 60_000 };

describe('reconnect backoff', () => {
  it('doubles its ceiling per attempt and draws from the upper half of it', () => {
    expect(backoffDelay(0, options, () => 0)).toBe(500);
    expect(backoffDelay(0, options, () => 1)).toBe(1000);
    expect(backoffDelay(3, options, () => 0)).toBe(4000);
    expect(backoffDelay(3, options, () => 1)).toBe(8000);
  });

  it('never exceeds the maximum, however many attempts failed', () => {
    for (const attempt of [6, 7, 50, 10_000]) {
      expect(backoffDelay(attempt, options, () => 1)).toBe(60_000);
      expect(backoffDelay(attempt, options, () => 0)).toBe(30_000);
    }
  });

  it('spreads agents out: random draws give different delays', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(4, options)));
    expect(delays.size).toBeGreaterThan(10);
  });
});
