import { type Product, type ProductErrorCode, productErrorCodes, productErrorMessages } from '@rmm/domain';
import { DomainError } from '../../lib/errors.ts';

/** A product error (PRODUCT_NAME_TAKEN, PRODUCTS_INACTIVE_OR_MISSING...) with its status and text. */
export const productError = (code: ProductErrorCode) =>
  new DomainError(code, productErrorMessages[code], { statusCode: productErrorCodes[code] });

/** A stale version: the route answers 409 with the product as it is now. */
export class ProductConflictError extends DomainError {
  constructor(readonly product: Product) {
    super('PRODUCT_VERSION_CONFLICT', productErrorMessages.PRODUCT_VERSION_CONFLICT, { statusCode: 409 });
  }
}
