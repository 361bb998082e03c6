import { Notifications } from '@mantine/notifications';
import {
  allPermissions,
  messages,
  type Ticket,
  ticketingMessages,
  type UpdateTicketRequest,
} from '@rmm/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrganization } from '../../../test/device-factories.ts';
import { meAnswer } from '../../../test/job-factories.ts';
import { errorAnswer, type MockRoutes, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { pageOf } from '../../../test/scheduled-task-factories.ts';
import {
  createLogEntry,
  createTicket,
  logPage,
  setupAnswer,
  ticketPage,
} from '../../../test/ticket-factories.ts';
import { TicketingPage } from './ticketing-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const organization = createOrganization({ id: 1, name: 'Demo organization' });

const routesFor = (ticket: Ticket, extra: MockRoutes = {}): MockRoutes => ({
  'GET /auth/me': meAnswer([...allPermissions]),
  [`GET /tickets/${ticket.id}`]: { ticket, timer: null },
  [`GET /tickets/${ticket.id}/log`]: logPage([createLogEntry(ticket.id, { type: 'CREATED' })]),
  'GET /ticket-setup': setupAnswer(),
  'GET /ticket-forms': { forms: [] },
  'GET /users': pageOf([]),
  'GET /tickets/assignees': { data: [] },
  'GET /client/1': { resultCode: 'SUCCESS', client: organization },
  'GET /devices': pageOf([]),
  'GET /tickets': ticketPage([]),
  ...extra,
});

const openTicket = (ticket: Ticket, extra: MockRoutes = {}) => {
  const fetchMock = mockFetch(routesFor(ticket, extra));
  const view = renderRoute(
    <>
      <Notifications />
      <TicketingPage />
    </>,
    { path: '/ticketing/*', url: `/ticketing/ticket/${ticket.id}` },
  );
  return { ...view, fetchMock };
};

const chooseStatus = async (user: ReturnType<typeof openTicket>['user'], name: string) => {
  await user.click(await screen.findByRole('combobox', { name: 'Status' }));
  await user.click(await screen.findByRole('option', { name }));
};

describe('a ticket', { timeout: 120_000 }, () => {
  it('saves a changed status with the version read, and the save bar goes', async () => {
    const ticket = createTicket({ version: 3 });
    const { fetchMock, user } = openTicket(ticket, {
      [`PATCH /tickets/${ticket.id}`]: ({ body }: { body: UpdateTicketRequest }) => ({
        ticket: {
          ...ticket,
          statusId: 2,
          status: { id: 2, name: 'Open', category: 'OPEN' },
          ...body,
          version: 4,
        },
        timer: null,
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Printer offline' })).toBeInTheDocument();
    await chooseStatus(user, 'Open');
    const bar = screen.getByRole('region', { name: 'Unsaved changes' });
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ticket saved')).toBeInTheDocument();
    expect(requestBodies(fetchMock, `PATCH /tickets/${ticket.id}`)).toEqual([{ statusId: 2, version: 3 }]);
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).not.toBeInTheDocument();
  });

  it('shows the server’s 409 message with a reload that reads the ticket again and drops the change', async () => {
    const ticket = createTicket({ version: 3 });
    const current = { ...ticket, version: 5, priority: 'HIGH' as const };
    let reads = 0;
    const { user } = openTicket(ticket, {
      [`GET /tickets/${ticket.id}`]: () => ({ ticket: reads++ === 0 ? ticket : current, timer: null }),
      [`PATCH /tickets/${ticket.id}`]: errorAnswer(
        409,
        'TICKET_VERSION_CONFLICT',
        ticketingMessages.versionConflict,
        {
          ticket: current,
        },
      ),
    });
    await chooseStatus(user, 'Waiting');
    await user.click(
      within(screen.getByRole('region', { name: 'Unsaved changes' })).getByRole('button', { name: 'Save' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this ticket');
    expect(alert).toHaveTextContent(ticketingMessages.versionConflict);
    await user.click(within(alert).getByRole('button', { name: 'Reload the ticket' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveValue('High');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('New');
  });

  it('shows a ticket rule’s refusal as the server says it and keeps the change', async () => {
    const ticket = createTicket();
    const { user } = openTicket(ticket, {
      [`PATCH /tickets/${ticket.id}`]: errorAnswer(422, 'TICKET_RULE', messages.ticketRules.parentResolved),
    });
    await chooseStatus(user, 'Open');
    await user.click(
      within(screen.getByRole('region', { name: 'Unsaved changes' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.ticketRules.parentResolved);
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Open');
  });

  it('renders the description as rich text and typed HTML as text', async () => {
    const ticket = createTicket({ description: 'Disk **full** <img src=x onerror=alert(1)>' });
    openTicket(ticket);
    const section = await screen.findByRole('region', { name: 'Description' });
    expect(within(section).getByText('full').tagName).toBe('STRONG');
    expect(section).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(section.querySelector('img')).toBeNull();
  });

  it('adds an internal comment and time by hand, each at once, and shows the log', async () => {
    const ticket = createTicket({
      deviceId: 7,
      deviceName: 'web-01',
    });
    const { fetchMock, user } = openTicket(ticket, {
      [`GET /tickets/${ticket.id}/log`]: logPage(
        [
          createLogEntry(ticket.id, {
            type: 'CHANGE',
            changes: [
              { field: 'statusId', from: 1, to: 2 },
              // Location 9 is gone: the server names only what exists.
              { field: 'locationId', from: 9, to: 12 },
              { field: 'formId', from: null, to: 3 },
              { field: 'parentTicketId', from: null, to: 40 },
              { field: 'assigneeId', from: null, to: 5 },
            ],
          }),
          createLogEntry(ticket.id, {
            type: 'COMMENT',
            body: 'Rebooted **twice**',
            isPublic: true,
            attachments: [],
          }),
        ],
        {
          locations: { 12: 'Room 12' },
          forms: { 3: 'Onboarding' },
          tickets: { 40: 'Printers down' },
          users: { 5: 'Pat Tech' },
        },
      ),
      [`POST /tickets/${ticket.id}/comments`]: () => ({
        entry: createLogEntry(ticket.id, {
          type: 'COMMENT',
          body: 'On it',
          isPublic: false,
          attachments: [],
        }),
        ticket,
      }),
      [`POST /tickets/${ticket.id}/time-entries`]: () => ({
        entry: createLogEntry(ticket.id, {
          type: 'TIME_ENTRY',
          timeEntry: {
            startTime: ticket.createTime,
            endTime: ticket.createTime,
            durationSeconds: 5400,
            note: '',
            isBillable: true,
            method: 'MANUAL',
          },
        }),
        ticket: { ...ticket, timeTrackedSeconds: 5400 },
      }),
    });
    const log = await screen.findByRole('list', { name: 'Log' });
    expect(await within(log).findByText('Status: New → Open')).toBeInTheDocument();
    expect(within(log).getByText('Location: #9 → Room 12')).toBeInTheDocument();
    expect(within(log).getByText('Form: None → Onboarding')).toBeInTheDocument();
    expect(within(log).getByText('Parent problem: None → #40 Printers down')).toBeInTheDocument();
    expect(within(log).getByText('Assignee: None → Pat Tech')).toBeInTheDocument();
    expect(within(log).getByText('twice').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'web-01' })).toHaveAttribute(
      'href',
      '/deviceDashboard/7/overview',
    );

    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'On it');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Comment added')).toBeInTheDocument();
    expect(requestBodies(fetchMock, `POST /tickets/${ticket.id}/comments`)).toEqual([
      { body: 'On it', isPublic: false, attachmentIds: [] },
    ]);

    await user.type(screen.getByRole('textbox', { name: 'Hours' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Minutes' }), '30');
    await user.click(screen.getByRole('button', { name: 'Add time' }));
    expect(await screen.findByText('Time added')).toBeInTheDocument();
    expect(requestBodies(fetchMock, `POST /tickets/${ticket.id}/time-entries`)).toEqual([
      { durationSeconds: 5400, note: '', isBillable: true },
    ]);
  });

  it('offers as assignees the technicians the server lists for the ticket’s organization, without users.view', async () => {
    const ticket = createTicket({ version: 2 });
    const { fetchMock, user } = openTicket(ticket, {
      'GET /auth/me': meAnswer(['ticketing.view', 'ticketing.manage']),
      'GET /tickets/assignees': ({ url }: { url: URL }) => ({
        data:
          url.searchParams.get('organizationId') === '1'
            ? [
                { id: 5, name: 'Pat Tech', email: 'pat@msp.test' },
                { id: 6, name: 'Sam Tech', email: 'sam@msp.test' },
              ]
            : [],
      }),
      [`PATCH /tickets/${ticket.id}`]: ({ body }: { body: UpdateTicketRequest }) => ({
        ticket: { ...ticket, ...body, assigneeName: 'Sam Tech', version: 3 },
        timer: null,
      }),
    });
    await user.click(await screen.findByRole('combobox', { name: 'Assignee' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Pat Tech',
      'Sam Tech',
    ]);
    await user.click(screen.getByRole('option', { name: 'Sam Tech' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Unsaved changes' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('Ticket saved')).toBeInTheDocument();
    expect(requestBodies(fetchMock, `PATCH /tickets/${ticket.id}`)).toEqual([{ assigneeId: 6, version: 2 }]);
  });

  it('starts the timer and stops it with a note', async () => {
    const ticket = createTicket();
    const started = new Date(Date.now() - 65_000).toISOString();
    const { fetchMock, user } = openTicket(ticket, {
      [`POST /tickets/${ticket.id}/timer`]: { timer: { startTime: started }, entry: null },
      [`POST /tickets/${ticket.id}/timer/stop`]: { timer: null, entry: null },
    });
    await user.click(await screen.findByRole('button', { name: 'Start timer' }));
    expect(await screen.findByRole('timer', { name: 'Timer running' })).toHaveTextContent(/^00:0[1-9]:\d\d$/);
    await user.type(screen.getAllByRole('textbox', { name: 'Note' })[0]!, 'Called the user');
    await user.click(screen.getByRole('button', { name: 'Stop timer' }));
    expect(await screen.findByRole('button', { name: 'Start timer' })).toBeInTheDocument();
    expect(requestBodies(fetchMock, `POST /tickets/${ticket.id}/timer/stop`)).toEqual([
      { note: 'Called the user', isBillable: true },
    ]);
  });

  it('says so for a ticket that does not exist', async () => {
    const ticket = createTicket();
    openTicket(ticket, {
      [`GET /tickets/${ticket.id}`]: errorAnswer(404, 'TICKET_NOT_FOUND', ticketingMessages.notFound),
    });
    expect(await screen.findByRole('heading', { name: 'Ticket not found' })).toBeInTheDocument();
  });
});
