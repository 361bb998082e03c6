const SAMPLE = 4096;
/** Random and already-compressed data measure about 7.95 bits a byte over 4 KiB; text 4-5, binaries 5-7. */
const THRESHOLD_BITS = 7.8;
const LOG2 = Array.from({ length: SAMPLE + 1 }, (_, n) => (n > 0 ? Math.log2(n) : 0));

const entropy = (data: Uint8Array, start: number, counts: Uint32Array): number => {
  counts.fill(0);
  for (let i = start; i < start + SAMPLE; i++) counts[data[i]!]!++;
  let bits = 0;
  for (let b = 0; b < 256; b++) {
    const n = counts[b]!;
    if (n > 0) bits -= n * (LOG2[n]! - LOG2[SAMPLE]!);
  }
  return bits / SAMPLE;
};

/**
 * True when the chunk looks already compressed (or random): three 4 KiB samples, start, middle and end, all
 * near 8 bits of entropy a byte. Such chunks are stored as they are without asking zstd, which would spend
 * most of its time to save nothing; the price is a rare miss on long repeats of random data.
 */
export const looksIncompressible = (data: Uint8Array): boolean => {
  if (data.length < 4 * SAMPLE) return false;
  const counts = new Uint32Array(256);
  const starts = [0, Math.floor((data.length - SAMPLE) / 2), data.length - SAMPLE];
  return starts.every((start) => entropy(data, start, counts) > THRESHOLD_BITS);
};
