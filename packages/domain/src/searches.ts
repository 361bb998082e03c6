import * as z from 'zod';
import { MAX_TAG_LENGTH } from './constants.ts';

/** Spec §3 saved device search and its default presets, with criteria as data. */

export const deviceSearchFields = [
  'status',
  'remoteSupportTools',
  'diskFreePercent',
  'patchFailures',
  'deviceClass',
  'needsReboot',
  'installIssues',
  // Plain device fields, for searches a technician builds.
  'displayName',
  'hostname',
  'osName',
  'platform',
  'loggedOnUser',
  'approvalStatus',
  'nodeRoleId',
  'cpuPercent',
  'memoryPercent',
  // The device's tags (device-tags.ts), compared by name whatever its case.
  'tags',
  // Its health from its active alerts (alerts.ts, `deriveHealthStatus`).
  'healthStatus',
] as const;
export const DeviceSearchField = /* @__PURE__ */ z.enum(deviceSearchFields);
export type DeviceSearchField = z.infer<typeof DeviceSearchField>;

export const searchOperators = [
  'equals',
  'notEquals',
  'lessThan',
  'lessThanOrEqual',
  'greaterThan',
  'greaterThanOrEqual',
  'contains',
  'isEmpty',
  'isNotEmpty',
  // A list of names against the device's tags: at least one, every one, or none of them.
  'hasAnyOf',
  'hasAllOf',
  'hasNoneOf',
] as const;
export const SearchOperator = /* @__PURE__ */ z.enum(searchOperators);
export type SearchOperator = z.infer<typeof SearchOperator>;

/** What a field holds, as stored: the server compares by it and a value of another type matches nothing. */
export type SearchFieldType = 'text' | 'number' | 'boolean' | 'array' | 'tags';

/** How a field's value is entered in the console: a list to pick from, a number, yes/no or text. */
export type SearchValueInput =
  | 'status'
  | 'deviceClass'
  | 'approvalStatus'
  | 'healthStatus'
  | 'platform'
  | 'nodeRole'
  | 'number'
  | 'boolean'
  | 'text'
  | 'tags';

export type SearchFieldSpec = {
  type: SearchFieldType;
  input: SearchValueInput;
  /** The operators offered: those that can match something for this field. */
  operators: readonly SearchOperator[];
  /** An integer column (the server binds integer bounds so the column's index serves them). */
  isInteger?: boolean;
};

const numberOperators = [
  'equals',
  'notEquals',
  'lessThan',
  'lessThanOrEqual',
  'greaterThan',
  'greaterThanOrEqual',
] as const;
const textOperators = ['contains', 'equals', 'notEquals', 'isEmpty', 'isNotEmpty'] as const;
const pickOperators = ['equals', 'notEquals'] as const;

/** Every search field once: its stored type, its input in the criteria builder and its operators. */
export const searchFieldSpecs: Readonly<Record<DeviceSearchField, SearchFieldSpec>> = {
  status: { type: 'text', input: 'status', operators: pickOperators },
  deviceClass: {
    type: 'text',
    input: 'deviceClass',
    operators: ['equals', 'notEquals', 'isEmpty', 'isNotEmpty'],
  },
  remoteSupportTools: { type: 'array', input: 'text', operators: ['contains', 'isEmpty', 'isNotEmpty'] },
  diskFreePercent: { type: 'number', input: 'number', operators: numberOperators },
  patchFailures: { type: 'number', input: 'number', operators: numberOperators, isInteger: true },
  installIssues: { type: 'number', input: 'number', operators: numberOperators, isInteger: true },
  needsReboot: { type: 'boolean', input: 'boolean', operators: pickOperators },
  // A device always has a display name, so "is empty" would match nothing.
  displayName: { type: 'text', input: 'text', operators: ['contains', 'equals', 'notEquals'] },
  hostname: { type: 'text', input: 'text', operators: textOperators },
  osName: { type: 'text', input: 'text', operators: textOperators },
  platform: { type: 'text', input: 'platform', operators: pickOperators },
  loggedOnUser: { type: 'text', input: 'text', operators: textOperators },
  approvalStatus: { type: 'text', input: 'approvalStatus', operators: pickOperators },
  nodeRoleId: { type: 'number', input: 'nodeRole', operators: pickOperators, isInteger: true },
  cpuPercent: { type: 'number', input: 'number', operators: numberOperators },
  memoryPercent: { type: 'number', input: 'number', operators: numberOperators },
  healthStatus: { type: 'text', input: 'healthStatus', operators: pickOperators },
  tags: {
    type: 'tags',
    input: 'tags',
    operators: ['hasAnyOf', 'hasAllOf', 'hasNoneOf', 'isEmpty', 'isNotEmpty'],
  },
};

