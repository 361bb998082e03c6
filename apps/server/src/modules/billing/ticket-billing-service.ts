import {
  type AddTicketProductInput,
  type BillingInterval,
  messages,
  type Product,
  type TicketBillingResponse,
  type TicketProduct,
  unitPriceOf,
  type WorkHours,
} from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import { DomainError } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { ticketingError, ticketRuleError } from '../tickets/errors.ts';
import { findTicket, lockTicket, type TicketRow } from '../tickets/repository.ts';
import { type BillingContext, writeBillingActivity } from './context.ts';
import { billingError } from './errors.ts';
import * as repo from './ticket-billing-repository.ts';
import { agreementTerms, toTicketProduct, toTimeEntryBilling } from './ticket-items.ts';

/**
 * A ticket's billing (issue 21 item 4): its agreement's choices and products, the products added to it and
 * its time entries with their billing status. Reading follows the ticket (ticketing.view, its organization in
 * scope); adding needs ticketing.manage and a product open to the technician's role; an ad hoc item or a
 * price of one's own also needs billing.manage.
 */

const requireTicket = async (db: DbOrTx, actor: Actor, ticketId: number) => {
  const ticket = await findTicket(db, ticketId, actor.scope);
  if (!ticket) throw ticketingError('TICKET_NOT_FOUND');
  return ticket;
};

/** Locks the ticket (as its changes do, so the agreement rules see a settled list) and loads it. */
const lockedTicket = async (tx: DbOrTx, actor: Actor, ticketId: number) => {
  await requireTicket(tx, actor, ticketId);
  await lockTicket(tx, ticketId);
  return (await findTicket(tx, ticketId))!;
};

export const getTicketBilling = async (
  ctx: BillingContext,
  actor: Actor,
  ticketId: number,
): Promise<TicketBillingResponse> => {
  const ticket = await requireTicket(ctx.db, actor, ticketId);
  const terms = await agreementTerms(ctx.db, ticket.agreementId);
  const labour = terms?.labour ?? null;
  const workHours = (terms?.record.workHours as WorkHours | undefined) ?? null;
  const [choices, products, entries] = await Promise.all([
    repo.agreementChoices(ctx.db, ticket.organizationId, ticket.agreementId),
    repo.listTicketProducts(ctx.db, [ticketId]),
    repo.listTimeEntries(ctx.db, [ticketId]),
  ]);
  return {
    ticketId,
    agreementId: ticket.agreementId,
    agreements: choices.map((choice) => ({
      ...choice,
      billingInterval: choice.billingInterval as BillingInterval,
    })),
    agreementProducts: terms?.products ?? [],
    labour,
    products: products.map((row) => toTicketProduct(row, ticket.agreementId)),
    timeEntries: entries.map((row) => toTimeEntryBilling(row, labour, workHours)),
  };
};

const requireBillingManage = (actor: Actor) => {
  if (!actor.permissions.has('billing.manage')) throw new DomainError('FORBIDDEN');
};

type NewItem = {
  productId: number | null;
  agreementProductId: number | null;
  name: string;
  price: string;
  taxable: boolean;
  isBillable: boolean;
};

/** NOT_BILLABLE products are added as not billable; NO_CHARGE ones at 0.00. */
const catalogueItem = (product: Product, input: AddTicketProductInput): NewItem => {
  const price = product.content.billing === 'NO_CHARGE' ? '0.00' : (input.price ?? unitPriceOf(product));
  if (price === null)
    throw billingError('BILLING_INVALID', `The product ${product.name} has no price: give one`);
  return {
    productId: product.id,
    agreementProductId: null,
    name: product.name,
    price,
    taxable: input.taxable ?? product.content.taxable,
    isBillable: input.isBillable && product.content.billing !== 'NOT_BILLABLE',
  };
};

