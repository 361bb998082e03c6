import type { SaveTicketMailboxInput, TicketMailbox } from '@rmm/domain';
import { ticketMailboxMessages } from '@rmm/domain';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { isAllowedDomain, type TicketMailConfig } from './config.ts';
import { mailboxError } from './errors.ts';
import * as repo from './repository.ts';

/**
 * Ticket mailboxes: the installation's (no organization owns one), read with settings.view and changed with
 * settings.manage. An address must be in TICKET_MAIL_DOMAINS when that is set; the board and the default
 * organization must exist.
 */

type Context = { db: Db; actor: Actor; config: Pick<TicketMailConfig, 'domains'> };

export const toMailbox = (row: repo.MailboxRow): TicketMailbox => ({
  id: row.id,
  address: row.address,
  name: row.name,
  boardId: row.boardId,
  boardName: row.boardName,
  defaultOrganizationId: row.defaultOrganizationId,
  defaultOrganizationName: row.defaultOrganizationName,
  enabled: row.enabled,
  createTime: row.createdAt.toISOString(),
  updateTime: row.updatedAt.toISOString(),
});

const activity = (actor: Actor, action: string, mailbox: { id: number; address: string }, detail = '') => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'ticketMailbox',
  targetId: mailbox.id,
  targetName: mailbox.address,
  outcome: 'SUCCESS' as const,
  detail,
});

const getMailbox = async (db: DbOrTx, id: number) => {
  const row = await repo.findMailbox(db, id);
  if (!row) throw mailboxError('TICKET_MAILBOX_NOT_FOUND');
  return row;
};

const checkInput = async (tx: DbOrTx, config: Context['config'], input: SaveTicketMailboxInput) => {
  if (!isAllowedDomain(config, input.address))
    throw mailboxError('TICKET_MAILBOX_INVALID', ticketMailboxMessages.domainNotAllowed);
  if (input.boardId !== null && !(await repo.findBoard(tx, input.boardId)))
    throw mailboxError('TICKET_MAILBOX_INVALID', ticketMailboxMessages.boardNotFound);
  if (input.defaultOrganizationId !== null && !(await repo.findOrganization(tx, input.defaultOrganizationId)))
    throw mailboxError('TICKET_MAILBOX_INVALID', ticketMailboxMessages.organizationNotFound);
};

const detailOf = (input: SaveTicketMailboxInput) =>
  `board ${input.boardId ?? 'none'}; default organization ${input.defaultOrganizationId ?? 'none'}; ${input.enabled ? 'enabled' : 'disabled'}`;

export const listMailboxes = async (db: Db) => (await repo.listMailboxes(db)).map(toMailbox);

export const getMailboxById = async (db: Db, id: number) => toMailbox(await getMailbox(db, id));

export const createMailbox = async ({
  db,
  actor,
  config,
  input,
}: Context & { input: SaveTicketMailboxInput }) => {
  const id = await db.transaction(async (tx) => {
    await checkInput(tx, config, input);
    const newId = await repo.insertMailbox(tx, input);
    if (newId === undefined) throw mailboxError('TICKET_MAILBOX_EXISTS');
    await insertActivity(
      tx,
      activity(actor, 'ticketMailbox.create', { ...input, id: newId }, detailOf(input)),
    );
    return newId;
  });
  return toMailbox(await getMailbox(db, id));
};

export const updateMailbox = async ({
  db,
  actor,
  config,
  id,
  input,
}: Context & { id: number; input: SaveTicketMailboxInput }) => {
  await db.transaction(async (tx) => {
    await getMailbox(tx, id);
    await checkInput(tx, config, input);
    if (!(await repo.updateMailbox(tx, id, input))) throw mailboxError('TICKET_MAILBOX_EXISTS');
    await insertActivity(tx, activity(actor, 'ticketMailbox.update', { ...input, id }, detailOf(input)));
  });
  return toMailbox(await getMailbox(db, id));
};

/** Its tickets stay; mail to its address is refused from then on. */
export const deleteMailbox = async ({ db, actor, id }: Omit<Context, 'config'> & { id: number }) => {
  await db.transaction(async (tx) => {
    const before = await getMailbox(tx, id);
    await repo.deleteMailbox(tx, id);
    await insertActivity(tx, activity(actor, 'ticketMailbox.delete', before));
  });
};
