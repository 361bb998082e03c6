import type {
  ListProductsQuery,
  ListProductsResponse,
  ListUsableProductsQuery,
  Product,
  ProductPayload,
  ProductRole,
  UpdateProductPayload,
} from '@rmm/domain';
import type { Db, DbOrTx, Tx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { isUniqueViolation } from '../scripts/errors.ts';
import { ProductConflictError, productError } from './errors.ts';
import { toProduct } from './mapper.ts';
import * as repo from './repository.ts';

/**
 * The product catalogue (issue 21). Names are unique whatever their case (the unique index settles two creates
 * at once); a group's members and a product's roles are checked in the transaction that saves them, the
 * members locked so that none is deactivated before the commit. Edits carry the version they were read at.
 */

type Context = { db: Db; actor: Actor };
/** Who may use products: a technician's role (none: only products open to every technician). */
export type ProductUser = Pick<Actor, 'roleId'>;

const productActivity = (
  actor: Actor,
  action: string,
  product: { id: number; name: string },
  detail?: string,
) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'product',
  targetId: product.id,
  targetName: product.name,
  outcome: 'SUCCESS' as const,
  detail: detail ?? null,
});

const nameTakenOnRace = (error: unknown): never => {
  throw isUniqueViolation(error) ? productError('PRODUCT_NAME_TAKEN') : error;
};

export const listProducts = async (db: DbOrTx, query: ListProductsQuery): Promise<ListProductsResponse> => {
  const { rows, count } = await repo.listProducts(db, query, query);
  return { data: rows.map(toProduct), count, page: query.page, pageSize: query.pageSize };
};

export const getProduct = async (db: DbOrTx, id: number): Promise<Product> => {
  const row = await repo.findProduct(db, id);
  if (!row) throw productError('PRODUCT_NOT_FOUND');
  return toProduct(row);
};

export const listProductRoles = async (db: DbOrTx): Promise<ProductRole[]> => repo.findTechnicianRoles(db);

// ---- References other modules check ------------------------------------------------------------------

