import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrganization } from '../../../test/device-factories.ts';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { AddDeviceDialog } from './add-device-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

const organization = createOrganization({
  name: 'Contoso',
  locations: [
    { id: 501, organizationId: 0, name: 'Head office', address: '', description: '' },
    { id: 502, organizationId: 0, name: 'Warehouse', address: '', description: '' },
  ],
});
const other = createOrganization({ name: 'Fabrikam' });

const organizationsList = { data: [organization, other], count: 2, page: 1, pageSize: 500 };

const openDialog = async () => {
  const view = renderRoute(<AddDeviceDialog />, { path: '/', url: '/' });
  await view.user.click(screen.getByRole('button', { name: 'Add device' }));
  return view;
};

describe('AddDeviceDialog', () => {
  it('sends exactly {organizationId, locationId, ttlHours} and shows the command with the token', async () => {
    const fetchMock = mockFetch({
      'GET /organizations': organizationsList,
      'POST /enrollment-tokens': { id: 9, token: 'tok_Abc-123_xyz', expiresAt: '2030-01-02T03:04:00.000Z' },
    });
    const { user } = await openDialog();

    await user.click(await screen.findByRole('combobox', { name: 'Organization' }));
    await user.click(await screen.findByRole('option', { name: 'Contoso' }));
    await user.click(screen.getByRole('combobox', { name: 'Location' }));
    await user.click(screen.getByRole('option', { name: 'Warehouse' }));
    await user.click(screen.getByRole('combobox', { name: 'Token valid for' }));
    await user.click(screen.getByRole('option', { name: '7 days' }));
    await user.click(screen.getByRole('button', { name: 'Create install command' }));

    const command = await screen.findByLabelText('Agent command');
    expect(requestBodies(fetchMock, 'POST /enrollment-tokens')).toEqual([
      { organizationId: organization.id, locationId: 502, ttlHours: 168 },
    ]);
    expect(command).toHaveTextContent(
      `npm run agent -- --server ${window.location.origin} --token tok_Abc-123_xyz --state-dir ~/.rmm-agent`,
    );
    expect(screen.getByRole('tab', { name: 'Linux' })).toBeInTheDocument();
    expect(screen.getByLabelText('Service install command for Linux')).toHaveTextContent(
      'sudo npm run agent -- install-service --server',
    );
  });

  it('starts from the organization and location it was opened for, with no location as null', async () => {
    const fetchMock = mockFetch({
      'GET /organizations': organizationsList,
      'POST /enrollment-tokens': { id: 10, token: 'tok_second', expiresAt: '2030-01-02T03:04:00.000Z' },
    });
    const view = renderRoute(<AddDeviceDialog organizationId={other.id} />, { path: '/', url: '/' });
    await view.user.click(screen.getByRole('button', { name: 'Add device' }));
    expect(await screen.findByRole('combobox', { name: 'Organization' })).toHaveValue('Fabrikam');
    await view.user.click(screen.getByRole('button', { name: 'Create install command' }));

    expect(await screen.findByLabelText('Agent command')).toHaveTextContent('--token tok_second');
    expect(requestBodies(fetchMock, 'POST /enrollment-tokens')).toEqual([
      { organizationId: other.id, locationId: null, ttlHours: 24 },
    ]);
  });

  it('asks for the organization before sending anything', async () => {
    const fetchMock = mockFetch({ 'GET /organizations': organizationsList });
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Create install command' }));
    expect(
      await screen.findByText('Mandatory value is undefined. Please enter a value.'),
    ).toBeInTheDocument();
    expect(requestBodies(fetchMock, 'POST /enrollment-tokens')).toEqual([]);
  });
});
