import {
  type AgreementProduct,
  type AgreementProductInput,
  type AgreementTemplate,
  type BillingInterval,
  type CountedQuantitySource,
  defaultQuantityModeOf,
  isCountedQuantitySource,
  isLaborProductType,
  type Product,
  type ProductType,
  type QuantityMode,
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
  /** A source the quantity may be counted from (devices, end users, backup); null: always typed. */
  countedSource: CountedQuantitySource | null;
  /** COUNTED: the organization's count when invoiced (`quantity` unused); FIXED: `quantity`. */
  quantityMode: QuantityMode;
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
    countedSource: isCountedQuantitySource(line.quantitySource) ? line.quantitySource : null,
    quantityMode: line.quantityMode,
    quantity: String(line.quantity),
    price: line.isPriceOverridden ? line.price : '',
    catalogPrice: line.price,
    timeRounding: line.timeRounding,
  }));

/** A new line: counted when the product can be counted (a managed type), else typed. */
export const rowOfProduct = (product: Product): ProductRow => ({
  key: newKey(),
  productId: product.id,
  name: product.name,
  type: product.type,
  countedSource: isCountedQuantitySource(product.content.quantitySource)
    ? product.content.quantitySource
    : null,
  quantityMode: defaultQuantityModeOf(product.content.quantitySource),
  quantity: '1',
  price: '',
  catalogPrice: unitPriceOf(product) ?? '0.00',
  timeRounding: isLaborProductType(product.type) ? product.content.timeRounding : null,
});

export const productInputs = (rows: readonly ProductRow[]): AgreementProductInput[] =>
  rows.map((row) => ({
    ...(row.id === undefined ? {} : { id: row.id }),
    productId: row.productId,
    quantityMode: row.quantityMode,
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
