import type { OrganizationScope } from '@rmm/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { credentials } from '../../db/schema.ts';
import { inScope } from '../../lib/scope.ts';

/** Queries of organization credentials. The encrypted password leaves here only for the jobs that need it. */

const visible = {
  id: credentials.id,
  organizationId: credentials.organizationId,
  name: credentials.name,
  kind: credentials.kind,
  username: credentials.username,
  domain: credentials.domain,
  preferred: credentials.preferred,
  createdAt: credentials.createdAt,
  updatedAt: credentials.updatedAt,
};

export const listCredentials = async (db: DbOrTx, organizationId: number) =>
  db
    .select(visible)
    .from(credentials)
    .where(eq(credentials.organizationId, organizationId))
    .orderBy(asc(credentials.kind), asc(sql`lower(${credentials.name})`), asc(credentials.id));

export const findCredential = async (db: DbOrTx, scope: OrganizationScope, id: number) => {
  const [row] = await db
    .select(visible)
    .from(credentials)
    .where(and(eq(credentials.id, id), inScope(credentials.organizationId, scope)));
  return row;
};

export const insertCredential = async (db: DbOrTx, values: typeof credentials.$inferInsert) => {
  const [row] = await db.insert(credentials).values(values).returning({ id: credentials.id });
  return row!.id;
};

export const updateCredential = async (
  db: DbOrTx,
  id: number,
  values: Partial<typeof credentials.$inferInsert>,
) => {
  await db
    .update(credentials)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(credentials.id, id));
};

/** A new preferred credential of a kind takes over from the organization's earlier one. */
export const clearPreferred = async (db: DbOrTx, organizationId: number, kind: string, exceptId?: number) => {
  await db
    .update(credentials)
    .set({ preferred: false })
    .where(
      and(
        eq(credentials.organizationId, organizationId),
        eq(credentials.kind, kind),
        eq(credentials.preferred, true),
        exceptId === undefined ? undefined : ne(credentials.id, exceptId),
      ),
    );
};

export const deleteCredential = async (db: DbOrTx, id: number) => {
  await db.delete(credentials).where(eq(credentials.id, id));
};

// ---- run-as: the jobs' lookups (the encrypted password only for the message to an agent) ----

/** A credential of the organization by id (another organization's is not found), or its preferred one of a kind. */
export type RunAsCredentialRef = { id: number } | { preferredKind: string };

const runAsColumns = { id: credentials.id, name: credentials.name, kind: credentials.kind };

const runAsCondition = (organizationId: number, which: RunAsCredentialRef) =>
  and(
    eq(credentials.organizationId, organizationId),
    'id' in which
      ? eq(credentials.id, which.id)
      : and(eq(credentials.kind, which.preferredKind), eq(credentials.preferred, true)),
  );

/** What submitting a job checks: that the credential exists, and its kind. */
export const findRunAsCredential = async (db: DbOrTx, organizationId: number, which: RunAsCredentialRef) => {
  const [row] = await db.select(runAsColumns).from(credentials).where(runAsCondition(organizationId, which));
  return row;
};

/** The account with its encrypted password, for the job message to the agent only. */
export const findRunAsSecret = async (db: DbOrTx, organizationId: number, which: RunAsCredentialRef) => {
  const [row] = await db
    .select({
      ...runAsColumns,
      username: credentials.username,
      domain: credentials.domain,
      passwordEncrypted: credentials.passwordEncrypted,
    })
    .from(credentials)
    .where(runAsCondition(organizationId, which));
  return row;
};
