import type { Bus } from '../../bus/index.ts';
import type { Tx } from '../../db/database.ts';
import { insertActivity } from '../activities/repository.ts';
import type { TicketCallOptions } from '../tickets/context.ts';
import { TicketConflictError } from '../tickets/errors.ts';
import type { TicketCalls, Ticketing } from '../tickets/plugin.ts';
import type { RulesetRow } from './repository.ts';
import * as repo from './repository.ts';
import { ticketChanges } from './ticket-content.ts';

type Logger = { warn: (obj: object, msg: string) => void };

export type RuleDeps = { ticketing: Ticketing; bus: Bus; log: Logger };

/** Who the rules act as: the ruleset, named in the ticket's log (`Ruleset: Disk alerts`). */
export const rulesetActor = (ruleset: Pick<RulesetRow, 'name'>) => `Ruleset: ${ruleset.name}`;

export const callOptions = (
  ruleset: Pick<RulesetRow, 'name'>,
  source: NonNullable<TicketCallOptions['source']>,
): TicketCallOptions => ({ actor: { system: rulesetActor(ruleset) }, source });

/**
 * The rules' work of one transaction (a feed batch, a clock tick). Each piece runs in a savepoint with the
 * ticketing calls bound to it: a piece the tickets module refuses (a status or form that no longer exists,
 * a rule of spec §8) undoes only itself and is recorded as a FAILURE activity of its ruleset, so one bad
 * ruleset never holds a feed back. Consoles hear of the tickets changed once the transaction has committed
 * (`publish`).
 */
export const createRuleBatch = (deps: RuleDeps) => {
  const published: [string, unknown][] = [];
  return {
    async attempt(
      tx: Tx,
      ruleset: Pick<RulesetRow, 'id' | 'name'>,
      what: string,
      work: (sp: Tx, calls: TicketCalls) => Promise<void>,
    ) {
      const held: [string, unknown][] = [];
      const bus: Bus = { ...deps.bus, publish: (subject, message) => void held.push([subject, message]) };
      try {
        await tx.transaction((sp) => work(sp, deps.ticketing.within(sp, bus)));
        published.push(...held);
        return true;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.log.warn({ rulesetId: ruleset.id, what, err: error }, 'ticket rules: a rule was not applied');
        await insertActivity(tx, {
          actorId: null,
          actorName: rulesetActor(ruleset),
          action: 'ticketRuleset.apply',
          targetType: 'ticketRuleset',
          targetId: ruleset.id,
          targetName: ruleset.name,
          outcome: 'FAILURE',
          detail: `${what}: ${message}`.slice(0, 1000),
        });
        return false;
      }
    },
    /** After the commit. */
    publish() {
      for (const [subject, message] of published.splice(0)) deps.bus.publish(subject, message);
    },
  };
};

export type RuleBatch = ReturnType<typeof createRuleBatch>;

/**
 * Sets fields on a ticket with the version it has now (read in this transaction); a change committed by
 * someone else meanwhile is met once more with the version the conflict answered.
 */
export const changeTicket = async (
  sp: Tx,
  calls: TicketCalls,
  ticketId: number,
  set: Parameters<typeof ticketChanges>[1],
  options: TicketCallOptions,
) => {
  const state = await repo.findTicketState(sp, ticketId);
  if (!state) return undefined;
  try {
    return await calls.updateTicket(ticketId, ticketChanges(state, set), options);
  } catch (error) {
    if (!(error instanceof TicketConflictError)) throw error;
    return calls.updateTicket(ticketId, ticketChanges(error.ticket, set), options);
  }
};
