import { allPermissions } from '@rmm/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meAnswer } from '../../../test/job-factories.ts';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { CredentialsTab } from './credentials-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

const stored = {
  id: 3,
  organizationId: 7,
  name: 'Linux root',
  kind: 'LINUX',
  username: 'root',
  domain: '',
  preferred: true,
  hasPassword: true,
  createdAt: '2026-11-25T10:00:00Z',
  updatedAt: '2026-11-25T10:00:00Z',
};

describe('CredentialsTab', { timeout: 20_000 }, () => {
  it('lists the credentials and adds one: the password goes in the request, never into the list', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer([...allPermissions]),
      'GET /credential/organization/7/list': { resultCode: 'SUCCESS', credentials: [stored] },
      'POST /credential/organization/7': ({ body }: { body: Record<string, unknown> }) => ({
        ...stored,
        id: 4,
        name: body.name,
        kind: body.kind,
        preferred: false,
      }),
    });
    const { user } = renderRoute(<CredentialsTab organizationId={7} />, {
      path: '/editor/customer/:id/*',
      url: '/editor/customer/7/credentials',
    });
    const row = (await screen.findByText('Linux root')).closest('tr')!;
    expect(within(row).getByText('Preferred')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add credential' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Mac admin');
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Mac' }));
    await user.type(within(dialog).getByLabelText(/^User name/), 'admin');
    await user.type(within(dialog).getByLabelText(/^Password/), 'hunter2 hunter2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestBodies(fetchMock, 'POST /credential/organization/7')).toEqual([
      {
        name: 'Mac admin',
        kind: 'MAC',
        username: 'admin',
        domain: '',
        preferred: false,
        password: 'hunter2 hunter2',
      },
    ]);
  });

  it('shows "Error loading credentials" and an empty list when the list cannot be loaded (spec §8)', async () => {
    mockFetch({
      'GET /auth/me': meAnswer([...allPermissions]),
      'GET /credential/organization/7/list': () =>
        errorAnswer(500, 'INTERNAL', 'Something went wrong on the server.'),
    });
    renderRoute(<CredentialsTab organizationId={7} />, {
      path: '/editor/customer/:id/*',
      url: '/editor/customer/7/credentials',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading credentials');
    expect(screen.getByText('No credentials yet.')).toBeInTheDocument();
  });
});
