import {
  type Agreement,
  type AgreementTemplate,
  type CountedQuantitiesResponse,
  type CreateAgreementInput,
  defaultWorkHours,
  type ListAgreementsQuery,
  type ListAgreementsResponse,
  periodStartingOn,
  type SaveAgreementTemplateRequest,
  type UpdateAgreementInput,
} from '@rmm/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { copyTemplateProducts, resolveAgreementProducts } from './agreement-products.ts';
import * as repo from './agreements-repository.ts';
import { type BillingContext, nowOf, writeBillingActivity } from './context.ts';
import { countQuantities } from './counted-quantities.ts';
import { AgreementConflictError, billingError } from './errors.ts';

/**
 * Agreement templates and agreements (issue 21 item 4). Templates are the MSP's; an agreement belongs to an
 * organization of the caller's scope (another one's answers 404 as a missing one). Changes carry the version
 * read (409 with the agreement as it is). The interval and start date change only until the first invoice.
 */

type TemplateInput = z.output<typeof SaveAgreementTemplateRequest>;

const templateTarget = (template: { id: number; name: string }) => ({
  type: 'agreementTemplate',
  id: template.id,
  name: template.name,
});

const agreementTarget = (
  agreement: Pick<Agreement, 'id' | 'name' | 'organizationId' | 'organizationName'>,
) => ({
  type: 'agreement',
  id: agreement.id,
  name: agreement.name,
  organizationId: agreement.organizationId,
  organizationName: agreement.organizationName,
});

const termsOf = (
  input: Pick<
    TemplateInput,
    'name' | 'description' | 'billingInterval' | 'includedHours' | 'offHoursMultiplier' | 'taxRate'
  >,
) => ({
  name: input.name,
  description: input.description,
  billingInterval: input.billingInterval,
  includedHours: input.includedHours,
  offHoursMultiplier: input.offHoursMultiplier,
  taxRate: input.taxRate,
});

// ---------------------------------------------------------------- templates

export const listTemplates = (ctx: BillingContext) => repo.listTemplates(ctx.db);

const requireTemplate = async (db: DbOrTx, id: number) => {
  const template = await repo.findTemplate(db, id);
  if (!template) throw billingError('AGREEMENT_TEMPLATE_NOT_FOUND');
  return template;
};

export const createTemplate = async (
  ctx: BillingContext,
  actor: Actor,
  input: TemplateInput,
): Promise<AgreementTemplate> => {
  const id = await ctx.db.transaction(async (tx) => {
    const products = await resolveAgreementProducts(ctx, tx, input.products, []);
    const templateId = await repo.insertTemplate(tx, termsOf(input));
    await repo.replaceTemplateProducts(tx, templateId, products);
    await writeBillingActivity(
      tx,
      actor,
      'agreementTemplate.create',
      templateTarget({ id: templateId, name: input.name }),
    );
    return templateId;
  });
  return requireTemplate(ctx.db, id);
};

export const updateTemplate = async (
  ctx: BillingContext,
  actor: Actor,
  id: number,
  input: TemplateInput,
): Promise<AgreementTemplate> => {
  await ctx.db.transaction(async (tx) => {
    const current = await requireTemplate(tx, id);
    const products = await resolveAgreementProducts(ctx, tx, input.products, current.products);
    await repo.updateTemplate(tx, id, termsOf(input));
    await repo.replaceTemplateProducts(tx, id, products);
    await writeBillingActivity(
      tx,
      actor,
      'agreementTemplate.update',
      templateTarget({ id, name: input.name }),
    );
  });
  return requireTemplate(ctx.db, id);
};

/** Agreements made from it keep their terms (they were copied). */
export const deleteTemplate = async (ctx: BillingContext, actor: Actor, id: number) => {
  await ctx.db.transaction(async (tx) => {
    const template = await requireTemplate(tx, id);
    await repo.deleteTemplate(tx, id);
    await writeBillingActivity(tx, actor, 'agreementTemplate.delete', templateTarget(template));
  });
};

// ---------------------------------------------------------------- agreements

export const listAgreements = (
  ctx: BillingContext,
  actor: Actor,
  query: ListAgreementsQuery,
): Promise<ListAgreementsResponse> => repo.listAgreements(ctx.db, actor.scope, query);

/** The agreement in the caller's scope, or 404. */
export const getAgreement = async (
  db: DbOrTx,
  actor: Pick<Actor, 'scope'>,
  id: number,
): Promise<Agreement> => {
  const agreement = await repo.findAgreement(db, id, actor.scope);
  if (!agreement) throw billingError('AGREEMENT_NOT_FOUND');
  return agreement;
};

/** The request's terms, the template's where the request leaves them out. */
const createTerms = (input: CreateAgreementInput, template: AgreementTemplate | undefined) => ({
  name: input.name ?? template?.name ?? '',
  description: input.description ?? template?.description ?? '',
  billingInterval: input.billingInterval ?? template!.billingInterval,
  includedHours: input.includedHours ?? template?.includedHours ?? '0',
  offHoursMultiplier: input.offHoursMultiplier ?? template?.offHoursMultiplier ?? '1',
  taxRate: input.taxRate === undefined ? (template?.taxRate ?? null) : input.taxRate,
});

