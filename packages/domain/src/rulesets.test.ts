import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRulesetChoice,
  InvalidTriggerTypeError,
  parseTriggerType,
  RuleTriggerType,
  rulesetPickerLabel,
  rulesetPickerOptions,
  TicketRuleset,
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
    priority: 3,
    severity: 'HIGH',
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
