import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.ts';

/**
 * The rule by which a worker's cursor moves over a feed table with a serial id (alert_events for notifications,
 * ticket_log for ticket mail). Ids are taken when a row is inserted but become visible at its commit, so a
 * missing id may still come. The cursor moves over the ids there without a gap; at a missing id it waits until
 * the id is known never to come (every transaction running when the gap was first seen has ended), or until it
 * has been missing for `gapSeconds`; the rows after it are read again meanwhile (consumers queue nothing twice).
 */

export type FeedGap = { id: number | null; seenAt: Date | null; xmax: number | null };
export const NO_FEED_GAP: FeedGap = { id: null, seenAt: null, xmax: null };

/**
 * The database's transaction horizon: `xmin`, the oldest transaction still running, and `xmax`, the next one to
 * start. Every transaction running now has ended once a later `xmin` reaches this `xmax`.
 */
export const transactionHorizon = async (db: DbOrTx) => {
  const result = await db.execute(sql`
    select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
           pg_snapshot_xmax(pg_current_snapshot())::text as xmax`);
  const [row] = (result as unknown as { rows: { xmin: string; xmax: string }[] }).rows;
  return { xmin: Number(row!.xmin), xmax: Number(row!.xmax) };
};

/** Where the cursor stops over `ids` (ascending, after `last`), and the gap it now waits at. */
export const advanceFeed = async (
  tx: DbOrTx,
  cursor: { last: number; gap: FeedGap },
  ids: readonly number[],
  now: Date,
  gapSeconds: number,
): Promise<{ last: number; gap: FeedGap }> => {
  let { last, gap } = cursor;
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
        gap = NO_FEED_GAP;
        continue;
      }
    } else {
      gap = { id: missing, seenAt: now, xmax: horizon.xmax };
    }
    break;
  }
  if (gap.id !== null && gap.id <= last) gap = NO_FEED_GAP;
  return { last, gap };
};

/** A mail or HTTP failure as text: the SMTP server's answer when there is one (`550 …`), else the message. */
export const deliveryErrorText = (error: unknown) => {
  const { message, response } = error as { message?: string; response?: string };
  const text = response && !message?.includes(response) ? `${message}: ${response}` : message;
  return (text || String(error)).slice(0, 1000);
};
