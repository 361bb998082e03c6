import { DateTime, IANAZone } from 'luxon';
import type { TaskSchedule } from './scheduled-tasks.ts';
import type { WeekDay } from './schedules.ts';

/**
 * When a task's schedule fires (issue 15 item 5; rules in docs/decisions.md, "Scheduled tasks"). Hour and
 * minute are wall-clock time in the schedule's zone. A wall time that does not exist (the spring-forward
 * gap) fires at the first instant after the gap; one that happens twice (fall-back) fires once, at the
 * earlier instant. MONTHLY on a day past the month's end fires on the month's last day.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Luxon's weekday numbers: Monday 1 … Sunday 7. */
const luxonWeekday: Readonly<Record<WeekDay, number>> = {
  MONDAY: 1,
  TUESDAY: 2,
  WEDNESDAY: 3,
  THURSDAY: 4,
  FRIDAY: 5,
  SATURDAY: 6,
  SUNDAY: 7,
};

type LocalTime = { year: number; month: number; day: number; hour: number; minute: number };

/**
 * The instant a wall-clock time in `zone` stands for. Luxon alone moves a time in a gap forward by the
 * gap's length (02:30 → 03:30) and takes the later of two instants: both are corrected here.
 */
export const wallTimeToInstant = (local: LocalTime, zone: string): Date => {
  const tz = IANAZone.create(zone);
  const localMs = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  // Offsets change at most once within a day around a given time, so these two are all there are.
  const offsets = [...new Set([tz.offset(localMs - DAY_MS), tz.offset(localMs + DAY_MS)])];
  const valid = offsets
    .map((offset) => localMs - offset * MINUTE_MS)
    .filter((instant) => localMs - tz.offset(instant) * MINUTE_MS === instant)
    .sort((a, b) => a - b);
  if (valid.length > 0) return new Date(valid[0]!);
  // In the gap: the first minute whose offset is the one after the change (the change itself).
  const [before, after] = [tz.offset(localMs - DAY_MS), tz.offset(localMs + DAY_MS)];
  let low = (localMs - after * MINUTE_MS) / MINUTE_MS; // still before the change
  let high = (localMs - before * MINUTE_MS) / MINUTE_MS; // already after it
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (tz.offset(middle * MINUTE_MS) === before) low = middle;
    else high = middle;
  }
  return new Date(high * MINUTE_MS);
};

/** Whether a schedule fires by the clock (the others: when saved, on demand, or on an agent's event). */
export const isClockSchedule = (scheduleType: TaskSchedule['scheduleType']): boolean =>
  ['DAILY', 'WEEKLY', 'MONTHLY', 'RUN_ONCE', 'INTERVAL'].includes(scheduleType);

/** The day-by-day candidates of DAILY, WEEKLY and MONTHLY, starting with the local day of `from`. */
function* calendarDays(schedule: TaskSchedule, from: Date): Generator<LocalTime> {
  const { scheduleHour: hour, scheduleMinute: minute } = schedule;
  const start = DateTime.fromJSDate(from, { zone: schedule.timeZone }).startOf('day');
  if (schedule.scheduleType === 'MONTHLY') {
    const wanted = schedule.dayOfMonth ?? 1;
    for (let month = start.startOf('month'); ; month = month.plus({ months: 1 })) {
      const day = Math.min(wanted, month.daysInMonth ?? 28);
      yield { year: month.year, month: month.month, day, hour, minute };
    }
  }
  const weekdays = new Set(schedule.weekDays.map((day) => luxonWeekday[day]));
  // At most 7 days without a wanted week day: a guard, not a limit anyone reaches.
  for (let day = start, n = 0; n < 100_000; day = day.plus({ days: 1 }), n++) {
    if (schedule.scheduleType === 'WEEKLY' && !weekdays.has(day.weekday)) continue;
    yield { year: day.year, month: day.month, day: day.day, hour, minute };
  }
}

const runOnceOccurrence = (schedule: TaskSchedule): Date | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(schedule.runOnceDate ?? '');
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = DateTime.fromObject({ year, month, day }, { zone: schedule.timeZone });
  if (!date.isValid) return undefined;
  return wallTimeToInstant(
    { year, month, day, hour: schedule.scheduleHour, minute: schedule.scheduleMinute },
    schedule.timeZone,
  );
};

/**
 * The next `count` occurrences of `schedule` strictly after `from`, in order. INTERVAL counts from
 * `anchor` (when the schedule was saved; `from` when absent). RUN_IMMEDIATELY, NO_SCHEDULE,
 * ON_SYSTEM_STARTUP and ON_USER_LOGIN have none.
 */
export const nextOccurrences = (schedule: TaskSchedule, from: Date, count: number, anchor?: Date): Date[] => {
  if (count <= 0) return [];
  const after = from.getTime();
  switch (schedule.scheduleType) {
    case 'RUN_ONCE': {
      const once = runOnceOccurrence(schedule);
      return once && once.getTime() > after ? [once] : [];
    }
    case 'INTERVAL': {
      const step = (schedule.intervalMinutes ?? 0) * MINUTE_MS;
      if (step <= 0) return [];
      const base = (anchor ?? from).getTime();
      // anchor + step, anchor + 2 × step, …: the first run is one interval after saving.
      const first = after < base ? 1 : Math.floor((after - base) / step) + 1;
      return Array.from({ length: count }, (_, n) => new Date(base + (first + n) * step));
    }
    case 'DAILY':
    case 'WEEKLY':
    case 'MONTHLY': {
      if (schedule.scheduleType === 'WEEKLY' && schedule.weekDays.length === 0) return [];
      const found: Date[] = [];
      for (const local of calendarDays(schedule, from)) {
        const instant = wallTimeToInstant(local, schedule.timeZone);
        if (instant.getTime() > after) found.push(instant);
        if (found.length === count) break;
      }
      return found;
    }
    default:
      return [];
  }
};

/** The first occurrence strictly after `from`, or null. */
export const nextOccurrence = (schedule: TaskSchedule, from: Date, anchor?: Date): Date | null =>
  nextOccurrences(schedule, from, 1, anchor)[0] ?? null;
