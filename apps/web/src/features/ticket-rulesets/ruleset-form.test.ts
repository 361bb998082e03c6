import { messages, rulesetMessages } from '@rmm/domain';
import { describe, expect, it } from 'vitest';
import { createRuleset } from '../../test/ticket-ruleset-factories.ts';
import { checkRuleset, newRulesetState, stateOfRuleset, withId } from './ruleset-form.ts';

describe('the ruleset form', () => {
  it('turns a ruleset read by id into the state and back into the same input', () => {
    const ruleset = createRuleset({
      name: 'Disk alerts',
      conditionTriggerSettings: {
        ticketFormId: 3,
        status: 1000,
        tags: ['disk'],
        priority: 'HIGH',
        severity: null,
        useOwnerAsRequester: true,
      },
      conditionResetSettings: { status: 5000, time: { value: 2, unit: 'HOURS' } },
      conditionReTriggerSettings: {
        createNewTicket: true,
        status: null,
        tags: [],
        priority: null,
        severity: 'MINOR',
      },
    });
    const check = checkRuleset(stateOfRuleset(ruleset));
    expect(check.errors).toEqual({});
    const { id, createTime: _c, updateTime: _u, ...rest } = ruleset;
    expect(withId(check.input!, id)).toEqual({ id, ...rest });
  });

  it('names the field of each refusal, and sends no settings for another trigger type', () => {
    const state = { ...newRulesetState(), name: ' ', hasReset: true };
    expect(checkRuleset(state).errors).toEqual({
      name: messages.validation.mandatory,
      'conditionResetSettings.status': messages.validation.mandatory,
    });
    const zero = { ...state, name: 'Disk', reset: { status: 5000, value: 0, unit: 'MINUTES' as const } };
    expect(checkRuleset(zero).errors).toEqual({
      'conditionResetSettings.time.value': rulesetMessages.RESET_TIME_ZERO,
    });
    const script = checkRuleset({ ...zero, type: 'SCRIPT_RULE' });
    expect(script.input).toMatchObject({
      conditionTriggerSettings: null,
      conditionResetSettings: null,
      conditionReTriggerSettings: null,
    });
    expect(checkRuleset({ ...zero, type: 'SCRIPT_RULE', isDefault: true }).errors).toEqual({
      isDefault: rulesetMessages.DEFAULT_CONDITION_RULE,
    });
  });
});
