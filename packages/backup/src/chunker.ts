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
    private readonly gear: Uint32Array,
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
    const gear = this.gear;
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
    const { maxSize } = this.params;
    const window = Buffer.allocUnsafe(Math.max(1, Math.min(2 * maxSize, sizeHint + 1)));
    let start = 0;
    let end = 0;
    let eof = false;
    for (;;) {
      if (!eof && end - start < maxSize) {
        if (start > 0 && end + maxSize > window.length) {
          window.copyWithin(0, start, end);
          end -= start;
          start = 0;
        }
        const space = window.length - end;
        const n = space > 0 ? await read(window, end, space) : 0;
        if (n === 0 && space > 0) eof = true;
        end += n;
        if (space === 0 && end - start < maxSize) {
          // the file grew past its size when stat'ed: carry on in a full-size window
          yield* this.growAndContinue(read, window.subarray(start, end));
          return;
        }
        continue;
      }
      if (end === start) return;
      const length = this.cut(window, start, end);
      yield Buffer.from(window.subarray(start, start + length));
      start += length;
    }
  }

  private async *growAndContinue(read: ByteSource, pending: Buffer): AsyncGenerator<Buffer> {
    const prefix = Buffer.from(pending);
    let given = false;
    const withPrefix: ByteSource = async (target, offset, length) => {
      if (!given) {
        given = true;
        const n = Math.min(length, prefix.length);
        prefix.copy(target, offset, 0, n);
        if (n < prefix.length) throw new Error('chunker window too small');
        return n;
      }
      return read(target, offset, length);
    };
    yield* this.chunks(withPrefix, 2 * this.params.maxSize);
  }
}
