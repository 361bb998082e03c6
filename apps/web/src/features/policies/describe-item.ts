import type { PolicyBackupPlan, PolicyScheduledScript, TaskSchedule } from '@rmm/domain';
import type { TFunction } from 'i18next';

/** One line for a policy's backup plan or scheduled script in its table: what it does, and when. */

const pad = (value: number) => String(value).padStart(2, '0');

export const describeSchedule = (schedule: TaskSchedule, t: TFunction) =>
  schedule.scheduleType === 'INTERVAL'
    ? t('policies.schedule.every', { minutes: schedule.intervalMinutes })
    : t('policies.schedule.at', {
        type: t(`policies.schedule.${schedule.scheduleType}`),
        time: `${pad(schedule.scheduleHour)}:${pad(schedule.scheduleMinute)}`,
        zone: schedule.timeZone,
      });

export const describeBackupPlan = (plan: PolicyBackupPlan, t: TFunction) => {
  const where = t(`backupPlan.destination.${plan.destination.type}`);
  const path = plan.destination.type === 'LOCAL' ? ` ${plan.destination.path}` : '';
  return `${where}${path} · ${describeSchedule(plan.schedule, t)}`;
};

export const describeScheduledScript = (script: PolicyScheduledScript, t: TFunction) =>
  `${t('policies.scripts.count', { count: script.actions.length })} · ${describeSchedule(script.schedule, t)}`;
