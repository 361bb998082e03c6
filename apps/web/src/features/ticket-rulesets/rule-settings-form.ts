import {
  type ActivityOutcome,
  type AlertPriority,
  type AlertSeverity,
  type JobResult,
  messages,
  type NewTicketRulesetInput,
  type RuleSettingsField,
  type RuleTicketChanges,
  type RuleTicketSettings,
  type RuleTriggerType,
  ruleSettingsFieldOfType,
  type TicketRuleset,
} from '@rmm/domain';

/**
 * The dialog's state of the trigger types that are not condition rules (ticket-rules.ts): what a script or
 * activity rule's ticket holds, and what an event or time rule sets. Empty numbers and selects are '' here and
 * null (or left out) in the input; the domain's schemas judge the input.
 */

type Empty<T> = T | '';

/** The ticket a script or activity rule creates. */
export type RuleTicketState = {
  ticketFormId: Empty<number>;
  status: Empty<number>;
  tags: string[];
  priority: Empty<AlertPriority>;
  severity: Empty<AlertSeverity>;
};

/** What an event or time rule sets (empty: left as it is; tags are added). */
export type RuleChangesState = {
  status: Empty<number>;
  priority: Empty<AlertPriority>;
  severity: Empty<AlertSeverity>;
  tags: string[];
  assigneeId: Empty<number>;
};

export type RuleSettingsState = {
  script: { scriptIds: number[]; results: JobResult[]; ticket: RuleTicketState };
  activity: { actions: string[]; outcomes: ActivityOutcome[]; ticket: RuleTicketState };
  event: { statusIds: number[]; priorities: AlertPriority[]; set: RuleChangesState };
  time: { statusId: Empty<number>; afterMinutes: Empty<number>; set: RuleChangesState };
};

const emptyTicket = (): RuleTicketState => ({
  ticketFormId: '',
  status: '',
  tags: [],
  priority: '',
  severity: '',
});
const emptyChanges = (): RuleChangesState => ({
  status: '',
  priority: '',
  severity: '',
  tags: [],
  assigneeId: '',
});

/** A new ruleset's: a failed library script, a ticket of the defaults; a time rule after an hour. */
export const newRuleSettingsState = (): RuleSettingsState => ({
  script: { scriptIds: [], results: ['FAILURE'], ticket: emptyTicket() },
  activity: { actions: [], outcomes: [], ticket: emptyTicket() },
  event: { statusIds: [], priorities: [], set: emptyChanges() },
  time: { statusId: '', afterMinutes: 60, set: emptyChanges() },
});

const blank = <T>(value: T | null): Empty<T> => value ?? '';
const ticketState = (ticket: RuleTicketSettings): RuleTicketState => ({
  ticketFormId: blank(ticket.ticketFormId),
  status: blank(ticket.status),
  tags: [...ticket.tags],
  priority: blank(ticket.priority),
  severity: blank(ticket.severity),
});
const changesState = (set: RuleTicketChanges): RuleChangesState => ({
  status: blank(set.status),
  priority: blank(set.priority),
  severity: blank(set.severity),
  tags: [...set.tags],
  assigneeId: blank(set.assigneeId),
});

/** The state of a ruleset read by id: its own type's settings, the others' defaults. */
export const ruleSettingsStateOf = (ruleset: TicketRuleset): RuleSettingsState => {
  const state = newRuleSettingsState();
  const { scriptRuleSettings: script, activityRuleSettings: activity } = ruleset;
  const { eventRuleSettings: event, timeRuleSettings: time } = ruleset;
  return {
    script: script ? { ...script, ticket: ticketState(script.ticket) } : state.script,
    activity: activity ? { ...activity, ticket: ticketState(activity.ticket) } : state.activity,
    event: event ? { ...event, set: changesState(event.set) } : state.event,
    time: time ? { ...time, set: changesState(time.set) } : state.time,
  };
};

const orNull = <T>(value: Empty<T>): T | null => (value === '' ? null : value);
const ticketInput = (ticket: RuleTicketState): RuleTicketSettings => ({
  ticketFormId: orNull(ticket.ticketFormId),
  status: orNull(ticket.status),
  tags: ticket.tags,
  priority: orNull(ticket.priority),
  severity: orNull(ticket.severity),
});
const changesInput = (set: RuleChangesState): RuleTicketChanges => ({
  status: orNull(set.status),
  priority: orNull(set.priority),
  severity: orNull(set.severity),
  tags: set.tags,
  assigneeId: orNull(set.assigneeId),
});

/**
 * The input's field of the type's own settings (`{timeRuleSettings: …}`), nothing for a condition rule,
 * response template or board: the server keeps no settings for them.
 */
export const ruleSettingsInputOf = (
  type: RuleTriggerType,
  state: RuleSettingsState,
): Partial<Pick<NewTicketRulesetInput, RuleSettingsField>> => {
  switch (type) {
    case 'SCRIPT_RULE':
      return { scriptRuleSettings: { ...state.script, ticket: ticketInput(state.script.ticket) } };
    case 'ACTIVITY_RULE':
      return { activityRuleSettings: { ...state.activity, ticket: ticketInput(state.activity.ticket) } };
    case 'EVENT_BASED':
      return { eventRuleSettings: { ...state.event, set: changesInput(state.event.set) } };
    case 'TIME_BASED':
      return {
        timeRuleSettings: {
          // An empty required number is reported as mandatory before the schema sees it.
          statusId: state.time.statusId as number,
          afterMinutes: state.time.afterMinutes as number,
          set: changesInput(state.time.set),
        },
      };
    default:
      return {};
  }
};

/** The messages the schema cannot give: a required number left empty. */
export const emptyRuleFieldErrors = (type: RuleTriggerType, state: RuleSettingsState) => {
  const errors: Record<string, string> = {};
  if (type !== 'TIME_BASED') return errors;
  if (state.time.statusId === '') errors['timeRuleSettings.statusId'] = messages.validation.mandatory;
  if (state.time.afterMinutes === '') errors['timeRuleSettings.afterMinutes'] = messages.validation.mandatory;
  return errors;
};

/** The ruleset field of the type's own settings, if it has one. */
export const ruleSettingsFieldOf = (type: RuleTriggerType): RuleSettingsField | undefined =>
  (ruleSettingsFieldOfType as Partial<Record<RuleTriggerType, RuleSettingsField>>)[type];
