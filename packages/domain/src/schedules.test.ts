import { describe, expect, it } from 'vitest';
import { defaultSchedule, isTimeZone, localTimeZone, Schedule, ScheduleType } from './schedules.ts';

describe('schedules', () => {
  it('has the nine schedule types', () => {
    expect(ScheduleType.options).toEqual([
      'DAILY',
      'WEEKLY',
      'MONTHLY',
      'RUN_ONCE',
      'RUN_IMMEDIATELY',
      'NO_SCHEDULE',
      'INTERVAL',
      'ON_SYSTEM_STARTUP',
      'ON_USER_LOGIN',
    ]);
  });

  it('defaults to daily at 17:00 in the local time zone', () => {
    expect(defaultSchedule()).toEqual({
      scheduleType: 'DAILY',
      weekDays: [],
      dayOfMonth: null,
      scheduleHour: 17,
      scheduleMinute: 0,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(defaultSchedule('Europe/Berlin').timeZone).toBe('Europe/Berlin');
    expect(Schedule.parse(defaultSchedule())).toEqual(defaultSchedule());
    expect(isTimeZone(localTimeZone())).toBe(true);
  });

  it('needs week days for WEEKLY, a day for MONTHLY and a real time zone', () => {
    const base = defaultSchedule('UTC');
    expect(Schedule.safeParse({ ...base, scheduleType: 'WEEKLY' }).success).toBe(false);
    expect(Schedule.safeParse({ ...base, scheduleType: 'WEEKLY', weekDays: ['MONDAY'] }).success).toBe(true);
    expect(Schedule.safeParse({ ...base, scheduleType: 'MONTHLY' }).success).toBe(false);
    expect(Schedule.safeParse({ ...base, scheduleType: 'MONTHLY', dayOfMonth: 31 }).success).toBe(true);
    expect(Schedule.safeParse({ ...base, timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(Schedule.safeParse({ ...base, scheduleHour: 24 }).success).toBe(false);
  });
});
