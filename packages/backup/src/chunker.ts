import type { ChunkerParams } from './repo/config.ts';

/** A source of bytes read at increasing positions (a file handle): returns how many bytes it put in `target`. */
export type ByteSource = (target: Buffer, offset: number, length: number) => Promise<number>;

/** Mask with the `bits` highest bits of a 32-bit gear hash set: those bits depend on the longest window. */
const topBits = (bits: number) => (bits >= 32 ? -1 : ~((1 << (32 - bits)) - 1)) | 0;

/**
 * FastCDC with normalized chunking (Xia et al., 2016/2020, level 2): no cut before `minSize`, a harder mask
 * (log2(avg) + 2 bits) up to `avgSize`, an easier one (log2(avg) - 2 bits) up to `maxSize`, so chunk sizes
 * gather near the average. The gear table is secret (derived from the master key), so chunk boundaries
 * leak nothing about the content.
 */
export class FastCdc {
  private readonly maskS: number;
  private readonly maskL: number;

  constructor(
    readonly params: Pick<ChunkerParams, 'minSize' | 'avgSize' | 'maxSize'>,
    readonly gearTable: Uint32Array,
  ) {
    const bits = Math.round(Math.log2(params.avgSize));
    this.maskS = topBits(bits + 2);
    this.maskL = topBits(bits - 2);
  }

  /** The length of the next chunk of data[start, end); `end - start` must be ≥ maxSize unless the data ends at `end`. */
  cut(data: Uint8Array, start: number, end: number): number {
    const { minSize, avgSize, maxSize } = this.params;
    const length = end - start;
    if (length <= minSize) return length;
    const gear = this.gearTable;
    const { maskS, maskL } = this;
    let h = 0;
    let i = start + minSize;
    const normal = start + Math.min(avgSize, length);
    for (; i < normal; i++) {
      h = ((h << 1) + gear[data[i]!]!) | 0;
      if ((h & maskS) === 0) return i + 1 - start;
    }
    const last = start + Math.min(maxSize, length);
    for (; i < last; i++) {
      h = ((h << 1) + gear[data[i]!]!) | 0;
      if ((h & maskL) === 0) return i + 1 - start;
    }
    return last - start;
  }

  /**
   * Splits a stream into chunks, each a Buffer of its own. Memory: one window of twice the maximum chunk size,
   * whatever the stream's length; a source shorter than `minSize` costs only its own size.
   */
  async *chunks(read: ByteSource, sizeHint: number): AsyncGenerator<Buffer> {
    const window = new ChunkWindow(this, sizeHint);
    for (;;) {
      const space = window.space();
      if (space) window.filled(await read(space.buffer, space.offset, space.length));
      else {
        const chunk = window.take();
        if (!chunk) return;
        yield chunk;
      }
    }
  }

  /** chunks() for a synchronous source (a worker thread reading with readSync). */
  *chunksSync(read: SyncByteSource, sizeHint: number): Generator<Buffer> {
    const window = new ChunkWindow(this, sizeHint);
    for (;;) {
      const space = window.space();
      if (space) window.filled(read(space.buffer, space.offset, space.length));
      else {
        const chunk = window.take();
        if (!chunk) return;
        yield chunk;
      }
    }
  }
}

export type SyncByteSource = (target: Buffer, offset: number, length: number) => number;

/**
 * The bytes read but not yet cut. It starts at the size the file had when stat'ed (plus one byte, to notice
 * growth) and grows to twice the maximum chunk size only for files that need it; consumed bytes are moved out
 * only when the free space falls below one maximum chunk, so each byte is moved about once.
 */
class ChunkWindow {
  private buffer: Buffer;
  private start = 0;
  private end = 0;
  private eof = false;

  constructor(
    private readonly cdc: FastCdc,
    sizeHint: number,
  ) {
    this.buffer = Buffer.allocUnsafe(Math.max(1, Math.min(2 * cdc.params.maxSize, sizeHint + 1)));
  }

  /** Where to read next, or null when a chunk can be cut (a full maximum chunk is buffered, or the input ended). */
  space(): { buffer: Buffer; offset: number; length: number } | null {
    const { maxSize } = this.cdc.params;
    if (this.eof || this.end - this.start >= maxSize) return null;
    if (this.end + maxSize > this.buffer.length) {
      if (this.start > 0) {
        this.buffer.copyWithin(0, this.start, this.end);
        this.end -= this.start;
        this.start = 0;
      }
      if (this.end === this.buffer.length) {
        // the file grew past its size when stat'ed: carry on in a full-size window
        const grown = Buffer.allocUnsafe(2 * maxSize);
        this.buffer.copy(grown, 0, 0, this.end);
        this.buffer = grown;
      }
    }
    return { buffer: this.buffer, offset: this.end, length: this.buffer.length - this.end };
  }

  filled(count: number): void {
    if (count === 0) this.eof = true;
    this.end += count;
  }

  /** The next chunk, copied out of the window; null at the end. */
  take(): Buffer | null {
    if (this.end === this.start) return null;
    const length = this.cdc.cut(this.buffer, this.start, this.end);
    const chunk = Buffer.from(this.buffer.subarray(this.start, this.start + length));
    this.start += length;
    return chunk;
  }
}
