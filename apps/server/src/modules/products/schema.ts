import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { roles } from '../auth/schema.ts';

/** Money: exact decimals up to 1e15 with 2 places (spec §9), never floats. */
const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

/**
 * The MSP's product catalogue (spec §3 Product; issue 21). One row per product, its name unique whatever its
 * case (the index decides between two creates at once). Fields a type does not use are null (products.ts
 * `normalizeProductPayload`). `version` grows with every change (edits carry it: 409 when stale).
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** ProductType. */
    type: text('type').notNull(),
    price: money('price'),
    cost: money('cost'),
    taxable: boolean('taxable').notNull().default(true),
    /** Billed variants only: an integer up to 1e15 (exact in a double). */
    quantity: bigint('quantity', { mode: 'number' }),
    licensingType: text('licensing_type').notNull(),
    term: text('term').notNull(),
    billing: text('billing'),
    /** Managed and labour types: where the quantity is counted from (QuantitySource). */
    quantitySource: text('quantity_source'),
    /** Labour: the price of an hour. */
    rate: money('rate'),
    timeRounding: text('time_rounding'),
    timeEntrySource: text('time_entry_source'),
    /** False: only the roles in product_user_roles may use it. */
    allowAllTechnicians: boolean('allow_all_technicians').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_name_unique').on(sql`lower(${t.name})`),
    index('products_type_idx').on(t.type),
  ],
);

/** The technician roles a product is restricted to (when `allow_all_technicians` is false). */
export const productUserRoles = pgTable(
  'product_user_roles',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.roleId] }),
    index('product_user_roles_role_idx').on(t.roleId),
  ],
);

/** A PRODUCT_GROUP's members, in the order chosen; a member product cannot be deleted while in a group. */
export const productGroupMembers = pgTable(
  'product_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.productId] }),
    index('product_group_members_product_idx').on(t.productId),
  ],
);
