import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/schema.ts';
import { devices } from '../devices/schema.ts';
import { locations, organizations } from '../organizations/schema.ts';

/**
 * Ticketing (issue 20; docs/decisions.md "Ticketing"). Times are kept to the millisecond (`precision: 3`) so
 * a board's cursor, built from a JavaScript date, names a row exactly.
 */
const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** Data-driven statuses, each under a fixed category; ids 1–6 are the system ones (seeded by the migration). */
export const ticketStatuses = pgTable('ticket_statuses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  isSystem: boolean('is_system').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

/**
 * The other setup lists (teams, types, subtypes, items, priorities, sources, severities, impacts): one row per
 * item. The enumerations' items carry their enum value in `key` (seeded, never deleted).
 */
export const ticketSetupItems = pgTable(
  'ticket_setup_items',
  {
    id: serial('id').primaryKey(),
    list: text('list').notNull(),
    name: text('name').notNull(),
    key: text('key'),
    /** Items: their subtype. */
    parentId: integer('parent_id').references((): AnyPgColumn => ticketSetupItems.id, {
      onDelete: 'cascade',
    }),
    /** Subtypes: their ticket type. */
    parentKey: text('parent_key'),
    isSystem: boolean('is_system').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('ticket_setup_items_key_unique').on(t.list, t.key).where(sql`${t.key} is not null`),
    index('ticket_setup_items_list_idx').on(t.list, t.position),
  ],
);

/** Forms: the fields a ticket of the form carries (`fields`, ticketing.ts TicketFormField[]) and the timer. */
export const ticketForms = pgTable('ticket_forms', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  fields: jsonb('fields').notNull().default(sql`'[]'::jsonb`),
  timer: text('timer').notNull().default('MANUAL'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: time('created_at').notNull().defaultNow(),
  updatedAt: time('updated_at').notNull().defaultNow(),
});

/** Boards: saved views (conditions, columns, sort as ticketing.ts describes them); board 1 is seeded. */
export const ticketBoards = pgTable('ticket_boards', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  conditions: jsonb('conditions').notNull(),
  columns: jsonb('columns').notNull(),
  sort: jsonb('sort').notNull(),
  isSystem: boolean('is_system').notNull().default(false),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: time('created_at').notNull().defaultNow(),
  updatedAt: time('updated_at').notNull().defaultNow(),
});

const setupItem = (name: string) =>
  integer(name).references(() => ticketSetupItems.id, { onDelete: 'set null' });

/**
 * Tickets. Priority and severity are ranks (0 = NONE) so boards sort by them; `version` rises with every
 * change (optimistic locking); `time_tracked_seconds` is the sum of the time entries of the log.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    formId: integer('form_id').references(() => ticketForms.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    /** Markdown. */
    description: text('description').notNull().default(''),
    isDescriptionPublic: boolean('is_description_public').notNull().default(true),
    type: text('type').notNull(),
    source: text('source').notNull(),
    statusId: integer('status_id')
      .notNull()
      .references(() => ticketStatuses.id),
    priority: smallint('priority').notNull().default(0),
    severity: smallint('severity').notNull().default(0),
    teamId: setupItem('team_id'),
    subtypeId: setupItem('subtype_id'),
    itemId: setupItem('item_id'),
    impactId: setupItem('impact_id'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    requesterUserId: integer('requester_user_id').references(() => users.id, { onDelete: 'set null' }),
    requesterEmail: text('requester_email'),
    requesterName: text('requester_name'),
    ccEmails: text('cc_emails').array().notNull().default(sql`'{}'::text[]`),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    additionalAssigneeIds: integer('additional_assignee_ids').array().notNull().default(sql`'{}'::integer[]`),
    followUpTime: time('follow_up_time'),
    /** The ticket's own files (a comment's are in its log entry), attached as `ticket:<id>`. */
    attachmentIds: uuid('attachment_ids').array().notNull().default(sql`'{}'::uuid[]`),
    parentTicketId: integer('parent_ticket_id').references((): AnyPgColumn => tickets.id, {
      onDelete: 'set null',
    }),
    /**
     * The agreement that bills the ticket (billing's `agreements`; no foreign key, which would make the two
     * schemas import each other: agreements are never deleted but with their organization, and its tickets).
     */
    agreementId: integer('agreement_id'),
    fieldValues: jsonb('field_values').notNull().default(sql`'{}'::jsonb`),
    timeTrackedSeconds: integer('time_tracked_seconds').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The creator's email, or what created it for nobody (`Ruleset: CPU`, `email`). */
    createdBy: text('created_by'),
    createdAt: time('created_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Board sorts (keyset: the sort column, then id).
    index('tickets_created_idx').on(t.createdAt, t.id),
    index('tickets_updated_idx').on(t.updatedAt, t.id),
    index('tickets_priority_idx').on(t.priority, t.id),
    index('tickets_severity_idx').on(t.severity, t.id),
    index('tickets_subject_idx').on(t.subject, t.id),
    // Filters.
    index('tickets_organization_idx').on(t.organizationId, t.updatedAt),
    index('tickets_status_idx').on(t.statusId, t.updatedAt),
    index('tickets_assignee_idx').on(t.assigneeId),
    index('tickets_device_idx').on(t.deviceId),
    index('tickets_parent_idx').on(t.parentTicketId),
    index('tickets_agreement_idx').on(t.agreementId),
    index('tickets_tags_idx').using('gin', t.tags),
    index('tickets_subject_trgm_idx').using('gin', sql`${t.subject} gin_trgm_ops`),
  ],
);

/**
 * A ticket's log, newest last: CREATED, CHANGE (`data.changes`), COMMENT (`body`, `is_public`,
 * `data.attachmentIds`) and TIME_ENTRY (`data.timeEntry`, in seconds: what billing reads).
 */
export const ticketLog = pgTable(
  'ticket_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    source: text('source').notNull(),
    body: text('body'),
    isPublic: boolean('is_public'),
    data: jsonb('data').notNull().default(sql`'{}'::jsonb`),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_log_ticket_idx').on(t.ticketId, t.id)],
);

/** A technician's running timer on a ticket; stopping it writes a TIME_ENTRY. */
export const ticketTimers = pgTable(
  'ticket_timers',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startTime: time('start_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] })],
);
