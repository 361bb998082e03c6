import { type BackupRevisionLocation, backupErrorMessages } from '@rmm/domain';
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
const Browser = ({ location }: { location?: BackupRevisionLocation }) => {
  const [selection, setSelection] = useState<RestoreSelection>(new Map());
  chosen = selection;
  return (
    <FileBrowser
      nodeId={7}
      revisionId="rev1"
      location={location}
      selection={selection}
      onChange={setSelection}
    />
  );
};

const treeCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname.endsWith('/tree'));
const paths = (fetchMock: ReturnType<typeof mockFetch>) =>
  treeCalls(fetchMock).map((url) => url.searchParams.get('path') ?? '');

/** An answer the test releases when it wants: the browser shows what it shows while it waits. */
const deferred = <T,>() => {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
};

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

  it('reads a revision only on the device from the device, says so, and shows why when it is offline', async () => {
    const first = deferred<object>();
    let isOnline = false;
    const fetchMock = mockFetch({
      [TREE]: ({ url }: { url: URL }) => {
        const path = url.searchParams.get('path') ?? '';
        if (path === '') return first.promise;
        if (!isOnline)
          return errorAnswer(
            409,
            'BACKUP_TREE_DEVICE_OFFLINE',
            backupErrorMessages.BACKUP_TREE_DEVICE_OFFLINE,
          );
        return { ...folders[path], total: 2, readBy: 'DEVICE' };
      },
    });
    const { user } = renderRoute(<Browser location="LOCAL" />, { path: '/', url: '/' });
    expect(screen.getByTestId('backup-tree-from-device')).toHaveTextContent(
      'This revision is only in its plan’s local folder or share, so its folders are read from the device: it must be online.',
    );
    // while the device is asked
    expect(await screen.findByText('Asking the device…')).toBeInTheDocument();
    first.release({ ...folders[''], total: 2, readBy: 'DEVICE' });
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(screen.queryByText('Asking the device…')).not.toBeInTheDocument();
    // one page of the console's size
    expect(treeCalls(fetchMock)[0]!.searchParams.get('limit')).toBe('500');

    await user.click(screen.getByRole('button', { name: 'Open folder home' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      backupErrorMessages.BACKUP_TREE_DEVICE_OFFLINE,
    );
    isOnline = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('notes.txt')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says nothing of the device for a revision in the cloud', async () => {
    mockFetch({ [TREE]: ({ url }: { url: URL }) => folders[url.searchParams.get('path') ?? ''] });
    renderRoute(<Browser location="BOTH" />, { path: '/', url: '/' });
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(screen.queryByTestId('backup-tree-from-device')).not.toBeInTheDocument();
  });

  it('shows a large folder a page at a time', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `file-${String(i).padStart(2, '0')}.txt`);
    const fetchMock = mockFetch({
      [TREE]: ({ url }: { url: URL }) => {
        const offset = Number(url.searchParams.get('offset'));
        const limit = Number(url.searchParams.get('limit'));
        return {
          revisionId: 'rev1',
          path: '/',
          entries: names.slice(offset, offset + limit).map((name) => treeEntry(name)),
          total: names.length,
          readBy: 'DEVICE',
        };
      },
    });
    const { user } = renderRoute(
      <FileBrowser
        nodeId={7}
        revisionId="rev1"
        location="LOCAL"
        pageSize={5}
        selection={new Map()}
        onChange={() => {}}
      />,
      { path: '/', url: '/' },
    );
    expect(await screen.findByText('file-04.txt')).toBeInTheDocument();
    expect(screen.queryByText('file-05.txt')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more (7 not shown)' }));
    expect(await screen.findByText('file-09.txt')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more (2 not shown)' }));
    expect(await screen.findByText('file-11.txt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
    expect(treeCalls(fetchMock).map((url) => url.searchParams.get('offset'))).toEqual(['0', '5', '10']);
    expect(treeCalls(fetchMock).every((url) => url.searchParams.get('limit') === '5')).toBe(true);
    expect(screen.getAllByTestId('backup-tree-entry')).toHaveLength(12);
  });
});
