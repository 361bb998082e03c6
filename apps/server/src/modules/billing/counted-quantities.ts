import { type CountedQuantities, type CountedQuantitySource, countedQuantitySources } from '@rmm/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { users } from '../auth/schema.ts';
import { backupRevisions, backupStorage } from '../backup/schema.ts';
import { devices } from '../devices/schema.ts';

/**
 * What an organization has of each counted quantity source (docs/decisions.md "Billing"): one SQL for the
 * invoices of COUNTED agreement products and for license drift, so both say the same. Approved devices;
 * enabled end users; devices (still enrolled) with a backup revision not forgotten by retention; cloud backup
 * storage in GB of 1024³ bytes at 2 places, half-up, in integer arithmetic (no rounding of a division first).
 */

const GIB = 1024 ** 3;

/** Each source's count for the organization `organizationId` (a column or a parameter), as a numeric. */
export const countSql: Record<CountedQuantitySource, (organizationId: SQL) => SQL> = {
  DEVICES: (org) =>
    sql`(select count(*) from ${devices} d where d.organization_id = ${org} and d.approval_status = 'APPROVED')`,
  END_USERS: (org) =>
    sql`(select count(*) from ${users} u where u.organization_id = ${org} and u.user_type = 'END_USER' and u.is_enabled)`,
  BACKUP_DEVICES: (org) =>
    sql`(select count(distinct r.device_id) from ${backupRevisions} r join ${devices} d on d.id = r.device_id
      where r.organization_id = ${org} and r.forgotten_at is null)`,
  // round half-up to hundredths of a GB: floor((bytes × 200 + GiB) / (2 × GiB)) / 100.
  BACKUP_STORAGE_GB: (org) =>
    sql`coalesce((select (div(s.cloud_bytes::numeric * 200 + ${sql.raw(String(GIB))}, ${sql.raw(String(2 * GIB))}) / 100)::numeric(20, 2)
      from ${backupStorage} s where s.organization_id = ${org}), 0.00::numeric(20, 2))`,
};

/** The organization's counts now, as exact decimal text ("12", "3.50"). */
export const countQuantities = async (db: DbOrTx, organizationId: number): Promise<CountedQuantities> => {
  const org = sql`${organizationId}::integer`;
  const result = await db.execute(
    sql`select ${sql.join(
      countedQuantitySources.map(
        (source) => sql`${countSql[source](org)}::text as ${sql.identifier(source)}`,
      ),
      sql`, `,
    )}`,
  );
  const [row] = (result as unknown as { rows: Record<CountedQuantitySource, string>[] }).rows;
  return {
    DEVICES: String(row!.DEVICES),
    END_USERS: String(row!.END_USERS),
    BACKUP_DEVICES: String(row!.BACKUP_DEVICES),
    BACKUP_STORAGE_GB: String(row!.BACKUP_STORAGE_GB),
  };
};
