import {
  type DriftSource,
  driftSources,
  type ListLicenseDriftQuery,
  type ListLicenseDriftResponse,
  licenseDriftOf,
  type OrganizationScope,
} from '@rmm/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { organizations } from '../organizations/schema.ts';
import { countSql } from './counted-quantities.ts';
import { agreementProducts, agreements } from './schema.ts';

/**
 * License drift (issue 21 item 7): per organization and counted quantity source, what its active agreements
 * bill (FIXED products' quantities; a COUNTED product bills the count itself, so has no drift of its own)
 * beside what is deployed (counted-quantities.ts, the count invoices use). Only organizations with something
 * billed or deployed are listed; `onlyDrift` keeps those where billed and deployed differ.
 */

const columnsOf = (source: DriftSource) => ({
  fixed: `fixed_${source.toLowerCase()}`,
  counted: `counted_${source.toLowerCase()}`,
  deployed: `deployed_${source.toLowerCase()}`,
});

const scopeCondition = (scope: OrganizationScope) =>
  scope === 'all' ? sql`true` : sql`o.id = any(${sql.param([...scope])}::integer[])`;

/** The organization's active agreement products of the source in the mode: `aggregate` of them. */
const linesOf = (source: DriftSource, mode: 'FIXED' | 'COUNTED', aggregate: ReturnType<typeof sql>) =>
  sql`coalesce((select ${aggregate} from ${agreementProducts} ap join ${agreements} a on a.id = ap.agreement_id
      where a.organization_id = o.id and a.is_active and ap.quantity_source = ${source}
        and ap.quantity_mode = ${mode}), 0)`;

export const listLicenseDrift = async (
  db: DbOrTx,
  scope: OrganizationScope,
  query: ListLicenseDriftQuery,
): Promise<ListLicenseDriftResponse> => {
  const perSource = driftSources.flatMap((source) => {
    const column = columnsOf(source);
    return [
      sql`${linesOf(source, 'FIXED', sql`sum(ap.quantity)`)} as ${sql.identifier(column.fixed)}`,
      sql`${linesOf(source, 'COUNTED', sql`count(*)`)} as ${sql.identifier(column.counted)}`,
      sql`${countSql[source](sql`o.id`)} as ${sql.identifier(column.deployed)}`,
    ];
  });
  const counts = sql`
    select o.id, o.name, ${sql.join(perSource, sql`, `)}
    from ${organizations} o
    where ${scopeCondition(scope)}
      ${query.organizationId === undefined ? sql`` : sql`and o.id = ${query.organizationId}`}
      ${query.search ? sql`and o.name ilike ${`%${query.search.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}`;
  const pairs = driftSources.map((source) => columnsOf(source));
  const id = sql.identifier;
  const anything = sql.join(
    pairs.map((c) => sql`${id(c.fixed)} <> 0 or ${id(c.counted)} <> 0 or ${id(c.deployed)} <> 0`),
    sql` or `,
  );
  // What is billed (FIXED quantities, and the count once per COUNTED product) differs from the count.
  const differs = sql.join(
    pairs.map((c) => sql`${id(c.fixed)} + ${id(c.counted)} * ${id(c.deployed)} <> ${id(c.deployed)}`),
    sql` or `,
  );
  const filter = query.onlyDrift ? sql`(${differs})` : sql`(${anything})`;
  const page = await db.execute(sql`
    with c as (${counts})
    select *, count(*) over () as total from c where ${filter}
    order by lower(name), id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const rows = (page as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    data: rows.map((row) => {
      const lines = driftSources.map((source) => {
        const column = columnsOf(source);
        return licenseDriftOf(source, {
          fixed: String(row[column.fixed]),
          countedLines: toNumber(row[column.counted]),
          deployed: String(row[column.deployed]),
        });
      });
      return {
        organizationId: toNumber(row.id),
        organizationName: String(row.name),
        lines,
        hasDrift: lines.some((line) => line.difference !== 0),
      };
    }),
    count: rows.length > 0 ? toNumber(rows[0]!.total) : await countDrift(db, counts, filter),
    page: query.page,
    pageSize: query.pageSize,
  };
};

/** The count when the page is past the end (no row carries it). */
const countDrift = async (db: DbOrTx, counts: ReturnType<typeof sql>, filter: ReturnType<typeof sql>) => {
  const result = await db.execute(sql`with c as (${counts}) select count(*) as total from c where ${filter}`);
  return toNumber((result as unknown as { rows: { total: unknown }[] }).rows[0]?.total);
};
