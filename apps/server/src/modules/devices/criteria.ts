import {
  builtInNodeRoles,
  type CriteriaRule,
  type CriteriaValue,
  type DeviceSearchField,
  NETWORK_DEVICE_CLASS,
  type SearchCriteria,
  type SearchFieldType,
  type SearchOperator,
  searchFieldSpecs,
} from '@rmm/domain';
import { and, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { devices } from '../../db/schema.ts';
import { findTagIdsNamed } from '../tags/repository.ts';
import { type TagIds, tagNamesInCriteria, tagRuleCondition } from '../tags/sql.ts';

/**
 * Criteria (packages/domain searches.ts) as a SQL condition, with the meaning of `matchesCriteria`:
 * only whitelisted fields and operators, every value bound as a parameter, a type mismatch matches nothing
 * (notEquals: everything), as the reference does.
 */

type FieldKind = SearchFieldType;
/**
 * `kind` and `isInteger` come from the domain's field table (`searchFieldSpecs`). `mirrorOf`: the field is `total - column` (disk free from disk used); comparisons are written on the
 * column itself, flipped, so its index serves them. `isInteger`: an integer column, compared with an
 * integer parameter where the value allows (a float parameter would cast the column and skip its index).
 * `equalsOf`: the condition for equality with a value, written so that indexes serve it.
 */
type Field = {
  kind: FieldKind;
  expression: SQL;
  mirrorOf?: { column: SQL; total: number };
  isInteger?: boolean;
  equalsOf?: (value: string) => SQL;
};

const networkRoleIds = builtInNodeRoles.filter((r) => r.nodeClass.startsWith('NMS_')).map((r) => r.id);

const networkRoles = sql`(${sql.join(
  networkRoleIds.map((id) => sql`${id}`),
  sql`, `,
)})`;

/** A device without its own class is a network device when its role is one of the NMS roles. */
const deviceClassExpression = sql`coalesce(${devices.deviceClass}, case when ${devices.nodeRoleId} in ${networkRoles} then ${NETWORK_DEVICE_CLASS} end)`;

/** The same meaning as `deviceClassExpression = value`, on the class and role indexes. */
const deviceClassEquals = (value: string) =>
  value === NETWORK_DEVICE_CLASS
    ? sql`(${devices.deviceClass} = ${value}::text or (${devices.deviceClass} is null and ${devices.nodeRoleId} in ${networkRoles}))`
    : sql`${devices.deviceClass} = ${value}::text`;

type Column = Omit<Field, 'kind' | 'isInteger'>;
/** The fields of the device row itself; `tags` lives in its own tables (`tagRuleCondition`). */
type ColumnField = Exclude<DeviceSearchField, 'tags'>;

/** Where each field lives in SQL; what it holds is the domain's table. */
const columns: Readonly<Record<ColumnField, Column>> = {
  status: { expression: sql`${devices.status}` },
  deviceClass: { expression: deviceClassExpression, equalsOf: deviceClassEquals },
  remoteSupportTools: { expression: sql`${devices.remoteSupportTools}` },
  // The heartbeat reports the fullest volume's use; its free share is the rest.
  diskFreePercent: {
    expression: sql`(100 - ${devices.diskPercent})`,
    mirrorOf: { column: sql`${devices.diskPercent}`, total: 100 },
  },
  patchFailures: { expression: sql`${devices.patchFailures}` },
  installIssues: { expression: sql`${devices.installIssues}` },
  needsReboot: { expression: sql`${devices.pendingReboot}` },
  displayName: { expression: sql`${devices.displayName}` },
  hostname: { expression: sql`${devices.hostname}` },
  osName: { expression: sql`${devices.osName}` },
  platform: { expression: sql`${devices.platform}` },
  loggedOnUser: { expression: sql`${devices.loggedOnUser}` },
  approvalStatus: { expression: sql`${devices.approvalStatus}` },
  nodeRoleId: { expression: sql`${devices.nodeRoleId}` },
  cpuPercent: { expression: sql`${devices.cpuPercent}` },
  memoryPercent: { expression: sql`${devices.memoryPercent}` },
  healthStatus: { expression: sql`${devices.healthStatus}` },
};

const fields = Object.fromEntries(
  Object.entries(columns).map(([name, column]) => {
    const spec = searchFieldSpecs[name as ColumnField];
    return [name, { ...column, kind: spec.type, ...(spec.isInteger ? { isInteger: true } : {}) }];
  }),
) as Readonly<Record<ColumnField, Field>>;

const valueKind: Record<string, FieldKind> = { string: 'text', number: 'number', boolean: 'boolean' };
const fits = (field: Field, value: CriteriaValue) =>
  value !== null && field.kind !== 'array' && valueKind[typeof value] === field.kind;

/** A bound parameter cast to the column's type, so PostgreSQL and PGlite compare alike. */
const param = (field: Field, value: CriteriaValue): SQL =>
  field.kind === 'number'
    ? sql`${value}::double precision`
    : field.kind === 'boolean'
      ? sql`${value}::boolean`
      : sql`${value}::text`;

const isEmpty = (field: Field): SQL =>
  field.kind === 'array'
    ? sql`jsonb_array_length(${field.expression}) = 0`
    : field.kind === 'text'
      ? sql`(${field.expression} is null or ${field.expression} = '')`
      : sql`${field.expression} is null`;

type Comparison = '<' | '<=' | '>' | '>=';
const flipped: Record<Comparison, Comparison> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/** For an integer column: `x > 2.5` is `x > 2`, `x >= 2.5` is `x >= 3`, and so on. */
const integerBound = (op: Comparison, value: number) =>
  op === '>' || op === '<=' ? Math.floor(value) : Math.ceil(value);

const compare =
  (op: Comparison) =>
  (field: Field, value: CriteriaValue): SQL => {
    if (field.kind !== 'number' || typeof value !== 'number') return sql`false`;
    const { mirrorOf } = field;
    if (mirrorOf)
      return sql`${mirrorOf.column} ${sql.raw(flipped[op])} ${param(field, mirrorOf.total - value)}`;
    const bound = integerBound(op, value);
    if (field.isInteger && Number.isSafeInteger(bound))
      return sql`${field.expression} ${sql.raw(op)} ${bound}::bigint`;
    return sql`${field.expression} ${sql.raw(op)} ${param(field, value)}`;
  };

const equals = (field: Field, value: CriteriaValue): SQL => {
  if (value === null) return field.kind === 'array' ? sql`false` : sql`${field.expression} is null`;
  if (!fits(field, value)) return sql`false`;
  // A bare boolean column (no parameter), so a partial index `where <column>` serves "needs reboot".
  if (field.kind === 'boolean') return value === true ? field.expression : sql`not ${field.expression}`;
  if (field.equalsOf && typeof value === 'string') return field.equalsOf(value);
  if (field.isInteger && typeof value === 'number')
    return Number.isSafeInteger(value) ? sql`${field.expression} = ${value}::bigint` : sql`false`;
  return sql`${field.expression} = ${param(field, value)}`;
};

const notEquals = (field: Field, value: CriteriaValue): SQL => {
  if (value === null) return field.kind === 'array' ? sql`true` : sql`${field.expression} is not null`;
  return fits(field, value) ? sql`${field.expression} is distinct from ${param(field, value)}` : sql`true`;
};

const contains = (field: Field, value: CriteriaValue): SQL => {
  if (field.kind === 'array') return sql`${field.expression} @> ${JSON.stringify([value])}::jsonb`;
  if (field.kind === 'text' && typeof value === 'string')
    return sql`strpos(lower(${field.expression}), lower(${value}::text)) > 0`;
  return sql`false`;
};

const operators: Readonly<Record<SearchOperator, (field: Field, value: CriteriaValue) => SQL>> = {
  equals,
  notEquals,
  lessThan: compare('<'),
  lessThanOrEqual: compare('<='),
  greaterThan: compare('>'),
  greaterThanOrEqual: compare('>='),
  contains,
  isEmpty: (field) => isEmpty(field),
  // An array column is never null: "has entries" is a length, which an expression index serves.
  isNotEmpty: (field) =>
    field.kind === 'array'
      ? sql`jsonb_array_length(${field.expression}) > 0`
      : sql`not coalesce(${isEmpty(field)}, false)`,
  // Only the tags field has tags.
  hasAnyOf: () => sql`false`,
  hasAllOf: () => sql`false`,
  hasNoneOf: () => sql`false`,
};

/**
 * One rule's condition. A comparison with a missing value is unknown (NULL), which a WHERE clause treats
 * as "no match", and rules are only ever joined by AND or OR (never negated), so no `coalesce` is needed,
 * and without one the indexes on the columns can serve the condition.
 */
export const ruleCondition = (rule: CriteriaRule, tagIds: TagIds): SQL => {
  if (rule.field === 'tags') return sql`(${tagRuleCondition(rule, tagIds)})`;
  const field = fields[rule.field];
  const operator = operators[rule.operator];
  if (!field || !operator) throw new Error(`unsupported criteria rule ${rule.field} ${rule.operator}`);
  return sql`(${operator(field, rule.value)})`;
};

/**
 * The condition for a whole criteria expression, for a WHERE clause only; no rules match every device.
 * `tagIds`: the ids of the tags the tag rules name (`criteriaConditionOf` reads them).
 */
export const criteriaCondition = (criteria: SearchCriteria, tagIds: TagIds): SQL => {
  if (criteria.rules.length === 0) return sql`true`;
  const conditions = criteria.rules.map((rule) => ruleCondition(rule, tagIds));
  return (criteria.match === 'all' ? and(...conditions) : or(...conditions)) ?? sql`true`;
};

/** The tag ids criteria name, read first so that the statement holds them as constants (tags/sql.ts). */
export const tagIdsOfCriteria = async (db: DbOrTx, criteria: SearchCriteria): Promise<TagIds> => {
  const names = tagNamesInCriteria(criteria);
  return names.length === 0 ? new Map() : findTagIdsNamed(db, names);
};

/** `criteriaCondition` with the tags the criteria name looked up first. */
export const criteriaConditionOf = async (db: DbOrTx, criteria: SearchCriteria): Promise<SQL> =>
  criteriaCondition(criteria, await tagIdsOfCriteria(db, criteria));
