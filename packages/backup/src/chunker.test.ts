import { describe, expect, it } from 'vitest';
import { seededBytes } from '../test/fixtures.ts';
import { type ByteSource, FastCdc } from './chunker.ts';
import { deriveKeys, gearTable } from './crypto/keys.ts';

const MiB = 1024 * 1024;
const params = { minSize: 512 * 1024, avgSize: MiB, maxSize: 8 * MiB };
const chunker = (seed = 'a') =>
  new FastCdc(params, gearTable(deriveKeys(Buffer.alloc(32, 7)), Buffer.from(seed)));

/** Reads `data` in pieces of `piece` bytes, as a file would arrive. */
const sourceOf = (data: Buffer, piece = 3 * MiB + 1): ByteSource => {
  let at = 0;
  return async (target, offset, length) => {
    const n = Math.min(length, piece, data.length - at);
    data.copy(target, offset, at, at + n);
    at += n;
    return n;
  };
};

const sizes = async (cdc: FastCdc, data: Buffer, piece?: number) => {
  const result: number[] = [];
  for await (const chunk of cdc.chunks(sourceOf(data, piece), data.length)) result.push(chunk.length);
  return result;
};

describe('FastCDC', () => {
  const data = seededBytes('chunker', 48 * MiB);

  it('cuts between the minimum and maximum, near the average, covering every byte', async () => {
    const cuts = await sizes(chunker(), data);
    expect(cuts.reduce((a, b) => a + b)).toBe(data.length);
    for (const size of cuts.slice(0, -1)) {
      expect(size).toBeGreaterThanOrEqual(params.minSize);
      expect(size).toBeLessThanOrEqual(params.maxSize);
    }
    const mean = data.length / cuts.length;
    expect(mean).toBeGreaterThan(0.9 * MiB);
    expect(mean).toBeLessThan(1.5 * MiB);
  });

  it('cuts the same way however the data arrives, and differently under another gear table', async () => {
    const reference = await sizes(chunker(), data);
    expect(await sizes(chunker(), data, 4096)).toEqual(reference);
    expect(await sizes(chunker(), data, 8 * MiB)).toEqual(reference);
    expect(await sizes(chunker('b'), data)).not.toEqual(reference);
  });

  it('finds the same chunks again after bytes are inserted at the start', async () => {
    const before = await sizes(chunker(), data);
    const after = await sizes(chunker(), Buffer.concat([Buffer.from('a few new bytes'), data]));
    const tail = (list: number[]) => list.slice(-Math.floor(list.length * 0.8));
    expect(tail(after)).toEqual(tail(before));
  });

  it('keeps small and empty inputs whole, and cuts runs of zeros at most at the maximum', async () => {
    expect(await sizes(chunker(), Buffer.alloc(0))).toEqual([]);
    expect(await sizes(chunker(), Buffer.from('tiny'))).toEqual([4]);
    const zeros = await sizes(chunker(), Buffer.alloc(20 * MiB));
    expect(zeros.reduce((a, b) => a + b)).toBe(20 * MiB);
    expect(Math.max(...zeros)).toBeLessThanOrEqual(params.maxSize);
  });
});
