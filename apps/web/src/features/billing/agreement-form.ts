import {
  type AgreementProduct,
  type AgreementProductInput,
  type AgreementTemplate,
  type BillingInterval,
  isLaborProductType,
  type Product,
  type ProductType,
  type TimeRoundingOption,
  unitPriceOf,
} from '@rmm/domain';

/** What the agreement and template dialogs edit, as typed (decimals stay text). */
export type TermsForm = {
  name: string;
  description: string;
  billingInterval: BillingInterval | null;
  includedHours: string;
  offHoursMultiplier: string;
  /** Empty: no tax. */
  taxRate: string;
};

export type ProductRow = {
  key: string;
  /** An existing agreement product keeps its id (tickets' products chosen from it keep their link). */
  id?: number;
  productId: number;
  name: string;
  type: ProductType;
  quantity: string;
  /** Empty: the catalogue's price, shown as the placeholder. */
  price: string;
  catalogPrice: string;
  timeRounding: TimeRoundingOption | null;
};

let nextKey = 0;
const newKey = () => `row-${++nextKey}`;

export const emptyTerms = (): TermsForm => ({
  name: '',
  description: '',
  billingInterval: 'MONTHLY',
  includedHours: '0',
  offHoursMultiplier: '1',
  taxRate: '',
});

export const termsOf = (
  source: Omit<AgreementTemplate, 'id' | 'products' | 'createTime' | 'updateTime'>,
): TermsForm => ({
  name: source.name,
  description: source.description,
  billingInterval: source.billingInterval,
  includedHours: source.includedHours,
  offHoursMultiplier: source.offHoursMultiplier,
  taxRate: source.taxRate ?? '',
});

/** Rows of stored lines; `keepIds` for an agreement's own lines (a template's are copied as new). */
export const rowsOf = (lines: readonly AgreementProduct[], keepIds: boolean): ProductRow[] =>
  lines.map((line) => ({
    key: newKey(),
    ...(keepIds ? { id: line.id } : {}),
    productId: line.productId,
    name: line.name,
    type: line.type,
    quantity: String(line.quantity),
    price: line.isPriceOverridden ? line.price : '',
    catalogPrice: line.price,
    timeRounding: line.timeRounding,
  }));

export const rowOfProduct = (product: Product): ProductRow => ({
  key: newKey(),
  productId: product.id,
  name: product.name,
  type: product.type,
  quantity: '1',
  price: '',
  catalogPrice: unitPriceOf(product) ?? '0.00',
  timeRounding: isLaborProductType(product.type) ? product.content.timeRounding : null,
});

export const productInputs = (rows: readonly ProductRow[]): AgreementProductInput[] =>
  rows.map((row) => ({
    ...(row.id === undefined ? {} : { id: row.id }),
    productId: row.productId,
    quantity: Number(row.quantity || '0'),
    price: row.price === '' ? null : row.price,
  }));

export const termsBody = (terms: TermsForm) => ({
  name: terms.name.trim(),
  description: terms.description.trim(),
  billingInterval: terms.billingInterval ?? 'MONTHLY',
  includedHours: terms.includedHours || '0',
  offHoursMultiplier: terms.offHoursMultiplier || '1',
  taxRate: terms.taxRate === '' ? null : terms.taxRate,
});
