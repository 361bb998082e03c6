import { DateTime } from 'luxon';
import * as z from 'zod';
import { divideHalfUp, formatUnits, QUANTITY_SCALE } from './money.ts';
import { roundWorkedMinutes, type TimeRoundingOption } from './products.ts';
import { isTimeZone, WeekDay, weekDays } from './schedules.ts';

/**
 * Billing of ticket time (issue 21): a time entry's duration rounded up by the labour product's rounding
 * option (spec §3), written as hours at 4 places, and whether it was worked in hours or off hours of the
 * agreement's working hours.
 */

const HOUR = 3600;

/**
 * The duration billed: rounded up by the option (products.ts `roundWorkedMinutes`, the one rounding rule);
 * OFF keeps it as it is.
 */
export const roundTimeEntrySeconds = (seconds: number, option: TimeRoundingOption): number => {
  if (!Number.isSafeInteger(seconds) || seconds < 0) throw new RangeError(`Bad duration: ${seconds}`);
  return option === 'OFF' ? seconds : Math.round(roundWorkedMinutes(seconds / 60, option) * 60);
};

/** Seconds as hours at 4 places, half-up (600 s → "0.1667"). */
export const secondsToHours = (seconds: number): string =>
  formatUnits(divideHalfUp(BigInt(seconds) * 10n ** BigInt(QUANTITY_SCALE), BigInt(HOUR)), QUANTITY_SCALE);

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * An agreement's working hours: time worked on these days between start and end (in the zone) is "in
 * hours", the rest "off hours". An entry is placed by its start time.
 */
export const WorkHours = /* @__PURE__ */ z
  .object({
    timeZone: z.string().refine(isTimeZone, 'Not a time zone'),
    days: z.array(WeekDay).max(7),
    start: z.string().regex(TIME_OF_DAY, 'Use HH:MM'),
    end: z.string().regex(TIME_OF_DAY, 'Use HH:MM'),
  })
  .refine((hours) => hours.start < hours.end, { message: 'The end must be after the start', path: ['end'] });
export type WorkHours = z.infer<typeof WorkHours>;

export const defaultWorkHours = (timeZone = 'UTC'): WorkHours => ({
  timeZone,
  days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
  start: '09:00',
  end: '17:00',
});

/** Whether an instant falls in the working hours (their days, from start inclusive to end exclusive). */
export const isWithinWorkHours = (instant: string | Date, hours: WorkHours): boolean => {
  const time =
    typeof instant === 'string'
      ? DateTime.fromISO(instant, { setZone: false })
      : DateTime.fromJSDate(instant);
  const local = time.setZone(hours.timeZone);
  // Luxon numbers Monday 1 … Sunday 7; weekDays starts on Sunday.
  const day = weekDays[local.weekday % 7]!;
  if (!hours.days.includes(day)) return false;
  const clock = local.toFormat('HH:mm');
  return clock >= hours.start && clock < hours.end;
};
