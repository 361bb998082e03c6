import {
  builtInNodeRoles,
  type CriteriaRule,
  type CriteriaValue,
  type DeviceSearchField,
  NETWORK_DEVICE_CLASS,
  type SearchCriteria,
  type SearchOperator,
} from '@rmm/domain';
import { and, or, type SQL, sql } from 'drizzle-orm';
import { devices } from '../../db/schema.ts';

/**
 * Criteria (packages/domain searches.ts) as a SQL condition, with the meaning of `matchesCriteria`:
 * only whitelisted fields and operators, every value bound as a parameter, a type mismatch matches nothing
 * (notEquals: everything), as the reference does.
 */

type FieldKind = 'text' | 'number' | 'boolean' | 'array';
type Field = { kind: FieldKind; expression: SQL };

const networkRoleIds = builtInNodeRoles.filter((r) => r.nodeClass.startsWith('NMS_')).map((r) => r.id);

/** A device without its own class is a network device when its role is one of the NMS roles. */
const deviceClassExpression = sql`coalesce(${devices.deviceClass}, case when ${devices.nodeRoleId} in (${sql.join(
  networkRoleIds.map((id) => sql`${id}`),
  sql`, `,
)}) then ${NETWORK_DEVICE_CLASS} end)`;

const fields: Readonly<Record<DeviceSearchField, Field>> = {
  status: { kind: 'text', expression: sql`${devices.status}` },
  deviceClass: { kind: 'text', expression: deviceClassExpression },
  remoteSupportTools: { kind: 'array', expression: sql`${devices.remoteSupportTools}` },
  // The heartbeat reports the fullest volume's use; its free share is the rest.
  diskFreePercent: { kind: 'number', expression: sql`(100 - ${devices.diskPercent})` },
  patchFailures: { kind: 'number', expression: sql`${devices.patchFailures}` },
  installIssues: { kind: 'number', expression: sql`${devices.installIssues}` },
  needsReboot: { kind: 'boolean', expression: sql`${devices.pendingReboot}` },
  displayName: { kind: 'text', expression: sql`${devices.displayName}` },
  hostname: { kind: 'text', expression: sql`${devices.hostname}` },
  osName: { kind: 'text', expression: sql`${devices.osName}` },
  platform: { kind: 'text', expression: sql`${devices.platform}` },
  loggedOnUser: { kind: 'text', expression: sql`${devices.loggedOnUser}` },
  approvalStatus: { kind: 'text', expression: sql`${devices.approvalStatus}` },
  nodeRoleId: { kind: 'number', expression: sql`${devices.nodeRoleId}` },
  cpuPercent: { kind: 'number', expression: sql`${devices.cpuPercent}` },
  memoryPercent: { kind: 'number', expression: sql`${devices.memoryPercent}` },
};

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

const compare =
  (op: '<' | '<=' | '>' | '>=') =>
  (field: Field, value: CriteriaValue): SQL =>
    field.kind === 'number' && typeof value === 'number'
      ? sql`${field.expression} ${sql.raw(op)} ${param(field, value)}`
      : sql`false`;

const equals = (field: Field, value: CriteriaValue): SQL => {
  if (value === null) return field.kind === 'array' ? sql`false` : sql`${field.expression} is null`;
  return fits(field, value) ? sql`${field.expression} = ${param(field, value)}` : sql`false`;
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
  isNotEmpty: (field) => sql`not coalesce(${isEmpty(field)}, false)`,
};

/** `coalesce(..., false)`: a comparison with a missing value is "no match", never unknown. */
export const ruleCondition = (rule: CriteriaRule): SQL => {
  const field = fields[rule.field];
  const operator = operators[rule.operator];
  if (!field || !operator) throw new Error(`unsupported criteria rule ${rule.field} ${rule.operator}`);
  return sql`coalesce(${operator(field, rule.value)}, false)`;
};

/** The condition for a whole criteria expression; no rules match every device. */
export const criteriaCondition = (criteria: SearchCriteria): SQL => {
  if (criteria.rules.length === 0) return sql`true`;
  const conditions = criteria.rules.map(ruleCondition);
  return (criteria.match === 'all' ? and(...conditions) : or(...conditions)) ?? sql`true`;
};
