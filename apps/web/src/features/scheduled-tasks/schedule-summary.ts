import { type TaskSchedule, weekDays } from '@rmm/domain';
import type { TFunction } from 'i18next';
import { formatIntervalLabel } from '../../lib/format.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/** "09:30". */
export const formatScheduleTime = (schedule: Pick<TaskSchedule, 'scheduleHour' | 'scheduleMinute'>) =>
  `${pad(schedule.scheduleHour)}:${pad(schedule.scheduleMinute)}`;

/**
 * One line for a schedule: "Daily at 17:00 (Europe/Berlin)", "Weekly on Mon, Fri at 09:30 (UTC)",
 * "Every 30 minutes", "At system startup".
 */
export const describeSchedule = (schedule: TaskSchedule, t: TFunction): string => {
  const at = { time: formatScheduleTime(schedule), zone: schedule.timeZone };
  switch (schedule.scheduleType) {
    case 'DAILY':
      return t('scheduledTasks.summary.DAILY', at);
    case 'WEEKLY': {
      const days = weekDays
        .filter((day) => schedule.weekDays.includes(day))
        .map((day) => t(`scheduledTasks.weekDayShort.${day}`))
        .join(', ');
      return t('scheduledTasks.summary.WEEKLY', { ...at, days });
    }
    case 'MONTHLY':
      return t('scheduledTasks.summary.MONTHLY', { ...at, day: schedule.dayOfMonth ?? '?' });
    case 'RUN_ONCE':
      return t('scheduledTasks.summary.RUN_ONCE', { ...at, date: schedule.runOnceDate ?? '?' });
    case 'INTERVAL':
      return t('scheduledTasks.summary.INTERVAL', {
        interval: formatIntervalLabel((schedule.intervalMinutes ?? 0) * 60),
      });
    default:
      return t(`scheduledTasks.summary.${schedule.scheduleType}`);
  }
};