/** The item from the ticket's agreement's product ("Agreement product selected does not belong to the agreement"). */
const agreementItem = async (
  ctx: BillingContext,
  tx: DbOrTx,
  actor: Actor,
  ticket: TicketRow,
  input: AddTicketProductInput,
): Promise<NewItem> => {
  const line = await repo.findAgreementProduct(tx, input.agreementProductId!);
  if (!line || ticket.agreementId === null || line.agreementId !== ticket.agreementId) {
    throw ticketRuleError(messages.ticketRules.productNotInAgreement);
  }
  const [product] = await ctx.products.assertUsable(actor, [line.productId], tx);
  return {
    ...catalogueItem(product!, input),
    agreementProductId: line.id,
    name: line.name,
    price: input.price ?? line.price,
    taxable: input.taxable ?? line.taxable,
  };
};

const newItem = async (
  ctx: BillingContext,
  tx: DbOrTx,
  actor: Actor,
  ticket: TicketRow,
  input: AddTicketProductInput,
) => {
  if (input.price !== undefined) requireBillingManage(actor);
  if (input.agreementProductId !== undefined) return agreementItem(ctx, tx, actor, ticket, input);
  if (input.productId !== undefined) {
    const [product] = await ctx.products.assertUsable(actor, [input.productId], tx);
    return catalogueItem(product!, input);
  }
  requireBillingManage(actor);
  return {
    productId: null,
    agreementProductId: null,
    name: input.name!,
    price: input.price!,
    taxable: input.taxable ?? true,
    isBillable: input.isBillable,
  };
};

export const addTicketProduct = async (
  ctx: BillingContext,
  actor: Actor,
  ticketId: number,
  input: AddTicketProductInput,
): Promise<TicketProduct> =>
  ctx.db.transaction(async (tx) => {
    const ticket = await lockedTicket(tx, actor, ticketId);
    const item = await newItem(ctx, tx, actor, ticket, input);
    const row = await repo.insertTicketProduct(tx, {
      ...item,
      ticketId,
      description: input.description,
      quantity: input.quantity,
      createdById: actor.id,
      createdBy: actor.email,
    });
    await writeBillingActivity(tx, actor, 'ticket.product.add', ticketTarget(ticket), {
      name: item.name,
      quantity: input.quantity,
      price: item.price,
    });
    return toTicketProduct(row, ticket.agreementId);
  });

const ticketTarget = (ticket: TicketRow) => ({
  type: 'ticket',
  id: ticket.id,
  name: ticket.subject,
  organizationId: ticket.organizationId,
  organizationName: ticket.organizationName,
});

/** A product not yet billed comes off the ticket (a billed one: 409). */
export const removeTicketProduct = async (ctx: BillingContext, actor: Actor, ticketId: number, id: number) =>
  ctx.db.transaction(async (tx) => {
    const ticket = await lockedTicket(tx, actor, ticketId);
    const row = await repo.findTicketProduct(tx, ticketId, id);
    if (!row) throw billingError('TICKET_PRODUCT_NOT_FOUND');
    if (row.invoiceId !== null) throw billingError('ITEM_BILLED');
    await repo.deleteTicketProduct(tx, id);
    await writeBillingActivity(tx, actor, 'ticket.product.remove', ticketTarget(ticket), { name: row.name });
  });

/** Marks a time entry billable or not (a billed one: 409). */
export const setTimeEntryBillable = async (
  ctx: BillingContext,
  actor: Actor,
  ticketId: number,
  logId: number,
  isBillable: boolean,
) => {
  await ctx.db.transaction(async (tx) => {
    const ticket = await lockedTicket(tx, actor, ticketId);
    const entry = await repo.findTimeEntry(tx, ticketId, logId);
    if (!entry) throw billingError('TIME_ENTRY_NOT_FOUND');
    if (entry.invoiceId !== null) throw billingError('ITEM_BILLED');
    await repo.setTimeEntryBillable(tx, ticketId, logId, isBillable);
    await writeBillingActivity(tx, actor, 'ticket.timeEntry.billing', ticketTarget(ticket), {
      logId,
      isBillable,
    });
  });
  return getTicketBilling(ctx, actor, ticketId);
};
