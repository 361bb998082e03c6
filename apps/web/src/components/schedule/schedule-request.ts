import type { TaskSchedule } from '@rmm/domain';

/** The fields a schedule type does not use go back to their defaults, so the request carries only its own. */
export const scheduleRequest = (schedule: TaskSchedule): TaskSchedule => {
  const type = schedule.scheduleType;
  return {
    ...schedule,
    weekDays: type === 'WEEKLY' ? schedule.weekDays : [],
    dayOfMonth: type === 'MONTHLY' ? schedule.dayOfMonth : null,
    runOnceDate: type === 'RUN_ONCE' ? schedule.runOnceDate : null,
    intervalMinutes: type === 'INTERVAL' ? schedule.intervalMinutes : null,
  };
};
