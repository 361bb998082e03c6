import {
  type CreateTicketInput,
  CreateTicketRequest,
  isClosedCategory,
  type Ticket,
  type UpdateTicketInput,
  UpdateTicketRequest,
} from '@rmm/domain';
import type * as z from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import { reattach } from '../attachments/repository.ts';
import {
  actorIdOf,
  actorNameOf,
  claimFiles,
  loadTicket,
  nowOf,
  parseInput,
  publishTicketChange,
  scopeOf,
  sourceOf,
  type TicketActor,
  type TicketCallOptions,
  type TicketingContext,
  userOf,
  writeTicketActivity,
} from './context.ts';
import { diffTicket, type TicketChange } from './diff.ts';
import { TicketConflictError, ticketingError } from './errors.ts';
import { priorityRank, severityRank } from './mapper.ts';
import * as refs from './references.ts';
import * as repo from './repository.ts';

/**
 * Tickets: create and change (docs/decisions.md "Ticketing"). The one way any module creates or changes a
 * ticket: routes, the ticket rulesets engine, email-in. Each call checks the caller's scope first, then what
 * the ticket refers to and the ticket rules, writes the ticket, its log entry and an activity in one
 * transaction, and after the commit tells consoles over `/events`.
 *
 *   createTicket(ctx, { organizationId, subject, ... }, { actor: { system: 'Ruleset: Disk' }, source: 'CONDITION' })
 *   updateTicket(ctx, id, { version, statusId: RESOLVED_TICKET_STATUS_ID }, { actor: { user } })
 *
 * Input is validated with the contract's schema here as well, so callers other than the routes get the same
 * checks (a bad input: 422 TICKET_INVALID).
 */

/** The organization in the caller's scope, or 404 as for one that does not exist. */
const requireOrganization = async (tx: DbOrTx, actor: TicketActor, organizationId: number) => {
  const scope = scopeOf(actor);
  const organization = await repo.findOrganization(tx, organizationId);
  if (!organization || (scope !== 'all' && !scope.includes(organizationId))) {
    throw ticketingError('TICKET_NOT_FOUND', 'There is no such organization.');
  }
  return organization;
};

const checkNewTicket = async (tx: DbOrTx, actor: TicketActor, input: CreateTicketInput) => {
  await requireOrganization(tx, actor, input.organizationId);
  await refs.checkLocation(tx, input.organizationId, input.locationId);
  const deviceLocation = await refs.checkDevice(tx, input.organizationId, input.deviceId);
  await refs.checkStatus(tx, input.statusId);
  await refs.checkForm(tx, input.formId, input.fieldValues);
  await refs.checkSetupItem(tx, 'teams', input.teamId);
  await refs.checkSetupItem(tx, 'subtypes', input.subtypeId);
  await refs.checkSetupItem(tx, 'items', input.itemId);
  await refs.checkSetupItem(tx, 'impacts', input.impactId);
  await refs.checkAssignees(tx, input.organizationId, [input.assigneeId, ...input.additionalAssigneeIds]);
  await refs.checkParent(tx, { parentTicketId: input.parentTicketId, scope: scopeOf(actor) });
  await refs.checkParentNotResolved(tx, input.parentTicketId);
  await refs.checkAgreementRules(tx, {
    organizationId: input.organizationId,
    ticketId: undefined,
    from: null,
    to: input.agreementId,
  });
  return { locationId: input.locationId ?? deviceLocation ?? null };
};

