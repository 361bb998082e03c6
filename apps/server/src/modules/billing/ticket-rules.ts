import { messages } from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import { findAgreementTerms } from './ticket-billing-repository.ts';
import { countPendingItems } from './ticket-items.ts';

/**
 * The ticket agreement rules of spec §8 that a ticket's change must keep (the tickets service asks through
 * its `checkAgreementRules` seam, in the transaction that holds the ticket's row lock):
 * - the agreement is one of the ticket's organization's ("invalid" otherwise) and active: "Cannot set inactive
 *   agreement on ticket";
 * - a ticket with pending products keeps an agreement: "Cannot remove agreement from ticket with pending
 *   products";
 * - and does not move to a one-time billed agreement: "Cannot set one-time billed agreement while ticket has
 *   pending products".
 * Pending products are billable, unbilled ticket products and time entries (billing/ticket-items.ts).
 */
export type TicketAgreementChange = {
  organizationId: number;
  /** Undefined for a new ticket (it has nothing pending). */
  ticketId: number | undefined;
  from: number | null;
  to: number | null;
};

export type TicketAgreementOutcome =
  | { rule: string; invalid?: undefined }
  | { invalid: string; rule?: undefined };

export const checkTicketAgreement = async (
  db: DbOrTx,
  change: TicketAgreementChange,
): Promise<TicketAgreementOutcome | null> => {
  if (change.to === change.from) return null;
  const pending = () =>
    change.ticketId === undefined ? Promise.resolve(0) : countPendingItems(db, change.ticketId, change.from);
  if (change.to === null) {
    return (await pending()) > 0 ? { rule: messages.ticketRules.removeAgreementWithPendingProducts } : null;
  }
  const agreement = await findAgreementTerms(db, change.to);
  if (agreement?.organizationId !== change.organizationId) {
    return { invalid: `There is no agreement ${change.to} of the ticket’s organization` };
  }
  if (!agreement.isActive) return { rule: messages.ticketRules.inactiveAgreement };
  if (agreement.billingInterval === 'ONE_TIME' && (await pending()) > 0) {
    return { rule: messages.ticketRules.oneTimeAgreementWithPendingProducts };
  }
  return null;
};
