import { messages, ticketRuleMessages, type User } from '@rmm/domain';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createScriptSummary, scriptsPage } from '../../../test/script-factories.ts';
import { createMe } from '../../../test/search-factories.ts';
import { setupAnswer } from '../../../test/ticket-factories.ts';
import { createRuleset, graphqlRoute } from '../../../test/ticket-ruleset-factories.ts';
import { TicketRulesetsPage } from './ticket-rulesets-page.tsx';

/**
 * The dialog's fields of the trigger types that are not condition rules: what each sends through the
 * domain's GraphQL mutations, and the domain's refusals at the fields.
 */

afterEach(() => vi.unstubAllGlobals());

const PATH = '/administration/apps/ticketing/rulesets';
const technician: User = {
  id: 41,
  email: 'dana@msp.test',
  name: 'Dana Desk',
  phone: '',
  userType: 'TECHNICIAN',
  roleId: 2,
  roleName: 'Technician',
  organizationScope: 'all',
  organizationId: null,
  organizationName: null,
  isEnabled: true,
  status: 'ACTIVE',
  invitationExpiresAt: null,
} as User;
const diskCleanup = createScriptSummary({ name: 'Disk cleanup' });

const routes = (fields: Parameters<typeof graphqlRoute>[0]) => ({
  'GET /auth/me': createMe(['ticketing.view', 'settings.manage', 'scripts.view', 'users.view']),
  'GET /ticket-setup': setupAnswer(),
  'GET /scripts': scriptsPage([diskCleanup]),
  'GET /users': { data: [technician], count: 1, page: 1, pageSize: 500 },
  'POST /graphql': graphqlRoute({ ticketRuleset: () => [createRuleset({ name: 'Default' })], ...fields }),
});
const sent = (fetchMock: ReturnType<typeof mockFetch>, operation: string) =>
  (requestBodies(fetchMock, 'POST /graphql') as { operationName: string; variables: { ruleset: object } }[])
    .filter((body) => body.operationName === operation)
    .map((body) => body.variables.ruleset);

