import { describe, expect, it } from 'vitest';
import { NewTicketRulesetInput } from './rulesets.ts';
import {
  ActivityRuleSettings,
  EventRuleSettings,
  isTicketActivity,
  RuleTicketChanges,
  ScriptRuleSettings,
  suggestedRuleActions,
  ticketRuleMessages,
} from './ticket-rules.ts';

const ticket = { ticketFormId: null, status: null, tags: [], priority: null, severity: null };
const nothing = { status: null, priority: null, severity: null, tags: [], assigneeId: null };
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('ticket rule settings', () => {
  it('takes the activities of tickets and of the rules for neither a rule nor a ticket', () => {
    expect(['ticket.create', 'ticketRuleset.apply', 'device.enroll'].map(isTicketActivity)).toEqual([
      true,
      true,
      false,
    ]);
    const refused = ActivityRuleSettings.safeParse({ actions: ['ticket.update'], outcomes: [], ticket });
    expect(messagesOf(refused)).toEqual([ticketRuleMessages.ACTIVITY_TICKET_ACTION]);
    expect(ActivityRuleSettings.safeParse({ actions: ['device.enroll'], outcomes: [], ticket }).success).toBe(
      true,
    );
    // Each action the console suggests is one a rule takes.
    for (const action of suggestedRuleActions)
      expect(
        ActivityRuleSettings.safeParse({ actions: [action], outcomes: [], ticket }).success,
        action,
      ).toBe(true);
  });

  it('needs something to set, and something that sets an event rule off', () => {
    expect(messagesOf(RuleTicketChanges.safeParse(nothing))).toEqual([
      ticketRuleMessages.RULE_ACTION_REQUIRED,
    ]);
    expect(RuleTicketChanges.safeParse({ ...nothing, tags: ['x'] }).success).toBe(true);
    const idle = EventRuleSettings.safeParse({
      statusIds: [],
      priorities: [],
      set: { ...nothing, priority: 'LOW' },
    });
    expect(messagesOf(idle)).toEqual([ticketRuleMessages.EVENT_TRIGGER_REQUIRED]);
  });

  it('takes a type’s settings only on a ruleset of that type', () => {
    const script = ScriptRuleSettings.parse({ scriptIds: [], results: ['FAILURE'], ticket });
    const input = {
      name: 'Scripts',
      enabled: true,
      isDefault: false,
      conditionTriggerSettings: null,
      conditionResetSettings: null,
      conditionReTriggerSettings: null,
      scriptRuleSettings: script,
    };
    expect(NewTicketRulesetInput.safeParse({ ...input, type: 'SCRIPT_RULE' }).success).toBe(true);
    const wrong = NewTicketRulesetInput.safeParse({ ...input, type: 'TIME_BASED' });
    expect(messagesOf(wrong)).toEqual([ticketRuleMessages.SETTINGS_OF_ANOTHER_TYPE]);
  });
});
