import { builtInNodeRoles, type DeviceOwner } from '@rmm/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDeviceNode, createOrganization } from '../../../test/device-factories.ts';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { DeviceSettingsForm } from './device-settings-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const owner = (overrides: Partial<DeviceOwner>): DeviceOwner => ({
  id: 7,
  name: 'Olivia Owner',
  email: 'olivia@contoso.test',
  userType: 'END_USER',
  ...overrides,
});

describe('DeviceSettingsForm: the owner', () => {
  it('shows the owner, offers end users and technicians, and sends only the owner that changed or null', async () => {
    const olivia = owner({});
    const tom = owner({ id: 8, name: 'Tom Tech', email: 'tom@msp.test', userType: 'TECHNICIAN' });
    const device = createDeviceNode({ owner: olivia });
    const fetchMock = mockFetch({
      'GET /noderole/list': builtInNodeRoles,
      [`GET /organizations/${device.organizationId}`]: createOrganization({ id: device.organizationId }),
      [`GET /devices/${device.id}/owner-candidates`]: ({ url }: { url: URL }) => ({
        data: url.searchParams.get('search') === 'tom' ? [tom] : [olivia, tom],
      }),
      [`PATCH /devices/${device.id}`]: ({ body }: { body: { ownerUserId: number | null } }) => ({
        ...device,
        owner: body.ownerUserId === tom.id ? tom : null,
      }),
    });
    const { user } = renderRoute(<DeviceSettingsForm device={device} canManage />, { path: '/', url: '/' });

    const picker = screen.getByRole('combobox', { name: /^Owner/ });
    expect(picker).toHaveValue('Olivia Owner (olivia@contoso.test)');
    // Nothing is asked until the list is opened.
    expect(requestBodies(fetchMock, `GET /devices/${device.id}/owner-candidates`)).toEqual([]);
    await user.click(picker);
    expect(await screen.findByRole('option', { name: 'Tom Tech (tom@msp.test)' })).toBeInTheDocument();
    expect(screen.getByText('End users')).toBeInTheDocument();
    expect(screen.getByText('Technicians')).toBeInTheDocument();

    await user.clear(picker);
    await user.type(picker, 'tom');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => String(input).includes('owner-candidates?search=tom')),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('option', { name: 'Tom Tech (tom@msp.test)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, `PATCH /devices/${device.id}`)).toEqual([{ ownerUserId: tom.id }]),
    );

    await user.click(screen.getByRole('button', { name: 'Remove the owner' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, `PATCH /devices/${device.id}`)).toEqual([
        { ownerUserId: tom.id },
        { ownerUserId: null },
      ]),
    );
  });
});