const choose = async (user: UserEvent, scope: HTMLElement, field: string | RegExp, option: string) => {
  await user.click(within(scope).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
};

/** Opens the new ruleset dialog with a name and the trigger type. */
const newRuleset = async (user: UserEvent, name: string, type: string) => {
  await user.click(await screen.findByRole('button', { name: 'New ruleset' }));
  const dialog = await screen.findByRole('dialog', { name: 'New ticket ruleset' });
  await user.click(within(dialog).getByRole('textbox', { name: /^Name/ }));
  await user.paste(name);
  await choose(user, dialog, 'Trigger type', type);
  return dialog;
};

describe('the ruleset dialog of the other trigger types', { timeout: 30_000 }, () => {
  it('creates a script rule with scripts from the library, results and the ticket it makes', async () => {
    const fetchMock = mockFetch(routes({ createTicketRuleset: () => 8 }));
    const { user } = renderRoute(<TicketRulesetsPage />, { path: PATH, url: PATH });
    const dialog = await newRuleset(user, 'Failed cleanups', 'Script rule');

    const when = within(dialog).getByRole('group', { name: 'When a library script finishes' });
    await user.click(within(when).getByRole('combobox', { name: /Scripts/ }));
    await user.click(await screen.findByRole('option', { name: 'Disk cleanup' }));
    await user.click(within(when).getByRole('checkbox', { name: 'Success' }));
    const ticket = within(dialog).getByRole('group', { name: 'The ticket it creates' });
    await choose(user, ticket, 'Status', 'Open');
    await choose(user, ticket, 'Priority', 'High');
    await user.click(within(ticket).getByRole('combobox', { name: 'Tags' }));
    await user.paste('scripts,');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sent(fetchMock, 'CreateTicketRuleset')).toEqual([
        {
          name: 'Failed cleanups',
          type: 'SCRIPT_RULE',
          enabled: true,
          isDefault: false,
          conditionTriggerSettings: null,
          conditionResetSettings: null,
          conditionReTriggerSettings: null,
          scriptRuleSettings: {
            scriptIds: [diskCleanup.id],
            results: ['SUCCESS', 'FAILURE'],
            ticket: { ticketFormId: null, status: 2, tags: ['scripts'], priority: 'HIGH', severity: null },
          },
        },
      ]),
    );
  });

  it('creates an activity rule only with an activity type, and sends its outcomes', async () => {
    const fetchMock = mockFetch(routes({ createTicketRuleset: () => 9 }));
    const { user } = renderRoute(<TicketRulesetsPage />, { path: PATH, url: PATH });
    const dialog = await newRuleset(user, 'Enrolments', 'Activity rule');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(ticketRuleMessages.ACTIVITY_ACTION_REQUIRED)).toBeVisible();
    const when = within(dialog).getByRole('group', { name: 'When an activity happens' });
    await user.click(within(when).getByRole('combobox', { name: /Activity types/ }));
    await user.click(await screen.findByRole('option', { name: 'device.enroll' }));
    await user.click(within(when).getByRole('checkbox', { name: 'Failure' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sent(fetchMock, 'CreateTicketRuleset')).toEqual([
        expect.objectContaining({
          type: 'ACTIVITY_RULE',
          activityRuleSettings: {
            actions: ['device.enroll'],
            outcomes: ['FAILURE'],
            ticket: { ticketFormId: null, status: null, tags: [], priority: null, severity: null },
          },
        }),
      ]),
    );
  });

  it('edits an event rule read by id: its statuses by name, and what it sets (at least one field)', async () => {
    const listed = createRuleset({ name: 'Escalate', type: 'EVENT_BASED', conditionTriggerSettings: null });
    const full = {
      ...listed,
      conditionReTriggerSettings: null,
      eventRuleSettings: {
        statusIds: [3],
        priorities: ['HIGH' as const],
        set: { status: null, priority: null, severity: 'MAJOR' as const, tags: [], assigneeId: null },
      },
    };
    const fetchMock = mockFetch(
      routes({
        ticketRuleset: () => [listed],
        ticketRuleById: () => full,
        updateTicketRuleset: () => listed.id,
      }),
    );
    const { user } = renderRoute(<TicketRulesetsPage />, { path: PATH, url: PATH });
    await user.click(await screen.findByRole('button', { name: 'Edit Escalate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit ticket ruleset' });
    const when = await within(dialog).findByRole('group', { name: 'When a ticket enters' });
    await waitFor(() => expect(within(when).getAllByText('Waiting')[0]).toBeVisible());
    expect(within(when).getAllByText('High')[0]).toBeVisible();

    const set = within(dialog).getByRole('group', { name: 'What it sets on the ticket' });
    await choose(user, set, 'Severity', 'Unchanged');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(set).findByText(ticketRuleMessages.RULE_ACTION_REQUIRED)).toBeVisible();
    await choose(user, set, 'Assignee', 'Dana Desk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sent(fetchMock, 'UpdateTicketRuleset')).toEqual([
        expect.objectContaining({
          id: listed.id,
          type: 'EVENT_BASED',
          eventRuleSettings: {
            statusIds: [3],
            priorities: ['HIGH'],
            set: { status: null, priority: null, severity: null, tags: [], assigneeId: technician.id },
          },
        }),
      ]),
    );
  });

  it('creates a time rule with a status and minutes, and a response template with no settings', async () => {
    const fetchMock = mockFetch(routes({ createTicketRuleset: () => 10 }));
    const { user } = renderRoute(<TicketRulesetsPage />, { path: PATH, url: PATH });
    const dialog = await newRuleset(user, 'Stale waiting', 'Time based');

    const set = within(dialog).getByRole('group', { name: 'What it sets on the ticket' });
    await choose(user, set, 'Status', 'Open');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const when = within(dialog).getByRole('group', { name: 'When a ticket stays in a status' });
    expect(await within(when).findByText(messages.validation.mandatory)).toBeVisible();
    await choose(user, when, /^Status/, 'Waiting');
    const minutes = within(when).getByRole('textbox', { name: /For at least/ });
    await user.clear(minutes);
    await user.paste('120');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const template = await newRuleset(user, 'Replies', 'Response template');
    expect(within(template).getByText(/nothing runs them/)).toBeVisible();
    await user.click(within(template).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent(fetchMock, 'CreateTicketRuleset')).toEqual([
        expect.objectContaining({
          type: 'TIME_BASED',
          timeRuleSettings: {
            statusId: 3,
            afterMinutes: 120,
            set: { status: 2, priority: null, severity: null, tags: [], assigneeId: null },
          },
        }),
        {
          name: 'Replies',
          type: 'RESPONSE_TEMPLATE',
          enabled: true,
          isDefault: false,
          conditionTriggerSettings: null,
          conditionResetSettings: null,
          conditionReTriggerSettings: null,
        },
      ]),
    );
  });
});
