import { type AttachmentWithUrl, messages, type SupportTicket } from '@rmm/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  createAttachment,
  createSupportTicket,
  createSupportTicketMessage,
  createSupportTicketSummary,
} from '../../../test/attachment-factories.ts';
import { type MockRoutes, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { SUPPORT_INBOX_SEARCH_DEBOUNCE_MS, SupportInboxPage } from './support-inbox-page.tsx';

const path = '/administration/general/supportInbox';

const renderInbox = (routes: MockRoutes, url = path) => {
  const fetchMock = mockFetch(routes);
  return { ...renderRoute(<SupportInboxPage />, { path, url }), fetchMock };
};

const listRequests = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/support/tickets')
    .map((url) => Object.fromEntries(url.searchParams));

const page = (data: unknown[], count = data.length, pageNumber = 1) => ({
  data,
  count,
  page: pageNumber,
  pageSize: 25,
});

describe('the support inbox list', () => {
  it('shows the open tickets first, then filters by status, searches and pages, each in the URL', async () => {
    const printer = createSupportTicketSummary({
      subject: 'Printer offline',
      priority: 'URGENT',
      attachmentCount: 2,
    });
    const { user, fetchMock, router } = renderInbox({
      'GET /support/tickets': ({ url }: { url: URL }) =>
        url.searchParams.get('status') === 'CLOSED' ? page([]) : page([printer], 60),
    });
    expect(screen.getByLabelText('Loading…')).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'Printer offline' })).closest('tr')!;
    expect(within(row).getByText('Rita Requester')).toBeInTheDocument();
    expect(within(row).getByText('rita@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Urgent')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(within(row).getByLabelText('2 attachments')).toBeInTheDocument();
    expect(listRequests(fetchMock)).toEqual([{ page: '1', pageSize: '25', status: 'OPEN' }]);

    await user.click(screen.getByRole('radio', { name: 'Closed' }));
    expect(await screen.findByText('No closed tickets yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=CLOSED');

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await screen.findByRole('link', { name: 'Printer offline' });
    expect(listRequests(fetchMock).at(-1)).toEqual({ page: '1', pageSize: '25' });

    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(listRequests(fetchMock).at(-1)).toEqual({ page: '2', pageSize: '25' }));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search tickets' }), {
        target: { value: 'printer' },
      });
      await act(() => vi.advanceTimersByTimeAsync(SUPPORT_INBOX_SEARCH_DEBOUNCE_MS));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() =>
      expect(listRequests(fetchMock).at(-1)).toEqual({ page: '1', pageSize: '25', search: 'printer' }),
    );
    expect(router.state.location.search).toBe('?status=all&search=printer');
  });

  it('says when there are no open tickets, and when nothing matches a search', async () => {
    renderInbox({ 'GET /support/tickets': page([]) });
    expect(await screen.findByText(/No open tickets/)).toBeInTheDocument();
    renderInbox({ 'GET /support/tickets': page([]) }, `${path}?search=zebra`);
    expect(await screen.findByText('No tickets match “zebra”.')).toBeInTheDocument();
  });
});

