import * as z from 'zod';
import type { BillingInterval } from './products.ts';

/**
 * An agreement's billing periods (issue 21): calendar dates (`YYYY-MM-DD`, no time of day, no zone), each
 * period [start, end) following the one before. Month-based intervals keep the start date's day of the month,
 * clamped to shorter months, and count every period from the start date (so 31 Jan gives 28 or 29 Feb, then
 * 31 Mar again, never drifting to the 28th). ONE_TIME has one period without an end.
 */

export const IsoDate = /* @__PURE__ */ z.iso.date();
export type IsoDate = z.infer<typeof IsoDate>;

/** Months per period (BIMONTHLY: every two months), or days for the weekly ones; ONE_TIME: neither. */
export const intervalLength: Readonly<Record<BillingInterval, { months: number } | { days: number } | null>> =
  {
    ANNUAL: { months: 12 },
    SEMIANNUAL: { months: 6 },
    QUARTERLY: { months: 3 },
    BIMONTHLY: { months: 2 },
    MONTHLY: { months: 1 },
    BIWEEKLY: { days: 14 },
    WEEKLY: { days: 7 },
    ONE_TIME: null,
  };

type Ymd = { year: number; month: number; day: number };

const parse = (date: IsoDate): Ymd => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

const format = ({ year, month, day }: Ymd): IsoDate =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The date `months` later on the same day, or the month's last day when it has no such day. */
export const addMonthsClamped = (date: IsoDate, months: number): IsoDate => {
  const { year, month, day } = parse(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return format({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
};

export const addDays = (date: IsoDate, days: number): IsoDate => {
  const { year, month, day } = parse(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};

/** Whole days from a to b (b − a). */
export const daysBetween = (a: IsoDate, b: IsoDate): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

export type BillingPeriod = { index: number; start: IsoDate; end: IsoDate | null };

/** The start of period `index` (0 is the agreement's start date). */
export const periodStart = (startDate: IsoDate, interval: BillingInterval, index: number): IsoDate => {
  const length = intervalLength[interval];
  if (length === null) return startDate;
  return 'months' in length
    ? addMonthsClamped(startDate, length.months * index)
    : addDays(startDate, length.days * index);
};

/** Period `index`: from its start to the next one's (ONE_TIME: its only period, open-ended). */
export const billingPeriod = (
  startDate: IsoDate,
  interval: BillingInterval,
  index: number,
): BillingPeriod => {
  if (interval === 'ONE_TIME') {
    if (index !== 0) throw new RangeError('A one-time agreement has one period');
    return { index, start: startDate, end: null };
  }
  return {
    index,
    start: periodStart(startDate, interval, index),
    end: periodStart(startDate, interval, index + 1),
  };
};

/** The first `count` periods. */
export const billingPeriods = (
  startDate: IsoDate,
  interval: BillingInterval,
  count: number,
): BillingPeriod[] =>
  Array.from({ length: interval === 'ONE_TIME' ? Math.min(count, 1) : count }, (_, index) =>
    billingPeriod(startDate, interval, index),
  );

/** The period that starts on `date`, or null when no period starts then. */
export const periodStartingOn = (
  startDate: IsoDate,
  interval: BillingInterval,
  date: IsoDate,
): BillingPeriod | null => {
  const length = intervalLength[interval];
  if (length === null) return date === startDate ? billingPeriod(startDate, interval, 0) : null;
  const guess =
    'months' in length
      ? Math.floor(monthsBetween(startDate, date) / length.months)
      : Math.floor(daysBetween(startDate, date) / length.days);
  for (const index of [guess - 1, guess, guess + 1]) {
    if (index >= 0 && periodStart(startDate, interval, index) === date)
      return billingPeriod(startDate, interval, index);
  }
  return null;
};

const monthsBetween = (a: IsoDate, b: IsoDate) => {
  const x = parse(a);
  const y = parse(b);
  return (y.year - x.year) * 12 + (y.month - x.month);
};

/** The calendar date of an instant in a time zone ("today" where the MSP bills). */
export const dateInZone = (instant: Date, timeZone: string): IsoDate =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
