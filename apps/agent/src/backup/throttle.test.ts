import { LocalBackend } from '@rmm/backup';
import type { AgentBackupThrottle } from '@rmm/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { backupTempDir, instantClock, removeBackupTempDirs } from '../../test/backup-support.ts';
import { isWithinWorkHours, ThrottledDataBackend, throttleRateAt } from './throttle.ts';

afterEach(() => removeBackupTempDirs());

const throttle: AgentBackupThrottle = {
  workHoursBytesPerSecond: 100_000,
  offHoursBytesPerSecond: null,
  workHours: { weekDays: ['MONDAY', 'TUESDAY'], start: '08:30', end: '17:45', timeZone: 'Europe/Paris' },
};

describe('the backup throttle', () => {
  it('knows the work hours by week day and minute in their zone', () => {
    // Monday 2026-03-02: Paris is UTC+1
    expect(isWithinWorkHours(throttle.workHours, new Date('2026-03-02T07:29:00Z'))).toBe(false);
    expect(isWithinWorkHours(throttle.workHours, new Date('2026-03-02T07:30:00Z'))).toBe(true);
    expect(isWithinWorkHours(throttle.workHours, new Date('2026-03-02T16:44:00Z'))).toBe(true);
    expect(isWithinWorkHours(throttle.workHours, new Date('2026-03-02T16:45:00Z'))).toBe(false);
    // Wednesday is not a work day of this throttle
    expect(isWithinWorkHours(throttle.workHours, new Date('2026-03-04T10:00:00Z'))).toBe(false);
    expect(throttleRateAt(throttle, new Date('2026-03-02T10:00:00Z'))).toBe(100_000);
    expect(throttleRateAt(throttle, new Date('2026-03-02T20:00:00Z'))).toBeNull();
  });

  it('holds pack writes and reads to the rate, and lets metadata through', async () => {
    const dir = await backupTempDir();
    const { clock, waits } = instantClock();
    const backend = new ThrottledDataBackend(
      new LocalBackend(dir, { fsync: false }),
      {
        ...throttle,
        offHoursBytesPerSecond: 100_000,
        workHours: { ...throttle.workHours, weekDays: ['SUNDAY'], start: '00:00', end: '00:01' },
      },
      clock,
    );
    const started = clock.now().getTime();
    await backend.write('index', 'i', Buffer.alloc(500_000));
    expect(waits).toEqual([]);
    await backend.write('data', 'aa', Buffer.alloc(500_000));
    await backend.read('data', 'aa');
    // a million bytes at 100,000 a second: ten seconds of the engine's clock, never of the test's
    expect(clock.now().getTime() - started).toBeGreaterThanOrEqual(9_000);
    expect(waits.length).toBeGreaterThan(2);
  });
});
