import { allPermissions } from '@rmm/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrganization } from '../../../test/device-factories.ts';
import { meAnswer } from '../../../test/job-factories.ts';
import { errorAnswer, type MockRoutes, mockFetch } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { pageOf } from '../../../test/scheduled-task-factories.ts';
import { createBoard, createTicket, setupAnswer, ticketPage } from '../../../test/ticket-factories.ts';
import { TicketingPage } from './ticketing-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const board = createBoard();
const mine = createBoard({ id: 2, name: 'My tickets', isSystem: false, columns: ['id', 'subject', 'tags'] });
const demo = createOrganization({ id: 1, name: 'Demo organization' });
const printer = createTicket({ id: 11, subject: 'Printer offline', priority: 'HIGH', assigneeName: 'Tech' });
const vpn = createTicket({ id: 12, subject: 'VPN drops', status: { id: 2, name: 'Open', category: 'OPEN' } });

const routes = (extra: MockRoutes = {}): MockRoutes => ({
  'GET /auth/me': meAnswer([...allPermissions]),
  'GET /ticket-boards': { boards: [board, mine] },
  'GET /ticket-boards/1': { board },
  'GET /ticket-boards/2': { board: mine },
  'GET /ticket-setup': setupAnswer(),
  'GET /organizations': pageOf([demo]),
  ...extra,
});

const openBoard = (extra: MockRoutes, url = '/ticketing/board/1') => {
  const fetchMock = mockFetch(routes(extra));
  return { ...renderRoute(<TicketingPage />, { path: '/ticketing/*', url }), fetchMock };
};

const boardRequests = (fetchMock: ReturnType<typeof mockFetch>, id = 1) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === `/ticket-boards/${id}/tickets`)
    .map((url) => Object.fromEntries(url.searchParams));

describe('a ticket board', { timeout: 120_000 }, () => {
  it('opens board 1 from /ticketing and shows its tickets in its columns, then the next page by cursor', async () => {
    const { fetchMock, router, user } = openBoard(
      {
        'GET /ticket-boards/1/tickets': ({ url }: { url: URL }) =>
          url.searchParams.get('cursor') === 'c1'
            ? ticketPage([vpn], { count: null })
            : ticketPage([printer], { count: 2, nextCursor: 'c1' }),
      },
      '/ticketing',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/ticketing/board/1'));
    const table = await screen.findByRole('table', { name: 'Tickets of All open tickets' });
    const row = within(table).getByRole('link', { name: 'Printer offline' }).closest('tr')!;
    expect(row).toHaveTextContent('#11');
    expect(within(row).getByText('High')).toBeInTheDocument();
    expect(within(row).getByText('Tech')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Updated' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByText('1 of 2 shown')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByRole('link', { name: 'VPN drops' })).toBeInTheDocument();
    expect(boardRequests(fetchMock)).toEqual([{ pageSize: '50' }, { pageSize: '50', cursor: 'c1' }]);
    expect(screen.getByText('2 of 2 shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('searches and filters by organization in the URL, and says when nothing matches', async () => {
    const { fetchMock, router, user } = openBoard({
      'GET /ticket-boards/1/tickets': ({ url }: { url: URL }) =>
        url.searchParams.get('search') ? ticketPage([]) : ticketPage([printer]),
    });
    await screen.findByRole('link', { name: 'Printer offline' });
    // The search runs once typing pauses (TICKET_SEARCH_DEBOUNCE_MS), then lands in the URL.
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'toner');
    expect(await screen.findByText('No tickets match the search or filters.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=toner');

    await user.click(screen.getByRole('combobox', { name: 'Organization' }));
    await user.click(await screen.findByRole('option', { name: 'Demo organization' }));
    await waitFor(() =>
      expect(boardRequests(fetchMock).at(-1)).toEqual({
        pageSize: '50',
        search: 'toner',
        organizationId: '1',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: 'Printer offline' })).toBeInTheDocument();
  });

  it('switches boards with the picker, and shows an empty board and a failed one as such', async () => {
    const { router, user } = openBoard({
      'GET /ticket-boards/1/tickets': errorAnswer(500, 'INTERNAL', 'The database is not answering'),
      'GET /ticket-boards/2/tickets': ticketPage([]),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The database is not answering');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Board' }));
    await user.click(await screen.findByRole('option', { name: 'My tickets' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ticketing/board/2'));
    expect(await screen.findByRole('heading', { name: 'My tickets' })).toBeInTheDocument();
    expect(await screen.findByText(/No tickets on this board/)).toBeInTheDocument();
  });

  it('moves between tickets with the arrow keys', async () => {
    const { user } = openBoard({ 'GET /ticket-boards/1/tickets': ticketPage([printer, vpn]) });
    const first = await screen.findByRole('link', { name: 'Printer offline' });
    first.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'VPN drops' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(first).toHaveFocus();
  });

  it('says so for a board that does not exist', async () => {
    openBoard(
      { 'GET /ticket-boards/9': errorAnswer(404, 'BOARD_NOT_FOUND', 'Board not found') },
      '/ticketing/board/9',
    );
    expect(await screen.findByRole('heading', { name: 'Board not found' })).toBeInTheDocument();
  });
});
