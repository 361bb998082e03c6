import { MAX_ATTACHMENT_SIZE_BYTES, REFRESH_INTERVALS_SECONDS } from '@rmm/domain';
import { describe, expect, it } from 'vitest';
import { formatByteSize, formatDurationMs, formatDurationSeconds, formatIntervalLabel } from './format.ts';

describe('formatByteSize', () => {
  it('counts in 1024s by default', () => {
    expect(formatByteSize(MAX_ATTACHMENT_SIZE_BYTES)).toBe('100 MB');
    expect(formatByteSize(1024)).toBe('1 KB');
    expect(formatByteSize(1536)).toBe('1.5 KB');
    expect(formatByteSize(512)).toBe('512 B');
    expect(formatByteSize(0)).toBe('0 B');
  });

  it('counts in 1000s when asked', () => {
    expect(formatByteSize(1500, { base10: true })).toBe('1.5 KB');
    expect(formatByteSize(1024, { base10: true })).toBe('1 KB');
    expect(formatByteSize(MAX_ATTACHMENT_SIZE_BYTES, { base10: true })).toBe('104.9 MB');
  });

  it('takes the number of decimals', () => {
    expect(formatByteSize(1_234_567, { decimals: 2 })).toBe('1.18 MB');
    expect(formatByteSize(1_234_567, { base10: true, decimals: 0 })).toBe('1 MB');
  });
});

describe('formatDurationSeconds and formatDurationMs', () => {
  it('writes the parts that are not zero', () => {
    expect(formatDurationSeconds(5400)).toBe('1h 30m');
    expect(formatDurationSeconds(90_061)).toBe('1d 1h 1m 1s');
    expect(formatDurationSeconds(0)).toBe('0s');
  });

  it('reads milliseconds and drops the fraction of a second', () => {
    expect(formatDurationMs(90_500)).toBe('1m 30s');
    expect(formatDurationMs(999)).toBe('0s');
  });
});

describe('formatIntervalLabel', () => {
  it('names each refresh interval in the largest whole unit', () => {
    expect(REFRESH_INTERVALS_SECONDS.map((seconds) => formatIntervalLabel(seconds))).toEqual([
      '90 seconds',
      '3 minutes',
      '6 minutes',
      '12 minutes',
      '18 minutes',
      '20 minutes',
      '30 minutes',
      '1 hour',
      '2 hours',
      '4 hours',
      '8 hours',
      '12 hours',
      '1 day',
    ]);
  });

  it('speaks the given locale', () => {
    expect(formatIntervalLabel(14400, 'de')).toBe('4 Stunden');
  });
});
