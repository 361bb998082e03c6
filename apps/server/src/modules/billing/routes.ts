import {
  AgreementConflictBody,
  AgreementResponse,
  AgreementTemplateResponse,
  CountedQuantitiesResponse,
  CreateAgreementRequest,
  IdParam,
  ListAgreementsQuery,
  ListAgreementsResponse,
  ListAgreementTemplatesResponse,
  ListLicenseDriftQuery,
  ListLicenseDriftResponse,
  OkResponse,
  SaveAgreementTemplateRequest,
  UpdateAgreementRequest,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as agreements from './agreements-service.ts';
import type { BillingContext } from './context.ts';
import { listLicenseDrift } from './drift.ts';
import { AgreementConflictError } from './errors.ts';
import { invoiceRoutes } from './invoice-routes.ts';
import { ticketBillingRoutes } from './ticket-routes.ts';

const tags = ['billing'];

/** Billing (issue 21): agreement templates, agreements, license drift; invoices and ticket billing beside. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (): BillingContext => ({
    db: app.db,
    products: app.products,
    currency: app.config.billingCurrency,
  });

  app.get(
    '/billing/agreement-templates',
    {
      config: { access: 'billing.view' },
      schema: {
        tags,
        summary: 'The agreement templates, by name',
        response: { 200: ListAgreementTemplatesResponse },
      },
    },
    async () => ({ templates: await agreements.listTemplates(ctx()) }),
  );

  app.post(
    '/billing/agreement-templates',
    {
      config: { access: 'billing.manage', activity: 'agreementTemplate.create' },
      schema: {
        tags,
        summary: 'Create a template (its products must be active)',
        body: SaveAgreementTemplateRequest,
        response: { 201: AgreementTemplateResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ template: await agreements.createTemplate(ctx(), actorOf(request), request.body) }),
  );

  app.put(
    '/billing/agreement-templates/:id',
    {
      config: { access: 'billing.manage', activity: 'agreementTemplate.update' },
      schema: {
        tags,
        summary: 'Replace a template’s terms and products',
        params: IdParam,
        body: SaveAgreementTemplateRequest,
        response: { 200: AgreementTemplateResponse },
      },
    },
    async (request) => ({
      template: await agreements.updateTemplate(ctx(), actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/billing/agreement-templates/:id',
    {
      config: { access: 'billing.manage', activity: 'agreementTemplate.delete' },
      schema: {
        tags,
        summary: 'Delete a template (agreements made from it keep their terms)',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await agreements.deleteTemplate(ctx(), actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/billing/agreements',
    {
      config: { access: 'billing.view' },
      schema: {
        tags,
        summary: 'A page of the agreements of the caller’s organizations',
        querystring: ListAgreementsQuery,
        response: { 200: ListAgreementsResponse },
      },
    },
    async (request) => agreements.listAgreements(ctx(), actorOf(request), request.query),
  );

  app.post(
    '/billing/agreements',
    {
      config: { access: 'billing.manage', activity: 'agreement.create' },
      schema: {
        tags,
        summary: 'Create an organization’s agreement (from a template: what is left out is the template’s)',
        body: CreateAgreementRequest,
        response: { 201: AgreementResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ agreement: await agreements.createAgreement(ctx(), actorOf(request), request.body) }),
  );

  app.get(
    '/billing/agreements/:id',
    {
      config: { access: 'billing.view' },
      schema: {
        tags,
        summary: 'One agreement with its products',
        params: IdParam,
        response: { 200: AgreementResponse },
      },
    },
    async (request) => ({
      agreement: await agreements.getAgreement(app.db, actorOf(request), request.params.id),
    }),
  );

  app.patch(
    '/billing/agreements/:id',
    {
      config: { access: 'billing.manage', activity: 'agreement.update' },
      schema: {
        tags,
        summary:
          'Change the fields given, if `version` is the agreement’s (else 409 with the current agreement)',
        params: IdParam,
        body: UpdateAgreementRequest,
        response: { 200: AgreementResponse, 409: AgreementConflictBody },
      },
    },
    async (request, reply) => {
      try {
        return {
          agreement: await agreements.updateAgreement(
            ctx(),
            actorOf(request),
            request.params.id,
            request.body,
          ),
        };
      } catch (error) {
        if (!(error instanceof AgreementConflictError)) throw error;
        return reply.code(409).send({
          error: { code: 'AGREEMENT_VERSION_CONFLICT', message: error.message },
          agreement: error.agreement,
        });
      }
    },
  );

  app.get(
    '/billing/organizations/:id/counted-quantities',
    {
      config: { access: 'billing.view' },
      schema: {
        tags,
        summary:
          'The organization’s counts now (devices, end users, backed-up devices, backup GB): what COUNTED agreement products bill',
        params: IdParam,
        response: { 200: CountedQuantitiesResponse },
      },
    },
    async (request) => agreements.getCountedQuantities(ctx(), actorOf(request), request.params.id),
  );

  app.get(
    '/billing/license-drift',
    {
      config: { access: 'billing.view' },
      schema: {
        tags,
        summary: 'Per organization: what agreements bill by count beside what is deployed',
        querystring: ListLicenseDriftQuery,
        response: { 200: ListLicenseDriftResponse },
      },
    },
    async (request) => listLicenseDrift(app.db, actorOf(request).scope, request.query),
  );

  await app.register(invoiceRoutes, { context: ctx });
  await app.register(ticketBillingRoutes, { context: ctx });
};