/** Creates a ticket (its CREATED log entry, the claimed attachments, an activity) and tells consoles. */
export const createTicket = async (
  ctx: TicketingContext,
  input: z.input<typeof CreateTicketRequest>,
  options: TicketCallOptions,
): Promise<Ticket> => {
  const parsed = parseInput(CreateTicketRequest, input);
  const { actor } = options;
  const source = sourceOf(options);
  const now = nowOf(ctx);
  const id = await ctx.db.transaction(async (tx) => {
    const { locationId } = await checkNewTicket(tx, actor, parsed);
    const { requester, priority, severity, followUpTime, ...rest } = parsed;
    const ticketId = await repo.insertTicket(tx, {
      ...rest,
      locationId,
      ...(await refs.resolveRequester(tx, requester)),
      priority: priorityRank(priority),
      severity: severityRank(severity),
      followUpTime: followUpTime === null ? null : new Date(followUpTime),
      source,
      createdById: actorIdOf(actor),
      createdBy: actorNameOf(actor),
      createdAt: now,
      updatedAt: now,
    });
    await claimFiles(tx, actor, ticketId, parsed.attachmentIds);
    await repo.insertLogEntry(tx, {
      ticketId,
      type: 'CREATED',
      actorId: actorIdOf(actor),
      actorName: actorNameOf(actor),
      source,
      createdAt: now,
    });
    const row = (await repo.findTicket(tx, ticketId))!;
    await writeTicketActivity(tx, actor, row, 'ticket.create', { source, statusId: row.statusId });
    return ticketId;
  });
  const { row, ticket } = await loadTicket(ctx, ctx.db, id, 'all');
  publishTicketChange(ctx, 'CREATED', row);
  return ticket;
};

/** The new attachment list: added files are claimed, removed ones go back to their uploader (and the sweep). */
const moveFiles = async (tx: DbOrTx, actor: TicketActor, row: repo.TicketRow, next: readonly string[]) => {
  const added = next.filter((id) => !row.attachmentIds.includes(id));
  const removed = row.attachmentIds.filter((id) => !next.includes(id));
  await claimFiles(tx, actor, row.id, added);
  await reattach(tx, { ids: removed, from: `ticket:${row.id}`, to: null });
};

const checkChange = async (tx: DbOrTx, actor: TicketActor, row: repo.TicketRow, input: UpdateTicketInput) => {
  await refs.checkParentNotResolved(tx, row.parentTicketId);
  const organizationId = row.organizationId;
  if (input.locationId !== undefined) await refs.checkLocation(tx, organizationId, input.locationId);
  if (input.deviceId !== undefined) await refs.checkDevice(tx, organizationId, input.deviceId);
  if (input.statusId !== undefined) await refs.checkStatus(tx, input.statusId, row.statusId);
  if (input.formId !== undefined || input.fieldValues !== undefined) {
    const formId = input.formId === undefined ? row.formId : input.formId;
    const values = input.fieldValues ?? (input.formId === undefined ? (row.fieldValues as never) : {});
    await refs.checkForm(tx, formId, values, row.formId);
  }
  for (const [list, id] of [
    ['teams', input.teamId],
    ['subtypes', input.subtypeId],
    ['items', input.itemId],
    ['impacts', input.impactId],
  ] as const) {
    if (id !== undefined) await refs.checkSetupItem(tx, list, id);
  }
  await refs.checkAssignees(
    tx,
    organizationId,
    [input.assigneeId ?? null, ...(input.additionalAssigneeIds ?? [])],
    [row.assigneeId, ...row.additionalAssigneeIds],
  );
  if (input.parentTicketId !== undefined && input.parentTicketId !== row.parentTicketId) {
    await refs.checkParent(tx, {
      parentTicketId: input.parentTicketId,
      ticketId: row.id,
      scope: scopeOf(actor),
    });
    await refs.checkParentNotResolved(tx, input.parentTicketId);
  }
  if (input.agreementId !== undefined && input.agreementId !== row.agreementId) {
    await refs.checkAgreementRules(tx, {
      organizationId,
      ticketId: row.id,
      from: row.agreementId,
      to: input.agreementId,
    });
  }
};

type ChangeResult = { row: repo.TicketRow; changes: TicketChange[]; cascaded: number[] };

