import type { OrganizationScope } from '@rmm/domain';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database.ts';
import { toNumber } from '../../db/database.ts';
import {
  locations,
  organizations,
  psaAccountMappings,
  psaConfigurationTypeMappings,
  psaLocationMappings,
  psaProductMappings,
} from '../../db/schema.ts';
import { inScope } from '../../lib/scope.ts';
import { escapeLike } from '../activities/repository.ts';

/** SQL of the account mappings (spec §3): organizations with their mapping, locations with theirs. */

const clientProduct = alias(psaProductMappings, 'client_product');
const clientConfigurationType = alias(psaConfigurationTypeMappings, 'client_configuration_type');
const locationProduct = alias(psaProductMappings, 'location_product');
const locationConfigurationType = alias(psaConfigurationTypeMappings, 'location_configuration_type');

const clientColumns = {
  clientId: organizations.id,
  clientName: organizations.name,
  companyId: psaAccountMappings.companyId,
  companyName: psaAccountMappings.companyName,
  productMappingId: psaAccountMappings.productMappingId,
  productMappingName: clientProduct.name,
  configurationTypeMappingId: psaAccountMappings.configurationTypeMappingId,
  configurationTypeMappingName: clientConfigurationType.name,
  syncError: psaAccountMappings.syncError,
  lastSyncAt: psaAccountMappings.lastSyncAt,
};

const clientsFrom = (db: DbOrTx) =>
  db
    .select(clientColumns)
    .from(organizations)
    .leftJoin(psaAccountMappings, eq(psaAccountMappings.organizationId, organizations.id))
    .leftJoin(clientProduct, eq(clientProduct.id, psaAccountMappings.productMappingId))
    .leftJoin(
      clientConfigurationType,
      eq(clientConfigurationType.id, psaAccountMappings.configurationTypeMappingId),
    );

export type ClientRow = Awaited<ReturnType<typeof findClients>>[number];

export type ClientFilter = {
  scope: OrganizationScope;
  search?: string | undefined;
  state?: 'ALL' | 'MAPPED' | 'UNMAPPED';
  ids?: number[];
};

const whereOf = ({ scope, search, state = 'ALL', ids }: ClientFilter) =>
  and(
    inScope(organizations.id, scope),
    ids ? inArray(organizations.id, ids) : undefined,
    search ? sql`lower(${organizations.name}) like ${`%${escapeLike(search.toLowerCase())}%`}` : undefined,
    state === 'MAPPED'
      ? isNotNull(psaAccountMappings.organizationId)
      : state === 'UNMAPPED'
        ? isNull(psaAccountMappings.organizationId)
        : undefined,
  );

/** Organizations with their mapping, by name; a page of them when `page` is given. */
export const findClients = async (
  db: DbOrTx,
  filter: ClientFilter,
  page?: { page: number; pageSize: number },
) => {
  const query = clientsFrom(db)
    .where(whereOf(filter))
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id));
  return page ? await query.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : await query;
};

export const countClients = async (db: DbOrTx, filter: ClientFilter) => {
  const [row] = await db
    .select({ value: count() })
    .from(organizations)
    .leftJoin(psaAccountMappings, eq(psaAccountMappings.organizationId, organizations.id))
    .where(whereOf(filter));
  return toNumber(row?.value);
};

export type LocationRow = Awaited<ReturnType<typeof findLocations>>[number];

/** The organizations' locations, each with its mapping (or nulls), by name. */
export const findLocations = async (db: DbOrTx, organizationIds: number[]) =>
  organizationIds.length === 0
    ? []
    : db
        .select({
          locationId: locations.id,
          organizationId: locations.organizationId,
          locationName: locations.name,
          psaSiteId: psaLocationMappings.psaSiteId,
          psaSiteName: psaLocationMappings.psaSiteName,
          agreementId: psaLocationMappings.agreementId,
          agreementName: psaLocationMappings.agreementName,
          productMappingId: psaLocationMappings.productMappingId,
          productMappingName: locationProduct.name,
          configurationTypeMappingId: psaLocationMappings.configurationTypeMappingId,
          configurationTypeMappingName: locationConfigurationType.name,
        })
        .from(locations)
        .leftJoin(psaLocationMappings, eq(psaLocationMappings.locationId, locations.id))
        .leftJoin(locationProduct, eq(locationProduct.id, psaLocationMappings.productMappingId))
        .leftJoin(
          locationConfigurationType,
          eq(locationConfigurationType.id, psaLocationMappings.configurationTypeMappingId),
        )
        .where(inArray(locations.organizationId, organizationIds))
        .orderBy(asc(sql`lower(${locations.name})`), asc(locations.id));

/** Locks the organization's mapping row (if any) for a change in this transaction. */
export const lockMapping = async (db: DbOrTx, organizationId: number) => {
  const [row] = await db
    .select({ organizationId: psaAccountMappings.organizationId })
    .from(psaAccountMappings)
    .where(eq(psaAccountMappings.organizationId, organizationId))
    .for('update');
  return row;
};

export type AccountMappingValues = {
  companyId: number;
  companyName: string;
  productMappingId: number | null;
  configurationTypeMappingId: number | null;
};

export const upsertAccountMapping = async (
  db: DbOrTx,
  organizationId: number,
  values: AccountMappingValues,
  now: Date,
) => {
  await db
    .insert(psaAccountMappings)
    .values({ organizationId, ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: psaAccountMappings.organizationId,
      set: { ...values, syncError: null, updatedAt: now },
    });
};

/** Inserts the mapping unless the organization is mapped already; answers whether it did. */
export const insertAccountMappingIfAbsent = async (
  db: DbOrTx,
  organizationId: number,
  values: AccountMappingValues,
) => {
  const rows = await db
    .insert(psaAccountMappings)
    .values({ organizationId, ...values })
    .onConflictDoNothing()
    .returning({ organizationId: psaAccountMappings.organizationId });
  return rows.length > 0;
};

export type LocationMappingValues = {
  locationId: number;
  psaSiteId: number | null;
  psaSiteName: string | null;
  agreementId: number | null;
  agreementName: string | null;
  productMappingId: number | null;
  configurationTypeMappingId: number | null;
};

export const replaceLocationMappings = async (
  db: DbOrTx,
  organizationId: number,
  rows: LocationMappingValues[],
  now: Date,
) => {
  await db.delete(psaLocationMappings).where(eq(psaLocationMappings.organizationId, organizationId));
  if (rows.length > 0)
    await db
      .insert(psaLocationMappings)
      .values(rows.map((row) => ({ ...row, organizationId, updatedAt: now })));
};

export const deleteMapping = async (db: DbOrTx, organizationId: number) => {
  await db.delete(psaLocationMappings).where(eq(psaLocationMappings.organizationId, organizationId));
  const deleted = await db
    .delete(psaAccountMappings)
    .where(eq(psaAccountMappings.organizationId, organizationId))
    .returning({ companyName: psaAccountMappings.companyName });
  return deleted[0];
};
