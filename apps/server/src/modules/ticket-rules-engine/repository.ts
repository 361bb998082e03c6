import type { ConditionTicketing, TicketStatusCategory } from '@rmm/domain';
import { and, asc, eq, gt, isNotNull, lte, max, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { DbOrTx } from '../../db/database.ts';
import {
  activities,
  alertEvents,
  alerts,
  devices,
  jobs,
  organizations,
  ticketLog,
  ticketRuleAlertTickets,
  ticketRulesetDefault,
  ticketRulesets,
  ticketRuleTimeMarks,
  ticketStatuses,
  tickets,
} from '../../db/schema.ts';

/** SQL of the ticket rules engine: what its feeds read, the alert keys' tickets, the clock's work. */

// ---------------------------------------------------------------- rulesets

export type RulesetRow = typeof ticketRulesets.$inferSelect;

/** Every ruleset (a small table) and which one is the default. */
export const loadRulesets = async (db: DbOrTx) => {
  const [rows, [defaultRow]] = await Promise.all([
    db.select().from(ticketRulesets).orderBy(asc(ticketRulesets.id)),
    db.select().from(ticketRulesetDefault),
  ]);
  return { byId: new Map(rows.map((row) => [row.id, row])), defaultId: defaultRow?.rulesetId ?? null };
};

/** Whether an enabled ruleset of one of these types exists (a feed without one skips ahead). */
export const hasEnabledRuleset = async (db: DbOrTx, types: readonly string[]) => {
  const [row] = await db
    .select({ id: ticketRulesets.id })
    .from(ticketRulesets)
    .where(and(anyOf(ticketRulesets.type, types, 'text'), eq(ticketRulesets.enabled, true)))
    .limit(1);
  return row !== undefined;
};

// ---------------------------------------------------------------- feeds

/** The last id of a feed's table now (a new cursor starts there: rules act on what happens from then on). */
export const feedEnd = async (db: DbOrTx, feed: 'alert_events' | 'activities' | 'ticket_log') => {
  const column = { alert_events: alertEvents.id, activities: activities.id, ticket_log: ticketLog.id }[feed];
  const table = { alert_events: alertEvents, activities, ticket_log: ticketLog }[feed];
  const [row] = await db.select({ last: max(column) }).from(table);
  return Number(row?.last ?? 0);
};

/** Alert events after `afterId`, oldest first, with what a ticket says of the alert. */
export const readAlertFeed = async (db: DbOrTx, afterId: number, limit: number) =>
  db
    .select({
      eventId: alertEvents.id,
      change: alertEvents.change,
      alertId: alerts.id,
      deviceId: alerts.deviceId,
      organizationId: alerts.organizationId,
      deviceName: devices.displayName,
      /** The device's owner now (useOwnerAsRequester). */
      deviceOwnerId: devices.ownerUserId,
      organizationName: organizations.name,
      conditionId: alerts.conditionId,
      conditionName: alerts.conditionName,
      instance: alerts.instance,
      severity: alerts.severity,
      priority: alerts.priority,
      message: alerts.message,
      triggerTime: alerts.triggerTime,
      resetTime: alerts.resetTime,
      resetReason: alerts.resetReason,
      ticketing: alerts.ticketing,
    })
    .from(alertEvents)
    .innerJoin(alerts, eq(alerts.id, alertEvents.alertId))
    .innerJoin(devices, eq(devices.id, alerts.deviceId))
    .innerJoin(organizations, eq(organizations.id, alerts.organizationId))
    .where(gt(alertEvents.id, afterId))
    .orderBy(asc(alertEvents.id))
    .limit(limit);

export type AlertFeedEvent = Awaited<ReturnType<typeof readAlertFeed>>[number] & {
  ticketing: ConditionTicketing;
};

/** Activities after `afterId`, oldest first. */
export const readActivityFeed = async (db: DbOrTx, afterId: number, limit: number) =>
  db.select().from(activities).where(gt(activities.id, afterId)).orderBy(asc(activities.id)).limit(limit);

export type ActivityFeedEvent = Awaited<ReturnType<typeof readActivityFeed>>[number];

/** Ticket log entries after `afterId`, oldest first (what the event rules need of them). */
export const readTicketLogFeed = async (db: DbOrTx, afterId: number, limit: number) =>
  db
    .select({
      id: ticketLog.id,
      ticketId: ticketLog.ticketId,
      type: ticketLog.type,
      actorId: ticketLog.actorId,
      actorName: ticketLog.actorName,
      data: ticketLog.data,
    })
    .from(ticketLog)
    .where(gt(ticketLog.id, afterId))
    .orderBy(asc(ticketLog.id))
    .limit(limit);

export type TicketLogFeedEvent = Awaited<ReturnType<typeof readTicketLogFeed>>[number];

/** The finished jobs of these ids, with what a script rule needs (the library script, the result). */
export const findJobs = async (db: DbOrTx, jobUids: readonly string[]) =>
  jobUids.length === 0
    ? []
    : db
        .select({
          jobUid: jobs.jobUid,
          deviceId: jobs.deviceId,
          organizationId: jobs.organizationId,
          jobName: jobs.jobName,
          content: jobs.content,
          jobResult: jobs.jobResult,
          resultContent: jobs.resultContent,
          finishedAt: jobs.finishedAt,
        })
        .from(jobs)
        .where(anyOf(jobs.jobUid, jobUids, 'uuid'));

/** Which of these devices still exist in their organization. */
export const existingDevices = async (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? new Map<number, number>()
    : new Map(
        (
          await db
            .select({ id: devices.id, organizationId: devices.organizationId })
            .from(devices)
            .where(anyOf(devices.id, ids, 'integer'))
        ).map((row) => [row.id, row.organizationId]),
      );

// ---------------------------------------------------------------- tickets

/** What the engine reads of a ticket before it changes it: the version to send, tags, status category. */
export const findTicketState = async (db: DbOrTx, ticketId: number) => {
  const [row] = await db
    .select({
      id: tickets.id,
      version: tickets.version,
      tags: tickets.tags,
      statusId: tickets.statusId,
      statusCategory: ticketStatuses.category,
    })
    .from(tickets)
    .innerJoin(ticketStatuses, eq(ticketStatuses.id, tickets.statusId))
    .where(eq(tickets.id, ticketId));
  return row && { ...row, statusCategory: row.statusCategory as TicketStatusCategory };
};

export type TicketState = NonNullable<Awaited<ReturnType<typeof findTicketState>>>;

// ---------------------------------------------------------------- alert keys' tickets

export type AlertKey = { rulesetId: number; deviceId: number; conditionId: string; instance: string };
export type AlertTicketRow = typeof ticketRuleAlertTickets.$inferSelect;

/** The key's current ticket of this ruleset, locked (a second transaction of the same key waits here). */
export const lockCurrentLink = async (db: DbOrTx, key: AlertKey) => {
  const [row] = await db
    .select()
    .from(ticketRuleAlertTickets)
    .where(
      and(
        eq(ticketRuleAlertTickets.rulesetId, key.rulesetId),
        eq(ticketRuleAlertTickets.deviceId, key.deviceId),
        eq(ticketRuleAlertTickets.conditionId, key.conditionId),
        eq(ticketRuleAlertTickets.instance, key.instance),
        eq(ticketRuleAlertTickets.isCurrent, true),
      ),
    )
    .for('update');
  return row;
};

/** The current tickets made for this alert (one per ruleset that took it), locked. */
export const lockLinksOfAlert = async (db: DbOrTx, alertId: number) =>
  db
    .select()
    .from(ticketRuleAlertTickets)
    .where(and(eq(ticketRuleAlertTickets.alertId, alertId), eq(ticketRuleAlertTickets.isCurrent, true)))
    .for('update');

/** A new current ticket for the key; the one it replaces (if any) is no longer current. */
export const replaceLink = async (
  db: DbOrTx,
  previousId: number | undefined,
  values: AlertKey & { organizationId: number; ticketId: number; alertId: number },
) => {
  if (previousId !== undefined)
    await db
      .update(ticketRuleAlertTickets)
      .set({ isCurrent: false, resetDueAt: null, resetStatusId: null, updatedAt: sql`now()` })
      .where(eq(ticketRuleAlertTickets.id, previousId));
  await db.insert(ticketRuleAlertTickets).values(values);
};

export const updateLink = async (
  db: DbOrTx,
  id: number,
  values: Partial<Pick<AlertTicketRow, 'alertId' | 'resetDueAt' | 'resetStatusId'>>,
) => {
  await db
    .update(ticketRuleAlertTickets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(ticketRuleAlertTickets.id, id));
};

/** Resets due at `now`, locked (SKIP LOCKED: two processes never apply one twice). */
export const claimDueResets = async (db: DbOrTx, now: Date, limit: number) =>
  db
    .select()
    .from(ticketRuleAlertTickets)
    .where(and(isNotNull(ticketRuleAlertTickets.resetDueAt), lte(ticketRuleAlertTickets.resetDueAt, now)))
    .orderBy(asc(ticketRuleAlertTickets.resetDueAt), asc(ticketRuleAlertTickets.id))
    .limit(limit)
    .for('update', { skipLocked: true });

// ---------------------------------------------------------------- time rules

/** One process runs the clock's work at a time (a transaction-level advisory lock; the others skip). */
const CLOCK_LOCK = 728_102;

export const tryClockLock = async (db: DbOrTx) => {
  const result = await db.execute(sql`select pg_try_advisory_xact_lock(${CLOCK_LOCK}) as locked`);
  return Boolean((result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked);
};

/**
 * Tickets that entered `statusId` at or before `cutoff` (their last status change, or their creation) and
 * that the rule has not been applied to for that stay.
 */
export const ticketsInStatusSince = async (
  db: DbOrTx,
  {
    rulesetId,
    statusId,
    cutoff,
    limit,
  }: { rulesetId: number; statusId: number; cutoff: Date; limit: number },
) => {
  const result = await db.execute(sql`
    select t.id, e.entered_at
    from ${tickets} t
    cross join lateral (
      select coalesce(
        (select max(l.created_at) from ${ticketLog} l
          where l.ticket_id = t.id and l.type = 'CHANGE' and l.data -> 'changes' @> '[{"field":"statusId"}]'),
        t.created_at) as entered_at
    ) e
    where t.status_id = ${statusId} and e.entered_at <= ${cutoff}
      and not exists (select 1 from ${ticketRuleTimeMarks} m
        where m.ruleset_id = ${rulesetId} and m.ticket_id = t.id and m.entered_at = e.entered_at)
    order by t.id
    limit ${limit}`);
  return (result as unknown as { rows: { id: number; entered_at: string | Date }[] }).rows.map((row) => ({
    ticketId: Number(row.id),
    enteredAt: new Date(row.entered_at),
  }));
};

export const markTimeRule = async (db: DbOrTx, rulesetId: number, ticketId: number, enteredAt: Date) => {
  await db
    .insert(ticketRuleTimeMarks)
    .values({ rulesetId, ticketId, enteredAt })
    .onConflictDoUpdate({
      target: [ticketRuleTimeMarks.rulesetId, ticketRuleTimeMarks.ticketId],
      set: { enteredAt, createdAt: sql`now()` },
    });
};
