import { backupErrorMessages } from '@rmm/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { treeEntry } from '../../../test/backup-factories.ts';
import { errorAnswer, mockFetch } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import type { RestoreSelection } from '../restore-selection.ts';
import { FileBrowser } from './file-browser.tsx';

afterEach(() => vi.unstubAllGlobals());

const TREE = 'GET /backup/strata/nodes/7/revisions/rev1/tree';

const folders: Record<string, object> = {
  '': { revisionId: 'rev1', path: '/', entries: [treeEntry('home', 'dir', 0), treeEntry('etc', 'dir', 0)] },
  '/home': {
    revisionId: 'rev1',
    path: '/home',
    entries: [treeEntry('notes.txt', 'file', 2048), treeEntry('docs', 'dir', 0)],
  },
  '/home/docs': { revisionId: 'rev1', path: '/home/docs', entries: [treeEntry('a.pdf', 'file', 1_048_576)] },
};

let chosen: RestoreSelection = new Map();
const Browser = () => {
  const [selection, setSelection] = useState<RestoreSelection>(new Map());
  chosen = selection;
  return <FileBrowser nodeId={7} revisionId="rev1" selection={selection} onChange={setSelection} />;
};

const paths = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname.endsWith('/tree'))
    .map((url) => url.searchParams.get('path') ?? '');

describe('the revision file browser', () => {
  it('reads a folder only when it is opened, folders first', async () => {
    const fetchMock = mockFetch({
      [TREE]: ({ url }: { url: URL }) => folders[url.searchParams.get('path') ?? ''],
    });
    const { user } = renderRoute(<Browser />, { path: '/', url: '/' });
    const browser = await screen.findByRole('group', { name: 'Files and folders of the revision' });
    await within(browser).findByText('home');
    expect(
      within(browser)
        .getAllByTestId('backup-tree-entry')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('etc'), expect.stringContaining('home')]);
    expect(paths(fetchMock)).toEqual(['']);

    await user.click(screen.getByRole('button', { name: 'Open folder home' }));
    expect(await screen.findByText('notes.txt')).toBeInTheDocument();
    expect(screen.getByText('2 KB')).toBeInTheDocument();
    expect(paths(fetchMock)).toEqual(['', '/home']);
    // Closing and opening again reads nothing more: a revision never changes.
    await user.click(screen.getByRole('button', { name: 'Close folder home' }));
    await user.click(screen.getByRole('button', { name: 'Open folder home' }));
    await user.click(await screen.findByRole('button', { name: 'Open folder docs' }));
    expect(await screen.findByText('a.pdf')).toBeInTheDocument();
    expect(paths(fetchMock)).toEqual(['', '/home', '/home/docs']);
  });

  it('chooses files and folders; a chosen folder brings what is in it', async () => {
    mockFetch({ [TREE]: ({ url }: { url: URL }) => folders[url.searchParams.get('path') ?? ''] });
    const { user } = renderRoute(<Browser />, { path: '/', url: '/' });
    await user.click(await screen.findByRole('button', { name: 'Open folder home' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select notes.txt' }));
    expect([...chosen]).toEqual([['/home/notes.txt', 'file']]);
    expect(screen.getByTestId('backup-selection-count')).toHaveTextContent('1 item chosen');

    await user.click(screen.getByRole('button', { name: 'Open folder docs' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select a.pdf' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select home' }));
    expect([...chosen]).toEqual([['/home', 'dir']]);
    expect(screen.getByRole('checkbox', { name: 'Select a.pdf' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select a.pdf' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select home' }));
    expect(chosen.size).toBe(0);
    expect(screen.getByRole('checkbox', { name: 'Select a.pdf' })).not.toBeChecked();
  });

  it('says why a revision cannot be browsed', async () => {
    mockFetch({
      [TREE]: errorAnswer(501, 'BACKUP_TREE_UNAVAILABLE', backupErrorMessages.BACKUP_TREE_UNAVAILABLE),
    });
    renderRoute(<Browser />, { path: '/', url: '/' });
    expect(await screen.findByRole('alert')).toHaveTextContent(backupErrorMessages.BACKUP_TREE_UNAVAILABLE);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument());
  });
});