export const createAgreement = async (
  ctx: BillingContext,
  actor: Actor,
  input: CreateAgreementInput,
): Promise<Agreement> => {
  const id = await ctx.db.transaction(async (tx) => {
    const organizationName = await repo.findOrganizationName(tx, input.organizationId, actor.scope);
    if (organizationName === undefined)
      throw billingError('AGREEMENT_NOT_FOUND', 'There is no such organization.');
    const template = input.templateId === null ? undefined : await requireTemplate(tx, input.templateId);
    const products =
      input.products !== undefined
        ? await resolveAgreementProducts(ctx, tx, input.products, [])
        : copyTemplateProducts(template?.products ?? []);
    const agreementId = await repo.insertAgreement(tx, {
      ...createTerms(input, template),
      organizationId: input.organizationId,
      templateId: input.templateId,
      startDate: input.startDate,
      nextBillDate: input.startDate,
      nextPeriodIndex: 0,
      workHours: input.workHours ?? defaultWorkHours(),
    });
    await repo.replaceAgreementProducts(tx, agreementId, products);
    const name = input.name ?? template?.name ?? '';
    await writeBillingActivity(tx, actor, 'agreement.create', {
      type: 'agreement',
      id: agreementId,
      name,
      organizationId: input.organizationId,
      organizationName,
    });
    return agreementId;
  });
  return getAgreement(ctx.db, actor, id);
};

/** The next bill date asked for: a period start of the agreement not yet invoiced. */
const nextBillOf = async (tx: DbOrTx, record: repo.AgreementRecord, date: string) => {
  const period = periodStartingOn(record.startDate, record.billingInterval as never, date);
  const last = await repo.lastInvoicedPeriod(tx, record.id);
  if (!period || period.index <= last) {
    throw billingError('BILLING_INVALID', 'The next bill date must start a period not yet invoiced');
  }
  return { nextBillDate: period.start, nextPeriodIndex: period.index };
};

const scheduleChange = async (tx: DbOrTx, record: repo.AgreementRecord, input: UpdateAgreementInput) => {
  const reschedules =
    (input.billingInterval !== undefined && input.billingInterval !== record.billingInterval) ||
    (input.startDate !== undefined && input.startDate !== record.startDate);
  if (reschedules) {
    if ((await repo.lastInvoicedPeriod(tx, record.id)) >= 0) throw billingError('AGREEMENT_BILLED');
    const startDate = input.startDate ?? record.startDate;
    return { startDate, nextBillDate: startDate, nextPeriodIndex: 0 };
  }
  return input.nextBillDate !== undefined && input.nextBillDate !== record.nextBillDate
    ? nextBillOf(tx, record, input.nextBillDate)
    : {};
};

/** Changes the fields given if `version` is the agreement's (else AgreementConflictError with the current one). */
export const updateAgreement = async (
  ctx: BillingContext,
  actor: Actor,
  id: number,
  input: UpdateAgreementInput,
): Promise<Agreement> => {
  const result = await ctx.db.transaction(async (tx) => {
    // Locked first, so that what is read below (its products) is what the change replaces.
    const record = await repo.lockAgreement(tx, id);
    const current = await getAgreement(tx, actor, id);
    if (!record) throw billingError('AGREEMENT_NOT_FOUND');
    if (record.version !== input.version) return new AgreementConflictError(current);
    const { version: _version, products, ...fields } = input;
    const schedule = await scheduleChange(tx, record, input);
    if (products !== undefined) {
      await repo.replaceAgreementProducts(
        tx,
        id,
        await resolveAgreementProducts(ctx, tx, products, current.products),
      );
    }
    await repo.updateAgreement(tx, id, {
      ...fields,
      ...schedule,
      version: record.version + 1,
      updatedAt: nowOf(ctx),
    });
    await writeBillingActivity(
      tx,
      actor,
      'agreement.update',
      agreementTarget({ ...current, name: input.name ?? current.name }),
      {
        fields: Object.keys(input).filter((key) => key !== 'version'),
      },
    );
    return undefined;
  });
  if (result) throw result;
  return getAgreement(ctx.db, actor, id);
};

/** What the organization's COUNTED products would bill now (another organization's: 404). */
export const getCountedQuantities = async (
  ctx: BillingContext,
  actor: Actor,
  organizationId: number,
): Promise<CountedQuantitiesResponse> => {
  if ((await repo.findOrganizationName(ctx.db, organizationId, actor.scope)) === undefined) {
    throw billingError('AGREEMENT_NOT_FOUND', 'There is no such organization.');
  }
  return { organizationId, quantities: await countQuantities(ctx.db, organizationId) };
};
