import type { EventRuleSettings, TimeRuleSettings } from '@rmm/domain';
import type { Tx } from '../../db/database.ts';
import * as repo from './repository.ts';
import { callOptions, changeTicket, type RuleBatch, rulesetActor } from './rule-batch.ts';

/**
 * Rules on tickets themselves (docs/decisions.md "Ticket rules engine"):
 *
 * - EVENT_BASED reads the ticket log with a cursor of its own: a change (`CHANGE` entry) that moves a ticket into
 *   one of the rule's statuses or priorities gets the rule's fields set. Changes made by event rules set off
 *   no event rule (no chains, no loops).
 * - TIME_BASED runs on the clock: a ticket that has been in the rule's status for its minutes (since its last
 *   status change, or its creation) gets the fields set, once per stay in the status.
 */

type Change = { field: string; to: unknown };

const changesOf = (entry: repo.TicketLogFeedEvent): Change[] => {
  const changes = (entry.data as { changes?: unknown }).changes;
  return Array.isArray(changes) ? (changes as Change[]) : [];
};

const setsOff = (settings: EventRuleSettings, changes: readonly Change[]) =>
  changes.some(
    ({ field, to }) =>
      (field === 'statusId' && settings.statusIds.includes(to as number)) ||
      (field === 'priority' && settings.priorities.includes(to as never)),
  );

/** One batch of ticket log entries (those the cursor has passed), in the cursor's transaction. */
export const handleTicketLog = async (
  tx: Tx,
  batch: RuleBatch,
  entries: readonly repo.TicketLogFeedEvent[],
) => {
  const changes = entries.filter((entry) => entry.type === 'CHANGE');
  if (changes.length === 0) return;
  const { byId } = await repo.loadRulesets(tx);
  const rules = [...byId.values()].filter(
    (r) => r.enabled && r.type === 'EVENT_BASED' && r.ruleSettings !== null,
  );
  if (rules.length === 0) return;
  const ruleActors = new Set(rules.map(rulesetActor));
  for (const entry of changes) {
    if (entry.actorId === null && ruleActors.has(entry.actorName)) continue;
    for (const ruleset of rules) {
      const settings = ruleset.ruleSettings as EventRuleSettings;
      if (!setsOff(settings, changesOf(entry))) continue;
      await batch.attempt(tx, ruleset, `ticket ${entry.ticketId} changed`, async (sp, calls) => {
        await changeTicket(
          sp,
          calls,
          entry.ticketId,
          settings.set,
          callOptions(ruleset, 'SCHEDULED_AUTOMATION'),
        );
      });
    }
  }
};

const TIME_RULE_BATCH = 100;

/** The time rules' work at `now`; the tickets changed. */
export const applyTimeRules = async (tx: Tx, batch: RuleBatch, now: Date) => {
  const { byId } = await repo.loadRulesets(tx);
  let applied = 0;
  for (const ruleset of byId.values()) {
    if (!ruleset.enabled || ruleset.type !== 'TIME_BASED' || ruleset.ruleSettings === null) continue;
    const settings = ruleset.ruleSettings as TimeRuleSettings;
    const due = await repo.ticketsInStatusSince(tx, {
      rulesetId: ruleset.id,
      statusId: settings.statusId,
      cutoff: new Date(now.getTime() - settings.afterMinutes * 60_000),
      limit: TIME_RULE_BATCH,
    });
    for (const { ticketId, enteredAt } of due) {
      await batch.attempt(tx, ruleset, `ticket ${ticketId} in status ${settings.statusId}`, (sp, calls) =>
        changeTicket(sp, calls, ticketId, settings.set, callOptions(ruleset, 'SCHEDULED_AUTOMATION')).then(
          () => undefined,
        ),
      );
      // Once per stay, applied or refused (a refusal is recorded, not retried every tick).
      await repo.markTimeRule(tx, ruleset.id, ticketId, enteredAt);
      applied++;
    }
  }
  return applied;
};