/** The change inside the transaction: lock, version, rules, diff, write, log, activity. */
const applyChange = async (
  ctx: TicketingContext,
  tx: DbOrTx,
  id: number,
  input: UpdateTicketInput,
  options: TicketCallOptions,
): Promise<ChangeResult | TicketConflictError> => {
  const { actor } = options;
  const scope = scopeOf(actor);
  if (!(await repo.lockTicket(tx, id))) throw ticketingError('TICKET_NOT_FOUND');
  const current = await loadTicket(ctx, tx, id, scope);
  if (current.row.version !== input.version) return new TicketConflictError(current.ticket);
  await checkChange(tx, actor, current.row, input);
  const { columns, changes } = await diffTicket(tx, current.row, input);
  if (changes.length === 0) return { row: current.row, changes, cascaded: [] };
  const now = nowOf(ctx);
  if (input.attachmentIds !== undefined) await moveFiles(tx, actor, current.row, input.attachmentIds);
  await repo.updateTicket(tx, id, { ...columns, version: current.row.version + 1, updatedAt: now });
  const source = sourceOf(options);
  await repo.insertLogEntry(tx, {
    ticketId: id,
    type: 'CHANGE',
    actorId: actorIdOf(actor),
    actorName: actorNameOf(actor),
    source,
    data: { changes },
    createdAt: now,
  });
  const row = (await repo.findTicket(tx, id))!;
  await writeTicketActivity(tx, actor, row, 'ticket.update', { fields: changes.map((c) => c.field) });
  const cascaded = await resolveIncidents(tx, row, current.row.statusId, options, now);
  return { row, changes, cascaded };
};

/**
 * A problem that becomes resolved or closed takes its open incidents with it (same status, logged as the
 * same actor): they could not be edited any more anyway.
 */
const resolveIncidents = async (
  tx: DbOrTx,
  problem: repo.TicketRow,
  previousStatusId: number,
  options: TicketCallOptions,
  now: Date,
) => {
  if (problem.type !== 'PROBLEM' || problem.statusId === previousStatusId) return [];
  if (!isClosedCategory(problem.statusCategory as never)) return [];
  const ids = await repo.openIncidentIds(tx, problem.id);
  for (const incidentId of ids) {
    const incident = (await repo.findTicket(tx, incidentId))!;
    await repo.updateTicket(tx, incidentId, {
      statusId: problem.statusId,
      version: incident.version + 1,
      updatedAt: now,
    });
    await repo.insertLogEntry(tx, {
      ticketId: incidentId,
      type: 'CHANGE',
      actorId: actorIdOf(options.actor),
      actorName: actorNameOf(options.actor),
      source: sourceOf(options),
      data: { changes: [{ field: 'statusId', from: incident.statusId, to: problem.statusId }] },
      createdAt: now,
    });
  }
  return ids;
};

/**
 * Changes the fields given (the others stay), if `version` is the ticket's: a stale one throws
 * TicketConflictError carrying the current ticket (the route answers 409 with it). Nothing changed: the
 * ticket as it is, with no log entry and the same version.
 */
export const updateTicket = async (
  ctx: TicketingContext,
  id: number,
  input: z.input<typeof UpdateTicketRequest>,
  options: TicketCallOptions,
): Promise<Ticket> => {
  const parsed = parseInput(UpdateTicketRequest, input);
  const result = await ctx.db.transaction((tx) => applyChange(ctx, tx, id, parsed, options));
  if (result instanceof TicketConflictError) throw result;
  const { row, ticket } = await loadTicket(ctx, ctx.db, id, 'all');
  if (result.changes.length > 0) publishTicketChange(ctx, 'UPDATED', row);
  for (const incidentId of result.cascaded) {
    const incident = await repo.findTicket(ctx.db, incidentId);
    if (incident) publishTicketChange(ctx, 'UPDATED', incident);
  }
  return ticket;
};

/** One ticket as the caller sees it, with their running timer on it. */
export const getTicket = async (
  ctx: TicketingContext,
  id: number,
  options: Pick<TicketCallOptions, 'actor'>,
) => {
  const { ticket } = await loadTicket(ctx, ctx.db, id, scopeOf(options.actor));
  return { ticket, timer: await timerOf(ctx.db, id, options.actor) };
};

/** The user's running timer on the ticket (a system actor has none). */
export const timerOf = async (db: DbOrTx, ticketId: number, actor: TicketActor) => {
  const user = userOf(actor);
  const timer = user ? await repo.findTimer(db, ticketId, user.id) : undefined;
  return timer ? { startTime: timer.startTime.toISOString() } : null;
};

/** The technicians a ticket of the organization may be assigned to; an organization outside the scope is 404. */
export const listAssignees = async (
  ctx: Pick<TicketingContext, 'db'>,
  organizationId: number,
  options: Pick<TicketCallOptions, 'actor'>,
) => {
  await requireOrganization(ctx.db, options.actor, organizationId);
  return { data: await repo.assignableTechnicians(ctx.db, organizationId) };
};
