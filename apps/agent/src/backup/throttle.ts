import {
  type Backend,
  type ByteRange,
  type Clock,
  type FileInfo,
  type FileType,
  type Rate,
  TokenBucket,
} from '@rmm/backup';
import { zonedParts } from '@rmm/backup/zoned';
import { type AgentBackupThrottle, weekDays } from '@rmm/domain';

const minutesOf = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** Whether `at` is within the work hours (week days, HH:MM to HH:MM in its zone; an unknown zone is UTC). */
export const isWithinWorkHours = (workHours: AgentBackupThrottle['workHours'], at: Date): boolean => {
  let parts: ReturnType<typeof zonedParts>;
  try {
    parts = zonedParts(at, workHours.timeZone);
  } catch {
    parts = zonedParts(at, 'UTC');
  }
  const day = weekDays[parts.weekday];
  const minute = parts.hour * 60 + parts.minute;
  return (
    day !== undefined &&
    workHours.weekDays.includes(day) &&
    minute >= minutesOf(workHours.start) &&
    minute < minutesOf(workHours.end)
  );
};

/** Bytes per second allowed at `at` (null: no limit). */
export const throttleRateAt = (throttle: AgentBackupThrottle, at: Date): Rate =>
  isWithinWorkHours(throttle.workHours, at)
    ? throttle.workHoursBytesPerSecond
    : throttle.offHoursBytesPerSecond;

const PIECE = 256 * 1024;

/**
 * The device's throttle on the data a job moves: pack files written (backup, upsync) and read (restore from
 * another place). Metadata (index, snapshots, locks, keys) passes freely: it is small, and a lock must be
 * removable at once. The rate is looked up for every piece, so a job slows down when work hours begin; a
 * cancelled job stops waiting at once, and what it still writes while it stops passes unthrottled.
 */
export class ThrottledDataBackend implements Backend {
  private readonly bucket: TokenBucket;

  constructor(
    private readonly inner: Backend,
    throttle: AgentBackupThrottle,
    clock: Clock,
    private readonly signal?: AbortSignal,
  ) {
    this.bucket = new TokenBucket((at) => throttleRateAt(throttle, at), clock);
  }

  get location(): string {
    return this.inner.location;
  }

  private async take(bytes: number): Promise<void> {
    for (let at = 0; at < bytes; at += PIECE) {
      // cancelled: the engine is wrapping up (the open pack, then the index of every pack written), and a
      // write failed now would leave the packs already written out of the index
      if (this.signal?.aborted) return;
      try {
        await this.bucket.take(Math.min(PIECE, bytes - at), this.signal);
      } catch (error) {
        if (!this.signal?.aborted) throw error;
      }
    }
  }

  async write(type: FileType, name: string, data: Uint8Array): Promise<void> {
    if (type === 'data') await this.take(data.length);
    await this.inner.write(type, name, data);
  }

  async read(type: FileType, name: string, range?: ByteRange): Promise<Buffer> {
    if (type !== 'data') return this.inner.read(type, name, range);
    if (range) await this.take(range.length);
    const data = await this.inner.read(type, name, range);
    if (!range) await this.take(data.length);
    return data;
  }

  list(type: FileType): Promise<FileInfo[]> {
    return this.inner.list(type);
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
