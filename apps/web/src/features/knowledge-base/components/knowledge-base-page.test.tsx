import { Notifications } from '@mantine/notifications';
import { allPermissions } from '@rmm/domain';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meAnswer } from '../../../test/job-factories.ts';
import {
  createKbArticle,
  createKbArticleSummary,
  createKbFolder,
  kbPage,
} from '../../../test/knowledge-base-factories.ts';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import {
  KB_SEARCH_DEBOUNCE_MS,
  KnowledgeBasePage,
  OrganizationKnowledgeBasePage,
} from './knowledge-base-page.tsx';

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const PATH = '/systemDashboard/knowledgeBase';
const open = (url = PATH) =>
  renderRoute(
    <>
      <Notifications />
      <KnowledgeBasePage />
    </>,
    { path: PATH, url },
  );

/** The query strings of the GET /knowledge-base/articles requests sent so far. */
const listQueries = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/knowledge-base/articles')
    .map((url) => Object.fromEntries(url.searchParams));

const organizations = { data: [{ id: 4, name: 'Contoso' }], count: 1, page: 1, pageSize: 500 };

describe('the knowledge base', () => {
  it('lists the folders and the articles, and filters by a folder', async () => {
    const runbooks = createKbFolder({ name: 'Runbooks', articleCount: 1 });
    const network = createKbFolder({ name: 'Network', parentId: runbooks.id });
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer([...allPermissions]),
      'GET /knowledge-base/folders': { folders: [network, runbooks] },
      'GET /knowledge-base/articles': kbPage([
        createKbArticleSummary({ title: 'Reset the VPN', organizationIds: [4, 5] }),
        createKbArticleSummary({ title: 'Printer drivers' }),
      ]),
    });
    const { user, router } = open();
    expect(await screen.findByRole('button', { name: 'Reset the VPN' })).toBeInTheDocument();
    expect(screen.getByText('2 organizations')).toBeInTheDocument();
    expect(screen.getByText('All organizations')).toBeInTheDocument();
    expect(screen.getByText('2 in total')).toBeInTheDocument();
    const tree = screen.getByRole('navigation', { name: 'Folders' });
    // Folders are buttons: reachable with the keyboard.
    await user.click(await within(tree).findByRole('button', { name: /^Network/ }));
    expect(router.state.location.search).toBe(`?folder=${network.id}`);
    await vi.waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({
        page: '1',
        pageSize: '25',
        folderId: String(network.id),
      }),
    );
  });

  it('searches once typing pauses and shows the highlighted snippet as text', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer(['knowledgeBase.view']),
      'GET /knowledge-base/folders': { folders: [] },
      'GET /knowledge-base/articles': ({ url }: { url: URL }) =>
        url.searchParams.get('q')
          ? kbPage([
              createKbArticleSummary({
                title: 'VPN',
                snippet: 'restart the <mark>vpn</mark> client &lt;b&gt;',
                rank: 1.2,
              }),
            ])
          : kbPage([]),
    });
    const { user, router } = open();
    expect(await screen.findByText('No articles here yet.')).toBeInTheDocument();
    // Reading only: no New article.
    expect(screen.queryByRole('button', { name: 'New article' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search articles' }), 'vpn');
    expect(listQueries(fetchMock).some((query) => query.q)).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(KB_SEARCH_DEBOUNCE_MS));
    await vi.waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({ page: '1', pageSize: '25', q: 'vpn' }),
    );
    expect(router.state.location.search).toBe('?q=vpn');
    const mark = await screen.findByText('vpn', { selector: 'mark' });
    expect(mark.parentElement).toHaveTextContent('restart the vpn client <b>');
  });

  it('renders an article from Markdown, with raw HTML as text and console links in place', async () => {
    const article = createKbArticle({
      title: 'Onboarding',
      body: '# Steps\n\nOpen [device search](/deviceSearch).\n\n<script>alert("x")</script>',
    });
    mockFetch({
      'GET /auth/me': meAnswer(['knowledgeBase.view']),
      'GET /knowledge-base/folders': { folders: [] },
      [`GET /knowledge-base/articles/${article.id}`]: { article },
    });
    open(`${PATH}?article=${article.id}`);
    expect(await screen.findByRole('heading', { name: 'Steps' })).toBeInTheDocument();
    expect(screen.getByText('<script>alert("x")</script>')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: 'device search' })).toHaveAttribute('href', '/deviceSearch');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('writes an article: validation, a safe preview, and the body it saves', async () => {
    const folder = createKbFolder({ name: 'Runbooks' });
    const saved = createKbArticle({ title: 'Reset the VPN' });
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer([...allPermissions]),
      'GET /knowledge-base/folders': { folders: [folder] },
      'GET /knowledge-base/articles': kbPage([]),
      'GET /organizations': organizations,
      'POST /knowledge-base/articles': { article: saved },
      [`GET /knowledge-base/articles/${saved.id}`]: { article: saved },
    });
    const { user, router } = open(`${PATH}?folder=${folder.id}`);
    await user.click(await screen.findByRole('button', { name: 'New article' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a title.')).toBeInTheDocument();
    expect(requestBodies(fetchMock, 'POST /knowledge-base/articles')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Reset the VPN');
    const body = screen.getByRole('textbox', { name: 'Text (Markdown)' });
    await user.click(body);
    await user.paste('## Steps\n\n<script>alert(1)</script>');
    await user.click(screen.getByRole('combobox', { name: 'Attach to organizations' }));
    await user.click(await screen.findByRole('option', { name: 'Contoso' }));
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(await screen.findByRole('heading', { name: 'Steps' })).toBeInTheDocument();
    expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /knowledge-base/articles')).toEqual([
        {
          title: 'Reset the VPN',
          body: '## Steps\n\n<script>alert(1)</script>',
          folderId: folder.id,
          organizationIds: [4],
          language: 'en',
        },
      ]),
    );
    await vi.waitFor(() =>
      expect(router.state.location.search).toBe(`?folder=${folder.id}&article=${saved.id}`),
    );
    expect(await screen.findByText('Article saved')).toBeInTheDocument();
  });

  it('deletes an article only after confirmation', async () => {
    const article = createKbArticle({ title: 'Old notes' });
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer([...allPermissions]),
      'GET /knowledge-base/folders': { folders: [] },
      'GET /knowledge-base/articles': kbPage([]),
      [`GET /knowledge-base/articles/${article.id}`]: { article },
      [`DELETE /knowledge-base/articles/${article.id}`]: { ok: true },
    });
    const { user, router } = open(`${PATH}?article=${article.id}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the article “Old notes”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestBodies(fetchMock, `DELETE /knowledge-base/articles/${article.id}`)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete the article “Old notes”?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(requestBodies(fetchMock, `DELETE /knowledge-base/articles/${article.id}`)).toHaveLength(1),
    );
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the organization’s articles and attaches a new one to it', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer([...allPermissions]),
      'GET /client/4': { resultCode: 'SUCCESS', client: { id: 4, name: 'Contoso', locations: [] } },
      'GET /knowledge-base/folders': { folders: [] },
      'GET /knowledge-base/articles': kbPage([
        createKbArticleSummary({ title: 'Contoso Wi-Fi', organizationIds: [4] }),
      ]),
      'GET /organizations': organizations,
      'POST /knowledge-base/articles': {
        article: createKbArticle({ title: 'Printer', organizationIds: [4] }),
      },
    });
    const { user } = renderRoute(<OrganizationKnowledgeBasePage />, {
      path: '/customerDashboard/:id/documentation/*',
      url: '/customerDashboard/4/documentation',
    });
    expect(await screen.findByRole('heading', { name: 'Documentation: Contoso' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Contoso Wi-Fi' })).toBeInTheDocument();
    expect(listQueries(fetchMock).at(-1)).toEqual({ page: '1', pageSize: '25', organizationId: '4' });
    await user.click(screen.getByRole('button', { name: 'New article' }));
    await user.type(await screen.findByRole('textbox', { name: /Title/ }), 'Printer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The new article is attached to the organization shown.
    await vi.waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /knowledge-base/articles')).toEqual([
        { title: 'Printer', body: '', folderId: null, organizationIds: [4], language: 'en' },
      ]),
    );
  });

  it('adds a folder inside the folder selected', async () => {
    const runbooks = createKbFolder({ name: 'Runbooks' });
    const created = createKbFolder({ name: 'Network', parentId: runbooks.id });
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer([...allPermissions]),
      'GET /knowledge-base/folders': { folders: [runbooks] },
      'GET /knowledge-base/articles': kbPage([]),
      'POST /knowledge-base/folders': { folder: created },
    });
    const { user, router } = open(`${PATH}?folder=${runbooks.id}`);
    await user.click(await screen.findByRole('button', { name: 'New folder in “Runbooks”' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder in “Runbooks”' });
    await user.type(within(dialog).getByRole('textbox', { name: /Folder name/ }), '  Network ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /knowledge-base/folders')).toEqual([
        { name: 'Network', parentId: runbooks.id },
      ]),
    );
    await vi.waitFor(() => expect(router.state.location.search).toBe(`?folder=${created.id}`));
  });
});