/** The operators whose value is a list of tag names. */
export const tagListOperators = ['hasAnyOf', 'hasAllOf', 'hasNoneOf'] as const;
export type TagListOperator = (typeof tagListOperators)[number];
export const isTagListOperator = (operator: SearchOperator): operator is TagListOperator =>
  (tagListOperators as readonly string[]).includes(operator);

/** Names one tag rule may list. */
export const MAX_CRITERIA_TAGS = 50;

/** UP and DOWN by presence; WARNING: online with a health status of NEEDS_ATTENTION or UNHEALTHY. */
export const deviceStatuses = ['UP', 'DOWN', 'WARNING'] as const;
export const DeviceStatus = /* @__PURE__ */ z.enum(deviceStatuses);
export type DeviceStatus = z.infer<typeof DeviceStatus>;

/** A device's health from its active alerts (alerts.ts `deriveHealthStatus`); here so devices.ts needs no alerts. */
export const healthStatuses = ['HEALTHY', 'NEEDS_ATTENTION', 'UNHEALTHY', 'UNKNOWN'] as const;
export const HealthStatus = /* @__PURE__ */ z.enum(healthStatuses);
export type HealthStatus = z.infer<typeof HealthStatus>;

export const NETWORK_DEVICE_CLASS = 'NETWORK_DEVICE';
export const LOW_DISK_FREE_PERCENT = 10;

/** A list of names is the value of the tag operators (`hasAnyOf`...); with any other it matches nothing. */
export const CriteriaValue = /* @__PURE__ */ z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string().min(1).max(MAX_TAG_LENGTH)).max(MAX_CRITERIA_TAGS),
]);
export type CriteriaValue = z.infer<typeof CriteriaValue>;

export const CriteriaRule = /* @__PURE__ */ z.object({
  field: DeviceSearchField,
  operator: SearchOperator,
  value: CriteriaValue,
});
export type CriteriaRule = z.infer<typeof CriteriaRule>;

/** An empty rule list matches every device. */
export const SearchCriteria = /* @__PURE__ */ z.object({
  match: z.enum(['all', 'any']),
  rules: z.array(CriteriaRule),
});
export type SearchCriteria = z.infer<typeof SearchCriteria>;

export const SavedDeviceSearch = /* @__PURE__ */ z.object({
  id: z.number().int(),
  search: z.string(),
  criteria: SearchCriteria,
  customFields: z.string().nullish(),
});
export type SavedDeviceSearch = z.infer<typeof SavedDeviceSearch>;

const parseJsonObject = (text: string | null | undefined): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

/** customFields is a JSON object merged into the record; the record's own fields win; bad JSON adds nothing. */
export const withCustomFields = <T extends { customFields?: string | null }>(
  record: T,
): T & Record<string, unknown> => ({ ...parseJsonObject(record.customFields), ...record });

type Preset = { id: number; key: string; search: string; criteria: SearchCriteria };

const rule = (field: DeviceSearchField, operator: SearchOperator, value: CriteriaValue = null) => ({
  field,
  operator,
  value,
});
const allOf = (...rules: CriteriaRule[]): SearchCriteria => ({ match: 'all', rules });

