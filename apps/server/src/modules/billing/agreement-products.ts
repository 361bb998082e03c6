import {
  type AgreementProduct,
  type AgreementProductInput,
  billingMessages,
  defaultQuantityModeOf,
  isCountedQuantitySource,
  type Product,
  type QuantityMode,
  unitPriceOf,
} from '@rmm/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import type { ProductValues } from './agreements-repository.ts';
import type { BillingContext } from './context.ts';
import { billingError } from './errors.ts';

type Input = z.output<typeof AgreementProductInput>;

/** What an agreement product copies from the catalogue. */
const fromCatalogue = (product: Product) => ({
  productId: product.id,
  name: product.name,
  type: product.type,
  taxable: product.content.taxable,
  timeRounding: product.content.timeRounding,
  timeEntrySource: product.content.timeEntrySource,
  quantitySource: product.content.quantitySource,
});

const catalogPrice = (product: Product) => unitPriceOf(product) ?? '0.00';

/**
 * The line's quantity mode: the one sent, else the kept line's, else COUNTED where the product can be counted.
 * COUNTED for a product that cannot be counted: 422.
 */
const modeOf = (input: Input, quantitySource: string | null, kept: QuantityMode | undefined) => {
  const mode = input.quantityMode ?? kept ?? defaultQuantityModeOf(quantitySource);
  if (mode === 'COUNTED' && !isCountedQuantitySource(quantitySource)) {
    throw billingError('BILLING_INVALID', billingMessages.notCountable);
  }
  return mode;
};

/**
 * The product lines to store for an agreement's or template's new list. A new line takes an active catalogue
 * product (else 422 "One or more products are inactive or were not found") and copies it; a kept line (`id`)
 * keeps its copy (its catalogue product may have been deactivated since) with the new quantity, quantity mode
 * and price. A price left out is the catalogue's (labour: its rate); a mode left out is kept, or for a new
 * line COUNTED when its product is counted from devices, end users or backup.
 */
export const resolveAgreementProducts = async (
  ctx: Pick<BillingContext, 'products'>,
  tx: DbOrTx,
  inputs: readonly Input[],
  existing: readonly AgreementProduct[],
): Promise<ProductValues[]> => {
  const kept = new Map(existing.map((line) => [line.id, line]));
  const added = inputs.filter((input) => input.id === undefined).map((input) => input.productId);
  const catalogue = new Map(
    (added.length === 0 ? [] : await ctx.products.requireActive(added, tx)).map((p) => [p.id, p]),
  );
  const lines: ProductValues[] = [];
  for (const [position, input] of inputs.entries()) {
    const common = {
      quantity: input.quantity,
      isPriceOverridden: input.price !== null,
      position,
    };
    if (input.id === undefined) {
      const product = catalogue.get(input.productId)!;
      lines.push({
        ...fromCatalogue(product),
        ...common,
        quantityMode: modeOf(input, product.content.quantitySource, undefined),
        price: input.price ?? catalogPrice(product),
      });
      continue;
    }
    const line = kept.get(input.id);
    if (!line || line.productId !== input.productId) {
      throw billingError(
        'BILLING_INVALID',
        `There is no product line ${input.id} of product ${input.productId}`,
      );
    }
    const price =
      input.price ??
      (line.isPriceOverridden ? catalogPrice(await ctx.products.get(line.productId, tx)) : line.price);
    lines.push({
      id: line.id,
      productId: line.productId,
      name: line.name,
      type: line.type,
      taxable: line.taxable,
      timeRounding: line.timeRounding,
      timeEntrySource: line.timeEntrySource,
      quantitySource: line.quantitySource,
      ...common,
      quantityMode: modeOf(input, line.quantitySource, line.quantityMode),
      price,
    });
  }
  return lines;
};

/** A template's lines as new lines of an agreement (ids dropped, copies kept). */
export const copyTemplateProducts = (products: readonly AgreementProduct[]): ProductValues[] =>
  products.map(({ id: _id, ...line }, position) => ({ ...line, position }));
