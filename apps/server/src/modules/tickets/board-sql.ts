import {
  BOARD_CURRENT_USER,
  type BoardConditions,
  type BoardField,
  type BoardRule,
  type BoardSort,
  boardFieldKinds,
  ticketPriorities,
  ticketSeverities,
} from '@rmm/domain';
import { and, type Column, or, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../activities/repository.ts';
import { ticketStatuses, tickets } from './schema.ts';

/**
 * Board conditions as SQL: every field maps to a column of a fixed table (no name from the request reaches the
 * SQL), every value is a bound parameter, and each rule was checked against its field's kind and operators by
 * the domain schema (`boardRuleProblem`) before it gets here; anything else throws.
 */

type Scalar = string | number;

const columns: Readonly<Record<Exclude<BoardField, 'statusCategory'>, Column>> = {
  statusId: tickets.statusId,
  type: tickets.type,
  source: tickets.source,
  priority: tickets.priority,
  severity: tickets.severity,
  organizationId: tickets.organizationId,
  locationId: tickets.locationId,
  deviceId: tickets.deviceId,
  formId: tickets.formId,
  teamId: tickets.teamId,
  assigneeId: tickets.assigneeId,
  parentTicketId: tickets.parentTicketId,
  subject: tickets.subject,
  requesterEmail: tickets.requesterEmail,
  tags: tickets.tags,
  createTime: tickets.createdAt,
  updateTime: tickets.updatedAt,
  followUpTime: tickets.followUpTime,
  timeTrackedSeconds: tickets.timeTrackedSeconds,
};

const arrayTypes: Readonly<Partial<Record<BoardField, string>>> = {
  type: 'text',
  source: 'text',
  statusCategory: 'text',
};

/** Enum values stored as ranks (priority, severity) become their rank. */
const stored = (field: BoardField, value: Scalar): Scalar => {
  if (field === 'priority') return ticketPriorities.indexOf(value as (typeof ticketPriorities)[number]);
  if (field === 'severity') return ticketSeverities.indexOf(value as (typeof ticketSeverities)[number]);
  return value;
};

export type CompileOptions = {
  /** The caller's user id for CURRENT_USER (none for a system caller: nothing matches). */
  currentUserId: number | null;
};

const resolve = (field: BoardField, value: Scalar, options: CompileOptions): Scalar =>
  field === 'assigneeId' && value === BOARD_CURRENT_USER
    ? (options.currentUserId ?? -1)
    : stored(field, value);

const listOf = (rule: BoardRule, options: CompileOptions): Scalar[] =>
  (rule.value as Scalar[]).map((value) => resolve(rule.field, value, options));

const sqlArray = (field: BoardField, values: Scalar[]) =>
  sql`${sql.param(values)}::${sql.raw(arrayTypes[field] ?? 'integer')}[]`;

/** A status category rule: the statuses of those categories (a handful of rows, looked up by the planner). */
const categoryRule = (rule: BoardRule): SQL => {
  const categories = Array.isArray(rule.value) ? rule.value.map(String) : [String(rule.value)];
  const inCategories = sql`${tickets.statusId} in (select ${ticketStatuses.id} from ${ticketStatuses} where ${ticketStatuses.category} = any(${sqlArray('statusCategory', categories)}))`;
  return rule.operator === 'NOT_EQUALS' || rule.operator === 'NOT_IN'
    ? sql`not ${inCategories}`
    : inCategories;
};

const like = (value: unknown, pattern: (text: string) => string) => pattern(escapeLike(String(value)));

const textRule = (column: Column, rule: BoardRule): SQL => {
  switch (rule.operator) {
    case 'EQUALS':
      return sql`lower(${column}) = lower(${String(rule.value)})`;
    case 'NOT_EQUALS':
      return sql`(${column} is null or lower(${column}) <> lower(${String(rule.value)}))`;
    case 'CONTAINS':
      return sql`${column} ilike ${like(rule.value, (v) => `%${v}%`)}`;
    case 'NOT_CONTAINS':
      return sql`(${column} is null or ${column} not ilike ${like(rule.value, (v) => `%${v}%`)})`;
    case 'STARTS_WITH':
      return sql`${column} ilike ${like(rule.value, (v) => `${v}%`)}`;
    case 'IS_EMPTY':
      return sql`coalesce(${column}, '') = ''`;
    case 'IS_NOT_EMPTY':
      return sql`coalesce(${column}, '') <> ''`;
    default:
      throw new Error(`${rule.operator} on text`);
  }
};

const tagsRule = (rule: BoardRule): SQL => {
  switch (rule.operator) {
    case 'CONTAINS':
      return sql`${tickets.tags} @> array[${String(rule.value)}]::text[]`;
    case 'NOT_CONTAINS':
      return sql`not (${tickets.tags} @> array[${String(rule.value)}]::text[])`;
    case 'IS_EMPTY':
      return sql`cardinality(${tickets.tags}) = 0`;
    case 'IS_NOT_EMPTY':
      return sql`cardinality(${tickets.tags}) > 0`;
    default:
      throw new Error(`${rule.operator} on tags`);
  }
};

const comparison = (column: Column, rule: BoardRule, value: SQL): SQL => {
  switch (rule.operator) {
    case 'GREATER_THAN':
      return sql`${column} > ${value}`;
    case 'GREATER_OR_EQUAL':
      return sql`${column} >= ${value}`;
    case 'LESS_THAN':
      return sql`${column} < ${value}`;
    case 'LESS_OR_EQUAL':
      return sql`${column} <= ${value}`;
    case 'EQUALS':
      return sql`${column} = ${value}`;
    case 'NOT_EQUALS':
      return sql`${column} <> ${value}`;
    default:
      throw new Error(`${rule.operator} is not a comparison`);
  }
};

const timeRule = (column: Column, rule: BoardRule): SQL => {
  switch (rule.operator) {
    case 'IS_EMPTY':
      return sql`${column} is null`;
    case 'IS_NOT_EMPTY':
      return sql`${column} is not null`;
    case 'WITHIN_LAST_HOURS':
      return sql`${column} >= now() - ${Number(rule.value)} * interval '1 hour'`;
    case 'OLDER_THAN_HOURS':
      return sql`${column} < now() - ${Number(rule.value)} * interval '1 hour'`;
    default:
      return comparison(column, rule, sql`${String(rule.value)}::timestamptz`);
  }
};

/** id and enum fields: equality, lists, emptiness; "not" includes tickets where the field is empty. */
const valueRule = (column: Column, rule: BoardRule, options: CompileOptions): SQL => {
  switch (rule.operator) {
    case 'EQUALS':
      return sql`${column} = ${resolve(rule.field, rule.value as Scalar, options)}`;
    case 'NOT_EQUALS':
      return sql`${column} is distinct from ${resolve(rule.field, rule.value as Scalar, options)}`;
    case 'IN':
      return sql`${column} = any(${sqlArray(rule.field, listOf(rule, options))})`;
    case 'NOT_IN':
      return sql`(${column} is null or ${column} <> all(${sqlArray(rule.field, listOf(rule, options))}))`;
    case 'IS_EMPTY':
      return sql`${column} is null`;
    case 'IS_NOT_EMPTY':
      return sql`${column} is not null`;
    default:
      throw new Error(`${rule.operator} on ${rule.field}`);
  }
};

export const compileRule = (rule: BoardRule, options: CompileOptions): SQL => {
  if (rule.field === 'statusCategory') return categoryRule(rule);
  const column = columns[rule.field];
  switch (boardFieldKinds[rule.field]) {
    case 'text':
      return textRule(column, rule);
    case 'tags':
      return tagsRule(rule);
    case 'time':
      return timeRule(column, rule);
    case 'number':
      return comparison(column, rule, sql`${Number(rule.value)}`);
    default:
      return valueRule(column, rule, options);
  }
};

/** ALL: every rule; ANY: at least one; no rules: every ticket. */
export const compileConditions = (conditions: BoardConditions, options: CompileOptions): SQL | undefined => {
  if (conditions.rules.length === 0) return undefined;
  const parts = conditions.rules.map((rule) => compileRule(rule, options));
  return conditions.match === 'ANY' ? or(...parts) : and(...parts);
};

// ---------------------------------------------------------------- sort and cursor

const sortColumns: Readonly<Record<BoardSort['field'], Column>> = {
  id: tickets.id,
  createTime: tickets.createdAt,
  updateTime: tickets.updatedAt,
  priority: tickets.priority,
  severity: tickets.severity,
  subject: tickets.subject,
};

export const sortColumnOf = (sort: BoardSort): Column => sortColumns[sort.field];

/** ORDER BY the sort column then id, both in the sort's direction (one index serves it). */
export const orderOf = (sort: BoardSort): SQL[] => {
  const direction = sql.raw(sort.direction === 'ASC' ? 'asc' : 'desc');
  const column = sortColumnOf(sort);
  return column === tickets.id
    ? [sql`${tickets.id} ${direction}`]
    : [sql`${column} ${direction}`, sql`${tickets.id} ${direction}`];
};

/** Rows after the cursor's (value, id) in the sort's order (a row comparison the index answers). */
export const afterCursor = (sort: BoardSort, cursor: { value: Scalar; id: number }): SQL => {
  const operator = sql.raw(sort.direction === 'ASC' ? '>' : '<');
  const column = sortColumnOf(sort);
  if (column === tickets.id) return sql`${tickets.id} ${operator} ${cursor.id}`;
  const value =
    sort.field === 'createTime' || sort.field === 'updateTime'
      ? sql`${String(cursor.value)}::timestamptz`
      : sql`${cursor.value}`;
  return sql`(${column}, ${tickets.id}) ${operator} (${value}, ${cursor.id})`;
};