/** Presets have negative ids so they never collide with stored searches. */
export const defaultSearchPresets = [
  { id: -1, key: 'ALL', search: 'All devices', criteria: allOf() },
  { id: -2, key: 'UP', search: 'Up', criteria: allOf(rule('status', 'equals', 'UP')) },
  { id: -3, key: 'DOWN', search: 'Down', criteria: allOf(rule('status', 'equals', 'DOWN')) },
  { id: -4, key: 'WARNING', search: 'Warning', criteria: allOf(rule('status', 'equals', 'WARNING')) },
  {
    id: -5,
    key: 'REMOTE_SUPPORT_TOOL',
    search: 'Remote support tool installed',
    criteria: allOf(rule('remoteSupportTools', 'isNotEmpty')),
  },
  {
    id: -6,
    key: 'LOW_DISK_SPACE',
    search: 'Disk free space under 10%',
    criteria: allOf(rule('diskFreePercent', 'lessThan', LOW_DISK_FREE_PERCENT)),
  },
  {
    id: -7,
    key: 'FAILED_PATCHES',
    search: 'Failed patches',
    criteria: allOf(rule('patchFailures', 'greaterThan', 0)),
  },
  {
    id: -8,
    key: 'NETWORK_DEVICES',
    search: 'Network devices',
    criteria: allOf(rule('deviceClass', 'equals', NETWORK_DEVICE_CLASS)),
  },
  {
    id: -9,
    key: 'NEEDS_REBOOT',
    search: 'Needs reboot',
    criteria: allOf(rule('needsReboot', 'equals', true)),
  },
  {
    id: -10,
    key: 'INSTALL_ISSUES',
    search: 'Install issues',
    criteria: allOf(rule('installIssues', 'greaterThan', 0)),
  },
] as const satisfies readonly Preset[];
export type SearchPresetKey = (typeof defaultSearchPresets)[number]['key'];

export type SearchableDevice = Partial<Record<DeviceSearchField, unknown>>;

const isEmptyValue = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

const compare = (
  actual: unknown,
  expected: CriteriaValue,
  test: (a: number, b: number) => boolean,
): boolean => typeof actual === 'number' && typeof expected === 'number' && test(actual, expected);

const contains = (actual: unknown, expected: CriteriaValue): boolean =>
  Array.isArray(actual)
    ? actual.includes(expected)
    : // Text contains ignores case: "WEB" finds web-01.
      typeof actual === 'string' &&
      typeof expected === 'string' &&
      actual.toLowerCase().includes(expected.toLowerCase());

const operatorTests: Readonly<Record<SearchOperator, (actual: unknown, expected: CriteriaValue) => boolean>> =
  {
    equals: (a, b) => a === b,
    notEquals: (a, b) => a !== b,
    lessThan: (a, b) => compare(a, b, (x, y) => x < y),
    lessThanOrEqual: (a, b) => compare(a, b, (x, y) => x <= y),
    greaterThan: (a, b) => compare(a, b, (x, y) => x > y),
    greaterThanOrEqual: (a, b) => compare(a, b, (x, y) => x >= y),
    contains,
    isEmpty: (a) => isEmptyValue(a),
    isNotEmpty: (a) => !isEmptyValue(a),
    // Only a tag field has tags (matchesTags).
    hasAnyOf: () => false,
    hasAllOf: () => false,
    hasNoneOf: () => false,
  };

const lower = (names: readonly unknown[]) =>
  names.filter((name): name is string => typeof name === 'string').map((name) => name.toLowerCase());

/** The tag operators: a list of names against the device's names, whatever their case. */
const tagListTests: Readonly<Record<TagListOperator, (tags: string[], names: string[]) => boolean>> = {
  hasAnyOf: (tags, names) => names.some((name) => tags.includes(name)),
  hasAllOf: (tags, names) => names.every((name) => tags.includes(name)),
  hasNoneOf: (tags, names) => !names.some((name) => tags.includes(name)),
};

/**
 * A tag field holds names compared whatever their case: `contains` one name, `isEmpty` no tags; a scalar
 * never equals a list (`equals` nothing, `notEquals` everything) and numbers do not order it.
 */
const matchesTags = (actual: unknown, { operator, value }: CriteriaRule): boolean => {
  const tags = Array.isArray(actual) ? lower(actual) : [];
  if (isTagListOperator(operator)) return Array.isArray(value) && tagListTests[operator](tags, lower(value));
  if (operator === 'contains') return typeof value === 'string' && tags.includes(value.toLowerCase());
  return operatorTests[operator](tags, value);
};

export const matchesRule = (device: SearchableDevice, criteriaRule: CriteriaRule): boolean =>
  searchFieldSpecs[criteriaRule.field].type === 'tags'
    ? matchesTags(device[criteriaRule.field], criteriaRule)
    : operatorTests[criteriaRule.operator](device[criteriaRule.field], criteriaRule.value);

/** The reference meaning of criteria, for the server query and tests alike. */
export const matchesCriteria = (device: SearchableDevice, criteria: SearchCriteria): boolean =>
  criteria.match === 'all'
    ? criteria.rules.every((r) => matchesRule(device, r))
    : criteria.rules.some((r) => matchesRule(device, r));
