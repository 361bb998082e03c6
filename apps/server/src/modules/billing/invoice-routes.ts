import {
  GenerateInvoicesRequest,
  GenerateInvoicesResponse,
  IdParam,
  InvoiceResponse,
  invoiceCsv,
  invoiceFileName,
  ListInvoicesQuery,
  ListInvoicesResponse,
} from '@rmm/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import type { BillingContext } from './context.ts';
import { invoicePdf } from './invoice-pdf.ts';
import * as invoices from './invoices-service.ts';

const tags = ['billing'];

/** A download: never sniffed or shown inline. */
const download = (reply: FastifyReply, type: string, fileName: string, body: string | Buffer) =>
  reply
    .type(type)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(body);

/** Invoices: list, generate the due periods, read, approve, archive, void, CSV and PDF. */
export const invoiceRoutes: FastifyPluginAsyncZod<{ context: () => BillingContext }> = async (
  app,
  options,
) => {
  const ctx = options.context;

  app.get(
    '/billing/invoices',
    {
      config: { access: 'billing.view' },
      schema: {
        tags,
        summary: 'A page of the invoices of the caller’s organizations, newest first',
        querystring: ListInvoicesQuery,
        response: { 200: ListInvoicesResponse },
      },
    },
    async (request) => invoices.listInvoices(ctx(), actorOf(request), request.query),
  );

  app.post(
    '/billing/invoices/generate',
    {
      config: { access: 'billing.manage', activity: 'invoice.generate' },
      schema: {
        tags,
        summary: 'Make the invoices of every period due by `asOf` (one agreement: 409 when none is due)',
        body: GenerateInvoicesRequest,
        response: { 200: GenerateInvoicesResponse },
      },
    },
    async (request) => ({ invoices: await invoices.generateInvoices(ctx(), actorOf(request), request.body) }),
  );

  app.get(
    '/billing/invoices/:id',
    {
      config: { access: 'billing.view' },
      schema: {
        tags,
        summary: 'One invoice with its lines',
        params: IdParam,
        response: { 200: InvoiceResponse },
      },
    },
    async (request) => ({ invoice: await invoices.getInvoice(app.db, actorOf(request), request.params.id) }),
  );

  for (const [action, status] of [
    ['approve', 'APPROVED'],
    ['archive', 'ARCHIVED'],
  ] as const) {
    app.post(
      `/billing/invoices/:id/${action}`,
      {
        config: { access: 'billing.manage', activity: `invoice.${action}` },
        schema: {
          tags,
          summary: action === 'approve' ? 'Approve a pending invoice' : 'Archive an approved invoice',
          params: IdParam,
          response: { 200: InvoiceResponse },
        },
      },
      async (request) => ({
        invoice: await invoices.moveInvoice(ctx(), actorOf(request), request.params.id, status),
      }),
    );
  }

  app.post(
    '/billing/invoices/:id/void',
    {
      config: { access: 'billing.manage', activity: 'invoice.void' },
      schema: {
        tags,
        summary:
          'Void the newest pending invoice of its agreement: its ticket items are pending again and its period is due again',
        params: IdParam,
        response: { 200: InvoiceResponse },
      },
    },
    async (request) => ({ invoice: await invoices.voidInvoice(ctx(), actorOf(request), request.params.id) }),
  );

  app.get(
    '/billing/invoices/:id/csv',
    {
      config: { access: 'billing.view' },
      schema: {
        tags,
        summary: 'The invoice as CSV (a row per line, then subtotal, tax, total)',
        params: IdParam,
      },
    },
    async (request, reply) => {
      const invoice = await invoices.getInvoice(app.db, actorOf(request), request.params.id);
      return download(reply, 'text/csv; charset=utf-8', invoiceFileName(invoice, 'csv'), invoiceCsv(invoice));
    },
  );

  app.get(
    '/billing/invoices/:id/pdf',
    {
      config: { access: 'billing.view' },
      schema: { tags, summary: 'The invoice as PDF (the totals also in its metadata)', params: IdParam },
    },
    async (request, reply) => {
      const invoice = await invoices.getInvoice(app.db, actorOf(request), request.params.id);
      const pdf = Buffer.from(await invoicePdf(invoice));
      return download(reply, 'application/pdf', invoiceFileName(invoice, 'pdf'), pdf);
    },
  );
};
