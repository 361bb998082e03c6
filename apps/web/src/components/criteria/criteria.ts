import {
  type CriteriaRule,
  type CriteriaValue,
  type DeviceSearchField,
  NETWORK_DEVICE_CLASS,
  type SearchCriteria,
  type SearchOperator,
  type SearchValueInput,
  searchFieldSpecs,
} from '@rmm/domain';

/** How a field's value is entered: a list to pick from, a number, yes/no or text. */
export type ValueKind = SearchValueInput;

/** The fields of the criteria builder: their input and offered operators come from the domain's table. */
export const criteriaFields: Readonly<
  Record<DeviceSearchField, { kind: ValueKind; operators: readonly SearchOperator[] }>
> = Object.fromEntries(
  Object.entries(searchFieldSpecs).map(([field, spec]) => [
    field,
    { kind: spec.input, operators: spec.operators },
  ]),
) as Record<DeviceSearchField, { kind: ValueKind; operators: readonly SearchOperator[] }>;

/** A rule's own operator stays selectable even where the field does not offer it (stored searches). */
export const operatorsFor = (rule: CriteriaRule): SearchOperator[] => {
  const offered = criteriaFields[rule.field].operators;
  return offered.includes(rule.operator) ? [...offered] : [...offered, rule.operator];
};

export const needsValue = (operator: SearchOperator) => operator !== 'isEmpty' && operator !== 'isNotEmpty';

/** A role has no sensible default: the value stays empty until one is picked. */
const defaultValues: Readonly<Record<ValueKind, CriteriaValue>> = {
  status: 'UP',
  deviceClass: NETWORK_DEVICE_CLASS,
  approvalStatus: 'PENDING',
  healthStatus: 'NEEDS_ATTENTION',
  platform: 'win32',
  nodeRole: null,
  number: 0,
  boolean: true,
  text: '',
  tags: [],
};
const defaultValue = (kind: ValueKind): CriteriaValue => defaultValues[kind];

export const newRule = (field: DeviceSearchField = 'status'): CriteriaRule => ({
  field,
  operator: criteriaFields[field].operators[0]!,
  value: defaultValue(criteriaFields[field].kind),
});

/** The server derives one device class so far: network devices (devices with an NMS role). */
export const deviceClassOptions = (current: CriteriaValue): string[] =>
  typeof current === 'string' && current !== NETWORK_DEVICE_CLASS
    ? [NETWORK_DEVICE_CLASS, current]
    : [NETWORK_DEVICE_CLASS];

export const withOperator = (rule: CriteriaRule, operator: SearchOperator): CriteriaRule => ({
  ...rule,
  operator,
  value: needsValue(operator)
    ? needsValue(rule.operator)
      ? rule.value
      : defaultValue(criteriaFields[rule.field].kind)
    : null,
});

/** A rule the server can run: a value where the operator needs one, of the field's type. */
export const isRuleComplete = (rule: CriteriaRule) => {
  if (!needsValue(rule.operator)) return true;
  const { kind } = criteriaFields[rule.field];
  if (kind === 'number' || kind === 'nodeRole')
    return typeof rule.value === 'number' && Number.isFinite(rule.value);
  if (kind === 'boolean') return typeof rule.value === 'boolean';
  if (kind === 'tags') return Array.isArray(rule.value) && rule.value.length > 0;
  return typeof rule.value === 'string' && rule.value.trim() !== '';
};

export const isCriteriaComplete = (criteria: SearchCriteria) => criteria.rules.every(isRuleComplete);

export const sameCriteria = (a: SearchCriteria, b: SearchCriteria) =>
  JSON.stringify({
    match: a.match,
    rules: a.rules.map(({ field, operator, value }) => [field, operator, value]),
  }) ===
  JSON.stringify({
    match: b.match,
    rules: b.rules.map(({ field, operator, value }) => [field, operator, value]),
  });

export const emptyCriteria = (): SearchCriteria => ({ match: 'all', rules: [] });
