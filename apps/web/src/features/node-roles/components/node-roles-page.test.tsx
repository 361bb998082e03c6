import { builtInNodeRoles } from '@rmm/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockFetch } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { NodeRolesPage } from './node-roles-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const openRoles = () =>
  renderRoute(<NodeRolesPage />, {
    path: '/administration/devices/roles',
    url: '/administration/devices/roles',
  });

describe('NodeRolesPage', { timeout: 20_000 }, () => {
  it('lists every role with its class, dashboard and device count', async () => {
    const fetchMock = mockFetch({
      'GET /noderole/list': builtInNodeRoles,
      'GET /devices': ({ url }: { url: URL }) => ({
        data: [],
        count: url.searchParams.get('nodeRoleId') === '5' ? 1234 : 0,
        page: 1,
        pageSize: 1,
      }),
    });
    openRoles();

    // Rows by their name cell: role queries over a 22-row table are slow in jsdom.
    const row = (await screen.findByText('Linux Server')).closest('tr')!;
    expect(within(row).getByText('LINUX_SERVER')).toBeInTheDocument();
    expect(within(row).getByText('Computers and servers')).toBeInTheDocument();
    expect(within(row).getByText('Built-in')).toBeInTheDocument();
    expect(await within(row).findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('Switch').closest('tr')).toHaveTextContent('Network devices');
    expect(document.querySelectorAll('tbody tr')).toHaveLength(builtInNodeRoles.length);
    const countQueries = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), window.location.origin))
      .filter((url) => url.pathname === '/devices');
    expect(countQueries.every((url) => url.searchParams.get('pageSize') === '1')).toBe(true);
  });

  it('shows the error when the roles cannot be loaded', async () => {
    mockFetch({
      'GET /noderole/list': () => errorAnswer(500, 'INTERNAL', 'Something went wrong on the server.'),
    });
    openRoles();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on the server.');
  });
});
