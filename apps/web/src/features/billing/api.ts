import type {
  AddTicketProductRequest,
  Agreement,
  AgreementTemplate,
  CountedQuantitiesResponse,
  CreateAgreementRequest,
  GenerateInvoicesRequest,
  Invoice,
  InvoiceStatus,
  InvoiceSummary,
  ListAgreementsResponse,
  ListInvoicesResponse,
  ListLicenseDriftResponse,
  Product,
  SaveAgreementTemplateRequest,
  TicketBillingResponse,
  TicketProduct,
  UpdateAgreementRequest,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

export type AgreementListParams = {
  organizationId?: number;
  search?: string;
  page: number;
  pageSize: number;
};
export type InvoiceListParams = {
  organizationId?: number;
  status?: InvoiceStatus;
  search?: string;
  page: number;
  pageSize: number;
};
export type DriftParams = {
  organizationId?: number;
  search?: string;
  onlyDrift?: boolean;
  page: number;
  pageSize: number;
};
type ProductPage = { data: Product[]; count: number; page: number; pageSize: number };

/** Billing (packages/domain/src/agreements.ts, invoices.ts): agreements, invoices, drift, a ticket's billing. */
export const billingApi = {
  templates: () => apiRequest<{ templates: AgreementTemplate[] }>('GET', apiPaths.agreementTemplates()),
  saveTemplate: (id: number | undefined, body: SaveAgreementTemplateRequest) =>
    id === undefined
      ? apiRequest<{ template: AgreementTemplate }>('POST', apiPaths.agreementTemplates(), body)
      : apiRequest<{ template: AgreementTemplate }>('PUT', apiPaths.agreementTemplate(id), body),
  deleteTemplate: (id: number) => apiRequest<{ ok: true }>('DELETE', apiPaths.agreementTemplate(id)),
  agreements: (params: AgreementListParams) =>
    apiRequest<ListAgreementsResponse>('GET', `${apiPaths.agreements()}${toQuery(params)}`),
  createAgreement: (body: CreateAgreementRequest) =>
    apiRequest<{ agreement: Agreement }>('POST', apiPaths.agreements(), body),
  updateAgreement: (id: number, body: UpdateAgreementRequest) =>
    apiRequest<{ agreement: Agreement }>('PATCH', apiPaths.agreement(id), body),
  /** What the organization's COUNTED products would bill now. */
  countedQuantities: (organizationId: number) =>
    apiRequest<CountedQuantitiesResponse>('GET', apiPaths.countedQuantities(organizationId)),
  invoices: (params: InvoiceListParams) =>
    apiRequest<ListInvoicesResponse>('GET', `${apiPaths.invoices()}${toQuery(params)}`),
  invoice: (id: number) => apiRequest<{ invoice: Invoice }>('GET', apiPaths.invoice(id)),
  generate: (body: GenerateInvoicesRequest) =>
    apiRequest<{ invoices: InvoiceSummary[] }>('POST', apiPaths.generateInvoices(), body),
  approve: (id: number) => apiRequest<{ invoice: Invoice }>('POST', apiPaths.invoiceApprove(id)),
  archive: (id: number) => apiRequest<{ invoice: Invoice }>('POST', apiPaths.invoiceArchive(id)),
  void: (id: number) => apiRequest<{ invoice: Invoice }>('POST', apiPaths.invoiceVoid(id)),
  drift: ({ onlyDrift, ...params }: DriftParams) =>
    apiRequest<ListLicenseDriftResponse>(
      'GET',
      `${apiPaths.licenseDrift()}${toQuery({ ...params, onlyDrift: onlyDrift ? 'true' : undefined })}`,
    ),
  ticketBilling: (ticketId: number) =>
    apiRequest<TicketBillingResponse>('GET', apiPaths.ticketBilling(ticketId)),
  addTicketProduct: (ticketId: number, body: AddTicketProductRequest) =>
    apiRequest<{ product: TicketProduct }>('POST', apiPaths.ticketProducts(ticketId), body),
  removeTicketProduct: (ticketId: number, itemId: number) =>
    apiRequest<{ ok: true }>('DELETE', apiPaths.ticketProduct(ticketId, itemId)),
  setTimeEntryBillable: (ticketId: number, itemId: number, isBillable: boolean) =>
    apiRequest<TicketBillingResponse>('PATCH', apiPaths.timeEntryBilling(ticketId, itemId), { isBillable }),
  /** The ticket's agreement is a ticket field: a change with the version read. */
  setTicketAgreement: (ticketId: number, version: number, agreementId: number | null) =>
    apiRequest<unknown>('PATCH', apiPaths.ticket(ticketId), { version, agreementId }),
  /** Active catalogue products (agreements: billing.manage holders read the catalogue). */
  catalogue: (search: string) =>
    apiRequest<ProductPage>(
      'GET',
      `${apiPaths.products()}${toQuery({ search, isActive: 'true', pageSize: 20 })}`,
    ),
  /** The products the caller's role may put on a ticket. */
  usableProducts: (search: string) =>
    apiRequest<ProductPage>('GET', `${apiPaths.usableProducts()}${toQuery({ search, pageSize: 20 })}`),
};
