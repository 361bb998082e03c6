import type { BackupDestination, BackupPlanTargets, BackupSchedule } from '@rmm/domain';
import type { TFunction } from 'i18next';

const clock = (hour: number, minute: number) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/** "Daily at 17:00 (Europe/Berlin)", "Weekly on Mon, Fri at 02:30 (UTC)", "Every 60 minutes", "Only when run by hand". */
export const scheduleSummary = (schedule: BackupSchedule, t: TFunction) => {
  const at = { time: clock(schedule.scheduleHour, schedule.scheduleMinute), zone: schedule.timeZone };
  switch (schedule.scheduleType) {
    case 'DAILY':
      return t('backup.summary.daily', at);
    case 'WEEKLY':
      return t('backup.summary.weekly', {
        ...at,
        days: schedule.weekDays.map((day) => t(`backup.weekDayShort.${day}`)).join(', '),
      });
    case 'MONTHLY':
      return t('backup.summary.monthly', { ...at, day: schedule.dayOfMonth ?? 1 });
    case 'INTERVAL':
      return t('backup.summary.interval', { count: schedule.intervalMinutes ?? 0 });
    default:
      return t('backup.summary.manual');
  }
};

/** "Cloud", "Local folder /var/backups", "Network share \\srv\b", "Hybrid: /var/backups, then the cloud". */
export const destinationSummary = (destination: BackupDestination, t: TFunction): string => {
  switch (destination.type) {
    case 'CLOUD':
      return t('backup.summary.cloud');
    case 'LOCAL':
      return t('backup.summary.local', { path: destination.path });
    case 'NETWORK_SHARE':
      return t('backup.summary.share', { path: destination.path });
    default:
      return t('backup.summary.hybrid', { path: destination.local.path });
  }
};

/** "All devices", "2 locations, 3 devices", "No devices yet". */
export const targetsSummary = (targets: BackupPlanTargets, t: TFunction) => {
  if (targets.allDevices) return t('backup.summary.allDevices');
  const parts = [
    targets.locationIds.length > 0
      ? t('backup.summary.locations', { count: targets.locationIds.length })
      : null,
    targets.deviceIds.length > 0 ? t('backup.summary.devices', { count: targets.deviceIds.length }) : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : t('backup.summary.noDevices');
};
