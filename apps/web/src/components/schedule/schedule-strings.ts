/**
 * English strings of the shared schedule fields (components/schedule/schedule-fields.tsx), the same in every
 * area that edits a schedule (scheduled tasks, backup plans); gathered by i18n/area-strings.ts. What an area
 * words its own way (the type select and its options, the interval) it passes to the fields.
 */
export const scheduleStrings = {
  'schedule.weekDays': 'Days of the week',
  'schedule.dayOfMonth': 'Day of the month',
  'schedule.dayOfMonthHint': 'In a shorter month, a day past its end runs on the month’s last day.',
  'schedule.runOnceDate': 'Date',
  'schedule.hour': 'Hour',
  'schedule.minute': 'Minute',
  'schedule.timeZone': 'Time zone',
  'schedule.weekDay.SUNDAY': 'Sunday',
  'schedule.weekDay.MONDAY': 'Monday',
  'schedule.weekDay.TUESDAY': 'Tuesday',
  'schedule.weekDay.WEDNESDAY': 'Wednesday',
  'schedule.weekDay.THURSDAY': 'Thursday',
  'schedule.weekDay.FRIDAY': 'Friday',
  'schedule.weekDay.SATURDAY': 'Saturday',
  'schedule.weekDayShort.SUNDAY': 'Sun',
  'schedule.weekDayShort.MONDAY': 'Mon',
  'schedule.weekDayShort.TUESDAY': 'Tue',
  'schedule.weekDayShort.WEDNESDAY': 'Wed',
  'schedule.weekDayShort.THURSDAY': 'Thu',
  'schedule.weekDayShort.FRIDAY': 'Fri',
  'schedule.weekDayShort.SATURDAY': 'Sat',
} as const;
