import { describe, expect, it } from 'vitest';
import type { Backend } from './backend/backend.ts';
import { manualClock } from './clock.ts';
import { isWorkHours, rateAt, ThrottledBackend, type ThrottleSchedule, TokenBucket } from './throttle.ts';

const MiB = 1024 * 1024;
const berlin: ThrottleSchedule = { timeZone: 'Europe/Berlin', workHoursRate: MiB, offHoursRate: 10 * MiB };

describe('throttle schedule', () => {
  it('applies work-hour rates on work days in the schedule time zone', () => {
    // Monday 2 March 2026, Berlin is UTC+1
    expect(rateAt(berlin, new Date('2026-03-02T07:59:00Z'))).toBe(10 * MiB); // 08:59 local
    expect(rateAt(berlin, new Date('2026-03-02T08:00:00Z'))).toBe(MiB); // 09:00 local
    expect(rateAt(berlin, new Date('2026-03-02T15:59:00Z'))).toBe(MiB); // 16:59 local
    expect(rateAt(berlin, new Date('2026-03-02T16:00:00Z'))).toBe(10 * MiB); // 17:00 local
    expect(rateAt(berlin, new Date('2026-03-07T10:00:00Z'))).toBe(10 * MiB); // Saturday
  });

  it('follows daylight saving time', () => {
    // Monday 30 March 2026, Berlin is UTC+2: 09:00 local is 07:00 UTC
    expect(isWorkHours(berlin, new Date('2026-03-30T07:00:00Z'))).toBe(true);
    expect(isWorkHours(berlin, new Date('2026-03-30T06:59:00Z'))).toBe(false);
  });

  it('handles work hours across midnight and custom work days', () => {
    const nights: ThrottleSchedule = {
      timeZone: 'UTC',
      workDays: [0, 6],
      workStartHour: 22,
      workEndHour: 6,
      workHoursRate: 1,
      offHoursRate: null,
    };
    expect(isWorkHours(nights, new Date('2026-03-07T23:00:00Z'))).toBe(true); // Saturday 23:00
    expect(isWorkHours(nights, new Date('2026-03-08T05:59:00Z'))).toBe(true); // Sunday 05:59, Saturday's night
    expect(isWorkHours(nights, new Date('2026-03-09T05:00:00Z'))).toBe(true); // Monday 05:00, Sunday's night
    expect(isWorkHours(nights, new Date('2026-03-10T05:00:00Z'))).toBe(false); // Tuesday 05:00, Monday's night
    expect(rateAt(nights, new Date('2026-03-10T12:00:00Z'))).toBeNull();
  });
});

describe('token bucket', () => {
  const sink = (): Backend & { written: number } => {
    const backend = {
      location: 'memory',
      written: 0,
      write: async (_type: string, _name: string, data: Uint8Array) => {
        backend.written += data.length;
      },
      list: async () => [],
      read: async () => Buffer.alloc(0),
      remove: async () => {},
      stat: async () => null,
      close: async () => {},
    };
    return backend;
  };

  it('paces writes at the rate of the moment', async () => {
    const clock = manualClock('2026-03-02T10:00:00Z'); // Monday 11:00 in Berlin: work hours, 1 MiB/s
    const inner = sink();
    const backend = new ThrottledBackend(
      inner,
      new TokenBucket((at) => rateAt(berlin, at), clock),
      256 * 1024,
    );
    await backend.write('data', 'a', Buffer.alloc(10 * MiB));
    const seconds = (clock.now().getTime() - Date.parse('2026-03-02T10:00:00Z')) / 1000;
    expect(inner.written).toBe(10 * MiB);
    expect(seconds).toBeGreaterThanOrEqual(9.5);
    expect(seconds).toBeLessThanOrEqual(10.5);

    clock.set('2026-03-02T20:00:00Z'); // 21:00 in Berlin: 10 MiB/s, after a pause that filled the bucket (1 s worth)
    await backend.write('data', 'b', Buffer.alloc(30 * MiB));
    const offSeconds = (clock.now().getTime() - Date.parse('2026-03-02T20:00:00Z')) / 1000;
    expect(offSeconds).toBeGreaterThanOrEqual(1.9);
    expect(offSeconds).toBeLessThanOrEqual(2.5);
  });

  it('speeds up when work hours end in the middle of a transfer', async () => {
    const clock = manualClock('2026-03-02T15:59:50Z'); // 16:59:50 in Berlin: 10 s at 1 MiB/s, then 10 MiB/s
    const bucket = new TokenBucket((at) => rateAt(berlin, at), clock);
    for (let i = 0; i < 110; i++) await bucket.take(256 * 1024); // 27.5 MiB
    const seconds = (clock.now().getTime() - Date.parse('2026-03-02T15:59:50Z')) / 1000;
    // about 10 MiB in the first 10 s, then 17.5 MiB at 10 MiB/s
    expect(seconds).toBeGreaterThan(11);
    expect(seconds).toBeLessThan(13.5);
  });

  it('does not wait without a limit', async () => {
    const clock = manualClock('2026-03-02T10:00:00Z');
    const bucket = new TokenBucket(() => null, clock);
    await bucket.take(100 * MiB);
    expect(clock.now().toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });
});
