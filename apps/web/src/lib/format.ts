import {
  formatBytes,
  formatDuration,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
  SECONDS_PER_MINUTE,
} from '@rmm/domain';

export type ByteSizeOptions = {
  /** Count in thousands instead of the spec's default 1024. */
  base10?: boolean;
  /** Decimal places, trailing zeros dropped; one when left out. */
  decimals?: number;
};

/** "100 MB" for 104857600 bytes; "1.5 KB" for 1500 bytes with `base10`. */
export const formatByteSize = (bytes: number, { base10 = false, decimals }: ByteSizeOptions = {}): string =>
  formatBytes(bytes, { base: base10 ? 1000 : 1024, decimals });

/** "1h 30m" for 5400 seconds; "0s" for nothing. */
export const formatDurationSeconds = (seconds: number): string => formatDuration(seconds);

/** The same for times measured in milliseconds, such as a job's run time. */
export const formatDurationMs = (milliseconds: number): string => formatDuration(milliseconds / 1000);

const intervalUnits = [
  ['day', SECONDS_PER_DAY],
  ['hour', SECONDS_PER_HOUR],
  ['minute', SECONDS_PER_MINUTE],
] as const;

/**
 * "90 seconds", "3 minutes", "4 hours", "1 day": the largest unit that divides the interval,
 * in the words of the locale.
 */
export const formatIntervalLabel = (seconds: number, locale = 'en'): string => {
  const [unit, size] = intervalUnits.find(([, size]) => seconds >= size && seconds % size === 0) ?? [
    'second',
    1,
  ];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(seconds / size);
};
