import * as z from 'zod';
import { messages } from './messages.ts';

/** Spec §3 schedule defaults and §9 default schedule: daily at 17:00 in the local time zone. */
export const scheduleTypes = [
  'DAILY',
  'WEEKLY',
  'MONTHLY',
  'RUN_ONCE',
  'RUN_IMMEDIATELY',
  'NO_SCHEDULE',
  'INTERVAL',
  'ON_SYSTEM_STARTUP',
  'ON_USER_LOGIN',
] as const;
export const ScheduleType = /* @__PURE__ */ z.enum(scheduleTypes);
export type ScheduleType = z.infer<typeof ScheduleType>;

export const weekDays = [
  'SUNDAY',
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
] as const;
export const WeekDay = /* @__PURE__ */ z.enum(weekDays);
export type WeekDay = z.infer<typeof WeekDay>;

export const DEFAULT_SCHEDULE_HOUR = 17;
export const DEFAULT_SCHEDULE_MINUTE = 0;

export const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** The browser's or server's own time zone, as Intl resolves it. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const Schedule = z
  .object({
    scheduleType: ScheduleType,
    weekDays: z.array(WeekDay),
    dayOfMonth: z.number().int().min(1).max(31).nullable(),
    scheduleHour: z.number().int().min(0).max(23),
    scheduleMinute: z.number().int().min(0).max(59),
    timeZone: z.string().refine(isTimeZone, messages.numeric.invalid),
  })
  .superRefine((schedule, ctx) => {
    if (schedule.scheduleType === 'WEEKLY' && schedule.weekDays.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['weekDays'], message: messages.validation.mandatory });
    }
    if (schedule.scheduleType === 'MONTHLY' && schedule.dayOfMonth === null) {
      ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: messages.validation.mandatory });
    }
  });
export type Schedule = z.infer<typeof Schedule>;

export const defaultSchedule = (timeZone: string = localTimeZone()): Schedule => ({
  scheduleType: 'DAILY',
  weekDays: [],
  dayOfMonth: null,
  scheduleHour: DEFAULT_SCHEDULE_HOUR,
  scheduleMinute: DEFAULT_SCHEDULE_MINUTE,
  timeZone,
});
