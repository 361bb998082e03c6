import { asc, eq, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { DbOrTx } from '../../db/database.ts';
import { ticketRulesetDefault, ticketRulesets } from './schema.ts';

/** SQL of the ticket rulesets and the one default. */

const columns = {
  id: ticketRulesets.id,
  name: ticketRulesets.name,
  type: ticketRulesets.type,
  enabled: ticketRulesets.enabled,
  isDefault: sql<boolean>`${ticketRulesetDefault.rulesetId} is not null`.as('is_default'),
  triggerSettings: ticketRulesets.triggerSettings,
  resetSettings: ticketRulesets.resetSettings,
  reTriggerSettings: ticketRulesets.reTriggerSettings,
  ruleSettings: ticketRulesets.ruleSettings,
  createdAt: ticketRulesets.createdAt,
  updatedAt: ticketRulesets.updatedAt,
};

export type RulesetRow = Awaited<ReturnType<typeof listRulesets>>[number];
export type RulesetValues = Pick<
  typeof ticketRulesets.$inferInsert,
  'name' | 'type' | 'enabled' | 'triggerSettings' | 'resetSettings' | 'reTriggerSettings' | 'ruleSettings'
>;

const withDefault = (db: DbOrTx) =>
  db
    .select(columns)
    .from(ticketRulesets)
    .leftJoin(ticketRulesetDefault, eq(ticketRulesetDefault.rulesetId, ticketRulesets.id));

/** Every ruleset, the default first, then by name. */
export const listRulesets = async (db: DbOrTx) =>
  withDefault(db).orderBy(
    sql`${ticketRulesetDefault.rulesetId} is null`,
    asc(sql`lower(${ticketRulesets.name})`),
    asc(ticketRulesets.id),
  );

export const findRuleset = async (db: DbOrTx, id: number): Promise<RulesetRow | undefined> =>
  (await withDefault(db).where(eq(ticketRulesets.id, id)))[0];

/**
 * The default's row, locked: every change of a ruleset takes it first, so that two changes never leave the
 * default disabled or of another type between them.
 */
export const lockDefault = async (db: DbOrTx): Promise<number> => {
  const [row] = await db.select().from(ticketRulesetDefault).for('update');
  if (!row) throw new Error('ticket_ruleset_default has no row: the migration seeds it');
  return row.rulesetId;
};

export const setDefault = async (db: DbOrTx, rulesetId: number) => {
  await db.update(ticketRulesetDefault).set({ rulesetId });
};

export const insertRuleset = async (db: DbOrTx, values: RulesetValues) => {
  const [row] = await db.insert(ticketRulesets).values(values).returning({ id: ticketRulesets.id });
  return row!.id;
};

export const updateRuleset = async (db: DbOrTx, id: number, values: RulesetValues) => {
  await db
    .update(ticketRulesets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(ticketRulesets.id, id));
};

/** The rulesets of these ids that exist, with their type. */
export const rulesetTypes = async (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? new Map<number, string>()
    : new Map(
        (
          await db
            .select({ id: ticketRulesets.id, type: ticketRulesets.type })
            .from(ticketRulesets)
            .where(anyOf(ticketRulesets.id, ids, 'integer'))
        ).map((row) => [row.id, row.type]),
      );