/** In the order asked (repeats once). */
const inOrder = (rows: readonly repo.ProductRow[], ids: readonly number[]) => {
  const byId = new Map(rows.map((row) => [row.id, toProduct(row)]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
};

/**
 * The products of these ids, each active, or 422 "One or more products are inactive or were not found"
 * (spec §8). Inside a transaction they stay locked (FOR SHARE) until it ends, so none is deactivated meanwhile.
 */
export const requireActiveProducts = async (db: DbOrTx, ids: readonly number[]): Promise<Product[]> => {
  const distinct = [...new Set(ids)];
  const rows = await repo.findProducts(db, distinct, { lock: 'share' });
  if (rows.length !== distinct.length || rows.some((row) => !row.isActive)) {
    throw productError('PRODUCTS_INACTIVE_OR_MISSING');
  }
  return inOrder(rows, distinct);
};

const isAllowed = (product: Product, user: ProductUser) =>
  product.productUserRole.allowAllTechnicians ||
  (user.roleId !== undefined && product.productUserRole.userRoles.includes(user.roleId));

/** Those of the products the user may use (active, and open to their role), in the order asked. */
export const usableBy = async (db: DbOrTx, user: ProductUser, ids: readonly number[]): Promise<Product[]> =>
  inOrder(await repo.findProducts(db, [...new Set(ids)]), ids).filter(
    (product) => product.isActive && isAllowed(product, user),
  );

/** Every product active (else 422, spec §8) and open to the user's role (else 403 PRODUCT_NOT_ALLOWED). */
export const assertUsable = async (db: DbOrTx, user: ProductUser, ids: readonly number[]) => {
  const found = await requireActiveProducts(db, ids);
  if (found.some((product) => !isAllowed(product, user))) throw productError('PRODUCT_NOT_ALLOWED');
  return found;
};

export const listUsableProducts = async (
  db: DbOrTx,
  user: ProductUser,
  query: ListUsableProductsQuery,
): Promise<ListProductsResponse> => {
  const { rows, count } = await repo.listProducts(
    db,
    { ...query, isActive: true, usableByRoleId: user.roleId ?? null },
    query,
  );
  return { data: rows.map(toProduct), count, page: query.page, pageSize: query.pageSize };
};

// ---- Changes ------------------------------------------------------------------------------------------

/** A group's members: active products that are not groups themselves (locked until the commit). */
const checkMembers = async (tx: Tx, productIds: readonly number[]) => {
  const members = await requireActiveProducts(tx, productIds);
  if (members.some((member) => member.type === 'PRODUCT_GROUP'))
    throw productError('PRODUCTS_INACTIVE_OR_MISSING');
};

/** Technician roles, each existing (spec §8 "One or more roles are inactive or were not found"). */
const checkRoles = async (tx: Tx, roleIds: readonly number[]) => {
  const found = await repo.findTechnicianRoles(tx, roleIds, { lock: true });
  if (found.length !== roleIds.length) throw productError('ROLES_INACTIVE_OR_MISSING');
};

const valuesOf = (input: ProductPayload): repo.ProductValues => ({
  name: input.name,
  description: input.description,
  type: input.type,
  ...input.content,
  allowAllTechnicians: input.productUserRole.allowAllTechnicians,
});

const saveReferences = async (tx: Tx, id: number, input: ProductPayload) => {
  await checkRoles(tx, input.productUserRole.userRoles);
  await checkMembers(tx, input.productIds);
  await repo.setProductUserRoles(tx, id, input.productUserRole.userRoles);
  await repo.setGroupMembers(tx, id, input.productIds);
};

export const createProduct = async ({ db, actor, input }: Context & { input: ProductPayload }) => {
  if (await repo.findProductNamed(db, input.name)) throw productError('PRODUCT_NAME_TAKEN');
  const id = await db
    .transaction(async (tx) => {
      const newId = await repo.insertProduct(tx, valuesOf(input));
      await saveReferences(tx, newId, input);
      await insertActivity(
        tx,
        productActivity(actor, 'product.create', { id: newId, name: input.name }, input.type),
      );
      return newId;
    })
    .catch(nameTakenOnRace);
  return getProduct(db, id);
};

export const updateProduct = async ({
  db,
  actor,
  id,
  input,
}: Context & { id: number; input: UpdateProductPayload }) => {
  const before = await getProduct(db, id);
  if (input.type !== before.type) throw productError('PRODUCT_TYPE_CHANGED');
  if (input.version !== before.version) throw new ProductConflictError(before);
  if (await repo.findProductNamed(db, input.name, id)) throw productError('PRODUCT_NAME_TAKEN');
  const isWritten = await db
    .transaction(async (tx) => {
      const { version, ...payload } = input;
      if (!(await repo.updateProduct(tx, id, version, valuesOf(payload)))) return false;
      await saveReferences(tx, id, payload);
      const detail = payload.name === before.name ? undefined : `renamed from "${before.name}"`;
      await insertActivity(tx, productActivity(actor, 'product.update', { id, name: payload.name }, detail));
      return true;
    })
    .catch(nameTakenOnRace);
  // Changed between the read and the write: answer with the product as it is now.
  if (!isWritten) throw new ProductConflictError(await getProduct(db, id));
  return getProduct(db, id);
};

/** Activate or deactivate (no version: the same state twice changes nothing). */
export const setProductActive = async ({
  db,
  actor,
  id,
  isActive,
}: Context & { id: number; isActive: boolean }) => {
  await db.transaction(async (tx) => {
    const [row] = await repo.findProducts(tx, [id], { lock: 'update' });
    if (!row) throw productError('PRODUCT_NOT_FOUND');
    if (row.isActive === isActive) return;
    await repo.updateProduct(tx, id, row.version, { isActive });
    await insertActivity(
      tx,
      productActivity(actor, isActive ? 'product.activate' : 'product.deactivate', row),
    );
  });
  return getProduct(db, id);
};
