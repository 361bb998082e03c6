import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRulesetChoice,
  choiceOfTicketing,
  conditionRulesetPickerOptions,
  InvalidTriggerTypeError,
  NewTicketRulesetInput,
  parseTriggerType,
  RuleTriggerType,
  rulesetMessages,
  rulesetPickerLabel,
  rulesetPickerOptions,
  TicketRuleset,
  ticketingOfChoice,
} from './rulesets.ts';

const ruleset = (overrides: Partial<TicketRuleset> = {}): TicketRuleset => ({
  id: 5,
  name: 'Disk alerts',
  type: 'CONDITION_RULE',
  enabled: true,
  isDefault: false,
  createTime: '2024-01-01T00:00:00Z',
  updateTime: '2024-01-02T00:00:00Z',
  conditionTriggerSettings: {
    ticketFormId: 2,
    status: 1,
    tags: ['disk'],
    priority: 'HIGH',
    severity: 'MAJOR',
    useOwnerAsRequester: true,
  },
  conditionResetSettings: { status: 4, time: { value: 30, unit: 'MINUTES' } },
  conditionReTriggerSettings: { createNewTicket: false, status: 1, tags: [], priority: null, severity: null },
  ...overrides,
});

describe('trigger types', () => {
  it('has the six spec types and BOARD', () => {
    expect(RuleTriggerType.options).toEqual([
      'ACTIVITY_RULE',
      'CONDITION_RULE',
      'EVENT_BASED',
      'RESPONSE_TEMPLATE',
      'SCRIPT_RULE',
      'TIME_BASED',
      'BOARD',
    ]);
    expect(parseTriggerType('TIME_BASED')).toBe('TIME_BASED');
  });

  it('throws InvalidTriggerTypeError for an invalid type', () => {
    expect(() => parseTriggerType('time_based')).toThrow(InvalidTriggerTypeError);
    expect(() => parseTriggerType(3)).toThrow('Invalid trigger type: 3');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), (value) => {
        const isValid = RuleTriggerType.options.some((option) => option === value);
        if (isValid) expect(parseTriggerType(value)).toBe(value);
        else expect(() => parseTriggerType(value)).toThrow(InvalidTriggerTypeError);
      }),
    );
  });
});

describe('TicketRuleset', () => {
  it('parses the §3 fields', () => {
    expect(TicketRuleset.parse(ruleset())).toEqual(ruleset());
    expect(TicketRuleset.safeParse(ruleset({ type: 'OTHER' as 'BOARD' })).success).toBe(false);
  });
});

describe('ruleset picker', () => {
  it('suffixes a disabled ruleset with " (Disabled)"', () => {
    expect(rulesetPickerLabel({ name: 'Disk alerts', enabled: false })).toBe('Disk alerts (Disabled)');
    expect(rulesetPickerLabel({ name: 'Disk alerts', enabled: true })).toBe('Disk alerts');
  });

  it('offers NONE first', () => {
    expect(rulesetPickerOptions([ruleset(), ruleset({ id: 6, name: 'Old', enabled: false })])).toEqual([
      { value: 'NONE', label: 'None' },
      { value: '5', label: 'Disk alerts' },
      { value: '6', label: 'Old (Disabled)' },
    ]);
  });

  it('creates no ticket for NONE and turns creation on for a ruleset id', () => {
    expect(applyRulesetChoice('NONE')).toEqual({ createTicket: false, ticketRulesetId: null });
    expect(applyRulesetChoice('5')).toEqual({ createTicket: true, ticketRulesetId: 5 });
    expect(applyRulesetChoice(6)).toEqual({ createTicket: true, ticketRulesetId: 6 });
    expect(() => applyRulesetChoice('x')).toThrow(RangeError);
  });
});

describe('ruleset input', () => {
  const input = (overrides: Record<string, unknown> = {}) => {
    const { id: _id, createTime: _c, updateTime: _u, ...rest } = ruleset();
    return { ...rest, ...overrides };
  };
  const messagesOf = (value: unknown) => {
    const result = NewTicketRulesetInput.safeParse(value);
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('accepts a condition ruleset with its settings, and refuses unknown fields', () => {
    expect(messagesOf(input())).toEqual([]);
    expect(messagesOf(input({ colour: 'red' }))).toHaveLength(1);
  });

  it('refuses a reset time of zero or below, or beyond a year', () => {
    const reset = (value: number, unit: string) =>
      input({ conditionResetSettings: { status: 4, time: { value, unit } } });
    expect(messagesOf(reset(0, 'MINUTES'))).toEqual([
      `conditionResetSettings.time.value: ${rulesetMessages.RESET_TIME_ZERO}`,
    ]);
    expect(messagesOf(reset(-1, 'DAYS'))).toEqual([
      `conditionResetSettings.time.value: ${rulesetMessages.RESET_TIME_ZERO}`,
    ]);
    expect(messagesOf(reset(365, 'DAYS'))).toEqual([]);
    expect(messagesOf(reset(8761, 'HOURS'))).toEqual([
      `conditionResetSettings.time.value: ${rulesetMessages.RESET_TIME_TOO_LONG}`,
    ]);
  });

  it('needs trigger settings on a condition ruleset, and an enabled condition ruleset as the default', () => {
    expect(messagesOf(input({ conditionTriggerSettings: null }))).toEqual([
      `conditionTriggerSettings: ${rulesetMessages.TRIGGER_SETTINGS_REQUIRED}`,
    ]);
    expect(messagesOf(input({ type: 'TIME_BASED', conditionTriggerSettings: null }))).toEqual([]);
    expect(messagesOf(input({ type: 'TIME_BASED', isDefault: true }))).toEqual([
      `isDefault: ${rulesetMessages.DEFAULT_CONDITION_RULE}`,
    ]);
    expect(messagesOf(input({ isDefault: true, enabled: false }))).toEqual([
      `enabled: ${rulesetMessages.DEFAULT_ENABLED}`,
    ]);
  });
});

describe("the condition editor's picker", () => {
  it('offers None, the default, then the condition rulesets, disabled ones suffixed', () => {
    const options = conditionRulesetPickerOptions(
      [
        ruleset(),
        ruleset({ id: 6, name: 'Old', enabled: false }),
        ruleset({ id: 7, name: 'Scripts', type: 'SCRIPT_RULE' }),
      ],
      'The default ruleset (Disk alerts)',
    );
    expect(options).toEqual([
      { value: 'NONE', label: 'None' },
      { value: 'DEFAULT', label: 'The default ruleset (Disk alerts)' },
      { value: '5', label: 'Disk alerts' },
      { value: '6', label: 'Old (Disabled)' },
    ]);
  });

  it('turns a choice into the condition’s ticketing and back', () => {
    expect(ticketingOfChoice('NONE')).toEqual({ mode: 'NONE' });
    expect(ticketingOfChoice('DEFAULT')).toEqual({ mode: 'DEFAULT' });
    expect(ticketingOfChoice('6')).toEqual({ mode: 'RULESET', rulesetId: 6 });
    for (const choice of ['NONE', 'DEFAULT', '6'])
      expect(choiceOfTicketing(ticketingOfChoice(choice))).toBe(choice);
  });
});
