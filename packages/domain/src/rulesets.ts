import * as z from 'zod';
import { AlertPriority, AlertSeverity, type ConditionTicketing } from './conditions.ts';
import { INT32_MAX, SECONDS_PER_DAY, SECONDS_PER_HOUR, SECONDS_PER_MINUTE } from './constants.ts';
import { messages } from './messages.ts';
import {
  ActivityRuleSettings,
  EventRuleSettings,
  ruleSettingsFieldOfType,
  ScriptRuleSettings,
  TimeRuleSettings,
  ticketRuleMessages,
} from './ticket-rules.ts';
import { Tag } from './validators.ts';

/** Spec §3 ticket ruleset and §4 ruleset picker. */

/** The six trigger types of the spec plus the board type it also shows (named BOARD here). */
export const ruleTriggerTypes = [
  'ACTIVITY_RULE',
  'CONDITION_RULE',
  'EVENT_BASED',
  'RESPONSE_TEMPLATE',
  'SCRIPT_RULE',
  'TIME_BASED',
  'BOARD',
] as const;
export const RuleTriggerType = /* @__PURE__ */ z.enum(ruleTriggerTypes);
export type RuleTriggerType = z.infer<typeof RuleTriggerType>;

export class InvalidTriggerTypeError extends Error {
  readonly code = 'INVALID_TRIGGER_TYPE';
  constructor(readonly value: unknown) {
    super(`Invalid trigger type: ${String(value)}`);
    this.name = 'InvalidTriggerTypeError';
  }
}

export const parseTriggerType = (value: unknown): RuleTriggerType => {
  const result = RuleTriggerType.safeParse(value);
  if (!result.success) throw new InvalidTriggerTypeError(value);
  return result.data;
};

export const resetTimeUnits = ['MINUTES', 'HOURS', 'DAYS'] as const;
export const ResetTimeUnit = /* @__PURE__ */ z.enum(resetTimeUnits);
export type ResetTimeUnit = z.infer<typeof ResetTimeUnit>;
export const resetTimeUnitSeconds: Readonly<Record<ResetTimeUnit, number>> = {
  MINUTES: SECONDS_PER_MINUTE,
  HOURS: SECONDS_PER_HOUR,
  DAYS: SECONDS_PER_DAY,
};

export const RULESET_NAME_MAX = 200;
/** Tags a ruleset puts on a ticket (decided). */
export const MAX_RULESET_TAGS = 20;
/** The longest reset time: a year, in any unit. */
export const MAX_RESET_DAYS = 365;

/** Refusals of the ticket ruleset calls (GraphQL `extensions.code`), with their text. */
export const rulesetMessages = {
  RULESET_NOT_FOUND: 'The ticket ruleset does not exist.',
  RULESET_NAME_TAKEN: 'A ticket ruleset with this name already exists.',
  RESET_TIME_ZERO: 'The reset time must be greater than 0.',
  RESET_TIME_TOO_LONG: `The reset time can be at most ${MAX_RESET_DAYS} days.`,
  TRIGGER_SETTINGS_REQUIRED:
    'A condition ruleset needs its trigger settings (form, status, tags, priority, severity).',
  DEFAULT_REQUIRED: 'One ruleset is always the default: make another ruleset the default instead.',
  DEFAULT_CONDITION_RULE: 'Only a condition ruleset can be the default.',
  DEFAULT_ENABLED: 'The default ruleset cannot be disabled: make another ruleset the default first.',
} as const;
export type RulesetMessageCode = keyof typeof rulesetMessages;

/** A ticket status by id (the ticket statuses of issue 20 item 1); checked for shape until they exist. */
const StatusId = /* @__PURE__ */ z.number().int().positive().max(INT32_MAX);
/** The ticket's tags: device-tag rules (no spaces, quotes or commas, 25 characters). */
const Tags = /* @__PURE__ */ z.array(Tag).max(MAX_RULESET_TAGS, `At most ${MAX_RULESET_TAGS} tags`);

/**
 * How a triggered condition's ticket is made: its form (null: the default form), status (null: the form's
 * first, New), tags, priority and severity (null: the condition's own), and whether the device's owner is the
 * requester.
 */
export const ConditionTriggerSettings = /* @__PURE__ */ z.object({
  ticketFormId: z.number().int().positive().max(INT32_MAX).nullable(),
  status: StatusId.nullable(),
  tags: Tags,
  priority: AlertPriority.nullable(),
  severity: AlertSeverity.nullable(),
  /** Only present when a ruleset is read by id (TicketRuleById). */
  useOwnerAsRequester: z.boolean().optional(),
});
export type ConditionTriggerSettings = z.infer<typeof ConditionTriggerSettings>;

