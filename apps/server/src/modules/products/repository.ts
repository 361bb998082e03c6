import type { ProductType } from '@rmm/domain';
import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { escapeLike } from '../activities/repository.ts';
import { roles } from '../auth/schema.ts';
import { productGroupMembers, products, productUserRoles } from './schema.ts';

/** SQL of the product catalogue: products with their roles and members, and the checks other modules make. */

/** The enclosing query's product id, qualified (a one-table query's columns are written without their table). */
const outerId = sql`${products}.${sql.identifier('id')}`;

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  type: products.type,
  price: products.price,
  cost: products.cost,
  taxable: products.taxable,
  quantity: products.quantity,
  licensingType: products.licensingType,
  term: products.term,
  billing: products.billing,
  quantitySource: products.quantitySource,
  rate: products.rate,
  timeRounding: products.timeRounding,
  timeEntrySource: products.timeEntrySource,
  allowAllTechnicians: products.allowAllTechnicians,
  isActive: products.isActive,
  version: products.version,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  userRoles: sql<number[]>`coalesce((select json_agg(pur.role_id order by pur.role_id)
    from ${productUserRoles} pur where pur.product_id = ${outerId}), '[]'::json)`,
  productIds: sql<number[]>`coalesce((select json_agg(pgm.product_id order by pgm.position)
    from ${productGroupMembers} pgm where pgm.group_id = ${outerId}), '[]'::json)`,
};

export type ProductRow = {
  id: number;
  name: string;
  description: string;
  type: string;
  price: string | null;
  cost: string | null;
  taxable: boolean;
  quantity: number | null;
  licensingType: string;
  term: string;
  billing: string | null;
  quantitySource: string | null;
  rate: string | null;
  timeRounding: string | null;
  timeEntrySource: string | null;
  allowAllTechnicians: boolean;
  isActive: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  userRoles: number[];
  productIds: number[];
};

/** JSON arrays come back parsed from pg, as text from some drivers. */
const idList = (value: unknown): number[] =>
  (typeof value === 'string' ? (JSON.parse(value) as unknown[]) : ((value as unknown[] | null) ?? [])).map(
    Number,
  );

const toRow = (
  row: Omit<ProductRow, 'userRoles' | 'productIds'> & { userRoles: unknown; productIds: unknown },
) =>
  ({
    ...row,
    quantity: row.quantity === null ? null : toNumber(row.quantity),
    userRoles: idList(row.userRoles),
    productIds: idList(row.productIds),
  }) satisfies ProductRow;

export type ProductFilter = {
  search?: string;
  ids?: readonly number[];
  type?: ProductType;
  isActive?: boolean;
  /** Only what this role may use: products open to all technicians, or restricted to it (null: none). */
  usableByRoleId?: number | null;
};

const usableBy = (roleId: number | null): SQL =>
  roleId === null
    ? sql`${products.allowAllTechnicians}`
    : sql`(${products.allowAllTechnicians} or exists (select 1 from ${productUserRoles} pur
        where pur.product_id = ${outerId} and pur.role_id = ${roleId}))`;

const whereOf = (filter: ProductFilter): SQL | undefined => {
  const pattern = filter.search ? `%${escapeLike(filter.search.toLowerCase())}%` : undefined;
  return and(
    pattern
      ? sql`(lower(${products.name}) like ${pattern} or lower(${products.description}) like ${pattern})`
      : undefined,
    filter.ids ? anyOf(products.id, filter.ids, 'integer') : undefined,
    filter.type ? eq(products.type, filter.type) : undefined,
    filter.isActive === undefined ? undefined : eq(products.isActive, filter.isActive),
    filter.usableByRoleId === undefined ? undefined : usableBy(filter.usableByRoleId),
  );
};

/** A page of products by name (whatever its case), with the count of all that match. */
export const listProducts = async (
  db: DbOrTx,
  filter: ProductFilter,
  page: { page: number; pageSize: number },
) => {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return { rows: rows.map(toRow), count: toNumber(total?.value) };
};

export const findProduct = async (db: DbOrTx, id: number): Promise<ProductRow | undefined> => {
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id));
  return row ? toRow(row) : undefined;
};

/**
 * The products of these ids (those that exist), in no order. `lock` holds them until the transaction ends:
 * `share` keeps them from being deactivated meanwhile (a group's members, an agreement's products),
 * `update` for the change that flips them.
 */
export const findProducts = async (
  db: DbOrTx,
  ids: readonly number[],
  options: { lock?: 'share' | 'update' } = {},
): Promise<ProductRow[]> => {
  if (ids.length === 0) return [];
  const query = db
    .select(productColumns)
    .from(products)
    .where(anyOf(products.id, ids, 'integer'));
  const rows = await (options.lock === 'update'
    ? query.for('update')
    : options.lock === 'share'
      ? query.for('share')
      : query);
  return rows.map(toRow);
};

/** Another product of this name, whatever its case. */
export const findProductNamed = async (db: DbOrTx, name: string, exceptId?: number) => {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        sql`lower(${products.name}) = ${name.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(products.id, exceptId),
      ),
    )
    .limit(1);
  return row;
};

export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

export const insertProduct = async (db: DbOrTx, values: ProductValues) => {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  return row!.id;
};

/** Writes the values if the product is still at `version`; false when it is not (or is gone). */
export const updateProduct = async (
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<ProductValues>,
): Promise<boolean> => {
  const rows = await db
    .update(products)
    .set({ ...values, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(products.id, id), eq(products.version, version)))
    .returning({ id: products.id });
  return rows.length > 0;
};

export const setProductUserRoles = async (db: DbOrTx, productId: number, roleIds: readonly number[]) => {
  await db.delete(productUserRoles).where(eq(productUserRoles.productId, productId));
  if (roleIds.length > 0) {
    await db.insert(productUserRoles).values(roleIds.map((roleId) => ({ productId, roleId })));
  }
};

export const setGroupMembers = async (db: DbOrTx, groupId: number, productIds: readonly number[]) => {
  await db.delete(productGroupMembers).where(eq(productGroupMembers.groupId, groupId));
  if (productIds.length > 0) {
    await db
      .insert(productGroupMembers)
      .values(productIds.map((productId, position) => ({ groupId, productId, position })));
  }
};

/** Technician roles of these ids (all of them when left out), by name; `lock` keeps them until the commit. */
export const findTechnicianRoles = async (
  db: DbOrTx,
  ids?: readonly number[],
  options: { lock?: boolean } = {},
) => {
  if (ids?.length === 0) return [];
  const query = db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.roleType, 'TECHNICIAN'), ids ? anyOf(roles.id, ids, 'integer') : undefined))
    .orderBy(asc(roles.name));
  return options.lock ? query.for('share') : query;
};
