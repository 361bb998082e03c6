import { describe, expect, it } from 'vitest';
import { nextOccurrence, nextOccurrences, wallTimeToInstant } from './schedule-occurrences.ts';
import { type TaskSchedule, TaskSchedule as TaskScheduleSchema } from './scheduled-tasks.ts';

const schedule = (overrides: Partial<TaskSchedule>): TaskSchedule =>
  TaskScheduleSchema.parse({ scheduleType: 'DAILY', timeZone: 'UTC', ...overrides });
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const at = (text: string) => new Date(text);

describe('nextOccurrences', () => {
  it('DAILY runs every day at the wall time of each zone', () => {
    const cases: [string, string[]][] = [
      ['UTC', ['2025-01-15T17:00:00.000Z', '2025-01-16T17:00:00.000Z']],
      ['Europe/Berlin', ['2025-01-15T16:00:00.000Z', '2025-01-16T16:00:00.000Z']],
      ['America/New_York', ['2025-01-15T22:00:00.000Z', '2025-01-16T22:00:00.000Z']],
      ['Australia/Sydney', ['2025-01-16T06:00:00.000Z', '2025-01-17T06:00:00.000Z']],
      ['Asia/Kolkata', ['2025-01-15T11:30:00.000Z', '2025-01-16T11:30:00.000Z']],
    ];
    for (const [timeZone, expected] of cases)
      expect(iso(nextOccurrences(schedule({ timeZone }), at('2025-01-15T10:00:00Z'), 2)), timeZone).toEqual(
        expected,
      );
  });

  it('is strictly after `from`: an occurrence at `from` is not repeated', () => {
    const daily = schedule({ scheduleHour: 9, scheduleMinute: 30 });
    expect(nextOccurrence(daily, at('2025-03-01T09:30:00Z'))?.toISOString()).toBe('2025-03-02T09:30:00.000Z');
    expect(nextOccurrence(daily, at('2025-03-01T09:29:59Z'))?.toISOString()).toBe('2025-03-01T09:30:00.000Z');
  });

  it('keeps the wall time across both daylight-saving changes (Berlin, New York, Sydney)', () => {
    const berlin = schedule({ timeZone: 'Europe/Berlin', scheduleHour: 9 });
    expect(iso(nextOccurrences(berlin, at('2025-03-29T12:00:00Z'), 2))).toEqual([
      '2025-03-30T07:00:00.000Z', // CEST from 30 March
      '2025-03-31T07:00:00.000Z',
    ]);
    expect(iso(nextOccurrences(berlin, at('2025-10-25T12:00:00Z'), 2))).toEqual([
      '2025-10-26T08:00:00.000Z', // CET from 26 October
      '2025-10-27T08:00:00.000Z',
    ]);
    const newYork = schedule({ timeZone: 'America/New_York', scheduleHour: 9 });
    expect(iso(nextOccurrences(newYork, at('2025-03-08T15:00:00Z'), 2))).toEqual([
      '2025-03-09T13:00:00.000Z',
      '2025-03-10T13:00:00.000Z',
    ]);
    const sydney = schedule({ timeZone: 'Australia/Sydney', scheduleHour: 9 });
    expect(iso(nextOccurrences(sydney, at('2025-04-04T00:00:00Z'), 2))).toEqual([
      '2025-04-04T22:00:00.000Z', // 5 April 09:00 AEDT (+11)
      '2025-04-05T23:00:00.000Z', // 6 April 09:00 AEST (+10): the change is at 03:00 that day
    ]);
  });

  it('a wall time in the spring-forward gap runs at the first instant after the gap', () => {
    // Berlin 30 March 2025: 02:00 CET → 03:00 CEST. 02:30 does not exist: 03:00 CEST = 01:00Z.
    const berlin = schedule({ timeZone: 'Europe/Berlin', scheduleHour: 2, scheduleMinute: 30 });
    expect(iso(nextOccurrences(berlin, at('2025-03-29T12:00:00Z'), 3))).toEqual([
      '2025-03-30T01:00:00.000Z',
      '2025-03-31T00:30:00.000Z',
      '2025-04-01T00:30:00.000Z',
    ]);
    // New York 9 March 2025: 02:00 EST → 03:00 EDT = 07:00Z.
    const newYork = schedule({ timeZone: 'America/New_York', scheduleHour: 2, scheduleMinute: 15 });
    expect(nextOccurrence(newYork, at('2025-03-09T05:00:00Z'))?.toISOString()).toBe(
      '2025-03-09T07:00:00.000Z',
    );
    // Sydney 5 October 2025: 02:00 AEST → 03:00 AEDT = 4 October 16:00Z.
    const sydney = schedule({ timeZone: 'Australia/Sydney', scheduleHour: 2, scheduleMinute: 0 });
    expect(nextOccurrence(sydney, at('2025-10-04T12:00:00Z'))?.toISOString()).toBe(
      '2025-10-04T16:00:00.000Z',
    );
  });

  it('a wall time that happens twice (fall-back) runs once, at the earlier instant', () => {
    // Berlin 26 October 2025: 02:30 happens at 00:30Z (CEST) and 01:30Z (CET).
    const berlin = schedule({ timeZone: 'Europe/Berlin', scheduleHour: 2, scheduleMinute: 30 });
    expect(iso(nextOccurrences(berlin, at('2025-10-25T12:00:00Z'), 2))).toEqual([
      '2025-10-26T00:30:00.000Z',
      '2025-10-27T01:30:00.000Z',
    ]);
    // From between the two instants, the second is not an occurrence: the next is the next day.
    expect(nextOccurrence(berlin, at('2025-10-26T01:00:00Z'))?.toISOString()).toBe(
      '2025-10-27T01:30:00.000Z',
    );
    // New York 2 November 2025: 01:30 at 05:30Z (EDT) and 06:30Z (EST).
    const newYork = schedule({ timeZone: 'America/New_York', scheduleHour: 1, scheduleMinute: 30 });
    expect(nextOccurrence(newYork, at('2025-11-02T00:00:00Z'))?.toISOString()).toBe(
      '2025-11-02T05:30:00.000Z',
    );
    // Sydney 6 April 2025: 02:30 at 5 April 15:30Z (AEDT) and 16:30Z (AEST).
    const sydney = schedule({ timeZone: 'Australia/Sydney', scheduleHour: 2, scheduleMinute: 30 });
    expect(nextOccurrence(sydney, at('2025-04-05T10:00:00Z'))?.toISOString()).toBe(
      '2025-04-05T15:30:00.000Z',
    );
  });

  it('Asia/Kolkata and UTC have no daylight saving: the same instant every day of the year', () => {
    const kolkata = schedule({ timeZone: 'Asia/Kolkata', scheduleHour: 2, scheduleMinute: 30 });
    const times = nextOccurrences(kolkata, at('2025-01-01T00:00:00Z'), 365).map((d) =>
      d.toISOString().slice(11),
    );
    expect(new Set(times)).toEqual(new Set(['21:00:00.000Z']));
  });

  it('WEEKLY runs on the chosen week days in the zone', () => {
    const weekly = schedule({
      scheduleType: 'WEEKLY',
      weekDays: ['MONDAY', 'FRIDAY'],
      timeZone: 'Australia/Sydney',
      scheduleHour: 8,
    });
    // Wednesday 15 January 2025 (UTC) is Thursday morning in Sydney.
    expect(iso(nextOccurrences(weekly, at('2025-01-15T22:00:00Z'), 3))).toEqual([
      '2025-01-16T21:00:00.000Z', // Friday 17th 08:00 AEDT
      '2025-01-19T21:00:00.000Z', // Monday 20th
      '2025-01-23T21:00:00.000Z', // Friday 24th
    ]);
  });

  it('MONTHLY on a day past the month end runs on its last day (leap years too)', () => {
    const monthly = schedule({ scheduleType: 'MONTHLY', dayOfMonth: 31, scheduleHour: 6 });
    expect(iso(nextOccurrences(monthly, at('2024-01-01T00:00:00Z'), 5))).toEqual([
      '2024-01-31T06:00:00.000Z',
      '2024-02-29T06:00:00.000Z',
      '2024-03-31T06:00:00.000Z',
      '2024-04-30T06:00:00.000Z',
      '2024-05-31T06:00:00.000Z',
    ]);
    const day29 = schedule({ scheduleType: 'MONTHLY', dayOfMonth: 29, timeZone: 'America/New_York' });
    expect(iso(nextOccurrences(day29, at('2025-01-30T00:00:00Z'), 2))).toEqual([
      '2025-02-28T22:00:00.000Z',
      '2025-03-29T21:00:00.000Z', // EDT by then
    ]);
    // Already past this month's day: the next month.
    expect(nextOccurrence(monthly, at('2025-04-30T07:00:00Z'))?.toISOString()).toBe(
      '2025-05-31T06:00:00.000Z',
    );
  });

  it('RUN_ONCE runs once at its date and time in the zone, and never when that is past', () => {
    const once = schedule({
      scheduleType: 'RUN_ONCE',
      runOnceDate: '2025-06-01',
      scheduleHour: 12,
      timeZone: 'Asia/Kolkata',
    });
    expect(iso(nextOccurrences(once, at('2025-05-01T00:00:00Z'), 5))).toEqual(['2025-06-01T06:30:00.000Z']);
    expect(nextOccurrences(once, at('2025-06-01T06:30:00Z'), 5)).toEqual([]);
    expect(
      nextOccurrences(schedule({ scheduleType: 'RUN_ONCE', runOnceDate: '2025-02-30' }), at('2025-01-01'), 1),
    ).toEqual([]);
  });

  it('INTERVAL runs every N minutes from the anchor, whatever the zone or the daylight saving', () => {
    const interval = schedule({ scheduleType: 'INTERVAL', intervalMinutes: 90, timeZone: 'Europe/Berlin' });
    const anchor = at('2025-03-30T00:00:00Z');
    expect(iso(nextOccurrences(interval, anchor, 3, anchor))).toEqual([
      '2025-03-30T01:30:00.000Z',
      '2025-03-30T03:00:00.000Z',
      '2025-03-30T04:30:00.000Z',
    ]);
    expect(nextOccurrence(interval, at('2025-03-30T03:00:00Z'), anchor)?.toISOString()).toBe(
      '2025-03-30T04:30:00.000Z',
    );
    expect(nextOccurrence(interval, at('2025-03-29T00:00:00Z'), anchor)?.toISOString()).toBe(
      '2025-03-30T01:30:00.000Z',
    );
  });

  it('event, manual and immediate schedules have no occurrences', () => {
    for (const scheduleType of [
      'RUN_IMMEDIATELY',
      'NO_SCHEDULE',
      'ON_SYSTEM_STARTUP',
      'ON_USER_LOGIN',
    ] as const)
      expect(nextOccurrences(schedule({ scheduleType }), at('2025-01-01'), 5), scheduleType).toEqual([]);
  });
});

describe('wallTimeToInstant', () => {
  it('takes the offset in force at that wall time', () => {
    expect(wallTimeToInstant({ year: 2024, month: 7, day: 1, hour: 12, minute: 0 }, 'Europe/Berlin')).toEqual(
      at('2024-07-01T10:00:00Z'),
    );
    expect(wallTimeToInstant({ year: 2024, month: 2, day: 29, hour: 0, minute: 0 }, 'UTC')).toEqual(
      at('2024-02-29T00:00:00Z'),
    );
  });
});
