import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import {
  createScript,
  createScriptSummary,
  createScriptsMe,
  createScriptTemplate,
  scriptsPage,
} from '../../../test/script-factories.ts';
import { SEARCH_DELAY_MS } from './script-filters.tsx';
import { ScriptLibraryPage } from './script-library-page.tsx';

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const PATH = '/administration/library/scripting/:page';

const open = (url: string) => renderRoute(<ScriptLibraryPage />, { path: PATH, url });

/** The query strings of the GET /scripts requests sent so far. */
const listQueries = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/scripts')
    .map((url) => Object.fromEntries(url.searchParams));

describe('the script library', () => {
  it('lists the scripts with their category, language, operating systems, version and editor link', async () => {
    const cleanUp = createScriptSummary({
      id: 7,
      name: 'Clean temp files',
      description: 'Empties /tmp',
      category: 'MAINTENANCE',
      language: 'powershell',
      operatingSystems: ['WINDOWS', 'LINUX'],
      version: 3,
    });
    mockFetch({
      'GET /auth/me': createScriptsMe(),
      'GET /scripts': scriptsPage([cleanUp, createScriptSummary({ name: 'List users', category: 'USERS' })]),
    });
    open('/administration/library/scripting/scripts');

    const row = (await screen.findByRole('link', { name: 'Clean temp files' })).closest('tr')!;
    expect(within(row).getByText('Empties /tmp')).toBeInTheDocument();
    expect(within(row).getByText('Maintenance')).toBeInTheDocument();
    expect(within(row).getByText('PowerShell')).toBeInTheDocument();
    expect(within(row).getByText('Windows')).toBeInTheDocument();
    expect(within(row).getByText('Linux')).toBeInTheDocument();
    expect(within(row).getByText('v3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clean temp files' })).toHaveAttribute(
      'href',
      '/editor/script/7',
    );
    expect(screen.getByRole('link', { name: 'List users' })).toBeInTheDocument();
    expect(screen.getByText('2 in total')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New script' })).toHaveAttribute('href', '/editor/script/new');
  });

  it('sends the filters and the search, once typing pauses, and starts again at page 1', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': createScriptsMe(),
      'GET /scripts': ({ url }: { url: URL }) =>
        scriptsPage([createScriptSummary({ name: `Found ${url.search}` })], 60),
    });
    const { user, router } = open('/administration/library/scripting/scripts?page=2');
    await screen.findByText('60 in total');
    expect(listQueries(fetchMock).at(-1)).toEqual({ page: '2', pageSize: '25' });

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Security' }));
    await vi.waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({ page: '1', pageSize: '25', category: 'SECURITY' }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Operating system' }));
    await user.click(await screen.findByRole('option', { name: 'macOS' }));
    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Python' }));

    const sentBefore = listQueries(fetchMock).length;
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'disk');
    expect(listQueries(fetchMock)).toHaveLength(sentBefore); // nothing sent while typing
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    await vi.waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({
        page: '1',
        pageSize: '25',
        category: 'SECURITY',
        operatingSystem: 'MAC',
        language: 'python',
        search: 'disk',
      }),
    );
    expect(listQueries(fetchMock).filter((query) => query.search !== undefined)).toHaveLength(1);
    expect(router.state.location.search).toContain('search=disk');
  });

  it('says when the library is empty, and when nothing matches', async () => {
    mockFetch({ 'GET /auth/me': createScriptsMe(), 'GET /scripts': scriptsPage([]) });
    const first = open('/administration/library/scripting/scripts');
    expect(
      await screen.findByText('No scripts yet. Write one, or start from a template.'),
    ).toBeInTheDocument();
    first.unmount();
    open('/administration/library/scripting/scripts?language=cmd');
    expect(await screen.findByText('Nothing matches your search.')).toBeInTheDocument();
  });

  it('shows "Error loading scripts" when the list fails', async () => {
    mockFetch({
      'GET /auth/me': createScriptsMe(),
      'GET /scripts': () => errorAnswer(500, 'INTERNAL', 'The database is not reachable.'),
    });
    open('/administration/library/scripting/scripts');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading scripts');
    expect(alert).toHaveTextContent('The database is not reachable.');
  });

  it('offers no "New script" without scripts.manage, and opens an unknown tab on the scripts', async () => {
    mockFetch({
      'GET /auth/me': createScriptsMe(['scripts.view']),
      'GET /scripts': scriptsPage([createScriptSummary({ name: 'Read only' })]),
    });
    const { router } = open('/administration/library/scripting/1');
    expect(await screen.findByRole('link', { name: 'Read only' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/administration/library/scripting/scripts');
    expect(screen.queryByRole('link', { name: 'New script' })).not.toBeInTheDocument();
  });
});

describe('the templates tab', () => {
  it('views a template and copies one into the library, then opens the copy in the editor', async () => {
    const template = createScriptTemplate({ id: 4, name: 'Restart a service' });
    const fetchMock = mockFetch({
      'GET /auth/me': createScriptsMe(),
      'GET /scripts/templates': { templates: [template, createScriptTemplate({ name: 'Disk usage' })] },
      'POST /scripts/templates/4/copy': () => ({
        script: createScript({ id: 51, name: 'Restart a service', templateId: 4 }),
      }),
    });
    const { user, router } = open('/administration/library/scripting/templates');
    const view = await screen.findByRole('link', { name: 'View Restart a service' });
    expect(view).toHaveAttribute('href', '/editor/templateScript/4');
    expect(screen.getByText('Disk usage')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use template Restart a service' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/editor/script/51'));
    expect(requestBodies(fetchMock, 'POST /scripts/templates/4/copy')).toEqual([{}]);
  });

  it('lets a user without scripts.manage view templates but not use them', async () => {
    mockFetch({
      'GET /auth/me': createScriptsMe(['scripts.view']),
      'GET /scripts/templates': { templates: [createScriptTemplate({ name: 'Collect logs' })] },
    });
    open('/administration/library/scripting/templates');
    expect(await screen.findByRole('link', { name: 'View Collect logs' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Use template/ })).not.toBeInTheDocument();
  });
});
