import {
  InvalidTriggerTypeError,
  NewTicketRulesetInput,
  parseTriggerType,
  type RuleSettings,
  type RulesetMessageCode,
  ruleSettingsFieldOfType,
  rulesetMessages,
  TicketRuleset,
  TicketRulesetInput,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { DomainError } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { isUniqueViolation } from '../scripts/errors.ts';
import * as repo from './repository.ts';

/**
 * Ticket rulesets (spec §3, §7; docs/decisions.md "Ticket rulesets"): the installation's, read with
 * ticketing.view and changed with settings.manage (the GraphQL schema declares which field needs which). Each
 * input is judged by the domain's schema; exactly one ruleset is the default (the database holds it), and the
 * default is an enabled condition ruleset. Every change is an activity in its transaction.
 */

type NewInput = z.output<typeof NewTicketRulesetInput>;
type Context = { db: Db; actor: Actor };

const rulesetErrorStatus: Record<RulesetMessageCode, number> = {
  RULESET_NOT_FOUND: 404,
  RULESET_NAME_TAKEN: 409,
  RESET_TIME_ZERO: 400,
  RESET_TIME_TOO_LONG: 400,
  TRIGGER_SETTINGS_REQUIRED: 400,
  DEFAULT_REQUIRED: 409,
  DEFAULT_CONDITION_RULE: 400,
  DEFAULT_ENABLED: 400,
};

export const rulesetError = (code: RulesetMessageCode) =>
  new DomainError(code, rulesetMessages[code], { statusCode: rulesetErrorStatus[code] });

/** The domain's schema, or VALIDATION_FAILED naming each field ("conditionResetSettings.time.value: …"). */
const parseInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const type = (input as { type?: unknown } | null)?.type;
  try {
    parseTriggerType(type);
  } catch (error) {
    if (error instanceof InvalidTriggerTypeError) throw new DomainError(error.code, error.message);
    throw error;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const message = result.error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  throw new DomainError('VALIDATION_FAILED', message);
};

/** A stored ruleset as the spec's entity; useOwnerAsRequester only when read by id (spec §3). */
export const toRuleset = (row: repo.RulesetRow, { byId }: { byId: boolean }): TicketRuleset => {
  const trigger = row.triggerSettings;
  return TicketRuleset.parse({
    id: row.id,
    name: row.name,
    type: row.type,
    enabled: row.enabled,
    isDefault: row.isDefault,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
    conditionTriggerSettings:
      trigger === null
        ? null
        : {
            ticketFormId: trigger.ticketFormId,
            status: trigger.status,
            tags: trigger.tags,
            priority: trigger.priority,
            severity: trigger.severity,
            ...(byId ? { useOwnerAsRequester: trigger.useOwnerAsRequester } : {}),
          },
    conditionResetSettings: row.resetSettings,
    conditionReTriggerSettings: row.reTriggerSettings,
    ...Object.fromEntries(
      Object.entries(ruleSettingsFieldOfType).map(([type, field]) => [
        field,
        row.type === type ? row.ruleSettings : null,
      ]),
    ),
  });
};

const settingsFieldOf = (type: string) =>
  ruleSettingsFieldOfType[type as keyof typeof ruleSettingsFieldOfType] as
    | (typeof ruleSettingsFieldOfType)[keyof typeof ruleSettingsFieldOfType]
    | undefined;

/**
 * The stored values. The settings of the ruleset's own type (script, activity, event, time) as given; left
 * out (undefined), those stored for the same type stay.
 */
const valuesOf = (input: NewInput, before?: repo.RulesetRow): repo.RulesetValues => {
  const field = settingsFieldOf(input.type);
  const given = field ? (input[field] as RuleSettings | null | undefined) : null;
  const kept = before?.type === input.type ? before.ruleSettings : null;
  return {
    name: input.name,
    type: input.type,
    enabled: input.enabled,
    triggerSettings: input.conditionTriggerSettings,
    resetSettings: input.conditionResetSettings,
    reTriggerSettings: input.conditionReTriggerSettings,
    ruleSettings: given === undefined ? kept : given,
  };
};

const activity = (actor: Actor, action: string, ruleset: { id: number; name: string }, detail: string) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'ticketRuleset',
  targetId: ruleset.id,
  targetName: ruleset.name,
  outcome: 'SUCCESS' as const,
  detail,
});

