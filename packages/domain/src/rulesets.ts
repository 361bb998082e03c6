import * as z from 'zod';

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

/** An item of a ticket template setup list (status, priority, severity...), by id or by name. */
const SetupItemRef = /* @__PURE__ */ z.union([z.number().int(), z.string()]).nullable();

export const ConditionTriggerSettings = /* @__PURE__ */ z.object({
  ticketFormId: z.number().int().nullable(),
  status: SetupItemRef,
  tags: z.array(z.string()),
  priority: SetupItemRef,
  severity: SetupItemRef,
  /** Only present when a ruleset is read by id (TicketRuleById). */
  useOwnerAsRequester: z.boolean().optional(),
});
export type ConditionTriggerSettings = z.infer<typeof ConditionTriggerSettings>;

export const ConditionResetSettings = /* @__PURE__ */ z.object({
  status: SetupItemRef,
  time: z.object({ value: z.number().int().nonnegative(), unit: ResetTimeUnit }),
});
export type ConditionResetSettings = z.infer<typeof ConditionResetSettings>;

export const ConditionReTriggerSettings = /* @__PURE__ */ z.object({
  createNewTicket: z.boolean(),
  status: SetupItemRef,
  tags: z.array(z.string()),
  priority: SetupItemRef,
  severity: SetupItemRef,
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
});
export type TicketRuleset = z.infer<typeof TicketRuleset>;

export const NewTicketRulesetInput = /* @__PURE__ */ TicketRuleset.omit({
  id: true,
  createTime: true,
  updateTime: true,
});
export type NewTicketRulesetInput = z.infer<typeof NewTicketRulesetInput>;
export const TicketRulesetInput = /* @__PURE__ */ TicketRuleset.omit({ createTime: true, updateTime: true });
export type TicketRulesetInput = z.infer<typeof TicketRulesetInput>;

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
