import type { Backend, ByteRange, FileInfo, FileType } from './backend/backend.ts';
import { type Clock, systemClock } from './clock.ts';
import { zonedParts } from './zoned.ts';

/** Bytes per second; null is no limit. */
export type Rate = number | null;

/**
 * Work-hours and off-hours rates, set per organization, location or device. Work hours are [startHour, endHour)
 * on the work days, in the schedule's time zone; an end before the start spans midnight (22 → 6).
 */
export type ThrottleSchedule = {
  timeZone: string;
  /** 0 Sunday ... 6 Saturday; default Monday to Friday. */
  workDays?: number[];
  workStartHour?: number;
  workEndHour?: number;
  workHoursRate: Rate;
  offHoursRate: Rate;
};

const DEFAULT_WORK_DAYS = [1, 2, 3, 4, 5];

export const isWorkHours = (schedule: ThrottleSchedule, at: Date): boolean => {
  const { weekday, hour } = zonedParts(at, schedule.timeZone);
  const days = schedule.workDays ?? DEFAULT_WORK_DAYS;
  const start = schedule.workStartHour ?? 9;
  const end = schedule.workEndHour ?? 17;
  if (start <= end) return days.includes(weekday) && hour >= start && hour < end;
  // across midnight: the hours after midnight belong to the work day before
  if (hour >= start) return days.includes(weekday);
  return hour < end && days.includes((weekday + 6) % 7);
};

export const rateAt = (schedule: ThrottleSchedule, at: Date): Rate =>
  isWorkHours(schedule, at) ? schedule.workHoursRate : schedule.offHoursRate;

/**
 * A token bucket: tokens accrue at the rate of the moment, up to one second's worth (at least one piece), and
 * each piece of a write waits for its tokens. The rate is looked up for every piece, so a transfer slows down
 * or speeds up as work hours begin or end.
 */
export class TokenBucket {
  private tokens = 0;
  private last: number;

  constructor(
    private readonly rate: (at: Date) => Rate,
    private readonly clock: Clock = systemClock,
    private readonly burstSeconds = 1,
  ) {
    this.last = clock.now().getTime();
  }

  async take(bytes: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      const rate = this.rate(now);
      if (rate === null || rate <= 0) {
        this.last = now.getTime();
        return;
      }
      const capacity = Math.max(bytes, rate * this.burstSeconds);
      this.tokens = Math.min(capacity, this.tokens + ((now.getTime() - this.last) / 1000) * rate);
      this.last = now.getTime();
      if (this.tokens >= bytes) {
        this.tokens -= bytes;
        return;
      }
      const waitMs = Math.ceil(((bytes - this.tokens) / rate) * 1000);
      // wait at most a minute at a time, so that a change of rate is noticed
      await this.clock.sleep(Math.min(waitMs, 60_000), signal);
    }
  }
}

/** A backend whose writes pass through a token bucket, in pieces of `pieceSize` bytes; reads are not limited. */
export class ThrottledBackend implements Backend {
  constructor(
    private readonly inner: Backend,
    private readonly bucket: TokenBucket,
    private readonly pieceSize = 256 * 1024,
  ) {}

  get location(): string {
    return this.inner.location;
  }

  async write(type: FileType, name: string, data: Uint8Array): Promise<void> {
    for (let at = 0; at < data.length; at += this.pieceSize)
      await this.bucket.take(Math.min(this.pieceSize, data.length - at));
    await this.inner.write(type, name, data);
  }

  list(type: FileType): Promise<FileInfo[]> {
    return this.inner.list(type);
  }
  read(type: FileType, name: string, range?: ByteRange): Promise<Buffer> {
    return this.inner.read(type, name, range);
  }
  remove(type: FileType, name: string): Promise<void> {
    return this.inner.remove(type, name);
  }
  stat(type: FileType, name: string): Promise<FileInfo | null> {
    return this.inner.stat(type, name);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

/** A backend throttled by a schedule: the usual way to build one. */
export const throttled = (
  backend: Backend,
  schedule: ThrottleSchedule,
  clock: Clock = systemClock,
): Backend => new ThrottledBackend(backend, new TokenBucket((at) => rateAt(schedule, at), clock), 256 * 1024);