const nameTaken = (error: unknown) => (isUniqueViolation(error) ? rulesetError('RULESET_NAME_TAKEN') : error);

/** A refused change is an activity too (as a refused REST call's), written on its own; then it is thrown. */
const recordRefusal = async (db: Db, actor: Actor, action: string, input: unknown, error: unknown) => {
  if (!(error instanceof DomainError)) return error;
  const ruleset = (input ?? {}) as { id?: unknown; name?: unknown };
  await insertActivity(db, {
    actorId: actor.id,
    actorName: actor.email,
    action,
    targetType: 'ticketRuleset',
    targetId: typeof ruleset.id === 'number' ? ruleset.id : null,
    targetName: typeof ruleset.name === 'string' ? ruleset.name.slice(0, 200) : null,
    outcome: 'FAILURE',
    detail: `${error.code}: ${error.message}`.slice(0, 1000),
  });
  return error;
};

export const listRulesets = async (db: Db) =>
  (await repo.listRulesets(db)).map((row) => toRuleset(row, { byId: false }));

/** Null when there is none of this id (GraphQL answers `null`, not an error). */
export const getRuleset = async (db: Db, id: number) => {
  const row = await repo.findRuleset(db, id);
  return row ? toRuleset(row, { byId: true }) : null;
};

export const createRuleset = async ({ db, actor, input }: Context & { input: unknown }) => {
  try {
    const ruleset = parseInput(NewTicketRulesetInput, input);
    return await db.transaction(async (tx) => {
      await repo.lockDefault(tx);
      const id = await repo.insertRuleset(tx, valuesOf(ruleset));
      if (ruleset.isDefault) await repo.setDefault(tx, id);
      const detail = [ruleset.type, ruleset.enabled ? 'enabled' : 'disabled']
        .concat(ruleset.isDefault ? ['the default'] : [])
        .join('; ');
      await insertActivity(tx, activity(actor, 'ticketRuleset.create', { id, name: ruleset.name }, detail));
      return id;
    });
  } catch (error) {
    throw await recordRefusal(db, actor, 'ticketRuleset.create', input, nameTaken(error));
  }
};

export const updateRuleset = async ({ db, actor, input }: Context & { input: unknown }) => {
  try {
    const { id, ...ruleset } = parseInput(TicketRulesetInput, input);
    return await db.transaction(async (tx) => {
      const defaultId = await repo.lockDefault(tx);
      const before = await repo.findRuleset(tx, id);
      if (!before) throw rulesetError('RULESET_NOT_FOUND');
      if (defaultId === id && !ruleset.isDefault) throw rulesetError('DEFAULT_REQUIRED');
      await repo.updateRuleset(tx, id, valuesOf(ruleset, before));
      if (ruleset.isDefault && defaultId !== id) await repo.setDefault(tx, id);
      const changes = [
        ruleset.type,
        ...(before.name !== ruleset.name ? [`renamed from ${before.name}`] : []),
        ...(before.enabled !== ruleset.enabled ? [ruleset.enabled ? 'enabled' : 'disabled'] : []),
        ...(ruleset.isDefault && defaultId !== id ? ['made the default'] : []),
      ];
      await insertActivity(
        tx,
        activity(actor, 'ticketRuleset.update', { id, name: ruleset.name }, changes.join('; ')),
      );
      return id;
    });
  } catch (error) {
    throw await recordRefusal(db, actor, 'ticketRuleset.update', input, nameTaken(error));
  }
};

/** For policies: the rulesets of these ids that exist, with their type. */
export const rulesetTypes = repo.rulesetTypes;
