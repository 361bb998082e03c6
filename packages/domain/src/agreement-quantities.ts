import * as z from 'zod';
import { formatUnits, toUnits } from './money.ts';

/**
 * Counted quantities of agreement products (issue 21 item 1; docs/decisions.md "Billing"). A product whose
 * quantity source can be counted for an organization (its approved devices, enabled end users, devices with
 * backup data, cloud backup storage in GB) is billed on an agreement either COUNTED (the count when the
 * invoice is made) or FIXED (the quantity typed on the agreement, compared with the count by license drift).
 */

export const countedQuantitySources = [
  'DEVICES',
  'END_USERS',
  'BACKUP_DEVICES',
  'BACKUP_STORAGE_GB',
] as const;
export const CountedQuantitySource = /* @__PURE__ */ z.enum(countedQuantitySources);
export type CountedQuantitySource = z.infer<typeof CountedQuantitySource>;

export const isCountedQuantitySource = (source: string | null): source is CountedQuantitySource =>
  countedQuantitySources.some((counted) => counted === source);

export const quantityModes = ['COUNTED', 'FIXED'] as const;
export const QuantityMode = /* @__PURE__ */ z.enum(quantityModes);
export type QuantityMode = z.infer<typeof QuantityMode>;

/** A new agreement product of a countable source is COUNTED; anything else is billed as typed. */
export const defaultQuantityModeOf = (source: string | null): QuantityMode =>
  isCountedQuantitySource(source) ? 'COUNTED' : 'FIXED';

/**
 * Decimal places of a count: whole devices and users; backup storage in GB (1024³ bytes) at 2 places,
 * half-up (1.125 GB is 1.13).
 */
export const countScaleOf = (source: CountedQuantitySource): number =>
  source === 'BACKUP_STORAGE_GB' ? 2 : 0;

/** The organization's counts as exact decimal text ("12", "3.50"). */
export const CountedQuantities = /* @__PURE__ */ z.object({
  DEVICES: z.string(),
  END_USERS: z.string(),
  BACKUP_DEVICES: z.string(),
  BACKUP_STORAGE_GB: z.string(),
});
export type CountedQuantities = z.infer<typeof CountedQuantities>;

/** `GET /billing/organizations/:id/counted-quantities`: what a COUNTED product would bill now. */
export const CountedQuantitiesResponse = /* @__PURE__ */ z.object({
  organizationId: z.number().int(),
  quantities: CountedQuantities,
});
export type CountedQuantitiesResponse = z.infer<typeof CountedQuantitiesResponse>;

const units: Record<CountedQuantitySource, [one: string, other: string]> = {
  DEVICES: ['device', 'devices'],
  END_USERS: ['end user', 'end users'],
  BACKUP_DEVICES: ['backed-up device', 'backed-up devices'],
  BACKUP_STORAGE_GB: ['GB', 'GB'],
};

/** A count with its unit, as an invoice line says it: "1 device", "12 devices", "3.50 GB". */
export const countedQuantityText = (source: CountedQuantitySource, quantity: string): string => {
  const [one, other] = units[source];
  return `${quantity} ${quantity === '1' ? one : other}`;
};

/**
 * One source's license drift. Billed: the FIXED quantities, plus what each COUNTED product bills (the count
 * itself). Difference: deployed − billed, exact (storage at 2 places). One COUNTED product and no FIXED one
 * leaves no difference by definition; a FIXED product beside it, or a second COUNTED one, over-bills.
 */
export const licenseDriftOf = (
  source: CountedQuantitySource,
  counts: { fixed: string; countedLines: number; deployed: string },
) => {
  const scale = countScaleOf(source);
  const deployed = toUnits(counts.deployed, scale);
  const billed = toUnits(counts.fixed, scale) + BigInt(counts.countedLines) * deployed;
  const asNumber = (value: bigint) => Number(formatUnits(value, scale));
  return {
    source,
    billed: asNumber(billed),
    deployed: asNumber(deployed),
    countedLines: counts.countedLines,
    difference: asNumber(deployed - billed),
  };
};
