import { messages, rulesetMessages, type TicketRuleset, ticketRuleMessages } from '@rmm/domain';
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

describe('the ruleset form of the other trigger types', () => {
  const ticket = { ticketFormId: 4, status: 2, tags: ['ops'], priority: 'LOW' as const, severity: null };
  const set = { status: null, priority: 'HIGH' as const, severity: null, tags: ['late'], assigneeId: 41 };
  const own: Partial<TicketRuleset>[] = [
    { type: 'SCRIPT_RULE', scriptRuleSettings: { scriptIds: [7], results: ['FAILURE'], ticket } },
    { type: 'ACTIVITY_RULE', activityRuleSettings: { actions: ['job.expire'], outcomes: [], ticket } },
    { type: 'EVENT_BASED', eventRuleSettings: { statusIds: [3], priorities: [], set } },
    { type: 'TIME_BASED', timeRuleSettings: { statusId: 3, afterMinutes: 90, set } },
  ];

  it.each(own)('sends back what it read of a $type ruleset, and no condition settings', (settings) => {
    const ruleset = createRuleset({
      ...settings,
      conditionTriggerSettings: null,
      conditionReTriggerSettings: null,
    });
    const check = checkRuleset(stateOfRuleset(ruleset));
    expect(check.errors).toEqual({});
    const { id, createTime: _c, updateTime: _u, ...rest } = ruleset;
    expect(withId(check.input!, id)).toEqual({ id, ...rest });
  });

  it('names the empty required fields of a time rule', () => {
    const state = { ...newRulesetState(), name: 'Stale', type: 'TIME_BASED' as const };
    state.rules.time.afterMinutes = '';
    expect(checkRuleset(state).errors).toEqual({
      'timeRuleSettings.statusId': messages.validation.mandatory,
      'timeRuleSettings.afterMinutes': messages.validation.mandatory,
      'timeRuleSettings.set': ticketRuleMessages.RULE_ACTION_REQUIRED,
    });
  });
});
