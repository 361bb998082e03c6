import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { alerts } from '../alerts/schema.ts';
import { devices } from '../devices/schema.ts';
import { ticketRulesets } from '../ticket-rulesets/schema.ts';
import { tickets } from '../tickets/schema.ts';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The ticket a condition ruleset made for an alert key (device, condition id, instance): one current row per
 * ruleset and key (the partial unique index), so no two transactions, on one process or two, make two tickets
 * for one trigger. A new ticket for the key (the last one was resolved or closed, or the ruleset creates a new
 * ticket on every re-trigger) takes over as current in the same transaction. After the condition resets, the
 * ticket's status changes to `reset_status_id` at `reset_due_at` (the rules' sweeper, durable across restarts).
 */
export const ticketRuleAlertTickets = pgTable(
  'ticket_rule_alert_tickets',
  {
    id: serial('id').primaryKey(),
    rulesetId: integer('ruleset_id')
      .notNull()
      .references(() => ticketRulesets.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    conditionId: text('condition_id').notNull(),
    instance: text('instance').notNull().default(''),
    organizationId: integer('organization_id').notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The alert the ticket is for now (the latest trigger of the key it took). */
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    isCurrent: boolean('is_current').notNull().default(true),
    resetDueAt: time('reset_due_at'),
    resetStatusId: integer('reset_status_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ticket_rule_alert_tickets_current_unique')
      .on(t.rulesetId, t.deviceId, t.conditionId, t.instance)
      .where(sql`${t.isCurrent}`),
    index('ticket_rule_alert_tickets_alert_idx').on(t.alertId),
    index('ticket_rule_alert_tickets_ticket_idx').on(t.ticketId),
    index('ticket_rule_alert_tickets_reset_due_idx').on(t.resetDueAt).where(sql`${t.resetDueAt} is not null`),
  ],
);

/**
 * A time rule applied to a ticket for its stay in the rule's status that began at `entered_at`: applied once,
 * whatever the rule sets (a priority set leaves the ticket in the status).
 */
export const ticketRuleTimeMarks = pgTable(
  'ticket_rule_time_marks',
  {
    rulesetId: integer('ruleset_id')
      .notNull()
      .references(() => ticketRulesets.id),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    enteredAt: time('entered_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.rulesetId, t.ticketId] })],
);
