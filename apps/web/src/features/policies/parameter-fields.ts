import { type ConditionType, conditionParameterSchemas } from '@rmm/domain';

/**
 * The form of a condition type's parameters, read from its schema (conditions.ts): each field's kind, range,
 * default and unit. Units come from the field's name (`…Percent`, `…Minutes`, `…Bytes`...), the one naming
 * rule of the parameter schemas.
 */

export type ParameterUnit = 'percent' | 'minutes' | 'hours' | 'days' | 'seconds' | 'ms' | 'celsius' | 'bytes';

export type ParameterField = {
  key: string;
  kind: 'number' | 'enum' | 'text' | 'boolean' | 'numberList' | 'script' | 'runAs';
  required: boolean;
  defaultValue?: unknown;
  min?: number;
  max?: number;
  options?: readonly string[];
  unit?: ParameterUnit;
};

type SchemaNode = {
  def: {
    type: string;
    innerType?: SchemaNode;
    defaultValue?: unknown;
    element?: SchemaNode;
  };
  minValue?: number | null;
  maxValue?: number | null;
  options?: readonly string[];
  shape?: Record<string, SchemaNode>;
};

const unitOf = (key: string): ParameterUnit | undefined => {
  if (key.endsWith('Percent')) return 'percent';
  if (key.endsWith('Minutes')) return 'minutes';
  if (key.endsWith('Hours')) return 'hours';
  if (key.endsWith('Days')) return 'days';
  if (key.endsWith('Seconds')) return 'seconds';
  if (key.endsWith('Ms')) return 'ms';
  if (key.endsWith('Celsius')) return 'celsius';
  if (key.endsWith('Bytes')) return 'bytes';
  return undefined;
};

const fieldOf = (key: string, schema: SchemaNode): ParameterField => {
  let node = schema;
  let required = true;
  let defaultValue: unknown;
  while (node.def.type === 'default' || node.def.type === 'optional') {
    if (node.def.type === 'default') defaultValue = node.def.defaultValue;
    required = false;
    node = node.def.innerType!;
  }
  const base = { key, required, ...(defaultValue === undefined ? {} : { defaultValue }) };
  if (key === 'scriptId') return { ...base, kind: 'script' };
  switch (node.def.type) {
    case 'number':
      return {
        ...base,
        kind: 'number',
        min: node.minValue ?? undefined,
        max: node.maxValue ?? undefined,
        unit: unitOf(key),
      };
    case 'enum':
      return { ...base, kind: 'enum', options: node.options ?? [] };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'array':
      return { ...base, kind: 'numberList' };
    case 'union':
      return { ...base, kind: 'runAs' };
    default:
      return { ...base, kind: 'text' };
  }
};

const cache = new Map<ConditionType, ParameterField[]>();

export const parameterFields = (type: ConditionType): ParameterField[] => {
  const known = cache.get(type);
  if (known) return known;
  const shape = (conditionParameterSchemas[type] as unknown as SchemaNode).shape ?? {};
  const fields = Object.entries(shape).map(([key, schema]) => fieldOf(key, schema));
  cache.set(type, fields);
  return fields;
};

/** Fields that matter only for one choice of another field of the same type. */
const visibleWhen: Partial<Record<ConditionType, Record<string, (p: Record<string, unknown>) => boolean>>> = {
  DISK: {
    thresholdPercent: (p) => p.mode === 'PERCENT_FREE',
    thresholdBytes: (p) => p.mode === 'BYTES_FREE',
  },
  SERVICE: { restartAttempts: (p) => p.trigger === 'NOT_RUNNING' },
  ANTIVIRUS: { outOfDateDays: (p) => p.trigger === 'OUT_OF_DATE' },
  BACKUP_JOB: { notRunHours: (p) => p.trigger === 'NOT_RUN' },
};

export const isFieldVisible = (type: ConditionType, key: string, parameters: Record<string, unknown>) =>
  visibleWhen[type]?.[key]?.(parameters) ?? true;

/** Starting values a new condition gets where its schema has no default. */
const suggested: Record<string, unknown> = {
  thresholdPercent: 90,
  durationMinutes: 5,
  pendingForMinutes: 1440,
  windowMinutes: 60,
  afterMinutes: 15,
  intervalMinutes: 60,
  thresholdCelsius: 80,
  thresholdBytes: 10 * 2 ** 30,
  port: 443,
};
const suggestedFor: Partial<Record<ConditionType, Record<string, unknown>>> = {
  DISK: { thresholdPercent: 10, durationMinutes: 15 },
  BATTERY: { thresholdPercent: 20 },
  PORTS: { port: 443 },
};

/** A new condition's parameters: each field's default, else a sensible start (required text stays empty). */
export const initialParameters = (type: ConditionType): Record<string, unknown> => {
  const values: Record<string, unknown> = {};
  for (const field of parameterFields(type)) {
    const start = suggestedFor[type]?.[field.key] ?? field.defaultValue ?? suggested[field.key];
    if (start !== undefined) values[field.key] = structuredClone(start);
    else if (field.kind === 'enum' && field.required) values[field.key] = field.options?.[0];
    else if (field.kind === 'text' && field.required) values[field.key] = '';
    else if (field.kind === 'number' && field.required && field.min !== undefined)
      values[field.key] = field.min;
  }
  return values;
};

/** The parameters as they are sent: fields hidden by another field's choice are left out when optional. */
export const parametersToSend = (type: ConditionType, parameters: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(parameters).filter(([key, value]) => {
      const field = parameterFields(type).find((f) => f.key === key);
      if (!field) return false;
      if (value === undefined || value === '') return field.kind === 'text';
      return field.required || isFieldVisible(type, key, parameters);
    }),
  );
