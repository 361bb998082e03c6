import type { TicketRuleset } from '@rmm/domain';

let nextId = 100;

/** A condition ruleset as GraphQL answers it (the list: no useOwnerAsRequester). */
export const createRuleset = (overrides: Partial<TicketRuleset> = {}): TicketRuleset => {
  const id = nextId++;
  return {
    id,
    name: `Ruleset ${id}`,
    type: 'CONDITION_RULE',
    enabled: true,
    isDefault: false,
    createTime: '2026-11-01T10:00:00.000Z',
    updateTime: '2026-11-02T10:00:00.000Z',
    conditionTriggerSettings: {
      ticketFormId: null,
      status: null,
      tags: [],
      priority: null,
      severity: null,
    },
    conditionResetSettings: null,
    conditionReTriggerSettings: {
      createNewTicket: false,
      status: null,
      tags: [],
      priority: null,
      severity: null,
    },
    ...overrides,
  };
};

type GraphqlBody = { query: string; operationName?: string; variables?: Record<string, unknown> };

/** The root field each of the domain's documents selects, by operation name. */
const fieldOfOperation: Record<string, string> = {
  GetTicketRuleset: 'ticketRuleset',
  TicketRuleById: 'ticketRuleById',
  CreateTicketRuleset: 'createTicketRuleset',
  UpdateTicketRuleset: 'updateTicketRuleset',
};

/**
 * A `POST /graphql` route of `mockFetch`: answers each operation by the root field it selects (`ticketRuleset`,
 * `createTicketRuleset`...) as the server would, `{data: {field: value}}`, or the Response an answer returns.
 */
export const graphqlRoute =
  (fields: Record<string, (variables: Record<string, unknown>) => unknown>) =>
  ({ body }: { body: unknown }) => {
    const { operationName, variables } = body as GraphqlBody;
    const field = fieldOfOperation[operationName ?? ''] ?? '';
    const answer = fields[field];
    if (!answer) throw new Error(`no answer for the GraphQL operation ${operationName}`);
    const value = answer(variables ?? {});
    return value instanceof Response ? value : { data: { [field]: value } };
  };

/** A GraphQL request refused as a whole, as the server answers it. */
export const graphqlRefusal = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ errors: [{ message, extensions: { code } }], error: { code, message } }), {
    status,
    headers: { 'content-type': 'application/graphql-response+json' },
  });
