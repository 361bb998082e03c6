import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDevice, createOrganization } from '../../test/device-factories.ts';
import { mockFetch, requestBodies } from '../../test/mock-fetch.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { createActionAnswer, createMe, pageOf, withViewportHeight } from '../../test/search-factories.ts';
import { CustomerApprovalsPage, SystemApprovalsPage } from './approvals-page.tsx';

withViewportHeight();
afterEach(() => vi.unstubAllGlobals());

const listQueries = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/devices')
    .map((url) => Object.fromEntries(url.searchParams));

describe('SystemApprovalsPage', { timeout: 20_000 }, () => {
  it('filters by Discovered, Pending, Approved and Rejected, Pending first, with the page in the path', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /devices': ({ url }: { url: URL }) =>
        url.searchParams.get('approvalStatus') === 'REJECTED'
          ? pageOf([createDevice({ displayName: 'BAD-PC', approvalStatus: 'REJECTED' })])
          : pageOf([]),
    });
    const { user, router } = renderRoute(<SystemApprovalsPage />, {
      path: '/systemDashboard/approvals/:page',
      url: '/systemDashboard/approvals/1',
    });

    const filter = await screen.findByRole('radiogroup', { name: 'Approval status' });
    const labels = within(filter)
      .getAllByRole('radio')
      .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent);
    expect(labels).toEqual(['Discovered', 'Pending', 'Approved', 'Rejected']);
    expect(within(filter).getByRole('radio', { name: 'Pending' })).toBeChecked();
    expect(await screen.findByText('No devices wait for approval.')).toBeInTheDocument();
    expect(listQueries(fetchMock).at(-1)).toMatchObject({ approvalStatus: 'PENDING', page: '1' });

    await user.click(within(filter).getByRole('radio', { name: 'Rejected' }));
    expect(await screen.findByRole('link', { name: 'BAD-PC' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/systemDashboard/approvals/1');
    expect(router.state.location.search).toBe('?status=REJECTED');
    // A rejected device can only be approved again.
    await user.click(screen.getByRole('checkbox', { name: 'Select BAD-PC' }));
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('approves every pending device by sending the approval status as criteria', async () => {
    const pending = [1, 2].map(() => createDevice({ approvalStatus: 'PENDING' }));
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /devices': pageOf(pending, 3_000, 50),
      'POST /search/runner/execute-action': createActionAnswer({ action: 'APPROVE', affected: 3_000 }),
    });
    const { user } = renderRoute(<SystemApprovalsPage />, {
      path: '/systemDashboard/approvals/:page',
      url: '/systemDashboard/approvals/1?pageSize=50',
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select every device on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 3,000 matching devices' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('status')).toHaveTextContent('3,000 devices approved, 0 skipped');
    expect(requestBodies(fetchMock, 'POST /search/runner/execute-action')).toEqual([
      {
        action: 'APPROVE',
        target: {
          criteria: {
            match: 'all',
            rules: [{ field: 'approvalStatus', operator: 'equals', value: 'PENDING' }],
          },
        },
      },
    ]);
    // One request, not a walk through the pages.
    expect(listQueries(fetchMock).filter((query) => query.pageSize === '500')).toEqual([]);
  });

  it('sends the ids when a text filter narrows the devices beyond what criteria say', async () => {
    const pending = [1, 2, 3].map(() => createDevice({ approvalStatus: 'PENDING' }));
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /devices': ({ url }: { url: URL }) =>
        url.searchParams.get('pageSize') === '500' ? pageOf(pending, 3, 500) : pageOf(pending.slice(0, 2), 3),
      'POST /search/runner/execute-action': createActionAnswer({ action: 'REJECT', affected: 3 }),
    });
    const { user } = renderRoute(<SystemApprovalsPage />, {
      path: '/systemDashboard/approvals/:page',
      url: '/systemDashboard/approvals/1?q=kiosk',
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select every device on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 3 matching devices' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByRole('status')).toHaveTextContent('3 devices rejected, 0 skipped');
    expect(requestBodies(fetchMock, 'POST /search/runner/execute-action')).toEqual([
      { action: 'REJECT', target: { nodeIds: pending.map((d) => d.id) } },
    ]);
    expect(listQueries(fetchMock)).toContainEqual(
      expect.objectContaining({ approvalStatus: 'PENDING', search: 'kiosk', pageSize: '500' }),
    );
  });
});

describe('CustomerApprovalsPage', { timeout: 20_000 }, () => {
  it('shows one organization’s devices', async () => {
    const organization = createOrganization({ name: 'Contoso' });
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      [`GET /client/${organization.id}`]: { resultCode: 'SUCCESS', client: organization },
      'GET /devices': pageOf([createDevice({ displayName: 'CONTOSO-1', approvalStatus: 'PENDING' })]),
    });
    renderRoute(<CustomerApprovalsPage />, {
      path: '/customerDashboard/:id/approvals/:page',
      url: `/customerDashboard/${organization.id}/approvals/1`,
    });
    expect(await screen.findByRole('link', { name: 'Contoso' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'CONTOSO-1' })).toBeInTheDocument();
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toMatchObject({
        organizationId: String(organization.id),
        approvalStatus: 'PENDING',
      }),
    );
  });

  it('sends the ids of the organization’s devices: criteria cannot name an organization', async () => {
    const organization = createOrganization({ name: 'Fabrikam' });
    const pending = [1, 2, 3].map(() => createDevice({ approvalStatus: 'PENDING' }));
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      [`GET /client/${organization.id}`]: { resultCode: 'SUCCESS', client: organization },
      'GET /devices': ({ url }: { url: URL }) =>
        url.searchParams.get('pageSize') === '500' ? pageOf(pending, 3, 500) : pageOf(pending.slice(0, 1), 3),
      'POST /search/runner/execute-action': createActionAnswer({ action: 'APPROVE', affected: 3 }),
    });
    const { user } = renderRoute(<CustomerApprovalsPage />, {
      path: '/customerDashboard/:id/approvals/:page',
      url: `/customerDashboard/${organization.id}/approvals/1`,
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select every device on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 3 matching devices' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('status')).toHaveTextContent('3 devices approved, 0 skipped');
    expect(requestBodies(fetchMock, 'POST /search/runner/execute-action')).toEqual([
      { action: 'APPROVE', target: { nodeIds: pending.map((d) => d.id) } },
    ]);
    expect(listQueries(fetchMock)).toContainEqual(
      expect.objectContaining({ organizationId: String(organization.id), pageSize: '500' }),
    );
  });
});
