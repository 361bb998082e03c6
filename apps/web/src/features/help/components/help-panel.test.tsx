import { HELP_SEARCH_DEBOUNCE_MS } from '@rmm/domain/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HelpPanel } from '../../../app/help-panel.tsx';
import { createPublicBranding } from '../../../test/branding-factories.ts';
import { createHelpArticle, createHelpSearchResult, summaryOf } from '../../../test/help-factories.ts';
import { meAnswer } from '../../../test/job-factories.ts';
import { errorAnswer, type MockRoutes, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestQueryClient } from '../../../test/render-route.tsx';
import { useHelpPanelState } from '../use-help-panel-state.ts';

const deviceArticle = createHelpArticle({
  slug: 'device-dashboard',
  title: 'The device dashboard',
  summary: 'What the device dashboard shows.',
  body: [
    '## What it shows',
    '',
    'Plan runs under [scheduled tasks](/administration/tasks) or read the [vendor notes](https://example.com/notes).',
    '',
    '- Status',
    '- Jobs',
    '',
    '```sh',
    'echo hello',
    '```',
    '',
    '| Column | Meaning |',
    '| --- | --- |',
    '| Status | Up or down |',
    '',
    'Raw <b>markup</b> is dropped. <img src=x onerror=alert(1)>',
  ].join('\n'),
});
const scriptArticle = createHelpArticle({ slug: 'run-a-script', title: 'Run a script' });

/** The console frame around the panel: the header's help button, the screen, and the state hook. */
const Frame = () => {
  const help = useHelpPanelState();
  return (
    <>
      <button type="button" onClick={help.toggle}>
        Help
      </button>
      <Outlet />
      {help.isOpen && <HelpPanel onClose={help.close} />}
    </>
  );
};

const renderConsole = (routes: MockRoutes = {}, url = '/deviceDashboard/12/overview') => {
  const fetchMock = mockFetch({
    'GET /branding': createPublicBranding(),
    'GET /auth/me': meAnswer(['helpTickets.submit']),
    'GET /help/suggestions': ({ url: requestUrl }: { url: URL }) =>
      requestUrl.searchParams.get('path') === '/deviceDashboard/12/overview'
        ? {
            pattern: '/deviceDashboard/:id/overview',
            articles: [summaryOf(deviceArticle), summaryOf(scriptArticle)],
          }
        : { pattern: null, articles: [] },
    [`GET /help/articles/${deviceArticle.slug}`]: deviceArticle,
    'POST /help/client-errors': { ok: true },
    ...routes,
  });
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          {
            path: '/deviceDashboard/:id/overview',
            element: (
              <>
                <h1>Device overview</h1>
                <Link to="/editor/script/3">Edit script</Link>
              </>
            ),
          },
          { path: '/administration/tasks', element: <h1>Scheduled tasks page</h1> },
          { path: '/customerDashboard/:id/overview', element: <h1>Organization overview</h1> },
          { path: '/systemDashboard/knowledgeBase', element: <h1>Knowledge base page</h1> },
          { path: '/editor/script/:id', element: <h1>Script editor</h1> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  const view = renderWithProviders(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, fetchMock, router };
};

const openHelp = async (user: ReturnType<typeof renderConsole>['user']) => {
  await user.click(screen.getByRole('button', { name: 'Help' }));
  return screen.findByRole('complementary', { name: 'Help' });
};

const searchRequests = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/help/search');

/**
 * Back to the real clock once the fake one has run what the search scheduled (the query's answer reaches the
 * screen through zero-delay timeouts, which would be lost if the fake clock were dropped with them pending).
 */
const settleAndUseRealTimers = async () => {
  for (let step = 0; step < 10; step++) await act(() => vi.advanceTimersByTimeAsync(10));
  vi.useRealTimers();
};

/** Types `text` into the search box on a fake clock, then lets the debounce run out. */
const searchFor = async (text: string) => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search help articles' }), {
    target: { value: text },
  });
  await act(() => vi.advanceTimersByTimeAsync(HELP_SEARCH_DEBOUNCE_MS));
  await settleAndUseRealTimers();
};

afterEach(() => vi.useRealTimers());

