import {
  CREATE_TICKET_RULESET,
  type CreateTicketRulesetResult,
  GET_TICKET_RULESET,
  type GetTicketRulesetResult,
  messages,
  type NewTicketRulesetInput,
  rulesetMessages,
  TICKET_RULE_BY_ID,
  type TicketRuleByIdResult,
  type TicketRuleset,
  type TicketRulesetInput,
  UPDATE_TICKET_RULESET,
  type UpdateTicketRulesetResult,
} from '@rmm/domain';
import { and, eq } from 'drizzle-orm';
import { getIntrospectionQuery } from 'graphql';
import { ClientError, GraphQLClient } from 'graphql-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../../test/agents.ts';
import { createTestApp, createUser, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { activities, ticketRulesetDefault, ticketRulesets } from '../../db/schema.ts';
import { cpuCondition, policyBody } from '../policies/test-fixtures.ts';
import { rulesetInput } from './test-fixtures.ts';

/**
 * Ticket rulesets over GraphQL (issue 20 items 5 and 7), through graphql-request against the server listening on
 * a port: what a client is answered and what is stored.
 */

type Failure = {
  status: number;
  errors: { message: string; extensions?: { code?: string } }[];
  body: string;
};

/** The answer of a request that must fail (graphql-request throws a ClientError on any `errors`). */
const failure = async (request: Promise<unknown>): Promise<Failure> => {
  try {
    await request;
  } catch (error) {
    if (!(error instanceof ClientError)) throw error;
    const { status, errors, body } = error.response;
    return { status, errors: (errors ?? []) as unknown as Failure['errors'], body };
  }
  throw new Error('the request succeeded');
};
const codesOf = (answer: Failure) => answer.errors.map((e) => e.extensions?.code);

const withoutTimes = ({ createTime: _c, updateTime: _u, ...ruleset }: TicketRuleset) => ruleset;
/** What TicketRuleById answers for the other trigger types' settings of a condition ruleset. */
const noRuleSettings = {
  scriptRuleSettings: null,
  activityRuleSettings: null,
  eventRuleSettings: null,
  timeRuleSettings: null,
};

describe('ticket rulesets over GraphQL', () => {
  let ctx: TestContext;
  let url: string;

  const clientAs = (cookie: string | null, origin: string | null = ORIGIN) =>
    new GraphQLClient(url, {
      headers: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
    });
  const admin = () => clientAs(ctx.adminCookie);
  const list = async () => (await admin().request<GetTicketRulesetResult>(GET_TICKET_RULESET)).ticketRuleset;
  const byId = async (id: number) =>
    (await admin().request<TicketRuleByIdResult>(TICKET_RULE_BY_ID, { id })).ticketRuleById;
  const create = async (ruleset: NewTicketRulesetInput, client = admin()) =>
    (await client.request<CreateTicketRulesetResult>(CREATE_TICKET_RULESET, { ruleset })).createTicketRuleset;
  const update = async (ruleset: TicketRulesetInput, client = admin()) =>
    (await client.request<UpdateTicketRulesetResult>(UPDATE_TICKET_RULESET, { ruleset })).updateTicketRuleset;
  /** A ruleset as read by id, as the input that replaces it (what the console's dialog sends). */
  const inputOf = (ruleset: TicketRuleset): TicketRulesetInput => ({
    id: ruleset.id,
    name: ruleset.name,
    type: ruleset.type,
    enabled: ruleset.enabled,
    isDefault: ruleset.isDefault,
    conditionTriggerSettings: ruleset.conditionTriggerSettings
      ? {
          ...ruleset.conditionTriggerSettings,
          useOwnerAsRequester: ruleset.conditionTriggerSettings.useOwnerAsRequester ?? false,
        }
      : null,
    conditionResetSettings: ruleset.conditionResetSettings ?? null,
    conditionReTriggerSettings: ruleset.conditionReTriggerSettings ?? null,
  });
  const storedCount = async () => (await ctx.db.select().from(ticketRulesets)).length;
  const defaultOf = async () => list().then((rulesets) => rulesets.filter((r) => r.isDefault));

  beforeAll(async () => {
    ctx = await createTestApp();
    url = `${await listen(ctx)}/graphql`;
  });
  afterAll(() => ctx?.close());

  it('starts with one default ruleset: "Default", an enabled condition ruleset', async () => {
    const rulesets = await list();
    expect(rulesets).toHaveLength(1);
    expect(rulesets[0]).toMatchObject({
      name: 'Default',
      type: 'CONDITION_RULE',
      enabled: true,
      isDefault: true,
      conditionTriggerSettings: {
        ticketFormId: null,
        status: null,
        tags: [],
        priority: null,
        severity: null,
      },
      conditionResetSettings: null,
      conditionReTriggerSettings: { createNewTicket: false, status: null, tags: [] },
    });
    expect(await ctx.db.select().from(ticketRulesetDefault)).toEqual([
      { singleton: true, rulesetId: rulesets[0]!.id },
    ]);
  });

  it('creates a ruleset with every field of spec §3, and reads useOwnerAsRequester only by id', async () => {
    const input = rulesetInput({ name: 'Disk alerts' });
    const id = await create(input);
    expect(id).toEqual(expect.any(Number));

    const read = await byId(id);
    expect(withoutTimes(read!)).toEqual({ id, ...input, ...noRuleSettings });
    expect(Date.parse(read!.createTime)).not.toBeNaN();
    expect(read!.updateTime).toBe(read!.createTime);

    const { useOwnerAsRequester: _owner, ...withoutOwner } = input.conditionTriggerSettings!;
    expect((await list()).find((r) => r.id === id)?.conditionTriggerSettings).toEqual(withoutOwner);
    // Asked for in the list anyway, it is null there: only TicketRuleById answers it.
    const asked = await admin().request<{
      ticketRuleset: { id: number; conditionTriggerSettings: { useOwnerAsRequester: boolean | null } }[];
    }>('query { ticketRuleset { id conditionTriggerSettings { useOwnerAsRequester } } }');
    expect(asked.ticketRuleset.find((r) => r.id === id)?.conditionTriggerSettings).toEqual({
      useOwnerAsRequester: null,
    });
    const [activity] = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'ticketRuleset.create'), eq(activities.targetId, String(id))));
    expect(activity).toMatchObject({
      actorName: 'admin@test.local',
      targetType: 'ticketRuleset',
      targetName: 'Disk alerts',
      outcome: 'SUCCESS',
      detail: 'CONDITION_RULE; enabled',
    });
  });

  it('fills what a client leaves out: no settings but the trigger, enabled, not the default', async () => {
    const id = await admin().request<CreateTicketRulesetResult>(
      `mutation { createTicketRuleset(ruleset: { name: "Minimal", type: CONDITION_RULE, conditionTriggerSettings: {} }) }`,
    );
    const read = await byId(id.createTicketRuleset);
    expect(read).toMatchObject({
      enabled: true,
      isDefault: false,
      conditionTriggerSettings: {
        ticketFormId: null,
        status: null,
        tags: [],
        priority: null,
        severity: null,
        useOwnerAsRequester: false,
      },
      conditionResetSettings: null,
      conditionReTriggerSettings: null,
    });
    // Another trigger type needs no condition settings.
    const script = await create(
      rulesetInput({
        type: 'SCRIPT_RULE',
        conditionTriggerSettings: null,
        conditionResetSettings: null,
        conditionReTriggerSettings: null,
      }),
    );
    expect((await byId(script))?.type).toBe('SCRIPT_RULE');
  });

  it('replaces every field, disables a ruleset and moves the default; one default is ever stored', async () => {
    const [original] = await defaultOf();
    const id = await create(rulesetInput());
    const changed = rulesetInput({
      name: 'Disk alerts, renamed',
      enabled: false,
      conditionResetSettings: { status: 6000, time: { value: 2, unit: 'DAYS' } },
      conditionReTriggerSettings: {
        createNewTicket: true,
        status: null,
        tags: [],
        priority: 'LOW',
        severity: null,
      },
    });
    expect(await update({ id, ...changed })).toBe(id);
    const read = await byId(id);
    expect(withoutTimes(read!)).toEqual({ id, ...changed, ...noRuleSettings });
    expect(Date.parse(read!.updateTime)).toBeGreaterThanOrEqual(Date.parse(read!.createTime));
    expect((await list()).find((r) => r.id === id)?.enabled).toBe(false);

    const next = await create(rulesetInput());
    await update({ ...inputOf((await byId(next))!), isDefault: true });
    expect((await defaultOf()).map((r) => r.id)).toEqual([next]);
    expect(await ctx.db.select().from(ticketRulesetDefault)).toEqual([{ singleton: true, rulesetId: next }]);
    // A new ruleset made the default at once takes it over the same way.
    const newest = await create(rulesetInput({ isDefault: true }));
    expect((await defaultOf()).map((r) => r.id)).toEqual([newest]);
    await update({ ...inputOf((await byId(original!.id))!), isDefault: true });
    expect((await defaultOf()).map((r) => r.id)).toEqual([original!.id]);

    const details = (
      await ctx.db
        .select()
        .from(activities)
        .where(and(eq(activities.action, 'ticketRuleset.update'), eq(activities.targetId, String(id))))
    ).map((a) => a.detail);
    expect(details).toEqual([expect.stringContaining('disabled')]);
    expect(details[0]).toContain('renamed from Ruleset');
  });

  it('keeps the default: it cannot be turned off, disabled, or be another type than a condition ruleset', async () => {
    const [current] = await defaultOf();
    const before = await storedCount();
    const stored = inputOf((await byId(current!.id))!);
    const cases: [() => Promise<unknown>, string, string][] = [
      [() => update({ ...stored, isDefault: false }), 'DEFAULT_REQUIRED', rulesetMessages.DEFAULT_REQUIRED],
      [() => update({ ...stored, enabled: false }), 'VALIDATION_FAILED', rulesetMessages.DEFAULT_ENABLED],
      [
        () => create(rulesetInput({ type: 'SCRIPT_RULE', isDefault: true })),
        'VALIDATION_FAILED',
        rulesetMessages.DEFAULT_CONDITION_RULE,
      ],
    ];
    for (const [request, code, message] of cases) {
      const answer = await failure(request());
      expect(answer.status, message).toBe(200);
      expect(codesOf(answer), message).toEqual([code]);
      expect(answer.errors[0]?.message, message).toContain(message);
    }
    expect(await defaultOf()).toEqual([current]);
    expect(await storedCount()).toBe(before);
  });

  it('raises an error for an invalid trigger type, whether sent as a variable or written in the query', async () => {
    const before = await storedCount();
    const asVariable = await failure(
      admin().request(CREATE_TICKET_RULESET, { ruleset: { ...rulesetInput(), type: 'TICKET_RULE' } }),
    );
    expect(asVariable.status).toBe(400);
    expect(codesOf(asVariable)).toEqual(['INVALID_TRIGGER_TYPE']);
    expect(asVariable.errors[0]?.message).toContain(
      'Value "TICKET_RULE" does not exist in "TicketRulesetType" enum',
    );
    const written = await failure(
      admin().request(`mutation { createTicketRuleset(ruleset: { name: "Typo", type: CONDITION_RULES }) }`),
    );
    expect(written.status).toBe(400);
    expect(codesOf(written)).toEqual(['INVALID_TRIGGER_TYPE']);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a reset time of zero and what else the domain refuses, storing nothing', async () => {
    await create(rulesetInput({ name: 'Taken name' }));
    const before = await storedCount();
    const trigger = rulesetInput().conditionTriggerSettings!;
    const cases: [Partial<NewTicketRulesetInput>, string, string][] = [
      [
        { conditionResetSettings: { status: 5000, time: { value: 0, unit: 'MINUTES' } } },
        'VALIDATION_FAILED',
        `conditionResetSettings.time.value: ${rulesetMessages.RESET_TIME_ZERO}`,
      ],
      [
        { conditionResetSettings: { status: 5000, time: { value: -5, unit: 'HOURS' } } },
        'VALIDATION_FAILED',
        rulesetMessages.RESET_TIME_ZERO,
      ],
      [
        { conditionResetSettings: { status: 5000, time: { value: 366, unit: 'DAYS' } } },
        'VALIDATION_FAILED',
        rulesetMessages.RESET_TIME_TOO_LONG,
      ],
      [
        { conditionTriggerSettings: { ...trigger, tags: ['two words'] } },
        'VALIDATION_FAILED',
        `conditionTriggerSettings.tags.0: ${messages.tags.noSpaces}`,
      ],
      [
        { conditionTriggerSettings: { ...trigger, status: 0 } },
        'VALIDATION_FAILED',
        'conditionTriggerSettings.status',
      ],
      [{ name: '   ' }, 'VALIDATION_FAILED', `name: ${messages.validation.mandatory}`],
      [{ conditionTriggerSettings: null }, 'VALIDATION_FAILED', rulesetMessages.TRIGGER_SETTINGS_REQUIRED],
      [{ name: 'TAKEN NAME' }, 'RULESET_NAME_TAKEN', rulesetMessages.RULESET_NAME_TAKEN],
    ];
    for (const [overrides, code, message] of cases) {
      const answer = await failure(create(rulesetInput(overrides)));
      expect(answer.status, message).toBe(200);
      expect(JSON.parse(answer.body).data, message).toBeNull();
      expect(codesOf(answer), message).toEqual([code]);
      expect(answer.errors[0]?.message, message).toContain(message);
    }
    expect(await storedCount()).toBe(before);
    const refusals = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'ticketRuleset.create'), eq(activities.outcome, 'FAILURE')));
    expect(refusals.map((a) => a.detail)).toContain(
      `VALIDATION_FAILED: conditionResetSettings.time.value: ${rulesetMessages.RESET_TIME_ZERO}`,
    );
  });

  it('answers null for a ruleset that does not exist, and refuses to update it', async () => {
    expect(await byId(999_999)).toBeNull();
    const answer = await failure(update({ id: 999_999, ...rulesetInput() }));
    expect(codesOf(answer)).toEqual(['RULESET_NOT_FOUND']);
    expect(answer.errors[0]?.message).toBe(rulesetMessages.RULESET_NOT_FOUND);
  });

  it('refuses unknown fields, arguments and input fields before anything runs', async () => {
    const before = await storedCount();
    const field = await failure(admin().request('query { ticketRuleset { id secret } }'));
    expect(field.status).toBe(400);
    expect(codesOf(field)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(field.errors[0]?.message).toBe('Cannot query field "secret" on type "TicketRuleset".');
    expect(JSON.parse(field.body).error).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      message: field.errors[0]?.message,
    });

    const argument = await failure(admin().request('query { ticketRuleById(id: 1, name: "x") { id } }'));
    expect(codesOf(argument)).toEqual(['GRAPHQL_VALIDATION_FAILED']);

    const inputField = await failure(
      admin().request(CREATE_TICKET_RULESET, { ruleset: { ...rulesetInput(), colour: 'red' } }),
    );
    expect(inputField.status).toBe(400);
    expect(codesOf(inputField)).toEqual(['BAD_USER_INPUT']);
    expect(inputField.errors[0]?.message).toContain(
      'Field "colour" is not defined by type "NewTicketRulesetInput"',
    );

    const syntax = await failure(admin().request('query { ticketRuleset { id '));
    expect(syntax.status).toBe(400);
    expect(codesOf(syntax)).toEqual(['GRAPHQL_PARSE_FAILED']);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a query costlier than the cost limit or longer than the size limit', async () => {
    const selection = GET_TICKET_RULESET.slice(
      GET_TICKET_RULESET.indexOf('ticketRuleset {') + 'ticketRuleset'.length,
    );
    const aliased = (n: number) =>
      `query Costly {\n${Array.from({ length: n }, (_, i) => `  a${i}: ticketRuleset ${selection.slice(0, selection.lastIndexOf('}'))}`).join('\n')}\n}`;
    await admin().request(aliased(4));
    const costly = await failure(admin().request(aliased(5)));
    expect(costly.status).toBe(400);
    expect(codesOf(costly)).toEqual(['QUERY_TOO_COSTLY']);
    expect(costly.errors[0]?.message).toMatch(/^The operation Costly costs \d+; at most 1000 is allowed\.$/);

    const long = await failure(admin().request(`${GET_TICKET_RULESET}\n# ${'x'.repeat(17_000)}`));
    expect(long.status).toBe(400);
    expect(codesOf(long)).toEqual(['QUERY_TOO_LARGE']);
  });

  it('answers introspection to anyone signed in, within its own limits', async () => {
    const nobody = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    const schema = await clientAs(nobody.cookie).request<{ __schema: { queryType: { name: string } } }>(
      getIntrospectionQuery(),
    );
    expect(schema.__schema.queryType.name).toBe('Query');
    const many = await failure(
      admin().request(`{ ${[1, 2, 3, 4].map((n) => `s${n}: __schema { queryType { name } }`).join(' ')} }`),
    );
    expect(codesOf(many)).toEqual(['QUERY_TOO_COSTLY']);
    const anonymous = await failure(clientAs(null).request('{ __schema { queryType { name } } }'));
    expect(anonymous.status).toBe(401);
  });

  it('needs a session and an allowed Origin, as the REST routes', async () => {
    const before = await storedCount();
    const noSession = await failure(clientAs(null).request(GET_TICKET_RULESET));
    expect(noSession.status).toBe(401);
    expect(codesOf(noSession)).toEqual(['UNAUTHENTICATED']);
    expect(JSON.parse(noSession.body).error.code).toBe('UNAUTHENTICATED');

    for (const origin of ['http://evil.test', null]) {
      const refused = await failure(create(rulesetInput(), clientAs(ctx.adminCookie, origin)));
      expect(refused.status, String(origin)).toBe(403);
      expect(codesOf(refused), String(origin)).toEqual(['ORIGIN_REFUSED']);
    }
    expect(await storedCount()).toBe(before);
  });

  it('reads with ticketing.view and changes with settings.manage, checked before anything runs', async () => {
    const before = await storedCount();
    const viewer = await createUser(ctx, {
      permissions: ['ticketing.view', 'ticketing.manage'],
      scope: 'all',
    });
    const manager = await createUser(ctx, { permissions: ['settings.manage'], scope: 'all' });
    const nobody = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });

    expect(
      (await clientAs(viewer.cookie).request<GetTicketRulesetResult>(GET_TICKET_RULESET)).ticketRuleset
        .length,
    ).toBe((await list()).length);
    const write = await failure(create(rulesetInput(), clientAs(viewer.cookie)));
    expect(write.status).toBe(403);
    expect(codesOf(write)).toEqual(['FORBIDDEN']);
    expect(write.errors[0]?.message).toContain('createTicketRuleset needs settings.manage');

    const read = await failure(clientAs(nobody.cookie).request(TICKET_RULE_BY_ID, { id: 1 }));
    expect(read.status).toBe(403);
    expect(read.errors[0]?.message).toContain('ticketRuleById needs ticketing.view');
    // A field hidden in a fragment is found too.
    const hidden = await failure(
      clientAs(nobody.cookie).request('query { ...F } fragment F on Query { ticketRuleset { id } }'),
    );
    expect(codesOf(hidden)).toEqual(['FORBIDDEN']);
    expect(await storedCount()).toBe(before);

    // settings.manage alone may change rulesets, not read them back.
    const id = await create(rulesetInput(), clientAs(manager.cookie));
    expect((await byId(id))?.id).toBe(id);
    expect((await failure(clientAs(manager.cookie).request(GET_TICKET_RULESET))).status).toBe(403);
  });

  it('refuses saving a policy whose condition names a ruleset that does not exist or is not a condition ruleset', async () => {
    const script = await create(
      rulesetInput({ type: 'SCRIPT_RULE', conditionResetSettings: null, conditionReTriggerSettings: null }),
    );
    const cases: [number, string, string][] = [
      [
        999_999,
        'POLICY_RULESET_NOT_FOUND',
        'The condition "CPU high" names ticket ruleset 999999, which does not exist.',
      ],
      [
        script,
        'POLICY_RULESET_NOT_CONDITION',
        `names ticket ruleset ${script}, which is not a condition ruleset.`,
      ],
    ];
    for (const [rulesetId, code, message] of cases) {
      const response = await ctx.request(
        'POST',
        '/policies',
        policyBody({ conditions: [cpuCondition({ ticketing: { mode: 'RULESET', rulesetId } })] }),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe(code);
      expect(response.json().error.message).toContain(message);
    }
    // A disabled condition ruleset may be chosen (spec §4 offers it, suffixed).
    const disabled = await create(rulesetInput({ enabled: false }));
    const response = await ctx.request(
      'POST',
      '/policies',
      policyBody({ conditions: [cpuCondition({ ticketing: { mode: 'RULESET', rulesetId: disabled } })] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const saved = await ctx.request('GET', `/policies/${response.json().policy.id}`);
    expect(saved.json().policy.conditions[0].ticketing).toEqual({ mode: 'RULESET', rulesetId: disabled });
  });
});

describe('ticket rulesets over GraphQL, with GRAPHQL_MAX_DEPTH 3', () => {
  let ctx: TestContext;
  let client: GraphQLClient;

  beforeAll(async () => {
    ctx = await createTestApp({ graphqlMaxDepth: 3 });
    client = new GraphQLClient(`${await listen(ctx)}/graphql`, {
      headers: { cookie: ctx.adminCookie, origin: ORIGIN },
    });
  });
  afterAll(() => ctx?.close());

  it('refuses an operation deeper than the setting, through fragments too, and runs one within it', async () => {
    const deep = await failure(client.request(TICKET_RULE_BY_ID, { id: 1 }));
    expect(deep.status).toBe(400);
    expect(codesOf(deep)).toEqual(['QUERY_TOO_DEEP']);
    expect(deep.errors[0]?.message).toBe(
      'The operation TicketRuleById is 4 levels deep; at most 3 are allowed.',
    );
    const viaFragment = await failure(
      client.request(
        'query { ticketRuleset { ...Reset } } fragment Reset on TicketRuleset { conditionResetSettings { time { unit } } }',
      ),
    );
    expect(codesOf(viaFragment)).toEqual(['QUERY_TOO_DEEP']);
    const shallow = await client.request<{
      ticketRuleset: { name: string; conditionTriggerSettings: { tags: string[] } }[];
    }>('query { ticketRuleset { name conditionTriggerSettings { tags } } }');
    expect(shallow.ticketRuleset).toEqual([{ name: 'Default', conditionTriggerSettings: { tags: [] } }]);
  });
});
