import {
  type AgreementProduct,
  type BillingPeriod,
  formatUnits,
  QUANTITY_SCALE,
  secondsToHours,
  toUnits,
  type WorkHours,
} from '@rmm/domain';
import type { NewInvoiceLine } from './invoices-repository.ts';
import type { TicketProductRecord, TimeEntryRow } from './ticket-billing-repository.ts';
import { isTimeEntryBillable, type Labour, priceTime } from './ticket-items.ts';

/**
 * The lines of one period's invoice (docs/decisions.md "Billing"):
 * 1. each agreement product with a quantity, for the period (the labour product that bills ticket time is
 *    billed by that time instead);
 * 2. the pending products of the agreement's tickets;
 * 3. their pending time, an entry a line, rounded up by the labour product's rule, priced in or off hours. The
 *    period's included hours cover in-hours time first, then off-hours time, each oldest first; an entry
 *    partly covered gives an included line at 0.00 and a line for the rest.
 */

type Line = Omit<NewInvoiceLine, 'position'>;

const periodText = (period: BillingPeriod) =>
  period.end === null ? `from ${period.start}` : `${period.start} to ${period.end}`;

export const agreementProductLines = (
  products: readonly AgreementProduct[],
  labour: Labour | null,
  period: BillingPeriod,
): Line[] =>
  products
    .filter((product) => product.quantity > 0)
    .filter((product) => product.id !== labour?.agreementProductId)
    .map((product) => ({
      kind: 'AGREEMENT_PRODUCT',
      ticketId: null,
      description: `${product.name} (${periodText(period)})`,
      quantity: String(product.quantity),
      unitPrice: product.price,
      amount: '0',
      taxable: product.taxable,
    }));

export const ticketProductLines = (rows: readonly TicketProductRecord[]): Line[] =>
  rows
    .filter((row) => row.isBillable && row.invoiceId === null)
    .map((row) => ({
      kind: 'TICKET_PRODUCT',
      ticketId: row.ticketId,
      description: `Ticket #${row.ticketId}: ${row.name}${row.description ? ` (${row.description})` : ''}`,
      quantity: row.quantity,
      unitPrice: row.price,
      amount: '0',
      taxable: row.taxable,
    }));

export type BilledTime = { logId: number; ticketId: number; billedSeconds: number; isOffHours: boolean };

const timeText = (row: TimeEntryRow, isOffHours: boolean, subjects: ReadonlyMap<number, string>) =>
  `Ticket #${row.ticketId} ${subjects.get(row.ticketId) ?? ''}: ${row.actorName}, ${row.timeEntry.startTime.slice(0, 16).replace('T', ' ')} UTC, ${isOffHours ? 'off hours' : 'in hours'}`;

export const timeLines = (
  rows: readonly TimeEntryRow[],
  labour: Labour,
  terms: { includedHours: string; workHours: WorkHours },
  subjects: ReadonlyMap<number, string>,
): { lines: Line[]; billed: BilledTime[] } => {
  const priced = rows
    .filter((row) => row.invoiceId === null && isTimeEntryBillable(row))
    .map((row) => ({ row, ...priceTime(row, labour, terms.workHours) }));
  // In-hours time first (what included hours cover first), each oldest first (rows come oldest first).
  const ordered = [...priced.filter((p) => !p.isOffHours), ...priced.filter((p) => p.isOffHours)];
  let included = toUnits(terms.includedHours, QUANTITY_SCALE);
  const lines: Line[] = [];
  for (const { row, billedSeconds, isOffHours } of ordered) {
    const hours = toUnits(secondsToHours(billedSeconds), QUANTITY_SCALE);
    // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers)
    const covered = hours < included ? hours : included;
    included -= covered;
    const text = timeText(row, isOffHours, subjects);
    const line = (quantity: bigint, unitPrice: string, suffix: string): Line => ({
      kind: 'TIME_ENTRY',
      ticketId: row.ticketId,
      description: `${text}${suffix}`,
      quantity: formatUnits(quantity, QUANTITY_SCALE),
      unitPrice,
      amount: '0',
      taxable: labour.taxable,
    });
    if (covered > 0n) lines.push(line(covered, '0.00', ' (included hours)'));
    if (hours - covered > 0n) {
      lines.push(line(hours - covered, isOffHours ? labour.offHoursPrice : labour.price, ''));
    }
  }
  return {
    lines,
    billed: ordered.map(({ row, billedSeconds, isOffHours }) => ({
      logId: row.id,
      ticketId: row.ticketId,
      billedSeconds,
      isOffHours,
    })),
  };
};
