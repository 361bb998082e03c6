import { Notifications, notifications } from '@mantine/notifications';
import { rulesetMessages } from '@rmm/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createMe } from '../../../test/search-factories.ts';
import { setupAnswer } from '../../../test/ticket-factories.ts';
import { createRuleset, graphqlRefusal, graphqlRoute } from '../../../test/ticket-ruleset-factories.ts';
import { TicketRulesetsPage } from './ticket-rulesets-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const PATH = '/administration/apps/ticketing/rulesets';
const admin = () => createMe(['ticketing.view', 'settings.view', 'settings.manage']);
const open = (url = PATH) =>
  renderRoute(
    <>
      <Notifications />
      <TicketRulesetsPage />
    </>,
    { path: PATH, url },
  );
/** A mutation refused by the server: 200, no data, the field's error. */
const nameTaken = () =>
  new Response(
    JSON.stringify({
      data: null,
      errors: [{ message: rulesetMessages.RULESET_NAME_TAKEN, extensions: { code: 'RULESET_NAME_TAKEN' } }],
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
const operations = (fetchMock: ReturnType<typeof mockFetch>) =>
  requestBodies(fetchMock, 'POST /graphql') as {
    operationName: string;
    variables?: Record<string, unknown>;
  }[];

describe('TicketRulesetsPage', { timeout: 30_000 }, () => {
  it('lists the rulesets with their trigger type, state and the default', async () => {
    mockFetch({
      'GET /auth/me': admin(),
      'POST /graphql': graphqlRoute({
        ticketRuleset: () => [
          createRuleset({ name: 'Default', isDefault: true }),
          createRuleset({ name: 'Old disk rules', enabled: false }),
          createRuleset({ name: 'Scripts', type: 'SCRIPT_RULE', conditionTriggerSettings: null }),
        ],
      }),
    });
    open();
    const table = await screen.findByRole('table', { name: 'Ticket rulesets' });
    expect(within(table).getByRole('row', { name: /^Default/ })).toHaveTextContent(
      'DefaultCondition ruleEnabledDefault',
    );
    expect(within(table).getByRole('row', { name: /Old disk rules/ })).toHaveTextContent('Disabled');
    expect(within(table).getByRole('row', { name: /Scripts/ })).toHaveTextContent('Script rule');
  });

  it('shows "Error fetching ruleset" with the reason when the list cannot be read, and reports it', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': admin(),
      'POST /graphql': graphqlRoute({
        ticketRuleset: () => graphqlRefusal(503, 'INTERNAL', 'The database is not reachable.'),
      }),
      'POST /help/client-errors': { ok: true },
    });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error fetching ruleset');
    expect(alert).toHaveTextContent('The database is not reachable.');
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /help/client-errors')).toEqual([
        {
          source: 'rulesets.fetch',
          message: 'The database is not reachable.',
          path: '/',
          status: 503,
          code: 'INTERNAL',
        },
      ]),
    );
  });

  it('creates a condition ruleset, holding the reset time to the domain’s rule', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': admin(),
      'GET /ticket-setup': setupAnswer(),
      'POST /graphql': graphqlRoute({
        ticketRuleset: () => [createRuleset({ name: 'Default', isDefault: true })],
        createTicketRuleset: () => 7,
      }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'New ruleset' }));
    const dialog = await screen.findByRole('dialog', { name: 'New ticket ruleset' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Disk alerts');
    await user.type(within(dialog).getByRole('textbox', { name: 'Ticket form id' }), '3');
    const reset = within(dialog).getByRole('group', { name: 'When the condition resets' });
    await user.click(within(reset).getByRole('switch', { name: 'Set the ticket’s status after a while' }));
    await user.click(within(reset).getByRole('combobox', { name: /Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Resolved' }));
    const after = within(reset).getByRole('textbox', { name: /After/ });
    await user.clear(after);
    await user.type(after, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(rulesetMessages.RESET_TIME_ZERO)).toBeInTheDocument();
    expect(operations(fetchMock).map((o) => o.operationName)).not.toContain('CreateTicketRuleset');

    await user.clear(after);
    await user.type(after, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(operations(fetchMock).filter((o) => o.operationName === 'CreateTicketRuleset')).toEqual([
        expect.objectContaining({
          variables: {
            ruleset: {
              name: 'Disk alerts',
              type: 'CONDITION_RULE',
              enabled: true,
              isDefault: false,
              conditionTriggerSettings: {
                ticketFormId: 3,
                status: null,
                tags: [],
                priority: null,
                severity: null,
                useOwnerAsRequester: false,
              },
              conditionResetSettings: { status: 5, time: { value: 2, unit: 'MINUTES' } },
              conditionReTriggerSettings: {
                createNewTicket: false,
                status: null,
                tags: [],
                priority: null,
                severity: null,
              },
            },
          },
        }),
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits what it read by id: disabling keeps useOwnerAsRequester, and the server’s refusal shows', async () => {
    const listed = createRuleset({ name: 'Disk alerts' });
    const full = {
      ...listed,
      conditionTriggerSettings: { ...listed.conditionTriggerSettings!, useOwnerAsRequester: true },
    };
    let updates = 0;
    const fetchMock = mockFetch({
      'GET /auth/me': admin(),
      'GET /ticket-setup': setupAnswer(),
      'POST /graphql': graphqlRoute({
        ticketRuleset: () => [listed],
        ticketRuleById: () => full,
        updateTicketRuleset: () => {
          updates += 1;
          return updates === 1 ? nameTaken() : listed.id;
        },
      }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Disk alerts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit ticket ruleset' });
    expect(await within(dialog).findByRole('textbox', { name: /Name/ })).toHaveValue('Disk alerts');
    await user.click(within(dialog).getByRole('switch', { name: /^Enabled/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(rulesetMessages.RULESET_NAME_TAKEN);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [, sent] = operations(fetchMock).filter((o) => o.operationName === 'UpdateTicketRuleset');
    expect(sent?.variables?.ruleset).toMatchObject({
      id: listed.id,
      enabled: false,
      conditionTriggerSettings: { useOwnerAsRequester: true },
    });
  });
});
