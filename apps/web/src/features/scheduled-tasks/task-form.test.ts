import { defaultTaskSchedule, messages, type Script, type TaskSchedule } from '@rmm/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { createScript } from '../../test/scheduled-task-factories.ts';
import { describeSchedule } from './schedule-summary.ts';
import { newTaskValues, requestOfValues } from './task-form.ts';
import { validateTask } from './validate-task.ts';

const t = i18n.t.bind(i18n);
const schedule = (overrides: Partial<TaskSchedule>): TaskSchedule => ({
  ...defaultTaskSchedule('Europe/Berlin'),
  ...overrides,
});

describe('a schedule in words', () => {
  it.each<[Partial<TaskSchedule>, string]>([
    [{}, 'Daily at 17:00 (Europe/Berlin)'],
    [
      { scheduleType: 'WEEKLY', weekDays: ['FRIDAY', 'MONDAY'], scheduleHour: 9, scheduleMinute: 30 },
      'Weekly on Mon, Fri at 09:30 (Europe/Berlin)',
    ],
    [
      { scheduleType: 'MONTHLY', dayOfMonth: 31, scheduleHour: 6 },
      'Monthly on day 31 at 06:00 (Europe/Berlin)',
    ],
    [{ scheduleType: 'RUN_ONCE', runOnceDate: '2026-12-24' }, 'Once on 2026-12-24 at 17:00 (Europe/Berlin)'],
    [{ scheduleType: 'INTERVAL', intervalMinutes: 90 }, 'Every 90 minutes'],
    [{ scheduleType: 'INTERVAL', intervalMinutes: 120 }, 'Every 2 hours'],
    [{ scheduleType: 'RUN_IMMEDIATELY' }, 'Once, when saved'],
    [{ scheduleType: 'NO_SCHEDULE' }, 'Only when run manually'],
    [{ scheduleType: 'ON_SYSTEM_STARTUP' }, 'At system startup'],
    [{ scheduleType: 'ON_USER_LOGIN' }, 'At user login'],
  ])('%o reads "%s"', (overrides, text) => {
    expect(describeSchedule(schedule(overrides), t)).toBe(text);
  });
});

describe('checking a task before it is saved', () => {
  const script = createScript({
    id: 5,
    parameters: [
      {
        name: 'keep',
        label: 'Days to keep',
        description: '',
        type: 'INTEGER',
        required: true,
        defaultValue: '',
        options: [],
      },
    ],
  });
  const scripts = new Map<number, Script>([[5, script]]);
  const valid = {
    ...newTaskValues('UTC'),
    name: 'Rotate',
    actions: [{ key: 'a', scriptId: 5, scriptName: 'Rotate', parameters: ['7'] }],
    targets: { deviceIds: [1], searchIds: [], organizationIds: [] },
  };

  it('accepts a complete task', () => {
    expect(validateTask(valid, scripts, t)).toEqual({});
  });

  it('names each problem at its field', () => {
    const errors = validateTask(
      {
        ...valid,
        name: ' ',
        schedule: schedule({ scheduleType: 'MONTHLY' }),
        actions: [{ ...valid.actions[0]!, parameters: ['seven'], runAs: { user: 'bad user' } }],
        targets: { deviceIds: [], searchIds: [], organizationIds: [] },
      },
      scripts,
      t,
    );
    expect(errors).toEqual({
      name: messages.validation.mandatory,
      'schedule.dayOfMonth': messages.validation.mandatory,
      targets: 'Choose at least one device, group or organization.',
      'actions.0.parameters.0': 'Days to keep: must be a whole number.',
      'actions.0.runAs.user': 'A user name has no spaces, colons or slashes.',
    });
  });

  it('sends only the fields of the chosen schedule type', () => {
    const weeklyThenDaily = schedule({ scheduleType: 'DAILY', weekDays: ['MONDAY'], dayOfMonth: 3 });
    expect(requestOfValues({ ...valid, schedule: weeklyThenDaily }).schedule).toEqual(
      defaultTaskSchedule('Europe/Berlin'),
    );
  });
});
