import { backupPlanMessages, messages } from '@rmm/domain';
import { describe, expect, it } from 'vitest';
import { createBackupPlan } from '../../test/backup-factories.ts';
import {
  type PlanFormValues,
  ruleRow,
  toPlanFormValues,
  toPlanRequest,
  validatePlanForm,
} from './plan-form.ts';

const newPlan = (change: Partial<PlanFormValues> = {}): PlanFormValues => ({
  ...toPlanFormValues(undefined, { timeZone: 'Europe/Berlin' }),
  name: 'Documents',
  include: [ruleRow('/home')],
  ...change,
});

describe('the backup plan form', () => {
  it('starts daily at 17:00 in the given zone, to the cloud, keeping 10/7/4/12', () => {
    const values = toPlanFormValues(undefined, { timeZone: 'Europe/Berlin' });
    expect(values.schedule).toMatchObject({
      scheduleType: 'DAILY',
      scheduleHour: 17,
      scheduleMinute: 0,
      timeZone: 'Europe/Berlin',
    });
    expect(values.destinationType).toBe('CLOUD');
    expect(values.retention).toEqual({ keepLast: 10, keepDaily: 7, keepWeekly: 4, keepMonthly: 12 });
    expect(values.enabled).toBe(true);
  });

  it('starts a Network Share plan on a share', () => {
    expect(toPlanFormValues(undefined, { timeZone: 'UTC', kind: 'networkShare' })).toMatchObject({
      kind: 'networkShare',
      destinationType: 'NETWORK_SHARE',
    });
  });

  it('gives the domain schema’s messages per field', () => {
    expect(validatePlanForm(newPlan())).toEqual({});
    expect(validatePlanForm(newPlan({ name: '  ', include: [] }))).toEqual({
      name: messages.validation.mandatory,
      include: backupPlanMessages.includeRequired,
    });
    expect(validatePlanForm(newPlan({ include: [ruleRow('home')], exclude: [ruleRow('../x')] }))).toEqual({
      'include.0.value': backupPlanMessages.includeAbsolute,
      'exclude.0.value': backupPlanMessages.parentSegment,
    });
    expect(validatePlanForm(newPlan({ destinationType: 'LOCAL', localPath: 'backups' }))).toEqual({
      localPath: backupPlanMessages.localPath,
    });
    expect(validatePlanForm(newPlan({ destinationType: 'NETWORK_SHARE', sharePath: '/srv/x' }))).toEqual({
      sharePath: backupPlanMessages.sharePath,
      credentialId: 'Choose the organization credential that opens the share.',
    });
    expect(
      validatePlanForm(
        newPlan({
          destinationType: 'HYBRID',
          hybridLocal: 'NETWORK_SHARE',
          sharePath: '\\\\nas\\b',
          credentialId: 3,
        }),
      ),
    ).toEqual({});
    expect(validatePlanForm(newPlan({ kind: 'networkShare' }))).toEqual({
      destinationType: backupPlanMessages.networkShareKind,
    });
    expect(
      validatePlanForm(newPlan({ retention: { keepLast: 0, keepDaily: 0, keepWeekly: 0, keepMonthly: 0 } })),
    ).toEqual({
      retention: backupPlanMessages.keepSomething,
    });
    const weekly = newPlan();
    weekly.schedule = { ...weekly.schedule, scheduleType: 'WEEKLY', weekDays: [] };
    expect(validatePlanForm(weekly)).toEqual({ 'schedule.weekDays': messages.validation.mandatory });
  });

  it('sends a plan as it was read, and a HYBRID plan with its local part', () => {
    const plan = createBackupPlan({
      destination: { type: 'HYBRID', local: { type: 'NETWORK_SHARE', path: '\\\\nas\\b', credentialId: 3 } },
      exclude: ['*.tmp'],
      targets: { allDevices: false, locationIds: [2], deviceIds: [7] },
    });
    const request = toPlanRequest(toPlanFormValues(plan, { timeZone: 'UTC' }));
    expect(request).toEqual({
      name: plan.name,
      description: '',
      kind: 'fileFolder',
      include: ['/home'],
      exclude: ['*.tmp'],
      destination: plan.destination,
      schedule: plan.schedule,
      retention: plan.retention,
      enabled: true,
      targets: plan.targets,
    });
  });
});
