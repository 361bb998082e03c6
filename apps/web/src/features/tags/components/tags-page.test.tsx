import { messages } from '@rmm/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createMe } from '../../../test/search-factories.ts';
import { createTag, tagPage } from '../../../test/tag-factories.ts';
import { TagsPage } from './tags-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const openTags = (url = '/administration/devices/tags') =>
  renderRoute(<TagsPage />, { path: '/administration/devices/tags', url });

const tagListUrls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/devices/tags');

describe('TagsPage', { timeout: 20_000 }, () => {
  it('shows a loader, then says there are no tags yet', async () => {
    let send: (value: unknown) => void = () => {};
    mockFetch({
      'GET /auth/me': createMe(),
      'GET /devices/tags': () => new Promise((resolve) => (send = resolve)),
    });
    openTags();
    expect(await screen.findByLabelText('Loading…')).toBeInTheDocument();
    send(tagPage([]));
    expect(await screen.findByText(/No tags yet/)).toBeInTheDocument();
  });

  it('lists the tags with their device counts, and searches by name through the URL', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /devices/tags': ({ url }: { url: URL }) =>
        url.searchParams.get('search') === 'lin'
          ? tagPage([createTag({ name: 'linux', deviceCount: 4 })])
          : tagPage([
              createTag({ name: 'linux', deviceCount: 4, description: 'Linux servers' }),
              createTag({ name: 'windows', deviceCount: 1200 }),
            ]),
    });
    const { user, router } = openTags();
    const table = await screen.findByRole('table', { name: 'Tags' });
    expect(within(table).getByRole('row', { name: /linux/ })).toHaveTextContent('linuxLinux servers4');
    expect(within(table).getByRole('row', { name: /windows/ })).toHaveTextContent('1,200');

    await user.type(screen.getByRole('textbox', { name: 'Search tags' }), 'lin');
    await waitFor(() => expect(router.state.location.search).toBe('?q=lin'));
    await waitFor(() => expect(within(table).queryByText('windows')).not.toBeInTheDocument());
    expect(tagListUrls(fetchMock).at(-1)?.searchParams.get('search')).toBe('lin');
  });

  it('says so when nothing matches the search', async () => {
    mockFetch({ 'GET /auth/me': createMe(), 'GET /devices/tags': tagPage([]) });
    openTags('/administration/devices/tags?q=zzz');
    expect(await screen.findByText('No tag matches “zzz”.')).toBeInTheDocument();
  });

  it('creates a tag, showing the tag rules as the name is typed', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /devices/tags': tagPage([]),
      'POST /devices/tags': { tag: createTag({ name: 'web-servers' }) },
    });
    const { user } = openTags();
    await user.click(await screen.findByRole('button', { name: 'New tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tag' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.type(name, 'web servers');
    expect(name).toHaveAccessibleDescription(messages.tags.noSpaces);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(requestBodies(fetchMock, 'POST /devices/tags')).toEqual([]);

    await user.clear(name);
    await user.type(name, 'web-servers');
    expect(name).toHaveAccessibleDescription('');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Front ends');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /devices/tags')).toEqual([
        { name: 'web-servers', description: 'Front ends' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's refusal of a name another tag has", async () => {
    mockFetch({
      'GET /auth/me': createMe(),
      'GET /devices/tags': tagPage([]),
      'POST /devices/tags': () => errorAnswer(409, 'TAG_NAME_TAKEN', 'A tag with this name already exists.'),
    });
    const { user } = openTags();
    await user.click(await screen.findByRole('button', { name: 'New tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tag' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Linux');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A tag with this name already exists.',
    );
  });

  it('renames a tag', async () => {
    const tag = createTag({ name: 'linux', deviceCount: 2 });
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /devices/tags': tagPage([tag]),
      [`PATCH /devices/tags/${tag.id}`]: { tag: { ...tag, name: 'debian' } },
    });
    const { user } = openTags();
    await user.click(await screen.findByRole('button', { name: 'Edit tag linux' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tag' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('linux');
    await user.clear(name);
    await user.type(name, 'debian');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, `PATCH /devices/tags/${tag.id}`)).toEqual([
        { name: 'debian', description: null },
      ]),
    );
  });

  it('asks before deleting, saying how many devices lose the tag', async () => {
    const tag = createTag({ name: 'old-lab', deviceCount: 3 });
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /devices/tags': tagPage([tag]),
      [`DELETE /devices/tags/${tag.id}`]: { ok: true },
    });
    const { user } = openTags();
    await user.click(await screen.findByRole('button', { name: 'Delete tag old-lab' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the tag “old-lab”?' });
    expect(dialog).toHaveTextContent('3 devices lose this tag.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete tag' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
  });

  it('offers no changes to those who may only view devices', async () => {
    mockFetch({
      'GET /auth/me': createMe(['devices.view']),
      'GET /devices/tags': tagPage([createTag({ name: 'linux' })]),
    });
    openTags();
    expect(await screen.findByRole('button', { name: 'Delete tag linux' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'New tag' })).toBeDisabled();
  });
});
