import { describe, expect, it } from 'vitest';
import {
  checkCondition,
  newConditionState,
  parseNumberList,
  stateOfCondition,
  withType,
} from './condition-form.ts';

const messages = {
  listInvalid: 'Enter whole numbers separated by commas',
  notForClass: 'Not for this class',
};

describe('the condition form', () => {
  it('starts a new condition with the type’s defaults and sensible thresholds that pass', () => {
    const state = newConditionState('CPU');
    expect(state).toMatchObject({
      name: 'CPU',
      parameters: { operator: 'ABOVE', thresholdPercent: 90, durationMinutes: 5 },
    });
    const check = checkCondition(state, messages, 'LINUX_SERVER');
    expect(check.errors).toEqual({});
    expect(check.condition).toMatchObject({
      type: 'CPU',
      reset: { mode: 'WHEN_CLEARED' },
      probeDeviceId: null,
    });
    expect(stateOfCondition(check.condition!)).toMatchObject({ parameters: state.parameters });
  });

  it('shows the domain’s messages at the fields they concern', () => {
    const cpu = newConditionState('CPU');
    const tooHigh = checkCondition(
      { ...cpu, parameters: { ...cpu.parameters, thresholdPercent: 150 } },
      messages,
    );
    expect(tooHigh.errors['parameters.thresholdPercent']).toBe('Enter a whole number from 1 to 100');
    const disk = newConditionState('DISK');
    const noSize = checkCondition(
      { ...disk, parameters: { ...disk.parameters, mode: 'BYTES_FREE', thresholdBytes: undefined } },
      messages,
    );
    expect(noSize.errors['parameters.thresholdBytes']).toBe('Enter a size of free space');
    const afterTime = checkCondition({ ...cpu, resetMode: 'AFTER_TIME' }, messages);
    expect(afterTime.errors['reset.afterMinutes']).toBe('Enter after how many minutes the alert resets');
    const ping = checkCondition(newConditionState('PING'), messages);
    expect(ping.errors).toMatchObject({
      'parameters.host': 'Mandatory value is undefined. Please enter a value.',
      probeDeviceId: 'Choose the device that runs the probe',
    });
    const http = newConditionState('HTTP');
    const badUrl = checkCondition(
      { ...http, parameters: { ...http.parameters, url: 'ftp://x' }, probeDeviceId: 3 },
      messages,
    );
    expect(badUrl.errors['parameters.url']).toBe('Enter an http:// or https:// address');
    expect(checkCondition({ ...cpu, name: ' ' }, messages).errors.name).toBe(
      'Mandatory value is undefined. Please enter a value.',
    );
  });

  it('reads number lists as typed, and says so when one is not', () => {
    expect(parseNumberList('200, 301,302')).toEqual([200, 301, 302]);
    expect(parseNumberList('')).toEqual([]);
    expect(parseNumberList('200, ok')).toBeUndefined();
    const http = { ...newConditionState('HTTP'), probeDeviceId: 3 };
    expect(http.listTexts.expectStatus).toBe('200');
    const bad = checkCondition(
      {
        ...http,
        parameters: { ...http.parameters, url: 'https://example.test' },
        listTexts: { expectStatus: '200, ok' },
      },
      messages,
    );
    expect(bad.errors['parameters.expectStatus']).toBe(messages.listInvalid);
  });

  it('refuses a type the policy’s class cannot sample, and keeps a name the user typed on a type change', () => {
    expect(checkCondition(newConditionState('BITLOCKER'), messages, 'LINUX_SERVER').errors.type).toBe(
      'Not for this class',
    );
    const named = { ...newConditionState('CPU'), name: 'Busy' };
    expect(withType(named, 'MEMORY')).toMatchObject({ name: 'Busy', type: 'MEMORY' });
    expect(withType(newConditionState('CPU'), 'MEMORY').name).toBe('Memory');
  });
});
