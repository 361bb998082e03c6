import type {
  Agreement,
  AgreementProduct,
  AgreementTemplate,
  BillingInterval,
  OrganizationScope,
  ProductType,
  QuantityMode,
  TimeEntrySource,
  TimeRoundingOption,
  WorkHours,
} from '@rmm/domain';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { inScope } from '../../lib/scope.ts';
import { organizations } from '../organizations/schema.ts';
import {
  agreementProducts,
  agreements,
  agreementTemplateProducts,
  agreementTemplates,
  invoices,
} from './schema.ts';

/** Agreements and templates with their products: SQL only (the services decide). */

export type AgreementRecord = typeof agreements.$inferSelect;
export type NewAgreementRecord = typeof agreements.$inferInsert;
type ProductRecord = typeof agreementProducts.$inferSelect;
/** A product as written under an agreement or template (the owner's id is added by the writer). */
export type ProductValues = Omit<ProductRecord, 'id' | 'agreementId'> & { id?: number | undefined };

const iso = (value: Date) => value.toISOString();

export const toAgreementProduct = (row: Omit<ProductRecord, 'agreementId'>): AgreementProduct => ({
  id: row.id,
  productId: row.productId,
  name: row.name,
  type: row.type as ProductType,
  quantity: row.quantity,
  price: row.price,
  isPriceOverridden: row.isPriceOverridden,
  taxable: row.taxable,
  quantitySource: row.quantitySource,
  quantityMode: row.quantityMode as QuantityMode,
  timeRounding: row.timeRounding as TimeRoundingOption | null,
  timeEntrySource: row.timeEntrySource as TimeEntrySource | null,
});

// ---------------------------------------------------------------- templates

type TemplateRecord = typeof agreementTemplates.$inferSelect;

const toTemplate = (row: TemplateRecord, products: AgreementProduct[]): AgreementTemplate => ({
  id: row.id,
  name: row.name,
  description: row.description,
  billingInterval: row.billingInterval as BillingInterval,
  includedHours: row.includedHours,
  offHoursMultiplier: row.offHoursMultiplier,
  taxRate: row.taxRate,
  products,
  createTime: iso(row.createdAt),
  updateTime: iso(row.updatedAt),
});

const templateProducts = async (db: DbOrTx, ids: readonly number[]) => {
  if (ids.length === 0) return new Map<number, AgreementProduct[]>();
  const rows = await db
    .select()
    .from(agreementTemplateProducts)
    .where(inArray(agreementTemplateProducts.templateId, [...ids]))
    .orderBy(asc(agreementTemplateProducts.position));
  const byTemplate = new Map<number, AgreementProduct[]>();
  for (const row of rows) {
    byTemplate.set(row.templateId, [...(byTemplate.get(row.templateId) ?? []), toAgreementProduct(row)]);
  }
  return byTemplate;
};

export const listTemplates = async (db: DbOrTx): Promise<AgreementTemplate[]> => {
  const rows = await db.select().from(agreementTemplates).orderBy(asc(agreementTemplates.name));
  const products = await templateProducts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toTemplate(row, products.get(row.id) ?? []));
};

export const findTemplate = async (db: DbOrTx, id: number): Promise<AgreementTemplate | undefined> => {
  const [row] = await db.select().from(agreementTemplates).where(eq(agreementTemplates.id, id));
  return row ? toTemplate(row, (await templateProducts(db, [id])).get(id) ?? []) : undefined;
};

export type TermsValues = Pick<
  TemplateRecord,
  'name' | 'description' | 'billingInterval' | 'includedHours' | 'offHoursMultiplier' | 'taxRate'
>;

export const insertTemplate = async (db: DbOrTx, values: TermsValues) => {
  const [row] = await db.insert(agreementTemplates).values(values).returning({ id: agreementTemplates.id });
  return row!.id;
};

export const updateTemplate = async (db: DbOrTx, id: number, values: TermsValues) => {
  const rows = await db
    .update(agreementTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(agreementTemplates.id, id))
    .returning({ id: agreementTemplates.id });
  return rows.length > 0;
};

export const deleteTemplate = async (db: DbOrTx, id: number) => {
  const rows = await db
    .delete(agreementTemplates)
    .where(eq(agreementTemplates.id, id))
    .returning({ id: agreementTemplates.id });
  return rows.length > 0;
};

export const replaceTemplateProducts = async (db: DbOrTx, templateId: number, products: ProductValues[]) => {
  await db.delete(agreementTemplateProducts).where(eq(agreementTemplateProducts.templateId, templateId));
  if (products.length === 0) return;
  await db
    .insert(agreementTemplateProducts)
    .values(products.map(({ id: _id, ...product }) => ({ ...product, templateId })));
};

// ---------------------------------------------------------------- agreements

const invoiceCount = sql<number>`(select count(*) from ${invoices} where ${invoices.agreementId} = ${agreements.id} and ${invoices.status} <> 'VOID')`;

const selectAgreements = (db: DbOrTx) =>
  db
    .select({ agreement: agreements, organizationName: organizations.name, invoiceCount })
    .from(agreements)
    .innerJoin(organizations, eq(organizations.id, agreements.organizationId));

type AgreementJoin = { agreement: AgreementRecord; organizationName: string; invoiceCount: unknown };

