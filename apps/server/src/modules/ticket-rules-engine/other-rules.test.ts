import {
  CREATE_TICKET_RULESET,
  type NewTicketRulesetInput,
  type RuleTicketSettings,
  type Ticket,
  type TicketRuleset,
  UPDATE_TICKET_RULESET,
} from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnrollment, enrolRaw, listen, waitFor } from '../../../test/agents.ts';
import { createOrganizationInput, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { connectAgent, createScriptJob, enrolDevice, submitJobs } from '../jobs/test-fixtures.ts';
import { createLibraryScript } from '../scripts/test-fixtures.ts';
import { createRuleset, rulesetInput } from '../ticket-rulesets/test-fixtures.ts';
import { logOf, ticketOf, ticketsOf } from './test-fixtures.ts';

/**
 * Script, activity, event and time rules, each once through what really sets it off (a job result from an
 * agent, an enrolment, a technician's change, the clock), and their settings over GraphQL.
 */

let ctx: TestContext;
let serverUrl: string;
beforeAll(async () => {
  ctx = await createTestApp({ ticketRulesIntervalMs: 3_600_000 });
  serverUrl = await listen(ctx);
});
afterAll(() => ctx?.close());

const MINUTE = 60_000;
const tick = (now?: Date) => ctx.app.ticketRules.tick(now);

/** A ruleset of another trigger type: none of a condition ruleset's settings, these of its own. */
const otherRuleset = (type: NewTicketRulesetInput['type'], settings: Partial<NewTicketRulesetInput>) =>
  createRuleset(
    ctx,
    rulesetInput({
      type,
      conditionTriggerSettings: null,
      conditionResetSettings: null,
      conditionReTriggerSettings: null,
      ...settings,
    }),
  );

const ticketSettings: RuleTicketSettings = {
  ticketFormId: null,
  status: 2,
  tags: ['rule'],
  priority: 'HIGH',
  severity: null,
};
const noChanges = { status: null, priority: null, severity: null, tags: [], assigneeId: null };

const graphql = async (query: string, variables: unknown) => {
  const response = await ctx.request('POST', '/graphql', { query, variables });
  return response.json() as {
    data: Record<string, unknown> | null;
    errors?: { message: string; extensions: { code: string } }[];
  };
};

const readRuleset = async (id: number) => {
  const answer = await graphql(
    `query ($id: Int!) { ticketRuleById(id: $id) {
      type scriptRuleSettings { scriptIds results ticket { status tags priority } }
      activityRuleSettings { actions outcomes }
      eventRuleSettings { statusIds priorities set { priority tags } }
      timeRuleSettings { statusId afterMinutes set { status } }
    } }`,
    { id },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.ticketRuleById as Partial<TicketRuleset>;
};

/** A status of this test's own (category OPEN), so that no other test's tickets are in it. */
const createStatus = async (name: string) => {
  const response = await ctx.request('POST', '/ticket-setup/statuses', { name, category: 'OPEN' });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { item: { id: number } }).item.id;
};

const createTicket = async (body: Record<string, unknown>) => {
  const organization = (await ctx.request('POST', '/organizations', createOrganizationInput())).json();
  const response = await ctx.request('POST', '/tickets', {
    organizationId: organization.id,
    subject: 'Printer jammed',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { ticket: Ticket }).ticket;
};

const changeTicket = async (ticket: Ticket, body: Record<string, unknown>) => {
  const current = await ticketOf(ctx, ticket.id);
  const response = await ctx.request('PATCH', `/tickets/${ticket.id}`, { version: current.version, ...body });
  expect(response.statusCode, response.body).toBe(200);
};

describe('script rules', () => {
  it('creates a ticket from a failed result of the chosen library script, and none from others', async () => {
    const script = await createLibraryScript(ctx, { name: 'Clean temp' });
    const other = await createLibraryScript(ctx);
    await otherRuleset('SCRIPT_RULE', {
      name: 'Script failures',
      scriptRuleSettings: { scriptIds: [script.id], results: ['FAILURE'], ticket: ticketSettings },
    });
    const { identity } = await enrolDevice(ctx, serverUrl);
    const agent = await connectAgent(serverUrl, identity);
    const jobs = await submitJobs(ctx, identity.deviceId, [
      createScriptJob({ content: { script: { scriptId: script.id } } }),
      createScriptJob({ content: { script: { scriptId: script.id } } }),
      createScriptJob({ content: { script: { scriptId: other.id } } }),
      createScriptJob(),
    ]);
    const failure = {
      exitCode: 2,
      stdout: '',
      stderr: 'rm: ```denied```',
      truncated: false,
      errorMessage: null,
    };
    agent.result(jobs[0]!.jobUid, { result: 'FAILURE', resultContent: failure });
    agent.result(jobs[1]!.jobUid);
    agent.result(jobs[2]!.jobUid, { result: 'FAILURE', resultContent: failure });
    agent.result(jobs[3]!.jobUid, { result: 'FAILURE', resultContent: failure });
    await waitFor(() => agent.ofType('jobResultStored').length === 4, { what: 'the four results' });
    await tick();

    const tickets = await ticketsOf(ctx, `deviceId=${identity.deviceId}`);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({
      subject: expect.stringMatching(/^Script Clean temp failed on /),
      source: 'SCHEDULED_AUTOMATION',
      statusId: 2,
      tags: ['rule'],
      priority: 'HIGH',
      severity: 'NONE',
    });
    const ticket = await ticketOf(ctx, tickets[0]!.id);
    expect(ticket.createdBy).toBe('Ruleset: Script failures');
    expect(ticket.description).toContain('Exit code: 2');
    // The output in a fence longer than its own backticks: shown as typed.
    expect(ticket.description).toContain('````\nrm: ```denied```\n````');
    await agent.close();
  });
});

describe('activity rules', () => {
  it('creates a ticket from an activity of the chosen action and outcome', async () => {
    await otherRuleset('ACTIVITY_RULE', {
      name: 'New devices',
      activityRuleSettings: { actions: ['device.enroll'], outcomes: ['SUCCESS'], ticket: ticketSettings },
    });
    await otherRuleset('ACTIVITY_RULE', {
      activityRuleSettings: { actions: ['device.enroll'], outcomes: ['FAILURE'], ticket: ticketSettings },
    });
    const { organization, token } = await createEnrollment(ctx);
    const identity = (await enrolRaw(serverUrl, token.token)).body;
    await tick();
    const tickets = await ticketsOf(ctx, `organizationId=${organization.id}`);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({
      deviceId: identity.deviceId,
      source: 'ACTIVITY',
      subject: expect.stringMatching(/^device\.enroll: /),
      tags: ['rule'],
    });
    expect((await ticketOf(ctx, tickets[0]!.id)).createdBy).toBe('Ruleset: New devices');
  });
});

describe('event rules', () => {
  it('sets fields when a ticket enters a status; a change an event rule made sets off no event rule', async () => {
    const waiting = await createStatus('Waiting for parts');
    const escalated = await createStatus('Escalated');
    await otherRuleset('EVENT_BASED', {
      name: 'Parts',
      eventRuleSettings: {
        statusIds: [waiting],
        priorities: [],
        set: { ...noChanges, priority: 'HIGH', tags: ['parts'] },
      },
    });
    // Would move every ticket that becomes HIGH: not one the rule above made HIGH.
    await otherRuleset('EVENT_BASED', {
      name: 'Escalate high',
      eventRuleSettings: { statusIds: [], priorities: ['HIGH'], set: { ...noChanges, status: escalated } },
    });
    const ticket = await createTicket({ priority: 'LOW' });
    await changeTicket(ticket, { statusId: waiting });
    await tick();
    await tick();
    expect(await ticketOf(ctx, ticket.id)).toMatchObject({
      statusId: waiting,
      priority: 'HIGH',
      tags: ['parts'],
    });
    expect((await logOf(ctx, ticket.id)).at(-1)).toMatchObject({
      type: 'CHANGE',
      actorName: 'Ruleset: Parts',
    });

    // A technician's change to HIGH sets the second rule off.
    await changeTicket(ticket, { priority: 'LOW' });
    await changeTicket(ticket, { priority: 'HIGH' });
    await tick();
    expect((await ticketOf(ctx, ticket.id)).statusId).toBe(escalated);
  });
});

describe('time rules', () => {
  it('sets fields on a ticket in a status for longer than the minutes, once per stay', async () => {
    const pending = await createStatus('Pending approval');
    await otherRuleset('TIME_BASED', {
      name: 'Stale approvals',
      timeRuleSettings: { statusId: pending, afterMinutes: 30, set: { ...noChanges, priority: 'HIGH' } },
    });
    const ticket = await createTicket({ statusId: pending, priority: 'LOW' });
    const start = Date.parse(ticket.createTime);
    await tick(new Date(start + 29 * MINUTE));
    expect((await ticketOf(ctx, ticket.id)).priority).toBe('LOW');
    await tick(new Date(start + 30 * MINUTE));
    expect((await ticketOf(ctx, ticket.id)).priority).toBe('HIGH');
    // Lowered again by a technician: the rule does not come back during this stay.
    await changeTicket(ticket, { priority: 'LOW' });
    await tick(new Date(start + 120 * MINUTE));
    expect((await ticketOf(ctx, ticket.id)).priority).toBe('LOW');
  });
});

describe('settings of the other trigger types over GraphQL', () => {
  it('stores and answers them; an update that leaves them out keeps them, null removes them', async () => {
    const id = await otherRuleset('EVENT_BASED', {
      eventRuleSettings: { statusIds: [3], priorities: ['HIGH'], set: { ...noChanges, tags: ['x'] } },
    });
    const stored = {
      type: 'EVENT_BASED',
      scriptRuleSettings: null,
      activityRuleSettings: null,
      eventRuleSettings: { statusIds: [3], priorities: ['HIGH'], set: { priority: null, tags: ['x'] } },
      timeRuleSettings: null,
    };
    expect(await readRuleset(id)).toEqual(stored);
    const update = (extra: Record<string, unknown>) =>
      graphql(UPDATE_TICKET_RULESET, {
        ruleset: {
          ...rulesetInput({ type: 'EVENT_BASED', conditionTriggerSettings: null }),
          id,
          ...extra,
        },
      });
    expect((await update({})).errors).toBeUndefined();
    expect(await readRuleset(id)).toEqual(stored);
    expect((await update({ eventRuleSettings: null })).errors).toBeUndefined();
    expect((await readRuleset(id)).eventRuleSettings).toBeNull();
  });

  it('refuses settings of another type, ticket activities, and rules that set nothing', async () => {
    const create = (ruleset: Partial<NewTicketRulesetInput>) =>
      graphql(CREATE_TICKET_RULESET, { ruleset: rulesetInput(ruleset) });
    const refusals = await Promise.all([
      create({
        timeRuleSettings: { statusId: 3, afterMinutes: 10, set: { ...noChanges, priority: 'HIGH' } },
      }),
      create({
        type: 'ACTIVITY_RULE',
        activityRuleSettings: { actions: ['ticket.create'], outcomes: [], ticket: ticketSettings },
      }),
      create({ type: 'TIME_BASED', timeRuleSettings: { statusId: 3, afterMinutes: 10, set: noChanges } }),
      create({
        type: 'EVENT_BASED',
        eventRuleSettings: { statusIds: [], priorities: [], set: { ...noChanges, priority: 'LOW' } },
      }),
    ]);
    expect(
      refusals.map((answer) => [answer.errors?.[0]?.extensions.code, answer.errors?.[0]?.message]),
    ).toEqual([
      ['VALIDATION_FAILED', 'timeRuleSettings: These settings belong to another trigger type.'],
      [
        'VALIDATION_FAILED',
        'activityRuleSettings.actions.0: Ticket and ticket ruleset activities cannot create tickets: each ticket would make another.',
      ],
      ['VALIDATION_FAILED', 'timeRuleSettings.set: Choose at least one field to set.'],
      [
        'VALIDATION_FAILED',
        'eventRuleSettings.statusIds: Choose at least one status or priority that sets the rule off.',
      ],
    ]);
  });
});
