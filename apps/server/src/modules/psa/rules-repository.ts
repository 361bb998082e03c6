import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { toNumber } from '../../db/database.ts';
import {
  psaAccountMappings,
  psaConfigurationTypeMappingRules,
  psaConfigurationTypeMappings,
  psaLocationMappings,
  psaProductMappingRules,
  psaProductMappings,
} from '../../db/schema.ts';

/** SQL of the product and configuration-type mappings (named sets of rules by device role and group). */

export type ProductRuleValues = Omit<typeof psaProductMappingRules.$inferInsert, 'id' | 'productMappingId'>;
export type ConfigurationTypeRuleValues = Omit<
  typeof psaConfigurationTypeMappingRules.$inferInsert,
  'id' | 'configurationTypeMappingId'
>;

/** How many organizations use each mapping, as default or at a location. */
const clientCounts = async (db: DbOrTx, kind: 'product' | 'configurationType') => {
  const account =
    kind === 'product' ? psaAccountMappings.productMappingId : psaAccountMappings.configurationTypeMappingId;
  const location =
    kind === 'product'
      ? psaLocationMappings.productMappingId
      : psaLocationMappings.configurationTypeMappingId;
  const result = await db.execute(sql`
    select mapping_id, count(distinct organization_id) as clients from (
      select ${account} as mapping_id, ${psaAccountMappings.organizationId} as organization_id
        from ${psaAccountMappings} where ${account} is not null
      union all
      select ${location}, ${psaLocationMappings.organizationId}
        from ${psaLocationMappings} where ${location} is not null
    ) used group by mapping_id`);
  const { rows } = result as unknown as { rows: { mapping_id: unknown; clients: unknown }[] };
  return new Map(rows.map((row) => [toNumber(row.mapping_id), toNumber(row.clients)]));
};

export const listProductMappings = async (db: DbOrTx, ids?: number[]) => {
  const mappings = await db
    .select()
    .from(psaProductMappings)
    .where(ids ? inArray(psaProductMappings.id, ids) : undefined)
    .orderBy(asc(sql`lower(${psaProductMappings.name})`), asc(psaProductMappings.id));
  const rules =
    mappings.length === 0
      ? []
      : await db
          .select()
          .from(psaProductMappingRules)
          .where(
            inArray(
              psaProductMappingRules.productMappingId,
              mappings.map((m) => m.id),
            ),
          )
          .orderBy(asc(psaProductMappingRules.id));
  const counts = await clientCounts(db, 'product');
  return mappings.map((mapping) => ({
    ...mapping,
    rules: rules.filter((rule) => rule.productMappingId === mapping.id),
    clientCount: counts.get(mapping.id) ?? 0,
  }));
};

export const listConfigurationTypeMappings = async (db: DbOrTx, ids?: number[]) => {
  const mappings = await db
    .select()
    .from(psaConfigurationTypeMappings)
    .where(ids ? inArray(psaConfigurationTypeMappings.id, ids) : undefined)
    .orderBy(asc(sql`lower(${psaConfigurationTypeMappings.name})`), asc(psaConfigurationTypeMappings.id));
  const rules =
    mappings.length === 0
      ? []
      : await db
          .select()
          .from(psaConfigurationTypeMappingRules)
          .where(
            inArray(
              psaConfigurationTypeMappingRules.configurationTypeMappingId,
              mappings.map((m) => m.id),
            ),
          )
          .orderBy(asc(psaConfigurationTypeMappingRules.id));
  const counts = await clientCounts(db, 'configurationType');
  return mappings.map((mapping) => ({
    ...mapping,
    rules: rules.filter((rule) => rule.configurationTypeMappingId === mapping.id),
    clientCount: counts.get(mapping.id) ?? 0,
  }));
};

export type ProductMappingRow = Awaited<ReturnType<typeof listProductMappings>>[number];
export type ConfigurationTypeMappingRow = Awaited<ReturnType<typeof listConfigurationTypeMappings>>[number];

export const saveProductMapping = async (
  db: DbOrTx,
  id: number | undefined,
  name: string,
  rules: ProductRuleValues[],
  now: Date,
) => {
  let mappingId = id;
  if (mappingId === undefined) {
    const [row] = await db
      .insert(psaProductMappings)
      .values({ name })
      .returning({ id: psaProductMappings.id });
    mappingId = row!.id;
  } else {
    const updated = await db
      .update(psaProductMappings)
      .set({ name, updatedAt: now })
      .where(eq(psaProductMappings.id, mappingId))
      .returning({ id: psaProductMappings.id });
    if (updated.length === 0) return undefined;
    await db.delete(psaProductMappingRules).where(eq(psaProductMappingRules.productMappingId, mappingId));
  }
  await db
    .insert(psaProductMappingRules)
    .values(rules.map((rule) => ({ ...rule, productMappingId: mappingId })));
  return mappingId;
};

export const saveConfigurationTypeMapping = async (
  db: DbOrTx,
  id: number | undefined,
  values: {
    name: string;
    statusOnCreateId: number | null;
    statusOnCreateName: string | null;
    statusOnDeleteId: number | null;
    statusOnDeleteName: string | null;
  },
  rules: ConfigurationTypeRuleValues[],
  now: Date,
) => {
  let mappingId = id;
  if (mappingId === undefined) {
    const [row] = await db
      .insert(psaConfigurationTypeMappings)
      .values(values)
      .returning({ id: psaConfigurationTypeMappings.id });
    mappingId = row!.id;
  } else {
    const updated = await db
      .update(psaConfigurationTypeMappings)
      .set({ ...values, updatedAt: now })
      .where(eq(psaConfigurationTypeMappings.id, mappingId))
      .returning({ id: psaConfigurationTypeMappings.id });
    if (updated.length === 0) return undefined;
    await db
      .delete(psaConfigurationTypeMappingRules)
      .where(eq(psaConfigurationTypeMappingRules.configurationTypeMappingId, mappingId));
  }
  await db
    .insert(psaConfigurationTypeMappingRules)
    .values(rules.map((rule) => ({ ...rule, configurationTypeMappingId: mappingId })));
  return mappingId;
};

export const deleteProductMapping = async (db: DbOrTx, id: number) =>
  (await db.delete(psaProductMappings).where(eq(psaProductMappings.id, id)).returning())[0];

export const deleteConfigurationTypeMapping = async (db: DbOrTx, id: number) =>
  (
    await db.delete(psaConfigurationTypeMappings).where(eq(psaConfigurationTypeMappings.id, id)).returning()
  )[0];

/** Whether any organization uses the mapping (its rows lock it against a concurrent delete). */
export const mappingUsers = async (db: DbOrTx, kind: 'product' | 'configurationType', id: number) => {
  const account =
    kind === 'product' ? psaAccountMappings.productMappingId : psaAccountMappings.configurationTypeMappingId;
  const location =
    kind === 'product'
      ? psaLocationMappings.productMappingId
      : psaLocationMappings.configurationTypeMappingId;
  const accounts = await db
    .select({ organizationId: psaAccountMappings.organizationId })
    .from(psaAccountMappings)
    .where(eq(account, id));
  const locationRows = await db
    .select({ organizationId: psaLocationMappings.organizationId })
    .from(psaLocationMappings)
    .where(eq(location, id));
  return new Set([...accounts, ...locationRows].map((row) => row.organizationId)).size;
};