const agreementProductsOf = async (db: DbOrTx, ids: readonly number[]) => {
  const byAgreement = new Map<number, AgreementProduct[]>();
  if (ids.length === 0) return byAgreement;
  const rows = await db
    .select()
    .from(agreementProducts)
    .where(inArray(agreementProducts.agreementId, [...ids]))
    .orderBy(asc(agreementProducts.position), asc(agreementProducts.id));
  for (const row of rows) {
    byAgreement.set(row.agreementId, [...(byAgreement.get(row.agreementId) ?? []), toAgreementProduct(row)]);
  }
  return byAgreement;
};

const toAgreement = (row: AgreementJoin, products: AgreementProduct[]): Agreement => ({
  id: row.agreement.id,
  organizationId: row.agreement.organizationId,
  organizationName: row.organizationName,
  templateId: row.agreement.templateId,
  name: row.agreement.name,
  description: row.agreement.description,
  billingInterval: row.agreement.billingInterval as BillingInterval,
  startDate: row.agreement.startDate,
  nextBillDate: row.agreement.nextBillDate,
  includedHours: row.agreement.includedHours,
  offHoursMultiplier: row.agreement.offHoursMultiplier,
  workHours: row.agreement.workHours as WorkHours,
  taxRate: row.agreement.taxRate,
  isActive: row.agreement.isActive,
  products,
  invoiceCount: toNumber(row.invoiceCount),
  version: row.agreement.version,
  createTime: iso(row.agreement.createdAt),
  updateTime: iso(row.agreement.updatedAt),
});

const withProducts = async (db: DbOrTx, rows: AgreementJoin[]) => {
  const products = await agreementProductsOf(
    db,
    rows.map((row) => row.agreement.id),
  );
  return rows.map((row) => toAgreement(row, products.get(row.agreement.id) ?? []));
};

export const listAgreements = async (
  db: DbOrTx,
  scope: OrganizationScope,
  query: {
    organizationId?: number | undefined;
    search?: string | undefined;
    isActive?: boolean | undefined;
    page: number;
    pageSize: number;
  },
) => {
  const conditions: (SQL | undefined)[] = [
    inScope(agreements.organizationId, scope),
    query.organizationId === undefined ? undefined : eq(agreements.organizationId, query.organizationId),
    query.isActive === undefined ? undefined : eq(agreements.isActive, query.isActive),
    query.search ? ilike(agreements.name, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectAgreements(db)
      .where(where)
      .orderBy(asc(organizations.name), asc(agreements.name), asc(agreements.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(agreements).where(where),
  ]);
  return {
    data: await withProducts(db, rows),
    count: toNumber(total?.value),
    page: query.page,
    pageSize: query.pageSize,
  };
};

/** One agreement in the scope, or undefined (also another organization's). */
export const findAgreement = async (
  db: DbOrTx,
  id: number,
  scope: OrganizationScope = 'all',
): Promise<Agreement | undefined> => {
  const [row] = await selectAgreements(db).where(
    and(eq(agreements.id, id), inScope(agreements.organizationId, scope)),
  );
  return row ? (await withProducts(db, [row]))[0] : undefined;
};

/** The agreement's row, locked for the rest of the transaction. */
export const lockAgreement = async (tx: DbOrTx, id: number) => {
  const [row] = await tx.select().from(agreements).where(eq(agreements.id, id)).for('update');
  return row;
};

export const findAgreementRecord = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(agreements).where(eq(agreements.id, id));
  return row;
};

export const insertAgreement = async (db: DbOrTx, values: NewAgreementRecord) => {
  const [row] = await db.insert(agreements).values(values).returning({ id: agreements.id });
  return row!.id;
};

export const updateAgreement = async (db: DbOrTx, id: number, values: Partial<NewAgreementRecord>) => {
  await db.update(agreements).set(values).where(eq(agreements.id, id));
};

export const findAgreementProducts = async (db: DbOrTx, agreementId: number) =>
  (await agreementProductsOf(db, [agreementId])).get(agreementId) ?? [];

/**
 * The agreement's new product list: kept ids are updated in place (ticket products chosen from them keep
 * their link), new ones inserted, the others deleted.
 */
export const replaceAgreementProducts = async (
  db: DbOrTx,
  agreementId: number,
  products: ProductValues[],
) => {
  const keep = products.flatMap((product) => (product.id === undefined ? [] : [product.id]));
  await db
    .delete(agreementProducts)
    .where(
      and(
        eq(agreementProducts.agreementId, agreementId),
        keep.length === 0 ? undefined : sql`${agreementProducts.id} <> all(${sql.param(keep)}::integer[])`,
      ),
    );
  for (const { id, ...product } of products) {
    if (id === undefined) await db.insert(agreementProducts).values({ ...product, agreementId });
    else await db.update(agreementProducts).set(product).where(eq(agreementProducts.id, id));
  }
};

/** The highest period index invoiced for the agreement, VOID invoices not counted (-1: none). */
export const lastInvoicedPeriod = async (db: DbOrTx, agreementId: number) => {
  const [row] = await db
    .select({ value: sql<number>`coalesce(max(${invoices.periodIndex}), -1)` })
    .from(invoices)
    .where(and(eq(invoices.agreementId, agreementId), sql`${invoices.status} <> 'VOID'`));
  return toNumber(row?.value ?? -1);
};

/** The organization's name, if it is in the scope. */
export const findOrganizationName = async (db: DbOrTx, id: number, scope: OrganizationScope) => {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, id), inScope(organizations.id, scope)));
  return row?.name;
};
