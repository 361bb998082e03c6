import type { HelpDeskConnector, HelpTicketRequest, HelpTicketResponse } from '@rmm/domain';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { pendingClaimOf, reattach } from '../attachments/repository.ts';
import { claimForTicket } from '../attachments/service.ts';
import { zendeskSettingsOf } from './connectors.ts';
import { decodeCustomFields } from './custom-fields.ts';
import { helpDeskError } from './errors.ts';
import * as repo from './repository.ts';
import {
  createZendeskClient,
  ZENDESK_MAX_UPLOAD_BYTES,
  ZendeskError,
  type ZendeskTicket,
} from './zendesk-client.ts';

/**
 * `POST /ws/{helpdesk}/ticket`: the requester is the caller, the uploads their own clean attachments on no
 * ticket yet. `support` files the ticket into the support inbox in one transaction; `zendesk` sends the files
 * and the ticket to the configured Zendesk account and keeps only the record of what was sent.
 */

type Ticket = z.output<typeof HelpTicketRequest>;
type SubmitInput = {
  db: Db;
  store: BlobStore;
  config: Config;
  actor: Actor;
  helpDesk: HelpDeskConnector;
  ticket: Ticket;
};

const submitActivity = (actor: Actor, ticketId: string, ticket: Ticket, helpDesk: HelpDeskConnector) => ({
  actorId: actor.id,
  actorName: actor.email,
  action: 'helpTicket.submit',
  targetType: helpDesk === 'support' ? 'supportTicket' : 'helpTicket',
  targetId: ticketId,
  targetName: ticket.subject,
  outcome: 'SUCCESS' as const,
  detail: JSON.stringify({ helpDesk, priority: ticket.priority, attachments: ticket.comment.uploads.length }),
});

const fileIntoInbox = async ({ db, actor, ticket }: SubmitInput): Promise<HelpTicketResponse> => {
  const fields = decodeCustomFields(ticket.customFields);
  return db.transaction(async (tx) => {
    const ticketId = await repo.insertTicket(tx, {
      subject: ticket.subject,
      priority: ticket.priority,
      requesterId: actor.id,
      requesterName: actor.name,
      requesterEmail: actor.email,
      phoneNumber: fields.phoneNumber,
      category: fields.category,
      callback: fields.callback,
      language: fields.language,
      ccEmails: ticket.ccEmails,
    });
    const messageId = await repo.insertMessage(tx, {
      ticketId,
      authorId: actor.id,
      authorName: actor.name,
      authorEmail: actor.email,
      isFromRequester: true,
      body: ticket.comment.body,
    });
    const ids = ticket.comment.uploads;
    await claimForTicket(tx, { ids, actor, attachedTo: `support:${ticketId}` });
    await repo.linkAttachments(tx, messageId, ids);
    await insertActivity(tx, submitActivity(actor, String(ticketId), ticket, 'support'));
    return { resultCode: 'SUCCESS' as const, ticketId: String(ticketId) };
  });
};

const zendeskPriority = (priority: Ticket['priority']) => priority.toLowerCase() as ZendeskTicket['priority'];

/** Our fixed custom-field ids, mapped to the account's when ZENDESK_CUSTOM_FIELDS says how (unmapped ones stay out). */
const zendeskCustomFields = (config: Config, fields: Ticket['customFields']) => {
  const map = config.zendeskCustomFieldIds;
  if (!map) return fields.map(({ id, value }) => ({ id, value }));
  return fields.flatMap(({ id, value }) => (map.has(id) ? [{ id: map.get(id)!, value }] : []));
};

const zendeskFailure = (error: unknown) => {
  if (!(error instanceof ZendeskError)) return error;
  return helpDeskError(error.isUnavailable ? 'HELP_DESK_UNAVAILABLE' : 'HELP_DESK_FAILED', error.message);
};

const forwardToZendesk = async (input: SubmitInput): Promise<HelpTicketResponse> => {
  const { db, store, config, actor, ticket } = input;
  const settings = zendeskSettingsOf(config);
  if (!settings) throw helpDeskError('HELP_DESK_NOT_CONFIGURED');
  decodeCustomFields(ticket.customFields); // the same rules as the inbox's
  const pending = pendingClaimOf('zendesk');
  const ids = ticket.comment.uploads;
  // Claimed first (committed), so a second submit cannot send the same files while this one does.
  const files = await db.transaction((tx) => claimForTicket(tx, { ids, actor, attachedTo: pending }));
  const release = () => reattach(db, { ids, from: pending, to: null });
  const tooBig = files.find((file) => file.size > ZENDESK_MAX_UPLOAD_BYTES);
  if (tooBig) {
    await release();
    throw helpDeskError(
      'HELP_TICKET_INVALID',
      `Zendesk accepts attachments of at most ${ZENDESK_MAX_UPLOAD_BYTES / 1_048_576} MB; “${tooBig.name}” is larger.`,
    );
  }
  let zendeskId: string;
  try {
    const client = createZendeskClient(settings);
    const tokens: string[] = [];
    for (const file of files)
      tokens.push(
        await client.upload({
          fileName: file.name,
          contentType: file.mimeType,
          size: file.size,
          open: () => store.openRead(file.id),
        }),
      );
    zendeskId = await client.createTicket({
      subject: ticket.subject,
      priority: zendeskPriority(ticket.priority),
      comment: { body: ticket.comment.body, uploads: tokens },
      custom_fields: zendeskCustomFields(config, ticket.customFields),
      email_ccs: ticket.ccEmails.map((email) => ({ user_email: email })),
      requester: { name: actor.name, email: actor.email },
    });
  } catch (error) {
    await release();
    throw zendeskFailure(error);
  }
  // Zendesk holds the files now: the records stay (as sent), the bytes go.
  await db.transaction(async (tx) => {
    await reattach(tx, { ids, from: pending, to: `zendesk:${zendeskId}`, hasContent: false });
    await insertActivity(tx, submitActivity(actor, zendeskId, ticket, 'zendesk'));
  });
  for (const file of files) await store.remove(file.id);
  return { resultCode: 'SUCCESS', ticketId: zendeskId };
};

export const submitHelpTicket = (input: SubmitInput) =>
  input.helpDesk === 'support' ? fileIntoInbox(input) : forwardToZendesk(input);
