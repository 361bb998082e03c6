import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDevice } from '../../test/device-factories.ts';
import { errorAnswer, mockFetch, requestBodies } from '../../test/mock-fetch.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { createGroup, createMe, pageOf, withViewportHeight } from '../../test/search-factories.ts';
import { GroupPage } from './group-page.tsx';

withViewportHeight();
afterEach(() => vi.unstubAllGlobals());

const openGroup = (id: number) => renderRoute(<GroupPage />, { path: '/group/:id', url: `/group/${id}` });

describe('GroupPage', { timeout: 20_000 }, () => {
  it('shows the group’s name, criteria and devices, and approves a pending one', async () => {
    const group = createGroup({ search: 'Reception' });
    const pending = createDevice({ displayName: 'RECEPTION-01', approvalStatus: 'PENDING' });
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': [group],
      [`GET /searches/${group.id}/devices`]: pageOf([pending, createDevice()]),
      'POST /search/runner/execute-action': {
        resultCode: 'SUCCESS',
        action: 'APPROVE',
        matched: 1,
        affected: 1,
        skipped: 0,
      },
    });
    const { user } = openGroup(group.id);

    expect(await screen.findByRole('heading', { name: 'Reception' })).toBeInTheDocument();
    expect(screen.getByText('Status is Down')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /RECEPTION-01/ });
    expect(within(row).getByText('Pending approval')).toBeInTheDocument();
    await user.click(within(row).getByRole('checkbox', { name: 'Select RECEPTION-01' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('status')).toHaveTextContent('1 device approved, 0 skipped');
    expect(requestBodies(fetchMock, 'POST /search/runner/execute-action')).toEqual([
      { action: 'APPROVE', target: { nodeIds: [pending.id] } },
    ]);
  });

  it('renames the group', async () => {
    const group = createGroup({ search: 'Reception' });
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': [group],
      [`GET /searches/${group.id}/devices`]: pageOf([]),
      [`PUT /searches/${group.id}`]: { ...group, search: 'Front desk' },
    });
    const { user } = openGroup(group.id);
    expect(await screen.findByText('No devices are in this group now.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit group' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Front desk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, `PUT /searches/${group.id}`)).toEqual([
        { search: 'Front desk', criteria: group.criteria },
      ]),
    );
  });

  it('says so when the group does not exist', async () => {
    mockFetch({ 'GET /auth/me': createMe(), 'GET /searches': [] });
    openGroup(4242);
    expect(await screen.findByRole('heading', { name: 'Group not found' })).toBeInTheDocument();
  });

  it('shows "Error fetching groups" when the groups cannot be loaded', async () => {
    mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': () => errorAnswer(500, 'INTERNAL', 'Something went wrong on the server.'),
    });
    openGroup(1);
    expect(await screen.findByText('Error fetching groups')).toBeInTheDocument();
  });
});
