import {
  type AgentCondition,
  type ConditionParameters,
  type ConditionType,
  conditionParameterSchemas,
} from '@rmm/domain';
import { ConditionNotSampledError } from '../types.ts';

/** The condition's parameters with the type's defaults; the server validated them, a newer server may add fields. */
export const parametersOf = <T extends ConditionType>(
  condition: AgentCondition,
  type: T,
): ConditionParameters<T> => {
  const schema = conditionParameterSchemas[type];
  // The schemas are strict; fields a newer server adds (SCRIPT_RESULT's script) are read where they are used.
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  const input = shape
    ? Object.fromEntries(Object.entries(condition.parameters).filter(([name]) => Object.hasOwn(shape, name)))
    : condition.parameters;
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    throw new ConditionNotSampledError(
      `the parameters of ${type} condition ${condition.key} are not valid: ${parsed.error.issues
        .map((issue) => `${issue.path.join('.')} ${issue.message}`)
        .join('; ')}`,
    );
  return parsed.data as ConditionParameters<T>;
};

export const minutesMs = (secondMs: number, minutes: number) => Math.round(minutes * 60 * secondMs);

/** Whole or with two decimals, as a figure is shown. */
export const round2 = (value: number) => Math.round(value * 100) / 100;