describe('a support ticket', () => {
  const screenshot = createAttachment({
    metadata: { name: 'screen.png', mimeType: 'image/png', size: 5000, extension: 'png' },
  });
  const flagged = createAttachment({ uploadStatus: 'SUSPICIOUS', metadata: { name: 'setup.pdf' } });

  const ticketRoutes = (ticket: SupportTicket, extra: MockRoutes = {}): MockRoutes => ({
    'GET /support/tickets': page([ticket]),
    [`GET /support/tickets/${ticket.id}`]: { ticket },
    ...extra,
  });

  it('opens from the list with its fields, cc, and the messages as plain text with their attachment tiles', async () => {
    const ticket = createSupportTicket({
      subject: 'VPN <b>down</b>',
      priority: 'HIGH',
      messages: [
        createSupportTicketMessage({
          body: 'It fails since <script>alert(1)</script> this morning.\nSecond line.',
          attachments: [screenshot, flagged],
        }),
        createSupportTicketMessage({
          isFromRequester: false,
          author: { id: 1, name: 'Ada Admin', email: 'ada@example.com' },
          body: 'Looking into it.',
        }),
      ],
    });
    const { user } = renderInbox(ticketRoutes(ticket));
    await user.click(await screen.findByRole('link', { name: 'VPN <b>down</b>' }));

    const article = await screen.findByRole('article', { name: 'VPN <b>down</b>' });
    expect(within(article).getByText('High')).toBeInTheDocument();
    expect(within(article).getByText('+1 555 0100')).toBeInTheDocument();
    expect(within(article).getByText('Printing')).toBeInTheDocument();
    expect(within(article).getByText('Callback requested').nextSibling).toHaveTextContent('Yes');
    expect(within(article).getByText('German')).toBeInTheDocument();
    expect(within(article).getByText('boss@example.com')).toBeInTheDocument();
    expect(within(article).getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(article.querySelector('script')).toBeNull();

    const fromRequester = within(article).getByRole('listitem', { name: 'Rita Requester' });
    expect(within(fromRequester).getByRole('button', { name: 'Preview screen.png' })).toBeInTheDocument();
    expect(within(fromRequester).getByText(messages.attachments.suspicious)).toBeInTheDocument();
    expect(within(fromRequester).queryByRole('button', { name: /setup\.pdf/ })).toBeNull();
    expect(within(article).getByRole('listitem', { name: 'Ada Admin' })).toHaveTextContent('Support');

    await user.click(within(fromRequester).getByRole('button', { name: 'Preview screen.png' }));
    expect(await screen.findByRole('img', { name: 'screen.png' })).toHaveAttribute(
      'src',
      screenshot.signedUrl,
    );
  });

  it('sends a reply with its SUCCESS upload', async () => {
    const ticket = createSupportTicket();
    const upload = createAttachment({ metadata: { name: 'fix.txt' } });
    const { user, fetchMock } = renderInbox(
      ticketRoutes(ticket, {
        'POST /ws/support/upload-attachment': (): AttachmentWithUrl => upload,
        [`POST /support/tickets/${ticket.id}/replies`]: { ticket },
      }),
      `${path}?ticket=${ticket.id}`,
    );
    const reply = await screen.findByRole('textbox', { name: 'Your reply' });
    await user.type(reply, 'Restart the spooler, please.');
    await user.upload(
      screen.getByLabelText('Add attachments'),
      new File(['fix'], 'fix.txt', { type: 'text/plain' }),
    );
    await screen.findByRole('button', { name: 'Download fix.txt' });
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, `POST /support/tickets/${ticket.id}/replies`)).toEqual([
        { body: 'Restart the spooler, please.', uploads: [upload.id] },
      ]),
    );
    await waitFor(() => expect(reply).toHaveValue(''));
  });

  it('closes after a confirmation, then offers to reopen', async () => {
    let ticket = createSupportTicket();
    const { user, fetchMock } = renderInbox(
      {
        [`GET /support/tickets/${ticket.id}`]: () => ({ ticket }),
        [`POST /support/tickets/${ticket.id}/close`]: () => {
          ticket = { ...ticket, status: 'CLOSED', closedAt: '2026-11-21T10:00:00.000Z' };
          return { ticket };
        },
        [`POST /support/tickets/${ticket.id}/reopen`]: () => {
          ticket = { ...ticket, status: 'OPEN', closedAt: null };
          return { ticket };
        },
      },
      `${path}?ticket=${ticket.id}`,
    );
    await user.click(await screen.findByRole('button', { name: 'Close ticket' }));
    const dialog = await screen.findByRole('dialog', { name: `Close ticket ${ticket.id}?` });
    expect(requestBodies(fetchMock, `POST /support/tickets/${ticket.id}/close`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close ticket' }));

    expect(await screen.findByRole('button', { name: 'Reopen ticket' })).toBeInTheDocument();
    expect(screen.getByText('This ticket is closed. Reopen it to reply.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reopen ticket' }));
    expect(await screen.findByRole('textbox', { name: 'Your reply' })).toBeInTheDocument();
    expect(requestBodies(fetchMock, `POST /support/tickets/${ticket.id}/reopen`)).toHaveLength(1);
  });

  it('says when the ticket does not exist', async () => {
    renderInbox({}, `${path}?ticket=999`);
    expect(await screen.findByRole('heading', { name: 'Ticket not found' })).toBeInTheDocument();
  });
});
