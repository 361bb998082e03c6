import {
  AddTicketCommentRequest,
  type AddTimeEntryInput,
  type ListTicketLogQuery,
  type ListTicketLogResponse,
  type OrganizationScope,
  type StopTimerRequest,
  TIME_ENTRY_MAX_SECONDS,
  type TicketLogEntry,
  type TicketLogNames,
  type TimeEntry,
} from '@rmm/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import {
  actorIdOf,
  actorNameOf,
  claimFiles,
  loadAttachments,
  loadTicket,
  nowOf,
  parseInput,
  pick,
  publishTicketChange,
  scopeOf,
  sourceOf,
  type TicketCallOptions,
  type TicketingContext,
  writeTicketActivity,
} from './context.ts';
import { ticketingError } from './errors.ts';
import { type LogData, toLogEntry } from './mapper.ts';
import * as repo from './repository.ts';
import { findForm } from './setup-repository.ts';

/**
 * Working a ticket: comments, time entries and the timer, and reading its log. A comment or time entry moves
 * the ticket's update time (and tracked time) but not its version: someone editing the ticket meanwhile
 * does not get a conflict for it.
 */

type Work = { row: repo.TicketRow; entry: repo.TicketLogRecord };

/** Locks a ticket the caller may see, runs `write` in the transaction, then tells consoles. */
const onTicket = async (
  ctx: TicketingContext,
  id: number,
  options: TicketCallOptions,
  change: 'COMMENTED' | 'TIME_ADDED',
  write: (tx: DbOrTx, row: repo.TicketRow) => Promise<repo.TicketLogRecord>,
) => {
  const work = await ctx.db.transaction(async (tx): Promise<Work> => {
    if (!(await repo.lockTicket(tx, id))) throw ticketingError('TICKET_NOT_FOUND');
    const { row } = await loadTicket(ctx, tx, id, scopeOf(options.actor));
    const entry = await write(tx, row);
    return { row, entry };
  });
  const { row, ticket } = await loadTicket(ctx, ctx.db, work.row.id, 'all');
  publishTicketChange(ctx, change, row);
  const files = await loadAttachments(ctx.db, ctx.urlKey, (work.entry.data as LogData).attachmentIds ?? []);
  return { entry: toLogEntry(work.entry, (ids) => pick(files, ids)), ticket };
};

/** A comment (Markdown; public: the requester may see it; internal: technicians only) with the caller's files. */
export const addComment = (
  ctx: TicketingContext,
  id: number,
  request: z.input<typeof AddTicketCommentRequest>,
  options: TicketCallOptions,
) => {
  const input = parseInput(AddTicketCommentRequest, request);
  return onTicket(ctx, id, options, 'COMMENTED', async (tx, row) => {
    const now = nowOf(ctx);
    await claimFiles(tx, options.actor, id, input.attachmentIds);
    const entry = await repo.insertLogEntry(tx, {
      ticketId: id,
      type: 'COMMENT',
      actorId: actorIdOf(options.actor),
      actorName: actorNameOf(options.actor),
      source: sourceOf(options),
      body: input.body,
      isPublic: input.isPublic,
      data: { attachmentIds: input.attachmentIds },
      createdAt: now,
    });
    await repo.touchTicket(tx, id, now);
    await writeTicketActivity(tx, options.actor, row, 'ticket.comment', {
      isPublic: input.isPublic,
      attachments: input.attachmentIds.length,
    });
    return entry;
  });
};

const writeTimeEntry = async (
  ctx: TicketingContext,
  tx: DbOrTx,
  row: repo.TicketRow,
  timeEntry: TimeEntry,
  options: TicketCallOptions,
) => {
  const now = nowOf(ctx);
  const entry = await repo.insertLogEntry(tx, {
    ticketId: row.id,
    type: 'TIME_ENTRY',
    actorId: actorIdOf(options.actor),
    actorName: actorNameOf(options.actor),
    source: sourceOf(options),
    data: { timeEntry },
    createdAt: now,
  });
  await repo.touchTicket(tx, row.id, now, timeEntry.durationSeconds);
  await writeTicketActivity(tx, options.actor, row, 'ticket.timeEntry', {
    durationSeconds: timeEntry.durationSeconds,
    method: timeEntry.method,
  });
  return entry;
};

/** Time worked: a start and an end, or a duration ending now. */
export const addTimeEntry = (
  ctx: TicketingContext,
  id: number,
  input: AddTimeEntryInput,
  options: TicketCallOptions,
) =>
  onTicket(ctx, id, options, 'TIME_ADDED', (tx, row) => {
    const end = input.endTime ? new Date(input.endTime) : nowOf(ctx);
    const start = input.startTime
      ? new Date(input.startTime)
      : new Date(end.getTime() - input.durationSeconds! * 1000);
    const timeEntry: TimeEntry = {
      startTime: start.toISOString(),
      endTime: end.toISOString(),
      durationSeconds: Math.round((end.getTime() - start.getTime()) / 1000),
      note: input.note,
      isBillable: input.isBillable,
      method: 'MANUAL',
    };
    return writeTimeEntry(ctx, tx, row, timeEntry, options);
  });

