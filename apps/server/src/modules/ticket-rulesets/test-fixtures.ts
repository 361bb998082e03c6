import { randomUUID } from 'node:crypto';
import { CREATE_TICKET_RULESET, type NewTicketRulesetInput } from '@rmm/domain';
import { expect } from 'vitest';
import { ORIGIN, type TestContext } from '../../../test/helpers.ts';

/** Test data of the ticket rulesets: a condition ruleset with every setting, unique by name. */
export const rulesetInput = (overrides: Partial<NewTicketRulesetInput> = {}): NewTicketRulesetInput => ({
  name: `Ruleset ${randomUUID().slice(0, 8)}`,
  type: 'CONDITION_RULE',
  enabled: true,
  isDefault: false,
  conditionTriggerSettings: {
    ticketFormId: 3,
    status: 1000,
    tags: ['disk', 'server'],
    priority: 'HIGH',
    severity: 'MAJOR',
    useOwnerAsRequester: true,
  },
  conditionResetSettings: { status: 5000, time: { value: 30, unit: 'MINUTES' } },
  conditionReTriggerSettings: {
    createNewTicket: false,
    status: 2000,
    tags: ['again'],
    priority: null,
    severity: 'CRITICAL',
  },
  ...overrides,
});

/** The GraphQL request body of CreateTicketRuleset. */
export const createRulesetRequest = (overrides: Partial<NewTicketRulesetInput> = {}) => ({
  query: CREATE_TICKET_RULESET,
  operationName: 'CreateTicketRuleset',
  variables: { ruleset: rulesetInput(overrides) },
});

/** Creates a ruleset through POST /graphql as the administrator; answers its id. */
export const createRuleset = async (ctx: TestContext, overrides: Partial<NewTicketRulesetInput> = {}) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { cookie: ctx.adminCookie, origin: ORIGIN },
    payload: createRulesetRequest(overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: { createTicketRuleset: number } | null; errors?: unknown };
  expect(body.errors, response.body).toBeUndefined();
  return body.data!.createTicketRuleset;
};
