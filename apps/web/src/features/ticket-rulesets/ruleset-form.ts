import {
  type AlertPriority,
  type AlertSeverity,
  defaultConditionRulesetSettings,
  messages,
  NewTicketRulesetInput,
  type ResetTimeUnit,
  type RuleTriggerType,
  type TicketRuleset,
  type TicketRulesetInput,
} from '@rmm/domain';
import {
  emptyRuleFieldErrors,
  newRuleSettingsState,
  type RuleSettingsState,
  ruleSettingsInputOf,
  ruleSettingsStateOf,
} from './rule-settings-form.ts';

/**
 * The ruleset dialog's state and its check: numbers that may be empty, selects whose empty value means "the
 * condition's" or "unchanged", turned into the GraphQL input and judged by the domain's schema, whose messages
 * show at the fields they concern (`conditionResetSettings.time.value`, `timeRuleSettings.afterMinutes`...).
 * A condition ruleset's three settings are here; the other trigger types' in rule-settings-form.ts.
 */

type Refs = {
  status: number | '';
  tags: string[];
  priority: AlertPriority | '';
  severity: AlertSeverity | '';
};

export type RulesetFormState = {
  name: string;
  type: RuleTriggerType;
  enabled: boolean;
  isDefault: boolean;
  trigger: Refs & { ticketFormId: number | ''; useOwnerAsRequester: boolean };
  hasReset: boolean;
  reset: { status: number | ''; value: number | ''; unit: ResetTimeUnit };
  reTrigger: Refs & { createNewTicket: boolean };
  /** The settings of the script, activity, event and time rules (only the chosen type's are sent). */
  rules: RuleSettingsState;
};

const refsOf = (settings: {
  status: number | null;
  tags: string[];
  priority: AlertPriority | null;
  severity: AlertSeverity | null;
}): Refs => ({
  status: settings.status ?? '',
  tags: [...settings.tags],
  priority: settings.priority ?? '',
  severity: settings.severity ?? '',
});

export const newRulesetState = (): RulesetFormState => {
  const defaults = defaultConditionRulesetSettings();
  const trigger = defaults.conditionTriggerSettings!;
  return {
    name: '',
    type: 'CONDITION_RULE',
    enabled: true,
    isDefault: false,
    trigger: { ...refsOf(trigger), ticketFormId: '', useOwnerAsRequester: false },
    hasReset: false,
    reset: { status: '', value: 30, unit: 'MINUTES' },
    reTrigger: { ...refsOf(defaults.conditionReTriggerSettings!), createNewTicket: false },
    rules: newRuleSettingsState(),
  };
};

/** The state of a ruleset read by id (with useOwnerAsRequester). */
export const stateOfRuleset = (ruleset: TicketRuleset): RulesetFormState => {
  const fresh = newRulesetState();
  const trigger = ruleset.conditionTriggerSettings;
  const reset = ruleset.conditionResetSettings;
  const reTrigger = ruleset.conditionReTriggerSettings;
  return {
    name: ruleset.name,
    type: ruleset.type,
    enabled: ruleset.enabled,
    isDefault: ruleset.isDefault,
    trigger: trigger
      ? {
          ...refsOf(trigger),
          ticketFormId: trigger.ticketFormId ?? '',
          useOwnerAsRequester: trigger.useOwnerAsRequester ?? false,
        }
      : fresh.trigger,
    hasReset: reset !== null && reset !== undefined,
    reset: reset ? { status: reset.status, value: reset.time.value, unit: reset.time.unit } : fresh.reset,
    reTrigger: reTrigger
      ? { ...refsOf(reTrigger), createNewTicket: reTrigger.createNewTicket }
      : fresh.reTrigger,
    rules: ruleSettingsStateOf(ruleset),
  };
};

const orNull = <T>(value: T | '') => (value === '' ? null : value);
const refsInput = (refs: Refs) => ({
  status: orNull(refs.status),
  tags: refs.tags,
  priority: orNull(refs.priority),
  severity: orNull(refs.severity),
});

/**
 * The GraphQL input: a condition ruleset's three settings (null for the other trigger types), and the own
 * settings of a script, activity, event or time rule.
 */
export const rulesetInputOf = (state: RulesetFormState): NewTicketRulesetInput => {
  const isCondition = state.type === 'CONDITION_RULE';
  return {
    name: state.name,
    type: state.type,
    enabled: state.enabled,
    isDefault: state.isDefault,
    conditionTriggerSettings: isCondition
      ? {
          ...refsInput(state.trigger),
          ticketFormId: orNull(state.trigger.ticketFormId),
          useOwnerAsRequester: state.trigger.useOwnerAsRequester,
        }
      : null,
    conditionResetSettings:
      isCondition && state.hasReset
        ? {
            status: state.reset.status as number,
            time: { value: state.reset.value as number, unit: state.reset.unit },
          }
        : null,
    conditionReTriggerSettings: isCondition
      ? { ...refsInput(state.reTrigger), createNewTicket: state.reTrigger.createNewTicket }
      : null,
    ...ruleSettingsInputOf(state.type, state.rules),
  };
};

export type RulesetCheck =
  | { input: NewTicketRulesetInput; errors: Record<string, never> }
  | { input?: undefined; errors: Record<string, string> };

/** The input and the first message per field (dotted paths of the input), the domain's schema deciding. */
export const checkRuleset = (state: RulesetFormState): RulesetCheck => {
  const input = rulesetInputOf(state);
  const errors: Record<string, string> = emptyRuleFieldErrors(state.type, state.rules);
  if (input.conditionResetSettings) {
    if (state.reset.status === '') errors['conditionResetSettings.status'] = messages.validation.mandatory;
    if (state.reset.value === '') errors['conditionResetSettings.time.value'] = messages.validation.mandatory;
  }
  const result = NewTicketRulesetInput.safeParse(input);
  if (!result.success)
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return Object.keys(errors).length > 0 ? { errors } : { input, errors: {} };
};

/** The update's input: the same, with the ruleset's id. */
export const withId = (input: NewTicketRulesetInput, id: number): TicketRulesetInput => ({ ...input, id });
