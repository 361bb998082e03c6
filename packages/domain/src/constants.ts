/** Spec §9 business constants and limits. */

export const JOB_POLL_INTERVAL_MS = 1000;
export const JOB_POLL_MAX_ATTEMPTS = 30;
export const HELP_SEARCH_DEBOUNCE_MS = 2000;
export const HELP_PANEL_WIDTH_PX = 420;
export const IMAGE_RESIZE_DELAY_MS = 200;

export const SECONDS_PER_MINUTE = 60;
export const SECONDS_PER_HOUR = 3600;
export const SECONDS_PER_DAY = 86400;
/** §9: 3600 also appears as a further time value whose use is not shown. */
export const UNEXPLAINED_TIME_VALUE_SECONDS = 3600;

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

export const MAX_PRODUCT_PRICE = 1e15;
export const MAX_PRODUCT_COST = 1e15;
export const MAX_PRODUCT_QUANTITY = 1e15;
export const PRICE_DECIMALS = 2;
export const COST_DECIMALS = 2;
export const PERCENTAGE_DECIMALS = 4;
export const MAX_TAG_LENGTH = 25;
export const DEFAULT_EXPIRATION_TTL = 240;
export const MAX_EMAIL_LOCAL_PART_LENGTH = 64;
export const MAX_EMAIL_DOMAIN_LENGTH = 255;
export const MFA_CODE_LENGTH = 6;

// Byte sizes: 1024-based, with base-10 variants.
export const BYTES_PER_KB = 1024;
export const BYTES_PER_MB = 1024 ** 2;
export const BYTES_PER_GB = 1024 ** 3;
export const BYTES_PER_TB = 1024 ** 4;
export const BYTES_PER_KB_BASE10 = 1000;
export const BYTES_PER_MB_BASE10 = 1000 ** 2;
export const BYTES_PER_GB_BASE10 = 1000 ** 3;
export const BYTES_PER_TB_BASE10 = 1000 ** 4;

export const byteUnits = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
export type ByteBase = 1024 | 1000;
export type FormatBytesOptions = { base?: ByteBase; decimals?: number };

const scaleBytes = (size: number, base: ByteBase, exponent: number, decimals: number): number =>
  Number((size / base ** exponent).toFixed(exponent === 0 ? 0 : decimals));

/** `formatBytes(104857600)` is "100 MB"; trailing zeros are dropped ("1.5 KB", not "1.50 KB"). */
export const formatBytes = (
  bytes: number,
  { base = 1024, decimals = 1 }: FormatBytesOptions = {},
): string => {
  if (!Number.isFinite(bytes)) throw new RangeError(`Not a finite byte count: ${bytes}`);
  const size = Math.abs(bytes);
  let exponent = 0;
  while (exponent < byteUnits.length - 1 && scaleBytes(size, base, exponent, decimals) >= base) exponent += 1;
  return `${bytes < 0 ? '-' : ''}${scaleBytes(size, base, exponent, decimals)} ${byteUnits[exponent]}`;
};

// Refresh intervals offered, in seconds.
export const REFRESH_INTERVALS_SECONDS = [
  90, 180, 360, 720, 1080, 1200, 1800, 3600, 7200, 14400, 28800, 43200, 86400,
] as const;
export const DEFAULT_REFRESH_INTERVAL_SECONDS = 14400;
/** The manual option is 596523 hours (about int32 max in seconds): no automatic refresh. */
export const MANUAL_REFRESH_HOURS = 596523;
export const MANUAL_REFRESH_INTERVAL_SECONDS = MANUAL_REFRESH_HOURS * SECONDS_PER_HOUR;
export const REFRESH_INTERVAL_OPTIONS_SECONDS = [
  ...REFRESH_INTERVALS_SECONDS,
  MANUAL_REFRESH_INTERVAL_SECONDS,
] as const;

export const isManualRefresh = (seconds: number): boolean => seconds === MANUAL_REFRESH_INTERVAL_SECONDS;

/** Timer delay for a refresh interval, or `null` (no timer) for the manual option. */
export const refreshTimerMs = (seconds: number): number | null =>
  isManualRefresh(seconds) ? null : seconds * 1000;

const durationUnits = [
  ['d', SECONDS_PER_DAY],
  ['h', SECONDS_PER_HOUR],
  ['m', SECONDS_PER_MINUTE],
  ['s', 1],
] as const;

/** `formatDuration(5400)` is "1h 30m"; zero parts are left out; fractions of a second are dropped. */
export const formatDuration = (seconds: number): string => {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`Not a duration: ${seconds}`);
  let rest = Math.floor(seconds);
  const parts: string[] = [];
  for (const [unit, size] of durationUnits) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count}${unit}`);
  }
  return parts.length > 0 ? parts.join(' ') : '0s';
};

// Video tutorials.
export const videoResolutions = ['240p', '360p', '480p', '720p', '1080p'] as const;
export const videoTutorialTopics = [
  'technicianCreation',
  'endUserSharing',
  'installs',
  'policy',
  'organization',
  'backup',
] as const;
export const videoTutorialTopicLabels: Readonly<Record<(typeof videoTutorialTopics)[number], string>> = {
  technicianCreation: 'Technician creation',
  endUserSharing: 'End-user sharing',
  installs: 'Installs',
  policy: 'Policy',
  organization: 'Organization',
  backup: 'Backup',
};
