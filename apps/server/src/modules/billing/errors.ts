import { type Agreement, type BillingErrorCode, billingErrorCodes, billingMessages } from '@rmm/domain';
import { DomainError } from '../../lib/errors.ts';

const texts: Readonly<Record<BillingErrorCode, string>> = {
  AGREEMENT_NOT_FOUND: billingMessages.agreementNotFound,
  AGREEMENT_TEMPLATE_NOT_FOUND: billingMessages.templateNotFound,
  INVOICE_NOT_FOUND: billingMessages.invoiceNotFound,
  TICKET_PRODUCT_NOT_FOUND: billingMessages.ticketProductNotFound,
  TIME_ENTRY_NOT_FOUND: billingMessages.timeEntryNotFound,
  AGREEMENT_VERSION_CONFLICT: billingMessages.versionConflict,
  AGREEMENT_BILLED: billingMessages.agreementBilled,
  ITEM_BILLED: billingMessages.alreadyBilled,
  NOT_DUE: billingMessages.notDue,
  INVOICE_STATUS: billingMessages.invoiceStatus,
  INVOICE_NOT_NEWEST: billingMessages.voidNotNewest,
  BILLING_INVALID: 'The request is not valid',
};

/** A billing error with its status; `message` replaces the code's text. */
export const billingError = (code: BillingErrorCode, message?: string) =>
  new DomainError(code, message ?? texts[code], { statusCode: billingErrorCodes[code] });

/** A stale version: the route answers 409 with the agreement as it is now. */
export class AgreementConflictError extends DomainError {
  constructor(readonly agreement: Agreement) {
    super('AGREEMENT_VERSION_CONFLICT', billingMessages.versionConflict, { statusCode: 409 });
  }
}
