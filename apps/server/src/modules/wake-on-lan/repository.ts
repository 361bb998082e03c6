import type { InventoryNetworkInterface, OrganizationScope } from '@rmm/domain';
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { devices } from '../../db/schema.ts';
import { inScope } from '../../lib/scope.ts';

const MAX_CANDIDATES = 1000;
const interfaces = sql<InventoryNetworkInterface[] | null>`${devices.inventory} -> 'networkInterfaces'`;

/** The device to wake, in the caller's scope, with only its network interfaces. */
export const findWakeTarget = async (db: DbOrTx, scope: OrganizationScope, id: number) => {
  const [row] = await db
    .select({
      id: devices.id,
      displayName: devices.displayName,
      organizationId: devices.organizationId,
      interfaces,
    })
    .from(devices)
    .where(and(eq(devices.id, id), inScope(devices.organizationId, scope)));
  return row;
};

/** Agents of the organization that are UP and approved, most recently heard from first. */
export const findWakeCandidates = (db: DbOrTx, organizationId: number, targetId: number) =>
  db
    .select({ id: devices.id, interfaces })
    .from(devices)
    .where(
      and(
        eq(devices.organizationId, organizationId),
        ne(devices.id, targetId),
        eq(devices.status, 'UP'),
        eq(devices.approvalStatus, 'APPROVED'),
        isNotNull(devices.secretHash),
        isNotNull(devices.inventory),
      ),
    )
    .orderBy(sql`${devices.lastSeenAt} desc nulls last`, desc(devices.id))
    .limit(MAX_CANDIDATES);
