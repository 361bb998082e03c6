import {
  isClosedCategory,
  messages,
  type OrganizationScope,
  type TicketFieldValue,
  type TicketFormField,
  type TicketRequesterInput,
  type TicketStatusCategory,
  ticketingMessages,
} from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import { checkTicketAgreement, type TicketAgreementChange } from '../billing/ticket-rules.ts';
import { ticketingError, ticketRuleError } from './errors.ts';
import * as repo from './repository.ts';
import * as setup from './setup-repository.ts';

/**
 * Checks of what a ticket refers to: its device and location belong to its organization, its status, form
 * and setup items exist, its assignees are technicians, its problem is a problem, and the ticket rules of
 * spec §8. Each throws the error the caller sees.
 */

const invalid = (message: string) => ticketingError('TICKET_INVALID', message);

export const checkLocation = async (db: DbOrTx, organizationId: number, locationId: number | null) => {
  if (locationId === null) return;
  const location = await repo.findLocation(db, locationId);
  if (location?.organizationId !== organizationId) throw invalid(ticketingMessages.locationNotInOrganization);
};

/** The device's location, to fill in a ticket's when it names none. */
export const checkDevice = async (db: DbOrTx, organizationId: number, deviceId: number | null) => {
  if (deviceId === null) return null;
  const device = await repo.findDevice(db, deviceId);
  if (device?.organizationId !== organizationId) throw invalid(ticketingMessages.deviceNotInOrganization);
  return device.locationId;
};

/** The status's category; a status no longer active may stay on a ticket but not be chosen anew. */
export const checkStatus = async (db: DbOrTx, statusId: number, currentStatusId?: number) => {
  const status = await setup.findStatus(db, statusId);
  if (!status || (!status.isActive && statusId !== currentStatusId)) {
    throw invalid(`There is no active status ${statusId}`);
  }
  return status.category as TicketStatusCategory;
};

export const checkSetupItem = async (db: DbOrTx, list: string, id: number | null) => {
  if (id === null) return;
  if ((await setup.countActiveItems(db, list, [id])) !== 1)
    throw invalid(`There is no active ${list} item ${id}`);
};

/**
 * Who is newly named as an assignee may be assigned tickets of the organization (`GET /tickets/assignees`);
 * those the ticket names already stay, even after losing access.
 */
export const checkAssignees = async (
  db: DbOrTx,
  organizationId: number,
  ids: readonly (number | null)[],
  current: readonly (number | null)[] = [],
) => {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null && !current.includes(id)))];
  if (wanted.length === 0) return;
  const found = new Set((await repo.assignableTechnicians(db, organizationId, wanted)).map((row) => row.id));
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) throw invalid(`${ticketingMessages.notAssignable} (user ${missing})`);
};

/** The requester as stored: a user (their email and name copied) or an email and a name. */
export const resolveRequester = async (db: DbOrTx, requester: TicketRequesterInput | null) => {
  if (requester === null) return { requesterUserId: null, requesterEmail: null, requesterName: null };
  if ('userId' in requester) {
    const user = await repo.findUser(db, requester.userId);
    if (!user) throw invalid(`There is no user ${requester.userId}`);
    return { requesterUserId: user.id, requesterEmail: user.email, requesterName: user.name || null };
  }
  return {
    requesterUserId: null,
    requesterEmail: requester.email,
    requesterName: requester.name?.trim() || null,
  };
};

// ---------------------------------------------------------------- forms

const fitsKind = (field: TicketFormField, value: Exclude<TicketFieldValue, null>) => {
  switch (field.kind) {
    case 'NUMBER':
      return typeof value === 'number' && Number.isFinite(value);
    case 'CHECKBOX':
      return typeof value === 'boolean';
    case 'DROPDOWN':
      return typeof value === 'string' && field.options.includes(value);
    case 'DATE':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    default:
      return typeof value === 'string';
  }
};

/** The form exists (active, unless the ticket has it already) and the values fit its fields. */
export const checkForm = async (
  db: DbOrTx,
  formId: number | null,
  values: Record<string, TicketFieldValue>,
  currentFormId?: number | null,
) => {
  if (formId === null) {
    if (Object.keys(values).length > 0) throw invalid('Field values need a form');
    return null;
  }
  const form = await setup.findForm(db, formId);
  if (!form || (!form.isActive && formId !== currentFormId))
    throw invalid(`There is no active form ${formId}`);
  const fields = form.fields as TicketFormField[];
  const unknown = Object.keys(values).find((key) => !fields.some((field) => field.key === key));
  if (unknown) throw invalid(`The form has no field ${unknown}`);
  for (const field of fields) {
    const value = values[field.key] ?? null;
    const isEmpty = value === null || value === '';
    if (isEmpty && field.isRequired) throw invalid(`${field.label} is required`);
    if (!isEmpty && !fitsKind(field, value))
      throw invalid(`${field.label}: not a valid ${field.kind.toLowerCase()}`);
  }
  return form;
};

// ---------------------------------------------------------------- problems and incidents

/**
 * The ticket's problem: visible to the caller, a PROBLEM, and not the ticket itself or a ticket below it
 * ("Cannot assign ticket to the same problem").
 */
export const checkParent = async (
  db: DbOrTx,
  {
    parentTicketId,
    ticketId,
    scope,
  }: { parentTicketId: number | null; ticketId?: number; scope: OrganizationScope },
) => {
  if (parentTicketId === null) return;
  if (parentTicketId === ticketId) throw ticketRuleError(messages.ticketRules.sameProblem);
  const parent = await repo.findTicket(db, parentTicketId, scope);
  if (!parent) throw invalid(`There is no ticket ${parentTicketId}`);
  if (parent.type !== 'PROBLEM') throw invalid(ticketingMessages.parentNotProblem);
  if (ticketId !== undefined && (await repo.ancestorIds(db, parentTicketId)).includes(ticketId)) {
    throw ticketRuleError(messages.ticketRules.sameProblem);
  }
};

/** "This ticket cannot be edited because its parent ticket is resolved" (resolved or closed). */
export const checkParentNotResolved = async (db: DbOrTx, parentTicketId: number | null) => {
  if (parentTicketId === null) return;
  const parent = await repo.findTicket(db, parentTicketId);
  if (parent && isClosedCategory(parent.statusCategory as TicketStatusCategory)) {
    throw ticketRuleError(messages.ticketRules.parentResolved);
  }
};

/**
 * Billing's agreement rules (spec §8): the agreement a ticket takes is one of its organization's and active,
 * not one-time billed while the ticket has pending products, and a ticket with pending products keeps one.
 * Billing decides (`billing/ticket-rules.ts`); a broken rule is 422 TICKET_RULE with the spec's message.
 */
export const checkAgreementRules = async (db: DbOrTx, change: TicketAgreementChange): Promise<void> => {
  const outcome = await checkTicketAgreement(db, change);
  if (outcome?.rule) throw ticketRuleError(outcome.rule);
  if (outcome?.invalid) throw invalid(outcome.invalid);
};
