import type { PsaSyncSummary } from '@rmm/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { devices } from '../devices/schema.ts';
import { locations, organizations } from '../organizations/schema.ts';

/** Tables of the PSA module (issue 22; all tables: db/schema.ts). */

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The ConnectWise connection: one row (`key` 'connectwise'). The public and private key only as
 * `encryptSecret` output (AES-256-GCM under the server's key), in columns no listing reads.
 */
export const psaConnections = pgTable('psa_connections', {
  key: text('key').primaryKey(),
  site: text('site').notNull(),
  companyId: text('company_id').notNull(),
  clientId: text('client_id').notNull(),
  codebase: text('codebase').notNull().default(''),
  publicKeyEncrypted: text('public_key_encrypted').notNull(),
  privateKeyEncrypted: text('private_key_encrypted').notNull(),
  companyTypes: jsonb('company_types').$type<string[]>().notNull(),
  companyStatuses: jsonb('company_statuses').$type<string[]>().notNull(),
  syncIntervalSeconds: integer('sync_interval_seconds').notNull(),
  lastTestAt: time('last_test_at'),
  lastTestOk: boolean('last_test_ok'),
  lastTestMessage: text('last_test_message'),
  /** When the scheduled sync is due next; null when it runs on demand only. */
  nextSyncAt: time('next_sync_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Named sets of rules: device role (and group) → catalog product on the location's agreement. */
export const psaProductMappings = pgTable(
  'psa_product_mappings',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('psa_product_mappings_name_unique').on(sql`lower(${t.name})`)],
);

export const psaProductMappingRules = pgTable(
  'psa_product_mapping_rules',
  {
    id: serial('id').primaryKey(),
    productMappingId: integer('product_mapping_id')
      .notNull()
      .references(() => psaProductMappings.id, { onDelete: 'cascade' }),
    nodeRoleId: integer('node_role_id').notNull(),
    /** A device group (saved search) narrowing the role; null: every device of the role. */
    groupId: integer('group_id'),
    catalogItemId: integer('catalog_item_id').notNull(),
    catalogItemIdentifier: text('catalog_item_identifier').notNull(),
    catalogItemDescription: text('catalog_item_description').notNull(),
  },
  (t) => [index('psa_product_mapping_rules_mapping_idx').on(t.productMappingId)],
);

/** Named sets of rules: device role (and group) → configuration type, with the statuses on create and delete. */
export const psaConfigurationTypeMappings = pgTable(
  'psa_configuration_type_mappings',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    statusOnCreateId: integer('status_on_create_id'),
    statusOnCreateName: text('status_on_create_name'),
    statusOnDeleteId: integer('status_on_delete_id'),
    statusOnDeleteName: text('status_on_delete_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('psa_configuration_type_mappings_name_unique').on(sql`lower(${t.name})`)],
);

export const psaConfigurationTypeMappingRules = pgTable(
  'psa_configuration_type_mapping_rules',
  {
    id: serial('id').primaryKey(),
    configurationTypeMappingId: integer('configuration_type_mapping_id')
      .notNull()
      .references(() => psaConfigurationTypeMappings.id, { onDelete: 'cascade' }),
    nodeRoleId: integer('node_role_id').notNull(),
    groupId: integer('group_id'),
    configurationTypeId: integer('configuration_type_id').notNull(),
    configurationTypeName: text('configuration_type_name').notNull(),
  },
  (t) => [index('psa_configuration_type_mapping_rules_mapping_idx').on(t.configurationTypeMappingId)],
);

/**
 * Spec §3's mapping of an organization (client) to a ConnectWise company with its defaults. No row: not
 * mapped (clearing deletes it with the location rows, in one transaction).
 */
export const psaAccountMappings = pgTable(
  'psa_account_mappings',
  {
    organizationId: integer('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    companyName: text('company_name').notNull(),
    productMappingId: integer('product_mapping_id').references(() => psaProductMappings.id, {
      onDelete: 'restrict',
    }),
    configurationTypeMappingId: integer('configuration_type_mapping_id').references(
      () => psaConfigurationTypeMappings.id,
      { onDelete: 'restrict' },
    ),
    /** What the last sync could not do for this organization (its company gone, ...); null when all went well. */
    syncError: text('sync_error'),
    lastSyncAt: time('last_sync_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('psa_account_mappings_company_idx').on(t.companyId)],
);

/** A location's site, agreement and overrides (spec §3 locationSiteMappings); no row: not mapped. */
export const psaLocationMappings = pgTable(
  'psa_location_mappings',
  {
    locationId: integer('location_id')
      .primaryKey()
      .references(() => locations.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    psaSiteId: integer('psa_site_id'),
    psaSiteName: text('psa_site_name'),
    agreementId: integer('agreement_id'),
    agreementName: text('agreement_name'),
    productMappingId: integer('product_mapping_id').references(() => psaProductMappings.id, {
      onDelete: 'restrict',
    }),
    configurationTypeMappingId: integer('configuration_type_mapping_id').references(
      () => psaConfigurationTypeMappings.id,
      { onDelete: 'restrict' },
    ),
    updatedAt: updatedAt(),
  },
  (t) => [index('psa_location_mappings_org_idx').on(t.organizationId)],
);

/** The configurations the sync made in ConnectWise, one per device; the device gone, the row stays until retired. */
export const psaConfigurations = pgTable(
  'psa_configurations',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    deviceName: text('device_name').notNull(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    cwConfigurationId: integer('cw_configuration_id').notNull(),
    companyId: integer('company_id').notNull(),
    configurationTypeId: integer('configuration_type_id').notNull(),
    siteId: integer('site_id'),
    statusOnDeleteId: integer('status_on_delete_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('psa_configurations_device_unique').on(t.deviceId),
    uniqueIndex('psa_configurations_cw_unique').on(t.cwConfigurationId),
  ],
);

/** The agreement additions whose quantity the sync keeps (an addition it no longer needs goes to 0). */
export const psaAgreementAdditions = pgTable(
  'psa_agreement_additions',
  {
    agreementId: integer('agreement_id').notNull(),
    catalogItemId: integer('catalog_item_id').notNull(),
    additionId: integer('addition_id').notNull(),
    agreementName: text('agreement_name').notNull(),
    catalogItemIdentifier: text('catalog_item_identifier').notNull(),
    quantity: integer('quantity').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.agreementId, t.catalogItemId] })],
);

/** One sync, scheduled or on demand; at most one RUNNING at a time (the partial unique index). */
export const psaSyncRuns = pgTable(
  'psa_sync_runs',
  {
    id: serial('id').primaryKey(),
    trigger: text('trigger').notNull(),
    status: text('status').notNull().default('RUNNING'),
    startedAt: time('started_at').notNull().defaultNow(),
    finishedAt: time('finished_at'),
    summary: jsonb('summary').$type<PsaSyncSummary>().notNull(),
    startedBy: text('started_by'),
  },
  (t) => [
    uniqueIndex('psa_sync_runs_one_running').on(t.status).where(sql`${t.status} = 'RUNNING'`),
    index('psa_sync_runs_started_idx').on(t.startedAt),
  ],
);

/** What a sync did and could not do, naming each record. */
export const psaSyncLog = pgTable(
  'psa_sync_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => psaSyncRuns.id, { onDelete: 'cascade' }),
    time: time('time').notNull().defaultNow(),
    level: text('level').notNull(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    clientName: text('client_name'),
    recordType: text('record_type').notNull(),
    recordName: text('record_name').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('psa_sync_log_run_idx').on(t.runId, t.id)],
);
