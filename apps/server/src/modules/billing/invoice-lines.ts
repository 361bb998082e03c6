import {
  type AgreementProduct,
  type BillingPeriod,
  type CountedQuantities,
  countedQuantityText,
  formatUnits,
  isCountedQuantitySource,
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
 *    billed by that time instead); a COUNTED one at the organization's count now, said in its description;
 * 2. the pending products of the agreement's tickets;
 * 3. their pending time, an entry a line, rounded up by the labour product's rule, priced in or off hours. The
 *    period's included hours cover in-hours time first, then off-hours time, each oldest first; an entry
 *    partly covered gives an included line at 0.00 and a line for the rest.
 */

type Line = Omit<NewInvoiceLine, 'position'>;

const periodText = (period: BillingPeriod) =>
  period.end === null ? `from ${period.start}` : `${period.start} to ${period.end}`;

/** The quantity billed for an agreement product, and where it came from. */
const quantityOf = (product: AgreementProduct, counts: CountedQuantities | null) => {
  const source = isCountedQuantitySource(product.quantitySource) ? product.quantitySource : null;
  if (source === null)
    return { quantity: String(product.quantity), quantitySource: null, quantityMode: null };
  if (product.quantityMode === 'FIXED' || counts === null) {
    return { quantity: String(product.quantity), quantitySource: source, quantityMode: 'FIXED' as const };
  }
  return { quantity: counts[source], quantitySource: source, quantityMode: 'COUNTED' as const };
};

/** `counts`: the organization's counts now (null when no product is COUNTED). */
export const agreementProductLines = (
  products: readonly AgreementProduct[],
  labour: Labour | null,
  period: BillingPeriod,
  counts: CountedQuantities | null,
): Line[] =>
  products
    .filter((product) => product.id !== labour?.agreementProductId)
    .map((product) => ({ product, ...quantityOf(product, counts) }))
    // 0 bills nothing, typed or counted.
    .filter((line) => toUnits(line.quantity, QUANTITY_SCALE) > 0n)
    .map(({ product, quantity, quantitySource, quantityMode }) => ({
      kind: 'AGREEMENT_PRODUCT',
      ticketId: null,
      description:
        quantityMode === 'COUNTED'
          ? `${product.name} (counted: ${countedQuantityText(quantitySource, quantity)}; ${periodText(period)})`
          : `${product.name} (${periodText(period)})`,
      quantity,
      unitPrice: product.price,
      amount: '0',
      taxable: product.taxable,
      quantitySource,
      quantityMode,
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
