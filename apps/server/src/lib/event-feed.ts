import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/database.ts';
import { eventFeedCursors } from './event-feed-schema.ts';

/**
 * Consumers of an append-only table read by id (`alert_events`, `activities`, `ticket_log`), each with a
 * cursor of its own in `event_feed_cursors` (docs/decisions.md "Notification channels", "The feed" and "Gaps in
 * the feed"). A batch is read in one transaction that holds the cursor's row lock (`FOR UPDATE SKIP LOCKED`:
 * while one process reads a feed, the others leave it to it) and moves the cursor in the same transaction as
 * whatever the consumer writes, so nothing is handled twice or lost, whatever crashes.
 *
 * Ids come from a sequence, so a transaction that took an id may commit after a later one. The cursor only
 * moves over ids without a gap; at a missing id it waits until the id appears, or until every transaction that
 * was running when the gap was first seen has ended (the id belonged to a rolled-back transaction), or at the
 * latest `gapSeconds` after it was first seen.
 */

export type FeedCursor = typeof eventFeedCursors.$inferSelect;

/**
 * The cursor, locked for this transaction; none when another worker holds it. A cursor made now starts at
 * `startAt` (0: the feed's beginning; a consumer that must not act on history gives the feed's end).
 */
export const lockFeedCursor = async (
  db: DbOrTx,
  name: string,
  startAt: () => Promise<number> = async () => 0,
): Promise<FeedCursor | undefined> => {
  const [existing] = await db
    .select({ name: eventFeedCursors.name })
    .from(eventFeedCursors)
    .where(eq(eventFeedCursors.name, name));
  if (!existing)
    await db
      .insert(eventFeedCursors)
      .values({ name, lastEventId: await startAt() })
      .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(eventFeedCursors)
    .where(eq(eventFeedCursors.name, name))
    .for('update', { skipLocked: true });
  return row;
};

const saveFeedCursor = async (
  db: DbOrTx,
  name: string,
  values: Pick<FeedCursor, 'lastEventId' | 'gapEventId' | 'gapSeenAt' | 'gapXmax'>,
) => {
  await db
    .update(eventFeedCursors)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(eventFeedCursors.name, name));
};

/**
 * The database's transaction horizon: `xmin`, the oldest transaction still running, and `xmax`, the next
 * one to start. Every transaction running now has ended once a later `xmin` reaches this `xmax`.
 */
export const transactionHorizon = async (db: DbOrTx) => {
  const result = await db.execute(sql`
    select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
           pg_snapshot_xmax(pg_current_snapshot())::text as xmax`);
  const [row] = (result as unknown as { rows: { xmin: string; xmax: string }[] }).rows;
  return { xmin: Number(row!.xmin), xmax: Number(row!.xmax) };
};

/**
 * Moves the cursor over the ids (ascending, all above it) that follow it without a gap, past a gap that is
 * settled or older than `gapSeconds`; stores it and answers where it now stands.
 */
export const advanceFeedCursor = async (
  tx: DbOrTx,
  cursor: FeedCursor,
  ids: readonly number[],
  { now, gapSeconds }: { now: Date; gapSeconds: number },
) => {
  let last = cursor.lastEventId;
  let gap = { id: cursor.gapEventId, seenAt: cursor.gapSeenAt, xmax: cursor.gapXmax };
  let horizon: { xmin: number; xmax: number } | undefined;
  for (const id of ids) {
    if (id === last + 1) {
      last = id;
      continue;
    }
    const missing = last + 1;
    horizon ??= await transactionHorizon(tx);
    if (gap.id === missing && gap.seenAt && gap.xmax !== null) {
      const isSettled = horizon.xmin >= gap.xmax;
      const isOld = now.getTime() - gap.seenAt.getTime() >= gapSeconds * 1000;
      if (isSettled || isOld) {
        last = id;
        gap = { id: null, seenAt: null, xmax: null };
        continue;
      }
    } else {
      gap = { id: missing, seenAt: now, xmax: horizon.xmax };
    }
    break;
  }
  if (gap.id !== null && gap.id <= last) gap = { id: null, seenAt: null, xmax: null };
  await saveFeedCursor(tx, cursor.name, {
    lastEventId: last,
    gapEventId: gap.id,
    gapSeenAt: gap.seenAt,
    gapXmax: gap.xmax,
  });
  return last;
};

/** Jumps the cursor to `lastEventId` (a consumer with nothing to do skips what is there). */
export const skipFeedTo = (tx: DbOrTx, cursor: FeedCursor, lastEventId: number) =>
  saveFeedCursor(tx, cursor.name, { lastEventId, gapEventId: null, gapSeenAt: null, gapXmax: null });

export type FeedBatchOptions<E, R> = {
  /** The cursor's name in `event_feed_cursors`. */
  name: string;
  now: Date;
  gapSeconds: number;
  limit: number;
  /** Where a cursor made now starts (default 0). */
  startAt?: (tx: Tx) => Promise<number>;
  /** The events after `afterId`, oldest first, at most `limit`. */
  read: (tx: Tx, afterId: number, limit: number) => Promise<E[]>;
  idOf: (event: E) => number;
  /**
   * What the consumer does with the batch, in the cursor's transaction. `passed` is where the cursor now
   * stands: events above it (beyond a gap) will be read again, so a consumer that handles them now must be
   * idempotent; one that is not handles only those up to `passed`.
   */
  handle: (tx: Tx, events: E[], passed: number) => Promise<R>;
};

/**
 * One batch of a feed in one transaction: undefined when another process holds the cursor or there is
 * nothing new; else what `handle` answered and whether there may be more.
 */
export const readFeedBatch = async <E, R>(
  db: Db,
  options: FeedBatchOptions<E, R>,
): Promise<{ result: R; more: boolean } | undefined> =>
  db.transaction(async (tx) => {
    const cursor = await lockFeedCursor(tx, options.name, options.startAt && (() => options.startAt!(tx)));
    if (!cursor) return undefined;
    const events = await options.read(tx, cursor.lastEventId, options.limit);
    if (events.length === 0) return undefined;
    const passed = await advanceFeedCursor(tx, cursor, events.map(options.idOf), options);
    const result = await options.handle(tx, events, passed);
    return { result, more: events.length === options.limit && passed > cursor.lastEventId };
  });

/** A mail or HTTP failure as text: the SMTP server's answer when there is one (`550 …`), else the message. */
export const deliveryErrorText = (error: unknown) => {
  const { message, response } = error as { message?: string; response?: string };
  const text = response && !message?.includes(response) ? `${message}: ${response}` : message;
  return (text || String(error)).slice(0, 1000);
};
