import { type CriteriaRule, isTagListOperator } from '@rmm/domain';
import { type SQL, sql } from 'drizzle-orm';
import { devices, deviceTags, tags } from '../../db/schema.ts';

/**
 * SQL fragments over the tags of the `devices` row of the enclosing query: the names a device payload
 * carries and the search criterion on the `tags` field (the meaning of the domain's `matchesRule`).
 */

/**
 * The enclosing query's device id, always qualified: Drizzle writes a column of a one-table query without
 * its table, which inside a subquery would name the subquery's own column.
 */
const outerDeviceId = sql`${devices}.${sql.identifier('id')}`;

/** The device's tag names by name, as a JSON array: one indexed lookup per row of a page. */
export const deviceTagNames = sql<string[]>`(
  select coalesce(jsonb_agg(t.name order by lower(t.name), t.id), '[]'::jsonb)
  from ${deviceTags} dt join ${tags} t on t.id = dt.tag_id
  where dt.device_id = ${outerDeviceId})`;

const lowerDistinct = (names: readonly string[]) => [...new Set(names.map((name) => name.toLowerCase()))];

/** Tag ids of these names, whatever their case (the unique index on `lower(name)` serves it). */
const tagIdsNamed = (names: readonly string[]) =>
  sql`select t.id from ${tags} t where lower(t.name) = any(${sql.param(lowerDistinct(names))}::text[])`;

const hasSomeOf = (names: readonly string[]) =>
  sql`exists (select 1 from ${deviceTags} dt
    where dt.device_id = ${outerDeviceId} and dt.tag_id in (${tagIdsNamed(names)}))`;

const hasAny = sql`exists (select 1 from ${deviceTags} dt where dt.device_id = ${outerDeviceId})`;

/** Devices with every one of the names: those whose links to them count as many as the names. */
const hasAllOf = (names: readonly string[]) => {
  const wanted = lowerDistinct(names).length;
  if (wanted === 0) return sql`true`;
  return sql`${outerDeviceId} in (select dt.device_id from ${deviceTags} dt
    where dt.tag_id in (${tagIdsNamed(names)})
    group by dt.device_id having count(*) = ${wanted}::int)`;
};

const namesOf = (value: CriteriaRule['value']) =>
  Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];

/** A rule on the `tags` field: a list operator takes a list, `contains` one name; a scalar equals no list. */
export const tagRuleCondition = ({ operator, value }: CriteriaRule): SQL => {
  if (isTagListOperator(operator) && !Array.isArray(value)) return sql`false`;
  switch (operator) {
    case 'hasAnyOf':
      return hasSomeOf(namesOf(value));
    case 'hasAllOf':
      return hasAllOf(namesOf(value));
    case 'hasNoneOf':
      return sql`not ${hasSomeOf(namesOf(value))}`;
    case 'contains':
      return typeof value === 'string' ? hasSomeOf([value]) : sql`false`;
    case 'isEmpty':
      return sql`not ${hasAny}`;
    case 'isNotEmpty':
      return hasAny;
    case 'notEquals':
      return sql`true`;
    default:
      return sql`false`;
  }
};
