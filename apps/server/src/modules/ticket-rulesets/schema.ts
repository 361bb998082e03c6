import type {
  ConditionResetSettings,
  ConditionReTriggerSettings,
  ConditionTriggerSettings,
  RuleSettings,
} from '@rmm/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** A condition ruleset's trigger settings as stored: the domain's, useOwnerAsRequester always set. */
export type StoredTriggerSettings = ConditionTriggerSettings & { useOwnerAsRequester: boolean };

/**
 * Ticket rulesets (packages/domain/src/rulesets.ts, spec §3): a name unique whatever its case, the trigger
 * type, the three settings of a condition ruleset as the domain's schemas validated them (null where the
 * ruleset has none), and the other types' settings. Which one is the default is `ticket_ruleset_default`'s single row.
 */
export const ticketRulesets = pgTable(
  'ticket_rulesets',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    triggerSettings: jsonb('trigger_settings').$type<StoredTriggerSettings>(),
    resetSettings: jsonb('reset_settings').$type<ConditionResetSettings>(),
    reTriggerSettings: jsonb('re_trigger_settings').$type<ConditionReTriggerSettings>(),
    /** A script, activity, event or time rule's own settings (ticket-rules.ts), by its type; null for the others. */
    ruleSettings: jsonb('rule_settings').$type<RuleSettings>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ticket_rulesets_name_unique').on(sql`lower(${t.name})`)],
);

/**
 * Exactly one ruleset is the default, held by the database: this table has one row at most (its key can
 * only be `true`), the migration seeds it with the default ruleset, nothing deletes it, and its ruleset can
 * be neither removed (restrict) nor left empty (not null). Making another ruleset the default updates it.
 */
export const ticketRulesetDefault = pgTable(
  'ticket_ruleset_default',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    rulesetId: integer('ruleset_id')
      .notNull()
      .references(() => ticketRulesets.id, { onDelete: 'restrict' }),
  },
  (t) => [check('ticket_ruleset_default_singleton', sql`${t.singleton}`)],
);
