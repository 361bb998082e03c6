import { allPermissions } from '@rmm/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrganization } from '../../../test/device-factories.ts';
import { meAnswer } from '../../../test/job-factories.ts';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { pageOf } from '../../../test/scheduled-task-factories.ts';
import { createTicket, logPage, setupAnswer, ticketPage } from '../../../test/ticket-factories.ts';
import { TicketingPage } from './ticketing-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const organization = createOrganization({ id: 4, name: 'Northwind' });

describe('a new ticket', { timeout: 120_000 }, () => {
  it('starts with the organization of the page that opened it, offers its assignees, asks for a subject, and opens the ticket', async () => {
    const created = createTicket({
      id: 77,
      organizationId: 4,
      organizationName: 'Northwind',
      subject: 'VPN drops',
    });
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer([...allPermissions]),
      'GET /ticket-setup': setupAnswer(),
      'GET /ticket-forms': { forms: [] },
      'GET /users': pageOf([]),
      'GET /tickets/assignees': ({ url }: { url: URL }) => ({
        data:
          url.searchParams.get('organizationId') === '4'
            ? [{ id: 8, name: 'Pat Tech', email: 'pat@msp.test' }]
            : [],
      }),
      'GET /organizations': pageOf([organization]),
      'GET /client/4': { resultCode: 'SUCCESS', client: organization },
      'GET /devices': pageOf([]),
      'POST /tickets': { ticket: created, timer: null },
      'GET /tickets/77': { ticket: created, timer: null },
      'GET /tickets/77/log': logPage([]),
      'GET /tickets': ticketPage([]),
    });
    const { router, user } = renderRoute(<TicketingPage />, {
      path: '/ticketing/*',
      url: '/ticketing/new?organizationId=4',
    });
    expect(await screen.findByRole('heading', { name: 'New ticket' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Organization/ })).toHaveValue('Northwind'),
    );

    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(requestBodies(fetchMock, 'POST /tickets')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'VPN drops');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Since **Monday**');
    await user.click(screen.getByRole('combobox', { name: 'Priority' }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    // Those the server lists for the organization.
    await user.click(screen.getByRole('combobox', { name: 'Assignee' }));
    await user.click(await screen.findByRole('option', { name: 'Pat Tech' }));
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ticketing/ticket/77'));
    expect(requestBodies(fetchMock, 'POST /tickets')).toEqual([
      {
        organizationId: 4,
        locationId: null,
        deviceId: null,
        formId: null,
        subject: 'VPN drops',
        description: 'Since **Monday**',
        isDescriptionPublic: true,
        type: 'PROBLEM',
        priority: 'HIGH',
        severity: 'NONE',
        assigneeId: 8,
        tags: [],
        requester: null,
        attachmentIds: [],
        fieldValues: {},
      },
    ]);
  });
});
