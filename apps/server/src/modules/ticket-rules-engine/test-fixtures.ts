import type {
  ConditionTicketing,
  ListTicketLogResponse,
  ListTicketsResponse,
  NewTicketRulesetInput,
  Ticket,
  TicketSummary,
} from '@rmm/domain';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/helpers.ts';
import { assignPolicy, conditionOf, monitoredAgent, observation } from '../monitoring/test-fixtures.ts';
import { createRuleset, rulesetInput } from '../ticket-rulesets/test-fixtures.ts';

/**
 * Test data of the ticket rules engine: rulesets made over GraphQL, a device whose hand-driven agent reports a CPU
 * condition (so alerts come from the monitoring engine itself), and the tickets read back through the API.
 */

/** A condition ruleset: the given settings, none of the fixture's other ids (statuses 1–6 exist). */
export const conditionRuleset = (ctx: TestContext, overrides: Partial<NewTicketRulesetInput> = {}) =>
  createRuleset(
    ctx,
    rulesetInput({
      conditionTriggerSettings: {
        ticketFormId: null,
        status: 2,
        tags: ['cpu'],
        priority: 'HIGH',
        severity: null,
        useOwnerAsRequester: true,
      },
      conditionResetSettings: { status: 3, time: { value: 15, unit: 'MINUTES' } },
      conditionReTriggerSettings: {
        createNewTicket: false,
        status: 2,
        tags: ['again'],
        priority: null,
        severity: 'CRITICAL',
      },
      ...overrides,
    }),
  );

/** A device with a CPU condition whose ticketing is `ticketing`; `trigger(on)` reports it crossed or not. */
export const cpuDevice = async (ctx: TestContext, serverUrl: string, ticketing: ConditionTicketing) => {
  const agent = await monitoredAgent(ctx, serverUrl);
  const cpu = conditionOf('CPU', { name: 'CPU high', severity: 'MAJOR', priority: 'MEDIUM', ticketing });
  await assignPolicy(ctx, [agent.deviceId], [cpu]);
  await agent.nextSet(1);
  const trigger = async (triggered: boolean, observedAt?: string) => {
    await agent.report([
      observation(cpu.id, triggered, {
        value: triggered ? 97 : 20,
        text: triggered ? 'CPU at 97% for 5 minutes' : '',
        ...(observedAt ? { observedAt } : {}),
      }),
    ]);
  };
  return { ...agent, condition: cpu, trigger };
};

export const ticketsOf = async (ctx: TestContext, query: string): Promise<TicketSummary[]> => {
  const response = await ctx.request('GET', `/tickets?${query}&direction=ASC`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ListTicketsResponse).data;
};

export const ticketOf = async (ctx: TestContext, id: number): Promise<Ticket> => {
  const response = await ctx.request('GET', `/tickets/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { ticket: Ticket }).ticket;
};

/** The ticket's log, oldest first. */
export const logOf = async (ctx: TestContext, id: number) => {
  const response = await ctx.request('GET', `/tickets/${id}/log?pageSize=200`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ListTicketLogResponse).data.reverse();
};