export const ResetTime = /* @__PURE__ */ z
  .object({
    value: z.number().int().max(INT32_MAX),
    unit: ResetTimeUnit,
  })
  .superRefine(({ value, unit }, context) => {
    if (value <= 0)
      context.addIssue({ code: 'custom', path: ['value'], message: rulesetMessages.RESET_TIME_ZERO });
    else if (value * resetTimeUnitSeconds[unit] > MAX_RESET_DAYS * SECONDS_PER_DAY)
      context.addIssue({ code: 'custom', path: ['value'], message: rulesetMessages.RESET_TIME_TOO_LONG });
  });
export type ResetTime = z.infer<typeof ResetTime>;

/** When the condition resets: after `time`, its ticket is set to `status`. */
export const ConditionResetSettings = /* @__PURE__ */ z.object({
  status: StatusId,
  time: ResetTime,
});
export type ConditionResetSettings = z.infer<typeof ConditionResetSettings>;

/**
 * When the condition triggers again while its ticket is open: a new ticket, or the open one updated with
 * these (null: left as it is; tags are added).
 */
export const ConditionReTriggerSettings = /* @__PURE__ */ z.object({
  createNewTicket: z.boolean(),
  status: StatusId.nullable(),
  tags: Tags,
  priority: AlertPriority.nullable(),
  severity: AlertSeverity.nullable(),
});
export type ConditionReTriggerSettings = z.infer<typeof ConditionReTriggerSettings>;

export const TicketRuleset = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string().trim().min(1),
  type: RuleTriggerType,
  enabled: z.boolean(),
  isDefault: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
  conditionTriggerSettings: ConditionTriggerSettings.nullish(),
  conditionResetSettings: ConditionResetSettings.nullish(),
  conditionReTriggerSettings: ConditionReTriggerSettings.nullish(),
  /** The other trigger types' settings (ticket-rules.ts; not in the spec): set only on a ruleset of that type. */
  scriptRuleSettings: ScriptRuleSettings.nullish(),
  activityRuleSettings: ActivityRuleSettings.nullish(),
  eventRuleSettings: EventRuleSettings.nullish(),
  timeRuleSettings: TimeRuleSettings.nullish(),
});
export type TicketRuleset = z.infer<typeof TicketRuleset>;

const rulesetInputFields = {
  name: z
    .string()
    .trim()
    .min(1, messages.validation.mandatory)
    .max(RULESET_NAME_MAX, `Enter at most ${RULESET_NAME_MAX} characters`),
  type: RuleTriggerType,
  enabled: z.boolean(),
  isDefault: z.boolean(),
  conditionTriggerSettings: ConditionTriggerSettings.extend({ useOwnerAsRequester: z.boolean() }).nullable(),
  conditionResetSettings: ConditionResetSettings.nullable(),
  conditionReTriggerSettings: ConditionReTriggerSettings.nullable(),
  /**
   * Optional: left out of an update, the stored settings stay (clients that predate them send none); null
   * removes them.
   */
  scriptRuleSettings: ScriptRuleSettings.nullable().optional(),
  activityRuleSettings: ActivityRuleSettings.nullable().optional(),
  eventRuleSettings: EventRuleSettings.nullable().optional(),
  timeRuleSettings: TimeRuleSettings.nullable().optional(),
};

type RulesetInputShape = {
  type: RuleTriggerType;
  isDefault: boolean;
  enabled: boolean;
  conditionTriggerSettings: unknown;
} & Partial<Record<(typeof ruleSettingsFieldOfType)[keyof typeof ruleSettingsFieldOfType], unknown>>;

/** What one ruleset must hold together: a condition ruleset says how its ticket is made; the default is one. */
const checkRuleset = (input: RulesetInputShape, context: z.RefinementCtx) => {
  if (input.type === 'CONDITION_RULE' && input.conditionTriggerSettings === null)
    context.addIssue({
      code: 'custom',
      path: ['conditionTriggerSettings'],
      message: rulesetMessages.TRIGGER_SETTINGS_REQUIRED,
    });
  if (input.isDefault && input.type !== 'CONDITION_RULE')
    context.addIssue({
      code: 'custom',
      path: ['isDefault'],
      message: rulesetMessages.DEFAULT_CONDITION_RULE,
    });
  if (input.isDefault && !input.enabled)
    context.addIssue({ code: 'custom', path: ['enabled'], message: rulesetMessages.DEFAULT_ENABLED });
  for (const [type, field] of Object.entries(ruleSettingsFieldOfType))
    if (input.type !== type && input[field] !== undefined && input[field] !== null)
      context.addIssue({
        code: 'custom',
        path: [field],
        message: ticketRuleMessages.SETTINGS_OF_ANOTHER_TYPE,
      });
};

