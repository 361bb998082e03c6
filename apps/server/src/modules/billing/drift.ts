import {
  type DriftSource,
  driftSources,
  type ListLicenseDriftQuery,
  type ListLicenseDriftResponse,
  type OrganizationScope,
} from '@rmm/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { users } from '../auth/schema.ts';
import { backupRevisions, backupStorage } from '../backup/schema.ts';
import { devices } from '../devices/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { agreementProducts, agreements } from './schema.ts';

/**
 * License drift (issue 21 item 7): per organization, what its active agreements bill by count (the products'
 * quantity source) beside what is deployed: approved devices, enabled end users, devices with backup data,
 * cloud backup storage in whole GB (1024-based, rounded up). Only organizations with something billed or
 * deployed are listed; `onlyDrift` keeps those where a count differs.
 */

const GIB = 1024 ** 3;

const columnsOf = (source: DriftSource) => ({
  billed: `billed_${source.toLowerCase()}`,
  deployed: `deployed_${source.toLowerCase()}`,
});

const scopeCondition = (scope: OrganizationScope) =>
  scope === 'all' ? sql`true` : sql`o.id = any(${sql.param([...scope])}::integer[])`;

export const listLicenseDrift = async (
  db: DbOrTx,
  scope: OrganizationScope,
  query: ListLicenseDriftQuery,
): Promise<ListLicenseDriftResponse> => {
  const billed = (source: DriftSource) => sql`coalesce((
      select sum(ap.quantity) from ${agreementProducts} ap join ${agreements} a on a.id = ap.agreement_id
      where a.organization_id = o.id and a.is_active and ap.quantity_source = ${source}), 0)`;
  const counts = sql`
    select o.id, o.name,
      ${sql.join(
        driftSources.map((source) => sql`${billed(source)} as ${sql.identifier(columnsOf(source).billed)}`),
        sql`, `,
      )},
      (select count(*) from ${devices} d where d.organization_id = o.id and d.approval_status = 'APPROVED') as deployed_devices,
      (select count(*) from ${users} u where u.organization_id = o.id and u.user_type = 'END_USER' and u.is_enabled) as deployed_end_users,
      (select count(distinct r.device_id) from ${backupRevisions} r join ${devices} d on d.id = r.device_id
        where r.organization_id = o.id) as deployed_backup_devices,
      coalesce((select ceil(s.cloud_bytes::numeric / ${GIB}) from ${backupStorage} s where s.organization_id = o.id), 0)
        as deployed_backup_storage_gb
    from ${organizations} o
    where ${scopeCondition(scope)}
      ${query.organizationId === undefined ? sql`` : sql`and o.id = ${query.organizationId}`}
      ${query.search ? sql`and o.name ilike ${`%${query.search.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}`;
  const pairs = driftSources.map((source) => columnsOf(source));
  const anything = sql.join(
    pairs.map(({ billed: b, deployed: d }) => sql`${sql.identifier(b)} <> 0 or ${sql.identifier(d)} <> 0`),
    sql` or `,
  );
  const differs = sql.join(
    pairs.map(({ billed: b, deployed: d }) => sql`${sql.identifier(b)} <> ${sql.identifier(d)}`),
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
        const billedCount = toNumber(row[columnsOf(source).billed]);
        const deployed = toNumber(row[columnsOf(source).deployed]);
        return { source, billed: billedCount, deployed, difference: deployed - billedCount };
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
