import type { ListPsaSyncLogQuery, OrganizationScope, PsaSyncSummary } from '@rmm/domain';
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import { toNumber } from '../../db/database.ts';
import {
  devices,
  organizations,
  psaAccountMappings,
  psaAgreementAdditions,
  psaConfigurations,
  psaLocationMappings,
  psaSyncLog,
  psaSyncRuns,
} from '../../db/schema.ts';
import { inScope } from '../../lib/scope.ts';
import { criteriaConditionOf } from '../devices/criteria.ts';
import { findSavedSearch } from '../searches/repository.ts';

/** SQL of the sync: what it reads (mappings, devices, groups), what it keeps (tracking rows) and its log. */

export const emptySummary = (): PsaSyncSummary => ({
  clients: 0,
  additionsCreated: 0,
  additionsUpdated: 0,
  configurationsCreated: 0,
  configurationsRetired: 0,
  errors: 0,
});

/** A run that has said nothing for this long is taken for dead (its process stopped mid-sync). */
export const STALE_RUN_MS = 3 * 3_600_000;

/** Starts a run, or answers undefined when one is running (the partial unique index). */
export const startRun = async (db: DbOrTx, trigger: string, startedBy: string | null, now: Date) => {
  await db
    .update(psaSyncRuns)
    .set({ status: 'FAILED', finishedAt: now })
    .where(
      and(
        eq(psaSyncRuns.status, 'RUNNING'),
        lt(psaSyncRuns.startedAt, new Date(now.getTime() - STALE_RUN_MS)),
      ),
    );
  const rows = await db
    .insert(psaSyncRuns)
    .values({ trigger, startedBy, startedAt: now, summary: emptySummary() })
    .onConflictDoNothing()
    .returning();
  return rows[0];
};

export const finishRun = async (
  db: DbOrTx,
  id: number,
  status: string,
  summary: PsaSyncSummary,
  now: Date,
) => {
  await db.update(psaSyncRuns).set({ status, summary, finishedAt: now }).where(eq(psaSyncRuns.id, id));
};

/** Keeps the newest `keep` runs (their log goes with the others). */
export const pruneRuns = async (db: DbOrTx, keep: number) => {
  await db.execute(sql`delete from ${psaSyncRuns} where ${psaSyncRuns.id} not in (
    select id from ${psaSyncRuns} order by id desc limit ${keep})`);
};

export type LogValues = Omit<typeof psaSyncLog.$inferInsert, 'id' | 'time'>;
export const insertLog = async (db: DbOrTx, values: LogValues) => {
  await db.insert(psaSyncLog).values(values);
};

export const listRuns = async (db: DbOrTx, page: { page: number; pageSize: number }) => {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(psaSyncRuns)
      .orderBy(desc(psaSyncRuns.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(psaSyncRuns),
  ]);
  return { rows, count: toNumber(total?.value) };
};

/** Log entries, newest first; a scoped caller sees those of their organizations and those of none. */
export const listLog = async (
  db: DbOrTx,
  scope: OrganizationScope,
  query: z.output<typeof ListPsaSyncLogQuery>,
) => {
  const where = and(
    query.runId ? eq(psaSyncLog.runId, query.runId) : undefined,
    query.level ? eq(psaSyncLog.level, query.level) : undefined,
    scope === 'all'
      ? undefined
      : or(isNull(psaSyncLog.organizationId), inScope(psaSyncLog.organizationId, scope)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(psaSyncLog)
      .where(where)
      .orderBy(desc(psaSyncLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(psaSyncLog).where(where),
  ]);
  return { rows, count: toNumber(total?.value) };
};

// ---------------------------------------------------------------- what the sync reads

export const mappedClients = (db: DbOrTx) =>
  db
    .select({
      organizationId: psaAccountMappings.organizationId,
      organizationName: organizations.name,
      companyId: psaAccountMappings.companyId,
      companyName: psaAccountMappings.companyName,
      productMappingId: psaAccountMappings.productMappingId,
      configurationTypeMappingId: psaAccountMappings.configurationTypeMappingId,
    })
    .from(psaAccountMappings)
    .innerJoin(organizations, eq(organizations.id, psaAccountMappings.organizationId))
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id));
export type MappedClient = Awaited<ReturnType<typeof mappedClients>>[number];

export const locationMappings = (db: DbOrTx) => db.select().from(psaLocationMappings);
export type LocationMapping = Awaited<ReturnType<typeof locationMappings>>[number];

/** The approved devices of the organizations. */
export const devicesOf = async (db: DbOrTx, organizationIds: number[]) =>
  organizationIds.length === 0
    ? []
    : db
        .select({
          id: devices.id,
          organizationId: devices.organizationId,
          locationId: devices.locationId,
          nodeRoleId: devices.nodeRoleId,
          displayName: devices.displayName,
          serial: sql<string | null>`${devices.inventory} -> 'system' ->> 'serial'`,
        })
        .from(devices)
        .where(and(inArray(devices.organizationId, organizationIds), eq(devices.approvalStatus, 'APPROVED')))
        .orderBy(asc(devices.id));
export type SyncDevice = Awaited<ReturnType<typeof devicesOf>>[number];

/** The devices of a device group (a saved search's criteria) among these organizations; undefined when it is gone. */
export const groupMembers = async (db: DbOrTx, groupId: number, organizationIds: number[]) => {
  const group = await findSavedSearch(db, groupId);
  if (!group) return undefined;
  if (organizationIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(inArray(devices.organizationId, organizationIds), await criteriaConditionOf(db, group.criteria)),
    );
  return new Set(rows.map((row) => row.id));
};

export const setClientSyncState = async (
  db: DbOrTx,
  organizationId: number,
  state: { syncError: string | null; lastSyncAt: Date; companyName?: string },
) => {
  await db.update(psaAccountMappings).set(state).where(eq(psaAccountMappings.organizationId, organizationId));
};

// ---------------------------------------------------------------- tracking rows

export const trackedAdditions = (db: DbOrTx) => db.select().from(psaAgreementAdditions);
export type TrackedAddition = Awaited<ReturnType<typeof trackedAdditions>>[number];

export const saveTrackedAddition = async (db: DbOrTx, row: typeof psaAgreementAdditions.$inferInsert) => {
  await db
    .insert(psaAgreementAdditions)
    .values(row)
    .onConflictDoUpdate({
      target: [psaAgreementAdditions.agreementId, psaAgreementAdditions.catalogItemId],
      set: {
        additionId: row.additionId,
        quantity: row.quantity,
        agreementName: row.agreementName,
        updatedAt: new Date(),
      },
    });
};

export const dropTrackedAddition = async (db: DbOrTx, agreementId: number, catalogItemId: number) => {
  await db
    .delete(psaAgreementAdditions)
    .where(
      and(
        eq(psaAgreementAdditions.agreementId, agreementId),
        eq(psaAgreementAdditions.catalogItemId, catalogItemId),
      ),
    );
};

export const trackedConfigurations = (db: DbOrTx) =>
  db.select().from(psaConfigurations).orderBy(asc(psaConfigurations.id));
export type TrackedConfiguration = Awaited<ReturnType<typeof trackedConfigurations>>[number];

export const insertTrackedConfiguration = async (db: DbOrTx, row: typeof psaConfigurations.$inferInsert) => {
  await db.insert(psaConfigurations).values(row);
};

export const dropTrackedConfiguration = async (db: DbOrTx, id: number) => {
  await db.delete(psaConfigurations).where(eq(psaConfigurations.id, id));
};
