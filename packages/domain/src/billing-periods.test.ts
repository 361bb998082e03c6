import { describe, expect, it } from 'vitest';
import { addMonthsClamped, billingPeriod, billingPeriods, periodStartingOn } from './billing-periods.ts';
import { billingIntervals } from './products.ts';

const starts = (start: string, interval: Parameters<typeof billingPeriods>[1], count: number) =>
  billingPeriods(start, interval, count).map((period) => period.start);

describe('agreement billing periods', () => {
  it('follows each interval from the start date', () => {
    expect(starts('2025-01-15', 'ANNUAL', 3)).toEqual(['2025-01-15', '2026-01-15', '2027-01-15']);
    expect(starts('2025-01-15', 'SEMIANNUAL', 3)).toEqual(['2025-01-15', '2025-07-15', '2026-01-15']);
    expect(starts('2025-01-15', 'QUARTERLY', 3)).toEqual(['2025-01-15', '2025-04-15', '2025-07-15']);
    expect(starts('2025-01-15', 'BIMONTHLY', 3)).toEqual(['2025-01-15', '2025-03-15', '2025-05-15']);
    expect(starts('2025-01-15', 'MONTHLY', 3)).toEqual(['2025-01-15', '2025-02-15', '2025-03-15']);
    expect(starts('2025-12-29', 'WEEKLY', 3)).toEqual(['2025-12-29', '2026-01-05', '2026-01-12']);
    expect(starts('2025-12-29', 'BIWEEKLY', 3)).toEqual(['2025-12-29', '2026-01-12', '2026-01-26']);
    expect(billingPeriods('2025-01-15', 'ONE_TIME', 3)).toEqual([
      { index: 0, start: '2025-01-15', end: null },
    ]);
  });

  it('each period ends where the next starts', () => {
    for (const interval of billingIntervals.filter((value) => value !== 'ONE_TIME')) {
      const periods = billingPeriods('2024-01-31', interval, 30);
      for (let i = 0; i + 1 < periods.length; i += 1) expect(periods[i]!.end).toBe(periods[i + 1]!.start);
      for (const period of periods) expect(period.start < period.end!).toBe(true);
    }
  });

  it('keeps the day of a month end without drifting', () => {
    expect(starts('2025-01-31', 'MONTHLY', 5)).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
    ]);
    expect(starts('2024-01-31', 'MONTHLY', 2)).toEqual(['2024-01-31', '2024-02-29']);
    expect(starts('2024-02-29', 'ANNUAL', 5)).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
    expect(starts('2025-08-31', 'QUARTERLY', 3)).toEqual(['2025-08-31', '2025-11-30', '2026-02-28']);
    expect(starts('2025-12-31', 'BIMONTHLY', 2)).toEqual(['2025-12-31', '2026-02-28']);
    expect(billingPeriod('2025-01-31', 'MONTHLY', 1)).toEqual({
      index: 1,
      start: '2025-02-28',
      end: '2025-03-31',
    });
    expect(addMonthsClamped('2025-11-30', 3)).toBe('2026-02-28');
  });

  it('finds the period starting on a date', () => {
    expect(periodStartingOn('2025-01-31', 'MONTHLY', '2025-02-28')?.index).toBe(1);
    expect(periodStartingOn('2025-01-31', 'MONTHLY', '2025-03-31')?.index).toBe(2);
    expect(periodStartingOn('2025-01-31', 'MONTHLY', '2025-03-28')).toBeNull();
    expect(periodStartingOn('2025-01-01', 'WEEKLY', '2025-03-05')?.index).toBe(9);
    expect(periodStartingOn('2025-01-01', 'ONE_TIME', '2025-01-01')?.end).toBeNull();
  });
});
