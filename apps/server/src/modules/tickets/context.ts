import type {
  OrganizationScope,
  Ticket,
  TicketAttachment,
  TicketChangedEvent,
  TicketSource,
} from '@rmm/domain';
import type * as z from 'zod';
import type { Bus } from '../../bus/index.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { findAttachments } from '../attachments/repository.ts';
import { claimForTicket, toAttachmentWithUrl } from '../attachments/service.ts';
import { claimSystemFiles } from '../attachments/system-upload.ts';
import { publishConsoleEvent } from '../events/publish.ts';
import { ticketingError } from './errors.ts';
import { toTicket, toTicketSummary } from './mapper.ts';
import * as repo from './repository.ts';

/** Input checked with the contract's schema (callers other than the routes too): 422 TICKET_INVALID. */
export const parseInput = <T extends z.ZodType>(schema: T, input: unknown): z.output<T> => {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw ticketingError('TICKET_INVALID', `${issue.path.join('.') || 'input'}: ${issue.message}`);
  }
  return result.data;
};

/** What every ticketing service needs: the database, the bus for `/events`, the attachments' URL key. */
export type TicketingContext = {
  db: Db;
  bus: Bus;
  /** Signs attachment download URLs (`app.attachments.urlKey`). */
  urlKey: Buffer;
  /** The clock (tests may fix it). */
  now?: () => Date;
};

/**
 * Who acts on a ticket: a signed-in user (their organization scope applies, their uploads can be attached, the
 * route checked their permission), or the server itself for a ruleset, email-in or a schedule, named in the
 * log (`Ruleset: Disk alerts`); a system actor sees every organization.
 */
export type TicketActor = { user: Actor } | { system: string };

export type TicketCallOptions = {
  actor: TicketActor;
  /** Where the change comes from; for a user, TECHNICIAN by default. */
  source?: TicketSource;
};

export const scopeOf = (actor: TicketActor): OrganizationScope =>
  'user' in actor ? actor.user.scope : 'all';
export const userOf = (actor: TicketActor): Actor | undefined => ('user' in actor ? actor.user : undefined);
export const actorIdOf = (actor: TicketActor) => ('user' in actor ? actor.user.id : null);
export const actorNameOf = (actor: TicketActor) => ('user' in actor ? actor.user.email : actor.system);
export const sourceOf = (options: TicketCallOptions): TicketSource =>
  options.source ?? ('user' in options.actor ? 'TECHNICIAN' : 'CONDITION');
export const nowOf = (ctx: TicketingContext) => ctx.now?.() ?? new Date();

/** Attachment records with fresh signed URLs, in the order named (unknown ids are left out). */
export const loadAttachments = async (
  db: DbOrTx,
  urlKey: Buffer,
  ids: readonly string[],
): Promise<Map<string, TicketAttachment>> => {
  const rows = await findAttachments(db, ids);
  return new Map(rows.map((row) => [row.id, toAttachmentWithUrl(row, urlKey)]));
};

export const pick = (byId: Map<string, TicketAttachment>, ids: readonly string[]) =>
  ids.flatMap((id) => {
    const attachment = byId.get(id);
    return attachment ? [attachment] : [];
  });

/** A user attaches their own uploads; a system actor the files the server took in (a mail's attachments). */
export const claimFiles = async (
  tx: DbOrTx,
  actor: TicketActor,
  ticketId: number,
  ids: readonly string[],
) => {
  if (ids.length === 0) return;
  const user = userOf(actor);
  const attachedTo = `ticket:${ticketId}`;
  if (user) await claimForTicket(tx, { ids, actor: user, attachedTo });
  else await claimSystemFiles(tx, { ids, attachedTo });
};

/** The ticket as the caller may see it, or TICKET_NOT_FOUND (also for another organization's). */
export const loadTicket = async (
  ctx: Pick<TicketingContext, 'db' | 'urlKey'>,
  db: DbOrTx,
  id: number,
  scope: OrganizationScope,
): Promise<{ row: repo.TicketRow; ticket: Ticket }> => {
  const row = await repo.findTicket(db, id, scope);
  if (!row) throw ticketingError('TICKET_NOT_FOUND');
  const attachments = pick(await loadAttachments(db, ctx.urlKey, row.attachmentIds), row.attachmentIds);
  return { row, ticket: toTicket(row, attachments) };
};

export const writeTicketActivity = (
  tx: DbOrTx,
  actor: TicketActor,
  row: Pick<repo.TicketRow, 'id' | 'subject' | 'organizationId' | 'organizationName'>,
  action: string,
  detail: unknown,
) =>
  insertActivity(tx, {
    actorId: actorIdOf(actor),
    actorName: actorNameOf(actor),
    action,
    targetType: 'ticket',
    targetId: row.id,
    targetName: row.subject,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    outcome: 'SUCCESS',
    detail: JSON.stringify(detail).slice(0, 4000),
  });

/** After the commit: consoles showing the ticket or a board hear of it. */
export const publishTicketChange = (
  ctx: Pick<TicketingContext, 'bus'>,
  change: TicketChangedEvent['change'],
  row: repo.TicketRow,
) =>
  publishConsoleEvent(ctx.bus, {
    type: 'ticket.changed',
    time: new Date().toISOString(),
    organizationId: row.organizationId,
    change,
    ticket: toTicketSummary(row),
  });
