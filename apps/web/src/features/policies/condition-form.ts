import {
  type AlertPriority,
  type AlertSeverity,
  Condition,
  type ConditionAutomation,
  type ConditionNotification,
  type ConditionType,
  conditionTypeFitsClass,
  findConditionTypeInfo,
  type NodeClass,
  type ResetMode,
} from '@rmm/domain';
import { initialParameters, parameterFields, parametersToSend } from './parameter-fields.ts';

/**
 * The condition dialog's state and its check: the values as the form holds them (numbers that may be empty,
 * lists as typed text), turned into a condition and judged by the domain's `Condition` schema, whose
 * messages are shown at the fields they concern.
 */

export type AutomationDraft = { scriptId: number | null; runAs: ConditionAutomation['runAs'] };

export type ConditionFormState = {
  id: string;
  type: ConditionType;
  name: string;
  enabled: boolean;
  severity: AlertSeverity;
  priority: AlertPriority;
  resetMode: ResetMode;
  resetAfterMinutes: number | '';
  notifyOnReset: boolean;
  notifications: ConditionNotification[];
  ticketingMode: 'NONE' | 'DEFAULT' | 'RULESET';
  rulesetId: number | '';
  automations: AutomationDraft[];
  probeDeviceId: number | null;
  parameters: Record<string, unknown>;
  /** Number lists as typed ("200, 301"), by parameter. */
  listTexts: Record<string, string>;
};

const listText = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');

const listTextsOf = (type: ConditionType, parameters: Record<string, unknown>) =>
  Object.fromEntries(
    parameterFields(type)
      .filter((field) => field.kind === 'numberList')
      .map((field) => [field.key, listText(parameters[field.key])]),
  );

export const newConditionState = (
  type: ConditionType,
  id: string = crypto.randomUUID(),
): ConditionFormState => {
  const parameters = initialParameters(type);
  return {
    id,
    type,
    name: findConditionTypeInfo(type).label,
    enabled: true,
    severity: 'MAJOR',
    priority: 'MEDIUM',
    resetMode: 'WHEN_CLEARED',
    resetAfterMinutes: '',
    notifyOnReset: false,
    notifications: [],
    ticketingMode: 'NONE',
    rulesetId: '',
    automations: [],
    probeDeviceId: null,
    parameters,
    listTexts: listTextsOf(type, parameters),
  };
};

/** A new type keeps what does not depend on the type (name only while it was the old type's label). */
export const withType = (state: ConditionFormState, type: ConditionType): ConditionFormState => {
  const fresh = newConditionState(type, state.id);
  const keepName = state.name.trim() !== '' && state.name !== findConditionTypeInfo(state.type).label;
  return {
    ...state,
    type,
    name: keepName ? state.name : fresh.name,
    parameters: fresh.parameters,
    listTexts: fresh.listTexts,
    probeDeviceId: findConditionTypeInfo(type).network ? state.probeDeviceId : null,
  };
};

export const stateOfCondition = (condition: Condition): ConditionFormState => {
  const parameters = { ...(condition.parameters as Record<string, unknown>) };
  return {
    id: condition.id,
    type: condition.type,
    name: condition.name,
    enabled: condition.enabled,
    severity: condition.severity,
    priority: condition.priority,
    resetMode: condition.reset.mode,
    resetAfterMinutes: condition.reset.afterMinutes ?? '',
    notifyOnReset: condition.notifyOnReset,
    notifications: condition.notifications.map((n) => ({ ...n })),
    ticketingMode: condition.ticketing.mode,
    rulesetId: condition.ticketing.mode === 'RULESET' ? condition.ticketing.rulesetId : '',
    automations: condition.automations.map((a) => ({ scriptId: a.scriptId, runAs: a.runAs })),
    probeDeviceId: condition.probeDeviceId,
    parameters,
    listTexts: listTextsOf(condition.type, parameters),
  };
};

/** "200, 301" as numbers; undefined when a part is not a whole number. */
export const parseNumberList = (text: string): number[] | undefined => {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.some((part) => !/^-?\d+$/.test(part))) return undefined;
  return parts.map(Number);
};

export type ConditionCheck =
  | { condition: Condition; errors: Record<string, never> }
  | { condition?: undefined; errors: Record<string, string> };

/**
 * Builds the condition and checks it with the domain's schema; the errors are keyed by the field they
 * concern (`name`, `parameters.thresholdPercent`, `reset.afterMinutes`, `automations.0.scriptId`...).
 * `listInvalid` is the message for a list that is not numbers; `notForClass` for a type of another class.
 */
export const checkCondition = (
  state: ConditionFormState,
  messages: { listInvalid: string; notForClass: string },
  nodeClass?: NodeClass,
): ConditionCheck => {
  const errors: Record<string, string> = {};
  const parameters: Record<string, unknown> = { ...state.parameters };
  for (const [key, text] of Object.entries(state.listTexts)) {
    const list = parseNumberList(text);
    if (list === undefined) errors[`parameters.${key}`] = messages.listInvalid;
    else parameters[key] = list;
  }
  const candidate = {
    id: state.id,
    type: state.type,
    name: state.name,
    enabled: state.enabled,
    severity: state.severity,
    priority: state.priority,
    reset:
      state.resetMode === 'AFTER_TIME'
        ? {
            mode: state.resetMode,
            ...(state.resetAfterMinutes === '' ? {} : { afterMinutes: state.resetAfterMinutes }),
          }
        : { mode: state.resetMode },
    notifyOnReset: state.notifyOnReset,
    notifications: state.notifications,
    ticketing:
      state.ticketingMode === 'RULESET'
        ? { mode: 'RULESET', rulesetId: state.rulesetId === '' ? undefined : state.rulesetId }
        : { mode: state.ticketingMode },
    automations: state.automations.map((a) => ({
      scriptId: a.scriptId ?? undefined,
      ...(a.runAs ? { runAs: a.runAs } : {}),
    })),
    probeDeviceId: state.probeDeviceId,
    parameters: parametersToSend(state.type, parameters),
  };
  const result = Condition.safeParse(candidate);
  if (!result.success)
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || 'type';
      errors[key] ??= issue.message;
    }
  if (nodeClass && !conditionTypeFitsClass(state.type, nodeClass)) errors.type ??= messages.notForClass;
  if (Object.keys(errors).length > 0 || !result.success) return { errors };
  return { condition: result.data, errors: {} };
};