describe('the help panel', () => {
  it('opens from the header button with the articles suggested for the current screen', async () => {
    const { user, fetchMock } = renderConsole();
    const panel = await openHelp(user);
    const suggested = await within(panel).findByRole('navigation', { name: 'Suggested for this screen' });
    expect(
      within(suggested)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual([
      `${deviceArticle.title}${deviceArticle.summary}`,
      `${scriptArticle.title}${scriptArticle.summary}`,
    ]);
    const [request] = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), window.location.origin))
      .filter((url) => url.pathname === '/help/suggestions');
    expect(request?.searchParams.get('path')).toBe('/deviceDashboard/12/overview');
    expect(request?.searchParams.get('locale')).toBe('en');
    expect(within(panel).getByRole('link', { name: 'Knowledge base' })).toHaveAttribute(
      'href',
      '/systemDashboard/knowledgeBase',
    );
    // Not configured yet: no video tutorials, no academy.
    expect(within(panel).queryByRole('link', { name: /Video tutorials|Academy/ })).toBeNull();
  });

  it('reaches the search box and every suggested article by keyboard', async () => {
    const { user } = renderConsole();
    const panel = await openHelp(user);
    await within(panel).findByRole('button', { name: /The device dashboard/ });
    expect(within(panel).getByRole('searchbox', { name: 'Search help articles' })).toHaveFocus();
    await user.tab();
    expect(within(panel).getByRole('button', { name: /The device dashboard/ })).toHaveFocus();
    await user.tab();
    expect(within(panel).getByRole('button', { name: /Run a script/ })).toHaveFocus();
  });

  it('searches only once typing has stopped for 2 seconds, for the query and the console language', async () => {
    const result = createHelpSearchResult({
      title: 'Back up a device',
      snippet: 'How to <mark>back</mark> up &amp; restore',
    });
    const { user, fetchMock } = renderConsole({ 'GET /help/search': { results: [result] } });
    const panel = await openHelp(user);
    await within(panel).findByRole('button', { name: /The device dashboard/ });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const box = within(panel).getByRole('searchbox', { name: 'Search help articles' });
    fireEvent.change(box, { target: { value: 'ba' } });
    expect(within(panel).getByRole('heading', { name: 'Articles' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(HELP_SEARCH_DEBOUNCE_MS - 500));
    fireEvent.change(box, { target: { value: 'back' } });
    await act(() => vi.advanceTimersByTimeAsync(HELP_SEARCH_DEBOUNCE_MS - 1));
    expect(searchRequests(fetchMock)).toHaveLength(0);
    expect(within(panel).getByLabelText('Searching…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await settleAndUseRealTimers();

    const results = await within(panel).findByRole('navigation', { name: 'Articles' });
    expect(searchRequests(fetchMock).map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { q: 'back', locale: 'en' },
    ]);
    const item = within(results).getByRole('button', { name: /Back up a device/ });
    expect(item).toHaveTextContent('How to back up & restore');
    expect(within(item).getByText('back', { selector: 'mark' })).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    const { user } = renderConsole({ 'GET /help/search': { results: [] } });
    await openHelp(user);
    await searchFor('zebra');
    expect(await screen.findByText('No articles match “zebra”.')).toBeInTheDocument();
  });

  it('shows an error state when the search fails and reports the failure to the server', async () => {
    const { user, fetchMock } = renderConsole({
      'GET /help/search': () => errorAnswer(500, 'INTERNAL', 'Something went wrong on the server.'),
    });
    await openHelp(user);
    await searchFor('backup');
    expect(await screen.findByText('Unable to load help articles')).toBeInTheDocument();
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /help/client-errors')).toEqual([
        {
          source: 'help.search',
          message: 'Something went wrong on the server.',
          path: '/deviceDashboard/12/overview',
          status: 500,
          code: 'INTERNAL',
        },
      ]),
    );
  });

  it('opens an article rendered from Markdown without raw HTML, and a console link navigates in place', async () => {
    const { user, router, container } = renderConsole();
    const panel = await openHelp(user);
    await user.click(await within(panel).findByRole('button', { name: /The device dashboard/ }));

    expect(await within(panel).findByRole('heading', { name: 'The device dashboard' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'What it shows' })).toBeInTheDocument();
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Status', 'Jobs']);
    expect(within(panel).getByText('echo hello')).toBeInTheDocument();
    expect(within(panel).getByRole('table')).toHaveTextContent('StatusUp or down');
    // Raw HTML is dropped, its text kept as text.
    expect(within(panel).getByText('Raw markup is dropped.')).toBeInTheDocument();
    expect(container.querySelector('b, img')).toBeNull();
    expect(within(panel).getByRole('link', { name: 'vendor notes' })).toMatchObject({
      target: '_blank',
      rel: 'noopener noreferrer',
    });

    await user.click(within(panel).getByRole('link', { name: 'scheduled tasks' }));
    expect(await screen.findByRole('heading', { name: 'Scheduled tasks page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/administration/tasks');
    expect(screen.getByRole('complementary', { name: 'Help' })).toBeInTheDocument();
  });

  it('goes back through the views it opened: article, then results, then suggestions', async () => {
    const result = createHelpSearchResult({ slug: deviceArticle.slug, title: deviceArticle.title });
    const { user } = renderConsole({ 'GET /help/search': { results: [result] } });
    const panel = await openHelp(user);
    await within(panel).findByRole('button', { name: /Run a script/ });
    expect(within(panel).queryByRole('button', { name: 'Back' })).toBeNull();
    await searchFor('device');
    await user.click(
      within(await within(panel).findByRole('navigation', { name: 'Articles' })).getByRole('button', {
        name: /The device dashboard/,
      }),
    );
    await within(panel).findByRole('heading', { name: 'What it shows' });

    await user.click(within(panel).getByRole('button', { name: 'Back' }));
    expect(within(panel).getByRole('navigation', { name: 'Articles' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Back' }));
    expect(within(panel).getByRole('navigation', { name: 'Suggested for this screen' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('opens the submit-a-ticket view with its form, and Back returns to the suggestions', async () => {
    const { user } = renderConsole();
    const panel = await openHelp(user);
    await user.click(await within(panel).findByRole('button', { name: 'Submit a ticket' }));
    expect(await within(panel).findByRole('textbox', { name: /^Subject/ })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Back' }));
    expect(within(panel).getByRole('heading', { name: 'Suggested for this screen' })).toBeInTheDocument();
  });

  it('closes on Escape, also from the search box, and on its close button', async () => {
    const { user } = renderConsole();
    await openHelp(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Help' })).toBeNull();
    const panel = await openHelp(user);
    await user.click(within(panel).getByRole('button', { name: 'Close help' }));
    expect(screen.queryByRole('complementary', { name: 'Help' })).toBeNull();
  });

  it('closes when an editor route is entered', async () => {
    const { user } = renderConsole();
    await openHelp(user);
    await user.click(screen.getByRole('link', { name: 'Edit script' }));
    expect(await screen.findByRole('heading', { name: 'Script editor' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Help' })).toBeNull();
  });
});

describe('the help panel follows the branding (spec §6, §9)', () => {
  it('without articles: no suggestions, no search box, no knowledge-base link', async () => {
    const { user, fetchMock } = renderConsole({
      'GET /branding': createPublicBranding({ help: { articles: false } }),
    });
    const panel = await openHelp(user);
    expect(await within(panel).findByRole('button', { name: 'Submit a ticket' })).toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Suggested for this screen' })).toBeNull();
    expect(within(panel).queryByRole('searchbox')).toBeNull();
    expect(within(panel).queryByRole('link', { name: 'Knowledge base' })).toBeNull();
    expect(
      fetchMock.mock.calls.filter(([input]) => String(input).includes('/help/suggestions')),
    ).toHaveLength(0);
  });

  it('without the permission to submit help tickets: no "Submit a ticket"', async () => {
    const { user } = renderConsole({ 'GET /auth/me': meAnswer([]) });
    const panel = await openHelp(user);
    expect(await within(panel).findByRole('link', { name: 'Knowledge base' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Submit a ticket' })).toBeNull();
  });

  it('without submitting tickets: no "Submit a ticket"', async () => {
    const { user } = renderConsole({
      'GET /branding': createPublicBranding({ help: { submitTicket: false } }),
    });
    const panel = await openHelp(user);
    expect(await within(panel).findByRole('link', { name: 'Knowledge base' })).toBeInTheDocument();
    expect(within(panel).getByRole('searchbox', { name: 'Search help articles' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Submit a ticket' })).toBeNull();
  });

  it('lists the configured video tutorials, each quality a link of its own', async () => {
    const { user } = renderConsole({
      'GET /branding': createPublicBranding({ help: { videoTutorials: true } }),
      'GET /help/video-tutorials': {
        topics: [
          {
            topic: 'technicianCreation',
            title: 'Technician creation',
            url: 'https://videos.example.com/technicians',
            sources: [],
          },
          {
            topic: 'backup',
            title: 'Backup',
            url: null,
            sources: [
              { quality: '240p', url: 'https://cdn.example.com/backup-240.mp4' },
              { quality: '1080p', url: 'https://cdn.example.com/backup-1080.mp4' },
            ],
          },
        ],
      },
    });
    const panel = await openHelp(user);
    expect(await within(panel).findByRole('link', { name: /Technician creation/ })).toMatchObject({
      href: 'https://videos.example.com/technicians',
      target: '_blank',
    });
    expect(within(panel).queryByRole('group', { name: /Technician creation/ })).toBeNull();
    const qualities = within(panel).getByRole('group', { name: 'Backup: choose a quality' });
    expect(
      within(qualities)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['240p', 'https://cdn.example.com/backup-240.mp4'],
      ['1080p', 'https://cdn.example.com/backup-1080.mp4'],
    ]);
    expect(within(panel).getByRole('link', { name: 'Backup in 1080p' })).toHaveAttribute('target', '_blank');
  });

  it('shows no video tutorials when none are configured', async () => {
    const { user, fetchMock } = renderConsole();
    const panel = await openHelp(user);
    await within(panel).findByRole('button', { name: /The device dashboard/ });
    expect(within(panel).queryByRole('heading', { name: 'Video tutorials' })).toBeNull();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('video-tutorials'))).toHaveLength(
      0,
    );
  });

  it('links the configured academy, by its name, to its sign-in path in a new tab', async () => {
    const { user } = renderConsole({
      'GET /branding': createPublicBranding({
        help: { academy: true },
        academy: { name: 'Acme Academy', loginPath: '/ws/integrations/learn/login' },
      }),
    });
    const panel = await openHelp(user);
    const link = await within(panel).findByRole('link', { name: /Acme Academy/ });
    expect(link).toHaveAttribute('href', '/ws/integrations/learn/login');
    expect(link).toHaveAttribute('target', '_blank');
  });
});

describe('knowledge-base articles in the help panel', () => {
  it('suggests the organization’s articles under their own heading and opens one on its console screen', async () => {
    const { user, router } = renderConsole(
      {
        'GET /help/suggestions': {
          pattern: '/customerDashboard/:id/overview',
          articles: [summaryOf(scriptArticle)],
          knowledgeBase: [
            {
              id: 41,
              title: 'Acme printer setup',
              updatedAt: '2026-01-02T10:00:00.000Z',
              path: '/systemDashboard/knowledgeBase?article=41',
            },
          ],
        },
      },
      '/customerDashboard/7/overview',
    );
    const panel = await openHelp(user);
    expect(
      await within(panel).findByRole('heading', { name: 'From your knowledge base' }),
    ).toBeInTheDocument();
    const kb = within(panel).getByRole('navigation', { name: 'From your knowledge base' });
    await user.click(within(kb).getByRole('link', { name: /Acme printer setup/ }));
    expect(await screen.findByRole('heading', { name: 'Knowledge base page' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({
      pathname: '/systemDashboard/knowledgeBase',
      search: '?article=41',
    });
    // The panel stays open on its default view.
    expect(screen.getByRole('complementary', { name: 'Help' })).toBeInTheDocument();
  });

  it('opens a knowledge-base search result on its console screen, not in the article view', async () => {
    const kbResult = createHelpSearchResult({
      slug: 'knowledge-base-41',
      title: 'Acme printer setup',
      source: 'knowledgeBase',
      knowledgeBaseArticleId: 41,
      path: '/systemDashboard/knowledgeBase?article=41',
    });
    const { user, router, fetchMock } = renderConsole({ 'GET /help/search': { results: [kbResult] } });
    const panel = await openHelp(user);
    await within(panel).findByRole('button', { name: /The device dashboard/ });
    await searchFor('printer');
    const results = await within(panel).findByRole('navigation', { name: 'Articles' });
    await user.click(within(results).getByRole('link', { name: /Acme printer setup/ }));
    expect(await screen.findByRole('heading', { name: 'Knowledge base page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?article=41');
    expect(within(panel).getByRole('navigation', { name: 'Articles' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/help/articles/'))).toBe(false);
  });
});
