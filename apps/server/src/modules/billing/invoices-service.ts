import {
  type BillingInterval,
  billingMessages,
  billingPeriod,
  dateInZone,
  type GenerateInvoicesRequest,
  INVOICE_PERIODS_PER_CALL,
  type Invoice,
  type InvoiceStatus,
  type InvoiceSummary,
  invoiceNumber,
  invoiceTotals,
  type ListInvoicesQuery,
  nextInvoiceStatus,
  type WorkHours,
} from '@rmm/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { tickets } from '../tickets/schema.ts';
import * as agreementsRepo from './agreements-repository.ts';
import { type BillingContext, nowOf, writeBillingActivity } from './context.ts';
import { countQuantities } from './counted-quantities.ts';
import { billingError } from './errors.ts';
import { agreementProductLines, ticketProductLines, timeLines } from './invoice-lines.ts';
import * as repo from './invoices-repository.ts';
import * as ticketsRepo from './ticket-billing-repository.ts';
import { labourOf } from './ticket-items.ts';

/**
 * Invoices (issue 21 item 5): made per agreement period, PENDING → APPROVED → ARCHIVED (or the
 * newest PENDING one VOID). Generating takes each
 * active agreement of the caller's scope whose next bill date has come, and in one transaction per agreement
 * (its row locked; one invoice per period by a unique index) writes the invoice of each due period, marks the
 * ticket items billed and moves the next bill date on.
 */

type GenerateInput = z.output<typeof GenerateInvoicesRequest>;

const subjectsOf = async (db: DbOrTx, agreementId: number) => {
  const rows = await db
    .select({ id: tickets.id, subject: tickets.subject })
    .from(tickets)
    .where(eq(tickets.agreementId, agreementId));
  return new Map(rows.map((row) => [row.id, row.subject]));
};

/** The ticket items pending under the agreement, as lines, and what to mark billed. */
const ticketItems = async (
  tx: DbOrTx,
  agreement: agreementsRepo.AgreementRecord,
  products: Parameters<typeof labourOf>[0],
) => {
  const subjects = await subjectsOf(tx, agreement.id);
  const ticketIds = [...subjects.keys()];
  const labour = labourOf(products, agreement.offHoursMultiplier);
  const productRows = await ticketsRepo.listTicketProducts(tx, ticketIds);
  const productLines = ticketProductLines(productRows);
  const time = labour
    ? timeLines(
        await ticketsRepo.listTimeEntries(tx, ticketIds),
        labour,
        { includedHours: agreement.includedHours, workHours: agreement.workHours as WorkHours },
        subjects,
      )
    : { lines: [], billed: [] };
  return {
    lines: [...productLines, ...time.lines],
    productIds: productRows.filter((row) => row.isBillable && row.invoiceId === null).map((row) => row.id),
    billedTime: time.billed,
    labour,
  };
};

/** One period's invoice; ticket items go on the first invoice of a run. */
const writeInvoice = async (
  ctx: BillingContext,
  tx: DbOrTx,
  actor: Actor,
  agreement: agreementsRepo.AgreementRecord,
  organizationName: string,
  withTicketItems: boolean,
) => {
  const period = billingPeriod(
    agreement.startDate,
    agreement.billingInterval as BillingInterval,
    agreement.nextPeriodIndex,
  );
  const products = await agreementsRepo.findAgreementProducts(tx, agreement.id);
  const items = withTicketItems
    ? await ticketItems(tx, agreement, products)
    : { lines: [], productIds: [], billedTime: [], labour: labourOf(products, agreement.offHoursMultiplier) };
  // COUNTED products bill the organization's count now: for a run catching up on past periods too, as no
  // earlier count is kept.
  const counts = products.some((product) => product.quantityMode === 'COUNTED')
    ? await countQuantities(tx, agreement.organizationId)
    : null;
  const draft = [...agreementProductLines(products, items.labour, period, counts), ...items.lines];
  const totals = invoiceTotals(draft, agreement.taxRate);
  const lines = draft.map((line, index) => ({
    ...line,
    position: index + 1,
    amount: totals.amounts[index]!,
  }));
  const invoice = await repo.insertInvoice(
    tx,
    {
      organizationId: agreement.organizationId,
      agreementId: agreement.id,
      organizationName,
      agreementName: agreement.name,
      periodIndex: period.index,
      periodStart: period.start,
      periodEnd: period.end,
      currency: ctx.currency,
      subtotal: totals.subtotal,
      taxRate: agreement.taxRate,
      tax: totals.tax,
      total: totals.total,
      createdBy: actor.email,
      createdAt: nowOf(ctx),
    },
    lines,
  );
  await ticketsRepo.markTicketProductsBilled(tx, invoice.id, items.productIds);
  await ticketsRepo.markTimeEntriesBilled(tx, invoice.id, items.billedTime);
  const isOneTime = period.end === null;
  await agreementsRepo.updateAgreement(tx, agreement.id, {
    nextBillDate: period.end,
    nextPeriodIndex: period.index + 1,
    // A one-time agreement is done once billed: no ticket may take it any more.
    ...(isOneTime ? { isActive: false } : {}),
    version: agreement.version + 1,
    updatedAt: nowOf(ctx),
  });
  await writeBillingActivity(
    tx,
    actor,
    'invoice.generate',
    {
      type: 'invoice',
      id: invoice.id,
      name: invoiceNumber(invoice.id),
      organizationId: agreement.organizationId,
      organizationName,
    },
    { agreementId: agreement.id, periodStart: period.start, total: totals.total },
  );
  return repo.toInvoiceSummary(invoice);
};