/** The form's timer setting allows a timer (a ticket without a form: yes). */
const requireTimer = async (db: DbOrTx, row: repo.TicketRow) => {
  const form = row.formId === null ? undefined : await findForm(db, row.formId);
  if (form?.timer === 'OFF') throw ticketingError('TIMER_DISABLED');
};

/** Starts the caller's timer on the ticket (one per user and ticket). */
export const startTimer = async (ctx: TicketingContext, id: number, user: Actor) => {
  const startTime = nowOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const { row } = await loadTicket(ctx, tx, id, user.scope);
    await requireTimer(tx, row);
    if (!(await repo.insertTimer(tx, id, user.id, startTime))) throw ticketingError('TIMER_RUNNING');
  });
  return { timer: { startTime: startTime.toISOString() }, entry: null };
};

/** Stops the caller's timer: the time since its start (at most a week) becomes a time entry. */
export const stopTimer = async (
  ctx: TicketingContext,
  id: number,
  input: z.output<typeof StopTimerRequest>,
  user: Actor,
): Promise<{ timer: null; entry: TicketLogEntry }> => {
  const { entry } = await onTicket(ctx, id, { actor: { user } }, 'TIME_ADDED', async (tx, row) => {
    const timer = await repo.deleteTimer(tx, id, user.id);
    if (!timer) throw ticketingError('TIMER_NOT_RUNNING');
    const end = nowOf(ctx);
    const seconds = Math.round((end.getTime() - timer.startTime.getTime()) / 1000);
    const durationSeconds = Math.min(Math.max(seconds, 1), TIME_ENTRY_MAX_SECONDS);
    const timeEntry: TimeEntry = {
      startTime: timer.startTime.toISOString(),
      endTime: new Date(timer.startTime.getTime() + durationSeconds * 1000).toISOString(),
      durationSeconds,
      note: input.note,
      isBillable: input.isBillable,
      method: 'TIMER',
    };
    return writeTimeEntry(ctx, tx, row, timeEntry, { actor: { user } });
  });
  return { timer: null, entry };
};

const decodeLogCursor = (cursor: string | undefined) => {
  if (cursor === undefined) return undefined;
  const id = Number(cursor);
  if (!Number.isSafeInteger(id) || id <= 0) throw ticketingError('INVALID_CURSOR');
  return id;
};

/** The ids a page's changes name, by kind (both sides of each change). */
const referencedIds = (rows: readonly repo.TicketLogRecord[]) => {
  const ids = {
    locations: new Set<number>(),
    forms: new Set<number>(),
    tickets: new Set<number>(),
    users: new Set<number>(),
    agreements: new Set<number>(),
  };
  const kindOf: Record<string, keyof typeof ids> = {
    locationId: 'locations',
    formId: 'forms',
    parentTicketId: 'tickets',
    assigneeId: 'users',
    additionalAssigneeIds: 'users',
    agreementId: 'agreements',
  };
  for (const row of rows) {
    for (const change of (row.data as LogData).changes ?? []) {
      const kind = kindOf[change.field];
      if (!kind) continue;
      for (const value of [change.from, change.to].flat())
        if (typeof value === 'number' && Number.isSafeInteger(value)) ids[kind].add(value);
    }
  }
  return ids;
};

/**
 * The names of what a page's changes refer to, as they are now (renamed: the new name; deleted: left out, so
 * the console shows `#id`); a ticket only when the reader may see it.
 */
const logNames = async (
  db: DbOrTx,
  rows: readonly repo.TicketLogRecord[],
  scope: OrganizationScope,
): Promise<TicketLogNames> => {
  const ids = referencedIds(rows);
  return {
    locations: await repo.locationNames(db, [...ids.locations]),
    forms: await repo.formNames(db, [...ids.forms]),
    tickets: await repo.ticketSubjects(db, [...ids.tickets], scope),
    users: await repo.userNames(db, [...ids.users]),
    agreements: await repo.agreementNames(db, [...ids.agreements], scope),
  };
};

/** The ticket's log, newest first, a page at a time, with the names its changes refer to. */
export const listLog = async (
  ctx: TicketingContext,
  id: number,
  query: ListTicketLogQuery,
  options: Pick<TicketCallOptions, 'actor'>,
): Promise<ListTicketLogResponse> => {
  await loadTicket(ctx, ctx.db, id, scopeOf(options.actor));
  const rows = await repo.listLog(ctx.db, {
    ticketId: id,
    type: query.type,
    beforeId: decodeLogCursor(query.cursor),
    limit: query.pageSize + 1,
  });
  const page = rows.slice(0, query.pageSize);
  const ids = page.flatMap((row) => (row.data as LogData).attachmentIds ?? []);
  const files = await loadAttachments(ctx.db, ctx.urlKey, ids);
  return {
    data: page.map((row) => toLogEntry(row, (wanted) => pick(files, wanted))),
    nextCursor: rows.length > query.pageSize ? String(page.at(-1)!.id) : null,
    pageSize: query.pageSize,
    names: await logNames(ctx.db, page, scopeOf(options.actor)),
  };
};
