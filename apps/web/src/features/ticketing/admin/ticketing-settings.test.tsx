import { Notifications } from '@mantine/notifications';
import { allPermissions } from '@rmm/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meAnswer } from '../../../test/job-factories.ts';
import { type MockRoutes, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createBoard, setupAnswer } from '../../../test/ticket-factories.ts';
import { TicketingSettings } from './ticketing-settings.tsx';

afterEach(() => vi.unstubAllGlobals());

const path = '/administration/apps/ticketing';

const open = (url: string, extra: MockRoutes = {}, permissions: string[] = [...allPermissions]) => {
  const fetchMock = mockFetch({
    'GET /auth/me': meAnswer(permissions),
    'GET /ticket-setup': setupAnswer(),
    'GET /ticket-forms': { forms: [] },
    'GET /ticket-boards': { boards: [createBoard()] },
    ...extra,
  });
  const view = renderRoute(
    <>
      <Notifications />
      <TicketingSettings />
    </>,
    { path, url },
  );
  return { ...view, fetchMock };
};

describe('the ticketing settings', { timeout: 120_000 }, () => {
  it('adds a team, switches one off, and keeps the section in the URL', async () => {
    const { fetchMock, router, user } = open(`${path}?section=teams`, {
      'POST /ticket-setup/teams': ({ body }: { body: { name: string } }) => ({
        item: { ...setupAnswer().lists.teams[0], id: 21, name: body.name },
      }),
      'PUT /ticket-setup/teams/20': ({ body }: { body: object }) => ({
        item: { ...setupAnswer().lists.teams[0], ...body },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Teams' });
    expect(within(table).getByText('Service desk')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New team' }));
    const dialog = await screen.findByRole('dialog', { name: 'New team' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Network');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /ticket-setup/teams')).toEqual([
        { name: 'Network', isActive: true },
      ]),
    );

    await user.click(within(table).getByRole('switch', { name: 'Service desk offered' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'PUT /ticket-setup/teams/20')).toEqual([
        { name: 'Service desk', isActive: false, position: 20 },
      ]),
    );

    await user.click(screen.getByRole('tab', { name: 'Statuses' }));
    expect(router.state.location.search).toBe('?section=statuses');
    const statuses = await screen.findByRole('table', { name: 'Statuses' });
    const resolved = within(statuses).getByRole('switch', { name: 'Resolved offered' }).closest('tr')!;
    expect(within(resolved).getByText('System')).toBeInTheDocument();
    expect(within(resolved).queryByRole('button', { name: 'Delete Resolved' })).not.toBeInTheDocument();
  });

  it('lets the fixed lists be renamed and reordered but not added to', async () => {
    const { fetchMock, user } = open(`${path}?section=priorities`, {
      'PUT /ticket-setup/priorities/51': { item: setupAnswer().lists.priorities[1] },
      'PUT /ticket-setup/priorities/52': { item: setupAnswer().lists.priorities[2] },
    });
    const table = await screen.findByRole('table', { name: 'Priorities' });
    expect(screen.queryByRole('button', { name: /New/ })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Move Low down' }));
    await waitFor(() => {
      expect(requestBodies(fetchMock, 'PUT /ticket-setup/priorities/51')).toEqual([
        { name: 'Low', isActive: true, position: 2 },
      ]);
      expect(requestBodies(fetchMock, 'PUT /ticket-setup/priorities/52')).toEqual([
        { name: 'Medium', isActive: true, position: 1 },
      ]);
    });
  });

  it('adds a mailbox on a board with an organization for unknown senders', async () => {
    const { fetchMock, user } = open(`${path}?section=mailboxes`, {
      'GET /ticket-mailboxes': { data: [], count: 0, page: 1, pageSize: 25 },
      'GET /organizations': { data: [{ id: 4, name: 'Northwind' }], count: 1, page: 1, pageSize: 500 },
      'POST /ticket-mailboxes': ({ body }: { body: { address: string } }) => ({
        id: 1,
        name: '',
        boardName: 'All open tickets',
        defaultOrganizationName: 'Northwind',
        createTime: '',
        updateTime: '',
        ...body,
      }),
    });
    expect(await screen.findByText('No mailboxes yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New mailbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'New mailbox' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Address/ }), 'help@');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Address/ }), 'msp.example');
    await user.click(within(dialog).getByRole('combobox', { name: 'Organization for unknown senders' }));
    await user.click(await screen.findByRole('option', { name: 'Northwind' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /ticket-mailboxes')).toEqual([
        { address: 'help@msp.example', name: '', boardId: 1, defaultOrganizationId: 4, enabled: true },
      ]),
    );
  });

  it('makes a form with a dropdown field and the automatic timer', async () => {
    const { fetchMock, user } = open(path, {
      'POST /ticket-forms': ({ body }: { body: object }) => ({
        form: { id: 3, createTime: '', updateTime: '', isActive: true, description: '', ...body },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'New form' }));
    const dialog = await screen.findByRole('dialog', { name: 'New form' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Hardware');
    await user.click(within(dialog).getByRole('combobox', { name: 'Timer' }));
    await user.click(await screen.findByRole('option', { name: 'Starts when the ticket is opened' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add field' }));
    const field = within(dialog).getByRole('group', { name: 'Field 1' });
    await user.clear(within(field).getByRole('textbox', { name: 'Label' }));
    await user.type(within(field).getByRole('textbox', { name: 'Label' }), 'Model');
    await user.click(within(field).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Dropdown' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A dropdown needs at least one option')).toBeInTheDocument();
    await user.type(within(field).getByRole('combobox', { name: 'Choices' }), 'Laptop{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /ticket-forms')).toEqual([
        {
          name: 'Hardware',
          description: '',
          timer: 'AUTOMATIC',
          isActive: true,
          fields: [
            { key: 'field1', label: 'Model', kind: 'DROPDOWN', isRequired: false, options: ['Laptop'] },
          ],
        },
      ]),
    );
  });
});
