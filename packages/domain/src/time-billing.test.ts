import { describe, expect, it } from 'vitest';
import { timeRoundingOptions } from './products.ts';
import {
  defaultWorkHours,
  isWithinWorkHours,
  roundTimeEntrySeconds,
  secondsToHours,
} from './time-billing.ts';

describe('time-entry rounding', () => {
  it('rounds up to each option’s step', () => {
    const billed = (seconds: number) =>
      Object.fromEntries(
        timeRoundingOptions.map((option) => [option, roundTimeEntrySeconds(seconds, option)]),
      );
    expect(billed(7 * 60 + 1)).toEqual({
      OFF: 421,
      ROUND_UP_5_MIN: 600,
      '10_MIN': 600,
      '15_MIN': 900,
      '20_MIN': 1200,
      '30_MIN': 1800,
      ROUND_UP_1_HOUR: 3600,
      ROUND_UP_1_DAY: 86_400,
    });
    // A whole step stays as it is.
    expect(billed(3600)).toEqual({
      OFF: 3600,
      ROUND_UP_5_MIN: 3600,
      '10_MIN': 3600,
      '15_MIN': 3600,
      '20_MIN': 3600,
      '30_MIN': 3600,
      ROUND_UP_1_HOUR: 3600,
      ROUND_UP_1_DAY: 86_400,
    });
    expect(roundTimeEntrySeconds(0, '15_MIN')).toBe(0);
    expect(roundTimeEntrySeconds(3601, 'ROUND_UP_1_HOUR')).toBe(7200);
    expect(() => roundTimeEntrySeconds(-1, 'OFF')).toThrow();
  });

  it('writes hours at 4 places, half-up', () => {
    expect(secondsToHours(600)).toBe('0.1667');
    expect(secondsToHours(300)).toBe('0.0833');
    expect(secondsToHours(1200)).toBe('0.3333');
    expect(secondsToHours(5400)).toBe('1.5000');
    expect(secondsToHours(1)).toBe('0.0003');
  });

  it('places time in or off the working hours, in their zone', () => {
    const hours = { ...defaultWorkHours('Europe/Berlin') };
    // Monday 2025-03-03 08:30 UTC is 09:30 in Berlin.
    expect(isWithinWorkHours('2025-03-03T08:30:00Z', hours)).toBe(true);
    expect(isWithinWorkHours('2025-03-03T07:59:00Z', hours)).toBe(false);
    // 17:00 local is off hours (end exclusive).
    expect(isWithinWorkHours('2025-03-03T16:00:00Z', hours)).toBe(false);
    // Saturday.
    expect(isWithinWorkHours('2025-03-08T10:00:00Z', hours)).toBe(false);
    expect(isWithinWorkHours(new Date('2025-03-07T10:00:00Z'), hours)).toBe(true);
  });
});
