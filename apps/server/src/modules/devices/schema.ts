import type { DeviceInventory } from '@rmm/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { enrollmentTokens } from '../enrollment/schema.ts';
import { locations, organizations } from '../organizations/schema.ts';

/** Tables of the devices module (all tables: db/schema.ts). */

/** Devices (nodes), their agent identity, inventory, status and latest metrics. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    displayName: text('display_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    parentDeviceId: integer('parent_device_id').references((): AnyPgColumn => devices.id, {
      onDelete: 'set null',
    }),
    hostname: text('hostname').notNull().default(''),
    platform: text('platform').notNull().default('other'),
    osName: text('os_name').notNull().default(''),
    osVersion: text('os_version').notNull().default(''),
    manufacturer: text('manufacturer').notNull().default(''),
    model: text('model').notNull().default(''),
    agentVersion: text('agent_version').notNull().default(''),
    nodeRoleId: integer('node_role_id'),
    /** APPROVED, PENDING (held for a technician), REJECTED; DISCOVERED for agentless nodes. */
    approvalStatus: text('approval_status').notNull().default('APPROVED'),
    /** UP, DOWN, WARNING (online with health NEEDS_ATTENTION or UNHEALTHY). */
    status: text('status').notNull().default('DOWN'),
    /**
     * HEALTHY, NEEDS_ATTENTION, UNHEALTHY, UNKNOWN (never heard from): `alert_health`, or UNHEALTHY while DOWN when
     * the health status settings say so (health-sql.ts keeps both with the status).
     */
    healthStatus: text('health_status').notNull().default('UNKNOWN'),
    /** The worst status the device's active alerts map to (HEALTHY without any), kept by the monitoring engine. */
    alertHealth: text('alert_health').notNull().default('HEALTHY'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    lastBootAt: timestamp('last_boot_at', { withTimezone: true, mode: 'date' }),
    loggedOnUser: text('logged_on_user'),
    /** The assigned owner (an end user of the organization or a technician who sees it); the requester of rulesets' tickets. */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    pendingReboot: boolean('pending_reboot').notNull().default(false),
    ipAddresses: jsonb('ip_addresses').$type<string[]>().notNull().default([]),
    cpuPercent: real('cpu_percent'),
    memoryPercent: real('memory_percent'),
    diskPercent: real('disk_percent'),
    inventory: jsonb('inventory').$type<DeviceInventory>(),
    inventoryUpdatedAt: timestamp('inventory_updated_at', { withTimezone: true, mode: 'date' }),
    /** The agent's digest of the stored inventory, named in the welcome so a reconnect can skip resending it. */
    inventoryKey: text('inventory_key'),
    /** sha256 of the device secret; null for devices without an agent. */
    secretHash: text('secret_hash'),
    enrollmentTokenId: integer('enrollment_token_id').references(() => enrollmentTokens.id, {
      onDelete: 'set null',
    }),
    // Filled by later features (patching, remote support, installs, network discovery); searched by presets.
    patchFailures: integer('patch_failures').notNull().default(0),
    remoteSupportTools: jsonb('remote_support_tools').$type<string[]>().notNull().default([]),
    installIssues: integer('install_issues').notNull().default(0),
    /** e.g. NETWORK_DEVICE; null means "by its node role" (NMS roles count as network devices). */
    deviceClass: text('device_class'),
    /** Lower-cased text the device list's search box matches (trigram index; kept by PostgreSQL). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(display_name || ' ' || hostname || ' ' || os_name || ' ' || coalesce(logged_on_user, '') || ' ' || ip_addresses::text)`,
      ),
  },
  (t) => [
    index('devices_org_idx').on(t.organizationId),
    index('devices_location_idx').on(t.locationId),
    index('devices_name_idx').on(sql`lower(${t.displayName})`, t.id),
    index('devices_org_status_idx').on(t.organizationId, t.status),
    index('devices_status_idx').on(t.status),
    index('devices_health_idx').on(t.healthStatus),
    index('devices_role_idx').on(t.nodeRoleId),
    index('devices_approval_idx').on(t.approvalStatus, t.organizationId),
    index('devices_last_seen_idx').on(t.lastSeenAt),
    // The presets count over these (criteria.ts writes its conditions for them; docs/benchmarks.md).
    index('devices_disk_idx').on(t.diskPercent),
    index('devices_pending_reboot_idx').on(t.id).where(sql`${t.pendingReboot}`),
    index('devices_patch_failures_idx').on(t.patchFailures),
    index('devices_install_issues_idx').on(t.installIssues),
    index('devices_class_idx').on(t.deviceClass),
    index('devices_remote_tools_idx').on(sql`jsonb_array_length(${t.remoteSupportTools})`),
    index('devices_created_idx').on(t.createdAt),
    index('devices_parent_idx').on(t.parentDeviceId),
    // Deleting a user sets their devices' owner to null.
    index('devices_owner_idx').on(t.ownerUserId),
    // The status sweeper reads only devices that are not DOWN yet.
    index('devices_live_seen_idx').on(t.lastSeenAt).where(sql`${t.status} <> 'DOWN'`),
    index('devices_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Metric samples: one row per device per METRIC_SAMPLE_SECONDS, pruned after METRIC_RETENTION_DAYS. */
export const deviceMetrics = pgTable(
  'device_metrics',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').notNull(),
    time: timestamp('time', { withTimezone: true, mode: 'date' }).notNull(),
    cpuPercent: real('cpu_percent').notNull(),
    memoryPercent: real('memory_percent').notNull(),
    diskPercent: real('disk_percent').notNull(),
  },
  (t) => [
    index('device_metrics_device_time_idx').on(t.deviceId, t.time.desc()),
    index('device_metrics_time_idx').on(t.time),
  ],
);