/** Every period of the agreement due by `asOf` (at most INVOICE_PERIODS_PER_CALL), in one transaction. */
const generateForAgreement = (ctx: BillingContext, actor: Actor, agreementId: number, asOf: string) =>
  ctx.db.transaction(async (tx) => {
    let agreement = await agreementsRepo.lockAgreement(tx, agreementId);
    const organizationName = await agreementsRepo.findOrganizationName(tx, agreement!.organizationId, 'all');
    const made: InvoiceSummary[] = [];
    while (
      agreement?.isActive &&
      agreement.nextBillDate !== null &&
      agreement.nextBillDate <= asOf &&
      made.length < INVOICE_PERIODS_PER_CALL
    ) {
      made.push(await writeInvoice(ctx, tx, actor, agreement, organizationName ?? '', made.length === 0));
      agreement = await agreementsRepo.findAgreementRecord(tx, agreementId);
    }
    return made;
  });

export const generateInvoices = async (
  ctx: BillingContext,
  actor: Actor,
  input: GenerateInput,
): Promise<InvoiceSummary[]> => {
  const asOf = input.asOf ?? dateInZone(nowOf(ctx), 'UTC');
  if (input.agreementId !== undefined) {
    const agreement = await agreementsRepo.findAgreement(ctx.db, input.agreementId, actor.scope);
    if (!agreement) throw billingError('AGREEMENT_NOT_FOUND');
  }
  const ids = await repo.dueAgreementIds(ctx.db, actor.scope, { ...input, asOf });
  if (input.agreementId !== undefined && ids.length === 0) throw billingError('NOT_DUE');
  const made: InvoiceSummary[] = [];
  for (const id of ids) made.push(...(await generateForAgreement(ctx, actor, id, asOf)));
  return made;
};

export const listInvoices = (ctx: BillingContext, actor: Actor, query: ListInvoicesQuery) =>
  repo.listInvoices(ctx.db, actor.scope, query);

export const getInvoice = async (db: DbOrTx, actor: Pick<Actor, 'scope'>, id: number): Promise<Invoice> => {
  const invoice = await repo.findInvoice(db, id, actor.scope);
  if (!invoice) throw billingError('INVOICE_NOT_FOUND');
  return invoice;
};

/** PENDING → APPROVED, APPROVED → ARCHIVED; any other move: 409. */
export const moveInvoice = async (ctx: BillingContext, actor: Actor, id: number, to: InvoiceStatus) => {
  await ctx.db.transaction(async (tx) => {
    const invoice = await getInvoice(tx, actor, id);
    const from = invoice.status;
    if (
      nextInvoiceStatus[from] !== to ||
      !(await repo.moveInvoice(tx, id, actor.scope, from, to, nowOf(ctx)))
    ) {
      throw billingError('INVOICE_STATUS');
    }
    await writeBillingActivity(tx, actor, to === 'APPROVED' ? 'invoice.approve' : 'invoice.archive', {
      type: 'invoice',
      id,
      name: invoice.number,
      organizationId: invoice.organizationId,
      organizationName: invoice.organizationName,
    });
  });
  return getInvoice(ctx.db, actor, id);
};

/**
 * Voids the newest PENDING invoice of its agreement (made by mistake), in one transaction with the agreement
 * locked: the invoice becomes VOID (row and number kept), its ticket products and time entries are pending
 * again, and the agreement's next bill date and period index move back to its period (a one-time agreement
 * is active again), so the period can be invoiced again.
 */
export const voidInvoice = async (ctx: BillingContext, actor: Actor, id: number) => {
  await ctx.db.transaction(async (tx) => {
    const found = await getInvoice(tx, actor, id);
    const agreement = await agreementsRepo.lockAgreement(tx, found.agreementId);
    // Read again under the lock: a generation or approval running at the same time has finished.
    const invoice = await getInvoice(tx, actor, id);
    if (invoice.status !== 'PENDING') throw billingError('INVOICE_STATUS', billingMessages.voidNotPending);
    const record = await repo.findInvoiceRecord(tx, id);
    if (!agreement || (await repo.newestPeriodIndex(tx, agreement.id)) !== record!.periodIndex) {
      throw billingError('INVOICE_NOT_NEWEST');
    }
    const now = nowOf(ctx);
    if (!(await repo.voidInvoice(tx, id, now)))
      throw billingError('INVOICE_STATUS', billingMessages.voidNotPending);
    await ticketsRepo.unmarkInvoiceItems(tx, id);
    await agreementsRepo.updateAgreement(tx, agreement.id, {
      nextBillDate: invoice.periodStart,
      nextPeriodIndex: record!.periodIndex,
      // A one-time agreement was closed by this invoice: it is open again.
      ...(invoice.periodEnd === null ? { isActive: true } : {}),
      version: agreement.version + 1,
      updatedAt: now,
    });
    await writeBillingActivity(
      tx,
      actor,
      'invoice.void',
      {
        type: 'invoice',
        id,
        name: invoice.number,
        organizationId: invoice.organizationId,
        organizationName: invoice.organizationName,
      },
      { agreementId: agreement.id, periodStart: invoice.periodStart, total: invoice.total },
    );
  });
  return getInvoice(ctx.db, actor, id);
};
