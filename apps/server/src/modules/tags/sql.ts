import { type CriteriaRule, isTagListOperator, type SearchCriteria } from '@rmm/domain';
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

/** The ids of the tags named in criteria, by lower-cased name (a name no tag has is missing). */
export type TagIds = ReadonlyMap<string, number>;

const namesOf = (value: CriteriaRule['value']): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];

/** Every name the tag rules of these criteria compare with (lower-cased, once each). */
export const tagNamesInCriteria = (criteria: SearchCriteria): string[] => [
  ...new Set(
    criteria.rules
      .filter(
        (rule) => rule.field === 'tags' && (isTagListOperator(rule.operator) || rule.operator === 'contains'),
      )
      .flatMap((rule) => namesOf(rule.value))
      .map((name) => name.toLowerCase()),
  ),
];

/**
 * Devices carrying this tag. The tag's id is a constant of the statement, not a subquery: the planner then
 * knows from the statistics how many devices carry it, and picks the name-ordered scan for a tag on half the
 * fleet and the tag's index for a rare one (docs/benchmarks.md, "Device tags").
 */
const carries = (tagId: number) =>
  sql`exists (select 1 from ${deviceTags} dt where dt.device_id = ${outerDeviceId} and dt.tag_id = ${tagId}::int)`;

const carriesAnyOf = (ids: readonly number[]) =>
  ids.length === 0
    ? sql`false`
    : ids.length === 1
      ? carries(ids[0]!)
      : sql`exists (select 1 from ${deviceTags} dt
          where dt.device_id = ${outerDeviceId} and dt.tag_id = any(${sql.param([...ids])}::int[]))`;

const hasAny = sql`exists (select 1 from ${deviceTags} dt where dt.device_id = ${outerDeviceId})`;

/** A rule on the `tags` field: a list operator takes a list, `contains` one name; a scalar equals no list. */
export const tagRuleCondition = ({ operator, value }: CriteriaRule, tagIds: TagIds): SQL => {
  if (isTagListOperator(operator) && !Array.isArray(value)) return sql`false`;
  const names = [...new Set(namesOf(value).map((name) => name.toLowerCase()))];
  const known = names.flatMap((name) => tagIds.get(name) ?? []);
  switch (operator) {
    case 'hasAnyOf':
      return carriesAnyOf(known);
    case 'hasAllOf':
      // A name no tag has is on no device: nothing has every name then.
      if (known.length < names.length) return sql`false`;
      return known.length === 0 ? sql`true` : sql.join(known.map(carries), sql` and `);
    case 'hasNoneOf':
      return known.length === 0 ? sql`true` : sql`not ${carriesAnyOf(known)}`;
    case 'contains':
      return typeof value === 'string' ? carriesAnyOf(known) : sql`false`;
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
