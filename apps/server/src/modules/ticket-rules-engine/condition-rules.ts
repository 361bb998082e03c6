import {
  type ConditionReTriggerSettings,
  isClosedCategory,
  resetTimeUnitSeconds,
  type TicketStatusCategory,
} from '@rmm/domain';
import type { Tx } from '../../db/database.ts';
import type { TicketCalls } from '../tickets/plugin.ts';
import * as repo from './repository.ts';
import { callOptions, changeTicket, type RuleBatch } from './rule-batch.ts';
import { alertTicket, retriggerComment } from './ticket-content.ts';

/**
 * Condition rules (issue 20 item 6; docs/decisions.md "Ticket rules engine"): the alert_events feed, read with a
 * cursor of its own, turns alerts into tickets through the ruleset the condition named when it triggered (the
 * alert keeps it: `alerts.ticketing`).
 *
 * - RAISED: the key (device, condition, instance) has no open ticket of the ruleset (none yet, or its last one
 *   is resolved or closed): a new ticket. It has one: a re-trigger, which creates a new ticket when
 *   `createNewTicket`, else updates the open one (re-trigger status, tags added, priority, severity) with a log
 *   comment. Either way a reset still waiting for its time is called off.
 * - RESET: the ruleset's reset settings give the ticket their status once the reset time has passed since
 *   the alert reset (`reset_due_at`, applied by the clock: `applyDueResets`).
 *
 * A disabled ruleset (or NONE, or a ruleset that is not a condition rule) makes and changes nothing; a reset
 * already scheduled still happens.
 */

export type Rulesets = Awaited<ReturnType<typeof repo.loadRulesets>>;

const DEFAULT_RE_TRIGGER: ConditionReTriggerSettings = {
  createNewTicket: false,
  status: null,
  tags: [],
  priority: null,
  severity: null,
};

/** The enabled condition ruleset the alert names (DEFAULT: whichever is the default now), if any. */
export const rulesetOfAlert = (rulesets: Rulesets, ticketing: repo.AlertFeedEvent['ticketing']) => {
  const id =
    ticketing.mode === 'RULESET'
      ? ticketing.rulesetId
      : ticketing.mode === 'DEFAULT'
        ? rulesets.defaultId
        : null;
  const ruleset = id === null ? undefined : rulesets.byId.get(id);
  return ruleset?.enabled && ruleset.type === 'CONDITION_RULE' && ruleset.triggerSettings
    ? ruleset
    : undefined;
};

const isOpen = (state: { statusCategory: TicketStatusCategory } | undefined) =>
  state !== undefined && !isClosedCategory(state.statusCategory);

const createFor = async (
  sp: Tx,
  calls: TicketCalls,
  event: repo.AlertFeedEvent,
  ruleset: repo.RulesetRow,
  previous: repo.AlertTicketRow | undefined,
) => {
  const ticket = await calls.createTicket(
    alertTicket(event, ruleset.triggerSettings!),
    callOptions(ruleset, 'CONDITION'),
  );
  // The partial unique index: a second current ticket for the key fails here, and this savepoint with it.
  await repo.replaceLink(sp, previous?.id, {
    rulesetId: ruleset.id,
    deviceId: event.deviceId,
    conditionId: event.conditionId,
    instance: event.instance,
    organizationId: event.organizationId,
    ticketId: ticket.id,
    alertId: event.alertId,
  });
};

const raised = async (sp: Tx, calls: TicketCalls, event: repo.AlertFeedEvent, ruleset: repo.RulesetRow) => {
  const link = await repo.lockCurrentLink(sp, {
    rulesetId: ruleset.id,
    deviceId: event.deviceId,
    conditionId: event.conditionId,
    instance: event.instance,
  });
  const state = link && (await repo.findTicketState(sp, link.ticketId));
  if (!link || !isOpen(state)) return createFor(sp, calls, event, ruleset, link);
  const retrigger = ruleset.reTriggerSettings ?? DEFAULT_RE_TRIGGER;
  if (retrigger.createNewTicket) return createFor(sp, calls, event, ruleset, link);
  const options = callOptions(ruleset, 'CONDITION');
  await changeTicket(sp, calls, link.ticketId, retrigger, options);
  await calls.addComment(link.ticketId, { body: retriggerComment(event), isPublic: false }, options);
  await repo.updateLink(sp, link.id, { alertId: event.alertId, resetDueAt: null, resetStatusId: null });
};

const reset = async (sp: Tx, event: repo.AlertFeedEvent, rulesets: Rulesets) => {
  for (const link of await repo.lockLinksOfAlert(sp, event.alertId)) {
    const ruleset = rulesets.byId.get(link.rulesetId);
    const settings = ruleset?.enabled ? ruleset.resetSettings : null;
    if (!settings) continue;
    const from = event.resetTime ?? new Date();
    const dueAt = new Date(
      from.getTime() + settings.time.value * resetTimeUnitSeconds[settings.time.unit] * 1000,
    );
    await repo.updateLink(sp, link.id, { resetDueAt: dueAt, resetStatusId: settings.status });
  }
};

/** One batch of alert events (those the cursor has passed), in the cursor's transaction. */
export const handleAlertEvents = async (tx: Tx, batch: RuleBatch, events: readonly repo.AlertFeedEvent[]) => {
  if (!events.some((e) => e.ticketing.mode !== 'NONE')) return;
  const rulesets = await repo.loadRulesets(tx);
  for (const event of events) {
    if (event.change === 'RAISED') {
      const ruleset = rulesetOfAlert(rulesets, event.ticketing);
      if (ruleset)
        await batch.attempt(tx, ruleset, `alert ${event.alertId} raised`, (sp, calls) =>
          raised(sp, calls, event, ruleset),
        );
    } else if (event.change === 'RESET') {
      await reset(tx, event, rulesets);
    }
  }
};

const DUE_RESETS_BATCH = 100;

/** The resets whose time has come: the ticket takes the reset status (a ticket already done is left alone). */
export const applyDueResets = async (tx: Tx, batch: RuleBatch, now: Date) => {
  const due = await repo.claimDueResets(tx, now, DUE_RESETS_BATCH);
  if (due.length === 0) return 0;
  const rulesets = await repo.loadRulesets(tx);
  for (const link of due) {
    const ruleset = rulesets.byId.get(link.rulesetId)!;
    await batch.attempt(tx, ruleset, `reset of ticket ${link.ticketId}`, async (sp, calls) => {
      const state = await repo.findTicketState(sp, link.ticketId);
      if (isOpen(state) && link.resetStatusId !== null)
        await changeTicket(
          sp,
          calls,
          link.ticketId,
          { status: link.resetStatusId, priority: null, severity: null, tags: [] },
          callOptions(ruleset, 'CONDITION'),
        );
    });
    // Applied or refused, it is done: a refused one is recorded and not tried every tick.
    await repo.updateLink(tx, link.id, { resetDueAt: null, resetStatusId: null });
  }
  return due.length;
};
