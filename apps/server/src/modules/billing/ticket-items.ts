import {
  type AgreementProduct,
  type BillingStatus,
  isLaborProductType,
  isWithinWorkHours,
  multiplyDecimals,
  roundTimeEntrySeconds,
  secondsToHours,
  type TicketProduct,
  type TicketTimeEntryBilling,
  type TimeRoundingOption,
  type WorkHours,
} from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import { findAgreementProducts } from './agreements-repository.ts';
import * as repo from './ticket-billing-repository.ts';

/**
 * A ticket's billable items and where each stands (agreements.ts `BillingStatus`), and how its time is
 * priced: rounded up by the labour product's rounding, in or off the agreement's working hours.
 */

/** The labour product that bills an agreement's ticket time, with its in-hours and off-hours prices. */
export type Labour = {
  agreementProductId: number;
  name: string;
  price: string;
  offHoursPrice: string;
  timeRounding: TimeRoundingOption;
  taxable: boolean;
};

/** The agreement's first labour product whose time-entry source is TICKET (none: its time is UNASSIGNED). */
export const labourOf = (
  products: readonly AgreementProduct[],
  offHoursMultiplier: string,
): Labour | null => {
  const product = products.find((p) => isLaborProductType(p.type) && p.timeEntrySource === 'TICKET');
  if (!product) return null;
  return {
    agreementProductId: product.id,
    name: product.name,
    taxable: product.taxable,
    price: product.price,
    offHoursPrice: multiplyDecimals(product.price, offHoursMultiplier),
    timeRounding: product.timeRounding ?? 'OFF',
  };
};

export const ticketProductStatus = (
  row: repo.TicketProductRecord,
  agreementId: number | null,
): BillingStatus => {
  if (row.invoiceId !== null) return 'BILLED';
  if (!row.isBillable) return 'NOT_BILLABLE';
  return agreementId === null ? 'UNASSIGNED' : 'PENDING';
};

export const isTimeEntryBillable = (row: repo.TimeEntryRow) =>
  row.isBillableOverride ?? row.timeEntry.isBillable;

export const timeEntryStatus = (row: repo.TimeEntryRow, labour: Labour | null): BillingStatus => {
  if (row.invoiceId !== null) return 'BILLED';
  if (!isTimeEntryBillable(row)) return 'NOT_BILLABLE';
  return labour === null ? 'UNASSIGNED' : 'PENDING';
};

/** The time as billed: rounded up, and off hours when it starts outside the working hours. */
export const priceTime = (row: repo.TimeEntryRow, labour: Labour | null, workHours: WorkHours | null) => {
  if (row.billedSeconds !== null && row.isOffHours !== null) {
    return { billedSeconds: row.billedSeconds, isOffHours: row.isOffHours };
  }
  const seconds = row.timeEntry.durationSeconds;
  return {
    billedSeconds: labour === null ? seconds : roundTimeEntrySeconds(seconds, labour.timeRounding),
    isOffHours: workHours === null ? false : !isWithinWorkHours(row.timeEntry.startTime, workHours),
  };
};

export const toTicketProduct = (
  row: repo.TicketProductRecord,
  agreementId: number | null,
): TicketProduct => ({
  id: row.id,
  ticketId: row.ticketId,
  productId: row.productId,
  agreementProductId: row.agreementProductId,
  name: row.name,
  description: row.description,
  quantity: row.quantity,
  price: row.price,
  amount: multiplyDecimals(row.quantity, row.price),
  taxable: row.taxable,
  billingStatus: ticketProductStatus(row, agreementId),
  invoiceId: row.invoiceId,
  createdBy: row.createdBy,
  createTime: row.createdAt.toISOString(),
});

export const toTimeEntryBilling = (
  row: repo.TimeEntryRow,
  labour: Labour | null,
  workHours: WorkHours | null,
): TicketTimeEntryBilling => {
  const { billedSeconds, isOffHours } = priceTime(row, labour, workHours);
  return {
    id: row.id,
    startTime: row.timeEntry.startTime,
    endTime: row.timeEntry.endTime,
    durationSeconds: row.timeEntry.durationSeconds,
    billedSeconds,
    hours: secondsToHours(billedSeconds),
    isOffHours,
    technician: row.actorName,
    note: row.timeEntry.note,
    billingStatus: timeEntryStatus(row, labour),
    invoiceId: row.invoiceId,
  };
};

/** The agreement's billing terms as ticket items need them (none: the ticket has no agreement). */
export const agreementTerms = async (db: DbOrTx, agreementId: number | null) => {
  if (agreementId === null) return null;
  const record = await repo.findAgreementTerms(db, agreementId);
  if (!record) return null;
  const products = await findAgreementProducts(db, agreementId);
  return { record, products, labour: labourOf(products, record.offHoursMultiplier) };
};

/** Pending items of a ticket under an agreement: billable, unbilled products and (with a labour product) time. */
export const countPendingItems = async (db: DbOrTx, ticketId: number, agreementId: number | null) => {
  if (agreementId === null) return 0;
  const terms = await agreementTerms(db, agreementId);
  const products = await repo.countOpenTicketProducts(db, ticketId);
  if (!terms?.labour) return products;
  const entries = await repo.listTimeEntries(db, [ticketId]);
  return products + entries.filter((row) => timeEntryStatus(row, terms.labour) === 'PENDING').length;
};
