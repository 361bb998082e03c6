import type { Db, Tx } from '../../db/database.ts';
import { lockFeedCursor, readFeedBatch, skipFeedTo } from '../../lib/event-feed.ts';
import { ACTIVITY_FEED_TYPES, handleActivities } from './activity-rules.ts';
import { applyDueResets, handleAlertEvents } from './condition-rules.ts';
import * as repo from './repository.ts';
import { createRuleBatch, type RuleDeps } from './rule-batch.ts';
import { applyTimeRules, handleTicketLog } from './ticket-rules.ts';

/**
 * The ticket rules engine of each server process (docs/decisions.md "Ticket rules engine"). A tick reads three
 * feeds, each with its own cursor in `event_feed_cursors` (lib/event-feed.ts: the cursor's row lock, so one
 * process reads a feed at a time, and the gap rules), and does the clock's work:
 *
 * - `ticket_rules.alert_events`: condition rules (condition-rules.ts);
 * - `ticket_rules.activities`: script and activity rules (activity-rules.ts);
 * - `ticket_rules.ticket_log`: event rules (ticket-rules.ts);
 * - the clock: resets whose time has come, and time rules (one process at a time: an advisory lock).
 *
 * Every ticket is created or changed through the tickets module inside the transaction that moves the cursor,
 * so an event is handled exactly once: only the events the cursor has passed are handled (those beyond a gap
 * wait for the gap to settle). A new cursor starts at the feed's end: rules act on what happens from then on.
 */

export type TicketRulesWorkerOptions = RuleDeps & { db: Db; feedGapSeconds: number };

const FEED_BATCH = 500;
/** Batches of one feed a tick reads at most; the rest waits for the next tick. */
const FEED_MAX_BATCHES = 20;

type Feed<E> = {
  name: string;
  table: 'alert_events' | 'activities' | 'ticket_log';
  /** The ruleset types that read it: with none enabled, the feed is skipped to its end. */
  types: readonly string[];
  read: (tx: Tx, afterId: number, limit: number) => Promise<E[]>;
  idOf: (event: E) => number;
  handle: (tx: Tx, batch: ReturnType<typeof createRuleBatch>, events: E[]) => Promise<void>;
};

const feeds = [
  {
    name: 'ticket_rules.alert_events',
    table: 'alert_events',
    types: ['CONDITION_RULE'],
    read: repo.readAlertFeed,
    idOf: (event) => event.eventId,
    handle: handleAlertEvents,
  } satisfies Feed<repo.AlertFeedEvent>,
  {
    name: 'ticket_rules.activities',
    table: 'activities',
    types: ACTIVITY_FEED_TYPES,
    read: repo.readActivityFeed,
    idOf: (event) => event.id,
    handle: handleActivities,
  } satisfies Feed<repo.ActivityFeedEvent>,
  {
    name: 'ticket_rules.ticket_log',
    table: 'ticket_log',
    types: ['EVENT_BASED'],
    read: repo.readTicketLogFeed,
    idOf: (event) => event.id,
    handle: handleTicketLog,
  } satisfies Feed<repo.TicketLogFeedEvent>,
] as const;

export const createTicketRulesWorker = (options: TicketRulesWorkerOptions) => {
  const { db, log } = options;

  /** One batch of a feed; the events handled and whether there may be more. */
  const readBatch = async <E>(feed: Feed<E>, now: Date) => {
    const batch = createRuleBatch(options);
    const outcome = await readFeedBatch(db, {
      name: feed.name,
      now,
      gapSeconds: options.feedGapSeconds,
      limit: FEED_BATCH,
      startAt: (tx) => repo.feedEnd(tx, feed.table),
      idOf: feed.idOf,
      read: feed.read,
      handle: async (tx, events, passed) => {
        const handled = events.filter((event) => feed.idOf(event) <= passed);
        if (handled.length) await feed.handle(tx, batch, handled);
        return handled.length;
      },
    });
    batch.publish();
    return outcome ?? { result: 0, more: false };
  };

  /** No enabled ruleset reads the feed: its cursor goes to the feed's end (nothing is read). */
  const skipIfIdle = <E>(feed: Feed<E>) =>
    db.transaction(async (tx) => {
      if (await repo.hasEnabledRuleset(tx, feed.types)) return false;
      const cursor = await lockFeedCursor(tx, feed.name, () => repo.feedEnd(tx, feed.table));
      const end = await repo.feedEnd(tx, feed.table);
      if (cursor && end > cursor.lastEventId) await skipFeedTo(tx, cursor, end);
      return true;
    });

  const readFeed = async <E>(feed: Feed<E>, now: Date) => {
    if (await skipIfIdle(feed)) return 0;
    let handled = 0;
    for (let n = 0; n < FEED_MAX_BATCHES; n++) {
      const { result, more } = await readBatch(feed, now);
      handled += result;
      if (!more) break;
    }
    return handled;
  };

  /** The clock's work at `now`: due resets and time rules, on one process at a time. */
  const runClock = async (now: Date) => {
    const batch = createRuleBatch(options);
    const done = await db.transaction(async (tx) => {
      if (!(await repo.tryClockLock(tx))) return { resets: 0, timeRules: 0 };
      return {
        resets: await applyDueResets(tx, batch, now),
        timeRules: await applyTimeRules(tx, batch, now),
      };
    });
    batch.publish();
    return done;
  };

  /** Every feed, then the clock (tests give the time they need). */
  const work = async (now: Date, { clock }: { clock: boolean }) => {
    const handled: Record<string, number> = {};
    for (const feed of feeds) handled[feed.name] = await readFeed(feed as Feed<unknown>, now);
    return { handled, ...(clock ? await runClock(now) : { resets: 0, timeRules: 0 }) };
  };

  // Never two runs at once on this process: a tick waits for the one before.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run);
    queue = next.catch(() => {});
    return next;
  };

  let isKickQueued = false;
  return {
    /** Reads every feed and does the clock's work at `now`. */
    tick: (now: Date = new Date()) => serial(() => work(now, { clock: true })),
    /**
     * Reads the feeds soon (an alert or a ticket changed); several kicks while one waits make one run. The
     * clock's work is left to `tick`, which the interval calls.
     */
    kick: () => {
      if (isKickQueued) return;
      isKickQueued = true;
      void serial(async () => {
        isKickQueued = false;
        try {
          await work(new Date(), { clock: false });
        } catch (error) {
          log.warn({ err: error }, 'ticket rules: reading the feeds failed');
        }
      });
    },
    /** Resolves once the runs queued so far have ended. */
    idle: async () => {
      for (;;) {
        const current = queue;
        await current;
        if (current === queue) return;
      }
    },
  };
};

export type TicketRulesWorker = ReturnType<typeof createTicketRulesWorker>;
