import type { EnrollmentToken, ListEnrollmentTokensQuery, OrganizationScope } from '@rmm/domain';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { devices, enrollmentTokens, organizations } from '../../db/schema.ts';
import { inScope } from '../../lib/scope.ts';

type TokenRow = typeof enrollmentTokens.$inferSelect;

const statusOf = (row: TokenRow, now = Date.now()): EnrollmentToken['status'] =>
  row.revokedAt ? 'REVOKED' : row.expiresAt.getTime() <= now ? 'EXPIRED' : 'ACTIVE';

const toToken = (row: TokenRow): EnrollmentToken => ({
  id: row.id,
  organizationId: row.organizationId,
  locationId: row.locationId,
  createdBy: row.createdByName,
  createTime: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  usedCount: row.usedCount,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  status: statusOf(row),
});

const statusCondition: Record<EnrollmentToken['status'], SQL | undefined> = {
  REVOKED: isNotNull(enrollmentTokens.revokedAt),
  EXPIRED: and(isNull(enrollmentTokens.revokedAt), sql`${enrollmentTokens.expiresAt} <= now()`),
  ACTIVE: and(isNull(enrollmentTokens.revokedAt), sql`${enrollmentTokens.expiresAt} > now()`),
};

export const listTokens = async (db: DbOrTx, scope: OrganizationScope, query: ListEnrollmentTokensQuery) => {
  const where = and(
    inScope(enrollmentTokens.organizationId, scope),
    query.organizationId ? eq(enrollmentTokens.organizationId, query.organizationId) : undefined,
    query.status ? statusCondition[query.status] : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(enrollmentTokens)
      .where(where)
      .orderBy(desc(enrollmentTokens.createdAt), desc(enrollmentTokens.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(enrollmentTokens).where(where),
  ]);
  return { data: rows.map(toToken), count: toNumber(total?.value) };
};

export const findToken = async (db: DbOrTx, scope: OrganizationScope, id: number) => {
  const [row] = await db
    .select()
    .from(enrollmentTokens)
    .where(and(eq(enrollmentTokens.id, id), inScope(enrollmentTokens.organizationId, scope)));
  return row ? toToken(row) : undefined;
};

export const insertToken = async (
  db: DbOrTx,
  values: Pick<
    typeof enrollmentTokens.$inferInsert,
    'organizationId' | 'locationId' | 'tokenHash' | 'createdById' | 'createdByName' | 'expiresAt'
  >,
) => {
  const [row] = await db.insert(enrollmentTokens).values(values).returning();
  return toToken(row!);
};

export const revokeTokenRow = async (db: DbOrTx, id: number) => {
  await db
    .update(enrollmentTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(enrollmentTokens.id, id), isNull(enrollmentTokens.revokedAt)));
};

/** The token an agent presents, with its organization: no user scope, the token is the credential. */
export const findTokenByHash = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await db
    .select({
      token: enrollmentTokens,
      organizationName: organizations.name,
      nodeApprovalMode: organizations.nodeApprovalMode,
    })
    .from(enrollmentTokens)
    .innerJoin(organizations, eq(organizations.id, enrollmentTokens.organizationId))
    .where(eq(enrollmentTokens.tokenHash, tokenHash));
  return row ? { ...row, status: statusOf(row.token) } : undefined;
};

export const markTokenUsed = async (db: DbOrTx, id: number) => {
  await db
    .update(enrollmentTokens)
    .set({ usedCount: sql`${enrollmentTokens.usedCount} + 1`, lastUsedAt: sql`now()` })
    .where(eq(enrollmentTokens.id, id));
};

export const insertEnrolledDevice = async (
  db: DbOrTx,
  values: Pick<
    typeof devices.$inferInsert,
    | 'organizationId'
    | 'locationId'
    | 'displayName'
    | 'hostname'
    | 'platform'
    | 'agentVersion'
    | 'nodeRoleId'
    | 'approvalStatus'
    | 'secretHash'
    | 'enrollmentTokenId'
  >,
) => {
  const [row] = await db.insert(devices).values(values).returning({ id: devices.id });
  return row!.id;
};
