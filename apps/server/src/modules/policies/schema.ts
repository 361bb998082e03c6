import type {
  BackupPlanOverride,
  Condition,
  ConditionOverride,
  PolicyBackupPlan,
  PolicyScheduledScript,
  ScheduledScriptOverride,
  SearchCriteria,
} from '@rmm/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { devices } from '../devices/schema.ts';
import { locations, organizations } from '../organizations/schema.ts';

/**
 * Agent policies (packages/domain/src/policies.ts): a name unique whatever its case, the device class it is for,
 * its parent, its own conditions, backup plans and scheduled scripts and its overrides of inherited ones (as
 * validated by the domain's schemas), and a version for optimistic locking. The plans and scripts it supplies
 * a version of are also rows of `backup_plans` and `scheduled_tasks` (policy_id), for their schedulers.
 */
export const policies = pgTable(
  'policies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    nodeClass: text('node_class').notNull(),
    parentPolicyId: integer('parent_policy_id').references((): AnyPgColumn => policies.id, {
      onDelete: 'restrict',
    }),
    conditions: jsonb('conditions').$type<Condition[]>().notNull().default([]),
    overrides: jsonb('overrides').$type<ConditionOverride[]>().notNull().default([]),
    backupPlans: jsonb('backup_plans').$type<PolicyBackupPlan[]>().notNull().default([]),
    backupPlanOverrides: jsonb('backup_plan_overrides').$type<BackupPlanOverride[]>().notNull().default([]),
    scheduledScripts: jsonb('scheduled_scripts').$type<PolicyScheduledScript[]>().notNull().default([]),
    scheduledScriptOverrides: jsonb('scheduled_script_overrides')
      .$type<ScheduledScriptOverride[]>()
      .notNull()
      .default([]),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('policies_name_unique').on(sql`lower(${t.name})`),
    index('policies_parent_idx').on(t.parentPolicyId),
  ],
);

/**
 * Which policy the devices of one role get in an organization (`locationId` null: the organization's default)
 * or in one of its locations (an override of the default). One row per organization, location and role.
 */
export const policyAssignments = pgTable(
  'policy_assignments',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    nodeRoleId: integer('node_role_id').notNull(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('policy_assignments_unique').on(
      t.organizationId,
      sql`coalesce(${t.locationId}, 0)`,
      t.nodeRoleId,
    ),
    index('policy_assignments_policy_idx').on(t.policyId),
  ],
);

/** A device's own policy, over its location's and organization's. */
export const devicePolicies = pgTable(
  'device_policies',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [index('device_policies_policy_idx').on(t.policyId)],
);

/** Dynamic policies: a policy's conditions layered on the devices saved-search criteria match. */
export const dynamicPolicies = pgTable(
  'dynamic_policies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    criteria: jsonb('criteria').$type<SearchCriteria>().notNull(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'restrict' }),
    order: integer('order').notNull().default(100),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('dynamic_policies_name_unique').on(sql`lower(${t.name})`)],
);
