import type {
  AddTicketProductRequest,
  CreateAgreementRequest,
  SaveAgreementTemplateRequest,
  UpdateAgreementRequest,
} from '@rmm/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AgreementListParams, billingApi, type DriftParams, type InvoiceListParams } from './api.ts';

const root = ['billing'] as const;
export const billingKeys = {
  templates: [...root, 'templates'] as const,
  agreements: [...root, 'agreements'] as const,
  agreementList: (params: AgreementListParams) => [...root, 'agreements', params] as const,
  invoices: [...root, 'invoices'] as const,
  invoiceList: (params: InvoiceListParams) => [...root, 'invoices', 'list', params] as const,
  invoice: (id: number) => [...root, 'invoices', 'one', id] as const,
  drift: (params: DriftParams) => [...root, 'drift', params] as const,
  counts: (organizationId: number) => [...root, 'counts', organizationId] as const,
  ticket: (ticketId: number) => [...root, 'ticket', ticketId] as const,
  /** The ticket's update time is part of the key: a time entry or change of the ticket reads its billing again. */
  ticketAt: (ticketId: number, updateTime: string) => [...root, 'ticket', ticketId, updateTime] as const,
  products: (kind: 'catalogue' | 'usable', search: string) => [...root, 'products', kind, search] as const,
};

export const useTemplatesQuery = () =>
  useQuery({ queryKey: billingKeys.templates, queryFn: billingApi.templates });

export const useAgreementsQuery = (params: AgreementListParams) =>
  useQuery({
    queryKey: billingKeys.agreementList(params),
    queryFn: () => billingApi.agreements(params),
    placeholderData: keepPreviousData,
  });

export const useInvoicesQuery = (params: InvoiceListParams) =>
  useQuery({
    queryKey: billingKeys.invoiceList(params),
    queryFn: () => billingApi.invoices(params),
    placeholderData: keepPreviousData,
  });

export const useInvoiceQuery = (id: number) =>
  useQuery({ queryKey: billingKeys.invoice(id), queryFn: () => billingApi.invoice(id) });

export const useDriftQuery = (params: DriftParams) =>
  useQuery({
    queryKey: billingKeys.drift(params),
    queryFn: () => billingApi.drift(params),
    placeholderData: keepPreviousData,
  });

/** The organization's counts (devices, end users, backup) for the agreement dialog; none without one. */
export const useCountedQuantitiesQuery = (organizationId: number | undefined) =>
  useQuery({
    queryKey: billingKeys.counts(organizationId ?? 0),
    queryFn: () => billingApi.countedQuantities(organizationId!),
    enabled: organizationId !== undefined,
  });

export const useTicketBillingQuery = (ticketId: number, updateTime: string) =>
  useQuery({
    queryKey: billingKeys.ticketAt(ticketId, updateTime),
    queryFn: () => billingApi.ticketBilling(ticketId),
    placeholderData: keepPreviousData,
  });

/** Catalogue search for a picker: the catalogue (agreements) or what the caller may use (tickets). */
export const useProductSearchQuery = (kind: 'catalogue' | 'usable', search: string) =>
  useQuery({
    queryKey: billingKeys.products(kind, search),
    queryFn: () => (kind === 'catalogue' ? billingApi.catalogue(search) : billingApi.usableProducts(search)),
    placeholderData: keepPreviousData,
  });

const useInvalidate = () => {
  const client = useQueryClient();
  return (...keys: (readonly unknown[])[]) =>
    Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
};

export const useSaveTemplateMutation = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: SaveAgreementTemplateRequest }) =>
      billingApi.saveTemplate(id, body),
    onSuccess: () => invalidate(billingKeys.templates),
  });
};

export const useDeleteTemplateMutation = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: billingApi.deleteTemplate,
    onSuccess: () => invalidate(billingKeys.templates),
  });
};

export const useSaveAgreementMutation = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (
      input: { id: number; body: UpdateAgreementRequest } | { id?: undefined; body: CreateAgreementRequest },
    ) =>
      input.id === undefined
        ? billingApi.createAgreement(input.body)
        : billingApi.updateAgreement(input.id, input.body as UpdateAgreementRequest),
    onSuccess: () => invalidate(billingKeys.agreements),
  });
};

/** Invoices change the agreements' next bill dates and the tickets' items. */
export const useGenerateInvoicesMutation = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: billingApi.generate,
    onSuccess: () => invalidate(billingKeys.invoices, billingKeys.agreements, [...root, 'ticket']),
  });
};

export type InvoiceMove = 'APPROVED' | 'ARCHIVED' | 'VOID';

const moveFns = { APPROVED: billingApi.approve, ARCHIVED: billingApi.archive, VOID: billingApi.void };

/** Approve, archive or void; voiding also moves the agreement's next bill date back and frees ticket items. */
export const useMoveInvoiceMutation = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, to }: { id: number; to: InvoiceMove }) => moveFns[to](id),
    onSuccess: (_, { to }) =>
      to === 'VOID'
        ? invalidate(billingKeys.invoices, billingKeys.agreements, [...root, 'ticket'])
        : invalidate(billingKeys.invoices),
  });
};

export const useTicketBillingMutations = (ticketId: number) => {
  const invalidate = useInvalidate();
  const refresh = () => invalidate(billingKeys.ticket(ticketId));
  return {
    add: useMutation({
      mutationFn: (body: AddTicketProductRequest) => billingApi.addTicketProduct(ticketId, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (itemId: number) => billingApi.removeTicketProduct(ticketId, itemId),
      onSuccess: refresh,
    }),
    setBillable: useMutation({
      mutationFn: ({ itemId, isBillable }: { itemId: number; isBillable: boolean }) =>
        billingApi.setTimeEntryBillable(ticketId, itemId, isBillable),
      onSuccess: refresh,
    }),
    setAgreement: useMutation({
      mutationFn: ({ version, agreementId }: { version: number; agreementId: number | null }) =>
        billingApi.setTicketAgreement(ticketId, version, agreementId),
      onSuccess: refresh,
    }),
  };
};
