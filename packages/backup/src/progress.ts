import type { Clock } from './clock.ts';

/** What a long operation reports while it runs (backup, restore, check, copy). */
export type Progress = {
  phase: string;
  filesDone: number;
  /** Known once the scan has finished; until then the count so far. */
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
  /** Bytes per second since the start. */
  rate: number;
  /** Seconds left at the current rate, null while unknown. */
  etaSeconds: number | null;
  elapsedMs: number;
};

export type ProgressCallback = (progress: Progress) => void;

/** Counts work and calls back at most every `intervalMs` (and once more at the end). */
export class ProgressMeter {
  filesDone = 0;
  filesTotal = 0;
  bytesDone = 0;
  bytesTotal = 0;
  totalsFinal = false;
  private readonly started: number;
  private lastReport = 0;

  constructor(
    private readonly phase: string,
    private readonly clock: Clock,
    private readonly callback: ProgressCallback | undefined,
    private readonly intervalMs = 1000,
  ) {
    this.started = clock.now().getTime();
  }

  tick(): void {
    if (!this.callback) return;
    const now = this.clock.now().getTime();
    if (now - this.lastReport < this.intervalMs) return;
    this.lastReport = now;
    this.callback(this.snapshot(now));
  }

  finish(): void {
    this.callback?.(this.snapshot(this.clock.now().getTime()));
  }

  private snapshot(now: number): Progress {
    const elapsedMs = now - this.started;
    const rate = elapsedMs > 0 ? (this.bytesDone * 1000) / elapsedMs : 0;
    const left = Math.max(0, this.bytesTotal - this.bytesDone);
    return {
      phase: this.phase,
      filesDone: this.filesDone,
      filesTotal: Math.max(this.filesTotal, this.filesDone),
      bytesDone: this.bytesDone,
      bytesTotal: Math.max(this.bytesTotal, this.bytesDone),
      rate,
      etaSeconds: this.totalsFinal && rate > 0 ? left / rate : null,
      elapsedMs,
    };
  }
}
