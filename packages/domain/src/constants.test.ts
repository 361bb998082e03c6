import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RefreshIntervalSeconds } from './constant-schemas.ts';
import {
  BYTES_PER_GB,
  BYTES_PER_KB,
  BYTES_PER_KB_BASE10,
  BYTES_PER_MB,
  BYTES_PER_MB_BASE10,
  DEFAULT_EXPIRATION_TTL,
  DEFAULT_REFRESH_INTERVAL_SECONDS,
  formatBytes,
  formatDuration,
  HELP_PANEL_WIDTH_PX,
  HELP_SEARCH_DEBOUNCE_MS,
  IMAGE_RESIZE_DELAY_MS,
  INT32_MAX,
  INT32_MIN,
  isManualRefresh,
  JOB_POLL_INTERVAL_MS,
  JOB_POLL_MAX_ATTEMPTS,
  MANUAL_REFRESH_HOURS,
  MANUAL_REFRESH_INTERVAL_SECONDS,
  MAX_PRODUCT_COST,
  MAX_PRODUCT_PRICE,
  MAX_PRODUCT_QUANTITY,
  MAX_TAG_LENGTH,
  PERCENTAGE_DECIMALS,
  PRICE_DECIMALS,
  REFRESH_INTERVAL_OPTIONS_SECONDS,
  REFRESH_INTERVALS_SECONDS,
  refreshTimerMs,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
  UNEXPLAINED_TIME_VALUE_SECONDS,
  videoResolutions,
  videoTutorialTopics,
} from './constants.ts';

describe('§9 constants', () => {
  it('has the poll, debounce, panel and resize values', () => {
    expect(JOB_POLL_INTERVAL_MS).toBe(1000);
    expect(JOB_POLL_MAX_ATTEMPTS).toBe(30);
    expect(HELP_SEARCH_DEBOUNCE_MS).toBe(2000);
    expect(HELP_PANEL_WIDTH_PX).toBe(420);
    expect(IMAGE_RESIZE_DELAY_MS).toBe(200);
  });

  it('has the time units and limits', () => {
    expect(SECONDS_PER_DAY).toBe(86400);
    expect(SECONDS_PER_HOUR).toBe(3600);
    expect(UNEXPLAINED_TIME_VALUE_SECONDS).toBe(3600);
    expect([INT32_MIN, INT32_MAX]).toEqual([-2147483648, 2147483647]);
    expect([MAX_PRODUCT_PRICE, MAX_PRODUCT_COST, MAX_PRODUCT_QUANTITY]).toEqual([1e15, 1e15, 1e15]);
    expect(PRICE_DECIMALS).toBe(2);
    expect(PERCENTAGE_DECIMALS).toBe(4);
    expect(MAX_TAG_LENGTH).toBe(25);
    expect(DEFAULT_EXPIRATION_TTL).toBe(240);
  });

  it('has 1024-based byte sizes and base-10 variants', () => {
    expect([BYTES_PER_KB, BYTES_PER_MB, BYTES_PER_GB]).toEqual([1024, 1048576, 1073741824]);
    expect([BYTES_PER_KB_BASE10, BYTES_PER_MB_BASE10]).toEqual([1000, 1000000]);
  });

  it('offers 240p to 1080p video tutorials on the six topics', () => {
    expect(videoResolutions).toEqual(['240p', '360p', '480p', '720p', '1080p']);
    expect(videoTutorialTopics).toEqual([
      'technicianCreation',
      'endUserSharing',
      'installs',
      'policy',
      'organization',
      'backup',
    ]);
  });
});

describe('refresh intervals', () => {
  it('offers the thirteen values, default 4 hours, and manual as 596523 hours', () => {
    expect(REFRESH_INTERVALS_SECONDS).toEqual([
      90, 180, 360, 720, 1080, 1200, 1800, 3600, 7200, 14400, 28800, 43200, 86400,
    ]);
    expect(DEFAULT_REFRESH_INTERVAL_SECONDS).toBe(14400);
    expect(MANUAL_REFRESH_HOURS).toBe(596523);
    expect(MANUAL_REFRESH_INTERVAL_SECONDS).toBe(2147482800);
    expect(REFRESH_INTERVAL_OPTIONS_SECONDS).toHaveLength(14);
    expect(RefreshIntervalSeconds.safeParse(100).success).toBe(false);
  });

  it('gives no timer for manual and milliseconds for the rest', () => {
    expect(refreshTimerMs(MANUAL_REFRESH_INTERVAL_SECONDS)).toBeNull();
    expect(isManualRefresh(MANUAL_REFRESH_INTERVAL_SECONDS)).toBe(true);
    expect(refreshTimerMs(14400)).toBe(14_400_000);
    expect(REFRESH_INTERVALS_SECONDS.map(refreshTimerMs).every((ms) => ms !== null && ms <= 86_400_000)).toBe(
      true,
    );
  });
});

describe('formatBytes', () => {
  it('formats 1024-based by default and base-10 on request', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(104857600)).toBe('100 MB');
    expect(formatBytes(1048575)).toBe('1 MB');
    expect(formatBytes(1e9, { base: 1000 })).toBe('1 GB');
    expect(formatBytes(1234567, { base: 1000, decimals: 2 })).toBe('1.23 MB');
    expect(formatBytes(-2048)).toBe('-2 KB');
    expect(() => formatBytes(Number.NaN)).toThrow(RangeError);
  });

  it('never throws for a finite count and keeps the shown value below the base', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(1024, 1000),
        (bytes, base) => {
          const [value = '', unit] = formatBytes(bytes, { base: base as 1024 | 1000 }).split(' ');
          expect(unit).toMatch(/^(B|KB|MB|GB|TB|PB)$/);
          if (unit !== 'PB') expect(Math.abs(Number(value))).toBeLessThan(base);
        },
      ),
    );
  });
});

describe('formatDuration', () => {
  it('shows the non-zero parts', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(90)).toBe('1m 30s');
    expect(formatDuration(14400)).toBe('4h');
    expect(formatDuration(86400 + 3600 + 1)).toBe('1d 1h 1s');
    expect(formatDuration(59.9)).toBe('59s');
    expect(() => formatDuration(-1)).toThrow(RangeError);
  });

  it('adds back up to the whole seconds given', () => {
    const sizes: Record<string, number> = { d: 86400, h: 3600, m: 60, s: 1 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (seconds) => {
        const total = formatDuration(seconds)
          .split(' ')
          .reduce((sum, part) => sum + Number(part.slice(0, -1)) * (sizes[part.slice(-1)] ?? Number.NaN), 0);
        expect(total).toBe(seconds);
      }),
    );
  });
});