/** CreateTicketRuleset's `ruleset`. */
export const NewTicketRulesetInput = /* @__PURE__ */ z
  .object(rulesetInputFields)
  .strict()
  .superRefine(checkRuleset);
export type NewTicketRulesetInput = z.input<typeof NewTicketRulesetInput>;
/** UpdateTicketRuleset's `ruleset`: every field, replacing the stored ones. */
export const TicketRulesetInput = /* @__PURE__ */ z
  .object({ id: z.number().int().positive().max(INT32_MAX), ...rulesetInputFields })
  .strict()
  .superRefine(checkRuleset);
export type TicketRulesetInput = z.input<typeof TicketRulesetInput>;

/** The default ruleset's settings, as seeded and as the console's form starts a new condition ruleset. */
export const defaultConditionRulesetSettings = (): Pick<
  z.output<typeof NewTicketRulesetInput>,
  'conditionTriggerSettings' | 'conditionResetSettings' | 'conditionReTriggerSettings'
> => ({
  conditionTriggerSettings: {
    ticketFormId: null,
    status: null,
    tags: [],
    priority: null,
    severity: null,
    useOwnerAsRequester: false,
  },
  conditionResetSettings: null,
  conditionReTriggerSettings: {
    createNewTicket: false,
    status: null,
    tags: [],
    priority: null,
    severity: null,
  },
});

// ---------------------------------------------------------------- picker

export const RULESET_NONE = 'NONE';
export const RULESET_NONE_LABEL = 'None';
export const DISABLED_RULESET_SUFFIX = ' (Disabled)';

export const rulesetPickerLabel = (ruleset: Pick<TicketRuleset, 'name' | 'enabled'>): string =>
  ruleset.enabled ? ruleset.name : `${ruleset.name}${DISABLED_RULESET_SUFFIX}`;

export type RulesetPickerOption = { value: string; label: string };

/** NONE first, then every ruleset by the order given, disabled ones suffixed. */
export const rulesetPickerOptions = (
  rulesets: readonly Pick<TicketRuleset, 'id' | 'name' | 'enabled'>[],
): RulesetPickerOption[] => [
  { value: RULESET_NONE, label: RULESET_NONE_LABEL },
  ...rulesets.map((ruleset) => ({ value: String(ruleset.id), label: rulesetPickerLabel(ruleset) })),
];

export type TicketRulesetChoice = { createTicket: boolean; ticketRulesetId: number | null };

/** NONE: no ticket is created. Any ruleset id: ticket creation on, with that ruleset. */
export const applyRulesetChoice = (choice: string | number): TicketRulesetChoice => {
  if (choice === RULESET_NONE) return { createTicket: false, ticketRulesetId: null };
  const id = Number(choice);
  if (!Number.isInteger(id)) throw new RangeError(`Not a ruleset choice: ${String(choice)}`);
  return { createTicket: true, ticketRulesetId: id };
};

// ---------------------------------------------------------------- the condition editor's picker

export const RULESET_DEFAULT = 'DEFAULT';

/**
 * The picker of a policy condition: NONE, the default ruleset (whichever is the default when the condition
 * triggers), then the condition rulesets by the order given, disabled ones suffixed. `defaultLabel` names
 * the default choice ("Default ruleset (Standard)").
 */
export const conditionRulesetPickerOptions = (
  rulesets: readonly Pick<TicketRuleset, 'id' | 'name' | 'enabled' | 'type'>[],
  defaultLabel: string,
): RulesetPickerOption[] => {
  const [none, ...others] = rulesetPickerOptions(rulesets.filter((r) => r.type === 'CONDITION_RULE'));
  return [none!, { value: RULESET_DEFAULT, label: defaultLabel }, ...others];
};

/** A condition's ticketing from the picker's value: NONE, DEFAULT, or a ruleset id. */
export const ticketingOfChoice = (choice: string): ConditionTicketing => {
  if (choice === RULESET_DEFAULT) return { mode: 'DEFAULT' };
  const { ticketRulesetId } = applyRulesetChoice(choice);
  return ticketRulesetId === null ? { mode: 'NONE' } : { mode: 'RULESET', rulesetId: ticketRulesetId };
};

/** The picker's value for a condition's ticketing. */
export const choiceOfTicketing = (ticketing: ConditionTicketing): string =>
  ticketing.mode === 'RULESET'
    ? String(ticketing.rulesetId)
    : ticketing.mode === 'DEFAULT'
      ? RULESET_DEFAULT
      : RULESET_NONE;
