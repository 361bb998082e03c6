import type { DemoRequestDeliveryStatus } from '@rmm/domain';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { demoRequests } from '../../db/schema.ts';

/** SQL of the backup demo requests: storing, listing and the claims of their mailing. */

export type DemoRequestRow = typeof demoRequests.$inferSelect;

export const insertDemoRequest = async (
  db: DbOrTx,
  values: {
    userName: string;
    userEmail: string;
    requestedBy: number;
    requestedByName: string;
    requestedByEmail: string;
    createdAt: Date;
    deliveryStatus: DemoRequestDeliveryStatus | null;
    nextAttemptAt: Date | null;
  },
): Promise<DemoRequestRow> => {
  const [row] = await db.insert(demoRequests).values(values).returning();
  return row!;
};

/**
 * Holds the user's demo requests still until the transaction ends: two requests sent together are counted
 * one after the other, on every server process.
 */
export const lockRequestsOfUser = async (db: DbOrTx, userId: number) => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('demo_requests'), ${userId})`);
};

export const countRequestsOfUserSince = async (db: DbOrTx, userId: number, since: Date) => {
  const [row] = await db
    .select({ count: count() })
    .from(demoRequests)
    .where(and(eq(demoRequests.requestedBy, userId), gt(demoRequests.createdAt, since)));
  return row?.count ?? 0;
};

/** A page of the requests, newest first. */
export const listDemoRequests = async (db: DbOrTx, { limit, offset }: { limit: number; offset: number }) => {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(demoRequests)
      .orderBy(desc(demoRequests.createdAt), desc(demoRequests.id))
      .limit(limit)
      .offset(offset),
    db.select({ count: count() }).from(demoRequests),
  ]);
  return { rows, count: total?.count ?? 0 };
};

/**
 * Claims up to `limit` requests whose mail is due at `now` (PENDING or FAILED, attempts left): each is held
 * until `leaseUntil`, so no other sweep (on this process or another) sends it meanwhile. A process that dies
 * while sending leaves the claim to run out; the request is tried again after it.
 */
export const claimDueDeliveries = async (
  db: DbOrTx,
  {
    now,
    leaseUntil,
    maxAttempts,
    limit,
  }: { now: Date; leaseUntil: Date; maxAttempts: number; limit: number },
): Promise<DemoRequestRow[]> => {
  const due = db
    .select({ id: demoRequests.id })
    .from(demoRequests)
    .where(
      sql`${demoRequests.deliveryStatus} in ('PENDING', 'FAILED')
        and ${demoRequests.nextAttemptAt} <= ${now}
        and ${demoRequests.deliveryAttempts} < ${maxAttempts}`,
    )
    .orderBy(demoRequests.nextAttemptAt, demoRequests.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(demoRequests)
    .set({ nextAttemptAt: leaseUntil })
    .where(sql`${demoRequests.id} in ${due}`)
    .returning();
};

export const markDelivered = async (db: DbOrTx, id: number, at: Date) => {
  await db
    .update(demoRequests)
    .set({
      deliveryStatus: 'SENT',
      deliveryAttempts: sql`${demoRequests.deliveryAttempts} + 1`,
      deliveryError: null,
      nextAttemptAt: null,
      deliveredAt: at,
    })
    .where(eq(demoRequests.id, id));
};

/** A failed attempt: the error kept, and the next try at `retryAt` (null: no attempt left). */
export const markFailed = async (
  db: DbOrTx,
  id: number,
  { error, retryAt }: { error: string; retryAt: Date | null },
) => {
  await db
    .update(demoRequests)
    .set({
      deliveryStatus: 'FAILED',
      deliveryAttempts: sql`${demoRequests.deliveryAttempts} + 1`,
      deliveryError: error,
      nextAttemptAt: retryAt,
    })
    .where(eq(demoRequests.id, id));
};

export const findDemoRequest = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(demoRequests).where(eq(demoRequests.id, id));
  return row;
};
