import {
  BACKUP_MIN_RATE_BYTES_PER_SECOND,
  type BackupThrottle,
  type BackupThrottleLevel,
  BackupThrottleSettings,
  defaultBackupWorkHours,
  type SaveBackupThrottleRequest,
  type WeekDay,
} from '@rmm/domain';

/** Rates are typed in KiB/s (empty: no limit); the API takes bytes per second. */
export const KIB = 1024;

export type ThrottleFormValues = {
  level: BackupThrottleLevel;
  targetId: number | null;
  workHoursKib: number | '';
  offHoursKib: number | '';
  weekDays: WeekDay[];
  start: string;
  end: string;
  timeZone: string;
};

export const MIN_RATE_KIB = BACKUP_MIN_RATE_BYTES_PER_SECOND / KIB;

export const toThrottleFormValues = (
  throttle: BackupThrottle | undefined,
  timeZone: string,
): ThrottleFormValues => {
  const hours = throttle?.workHours ?? defaultBackupWorkHours(timeZone);
  const kib = (rate: number | null | undefined) =>
    rate === null || rate === undefined ? '' : Math.round(rate / KIB);
  return {
    level: throttle?.level ?? 'ORGANIZATION',
    targetId: throttle && throttle.level !== 'ORGANIZATION' ? throttle.targetId : null,
    workHoursKib: kib(throttle?.workHoursBytesPerSecond),
    offHoursKib: kib(throttle?.offHoursBytesPerSecond),
    weekDays: hours.weekDays,
    start: hours.start,
    end: hours.end,
    timeZone: hours.timeZone,
  };
};

export const toThrottleRequest = (values: ThrottleFormValues): SaveBackupThrottleRequest => ({
  level: values.level,
  ...(values.level !== 'ORGANIZATION' && values.targetId !== null ? { targetId: values.targetId } : {}),
  workHoursBytesPerSecond: values.workHoursKib === '' ? null : values.workHoursKib * KIB,
  offHoursBytesPerSecond: values.offHoursKib === '' ? null : values.offHoursKib * KIB,
  workHours: { weekDays: values.weekDays, start: values.start, end: values.end, timeZone: values.timeZone },
});

const fieldOf = (path: PropertyKey[]) => {
  const [head, second] = path;
  if (head === 'workHoursBytesPerSecond') return 'workHoursKib';
  if (head === 'offHoursBytesPerSecond') return 'offHoursKib';
  if (head === 'workHours') return String(second ?? 'weekDays');
  return String(head);
};

/** The domain schema's messages by field, and a target for a location or device throttle. */
export const validateThrottleForm = (values: ThrottleFormValues, texts: { targetRequired: string }) => {
  const errors: Record<string, string> = {};
  const { level: _level, targetId: _targetId, ...settings } = toThrottleRequest(values);
  const result = BackupThrottleSettings.safeParse(settings);
  if (!result.success) for (const issue of result.error.issues) errors[fieldOf(issue.path)] ??= issue.message;
  if (values.level !== 'ORGANIZATION' && values.targetId === null) errors.targetId = texts.targetRequired;
  return errors;
};
