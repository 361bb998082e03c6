import { Notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockFetch } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createMe } from '../../../test/search-factories.ts';
import { WakeOnLanButton } from './wake-on-lan-button.tsx';

afterEach(() => vi.unstubAllGlobals());

/** A bound for a busy machine (notifications and the dialog mount after their transitions), not a wait. */
const BOUND = 15_000;
const NO_MAC = 'Wake-on-LAN unsuccessful: No devices are online that can wake up the device';

const openButton = () =>
  renderRoute(
    <>
      <Notifications />
      <WakeOnLanButton deviceId={7} />
    </>,
    { path: '/', url: '/' },
  );

describe('WakeOnLanButton', () => {
  it('opens a dialog with the spec text when no online agent can wake the device', async () => {
    mockFetch({
      'GET /auth/me': createMe(),
      'GET /node/7/wakeup': () =>
        errorAnswer(500, 'NO_USABLE_MAC_ADRESSES', NO_MAC, { resultCode: 'NO_USABLE_MAC_ADRESSES' }),
    });
    const { user } = openButton();
    const button = screen.getByRole('button', { name: 'Wake up' });
    await vi.waitFor(() => expect(button).toBeEnabled(), { timeout: BOUND });
    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Wake-on-LAN' }, { timeout: BOUND });
    expect(within(dialog).getByText(NO_MAC)).toBeInTheDocument();
    expect(screen.queryByText('Error sending wake-on-lan')).not.toBeInTheDocument();
  });

  it('says "Error sending wake-on-lan" for any other failure', async () => {
    mockFetch({
      'GET /auth/me': createMe(),
      'GET /node/7/wakeup': () => errorAnswer(500, 'INTERNAL', 'Something went wrong on the server.'),
    });
    const { user } = openButton();
    const button = screen.getByRole('button', { name: 'Wake up' });
    await vi.waitFor(() => expect(button).toBeEnabled(), { timeout: BOUND });
    await user.click(button);

    expect(await screen.findByText('Error sending wake-on-lan', {}, { timeout: BOUND })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('confirms when the magic packets were sent', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /node/7/wakeup': { resultCode: 'SUCCESS' },
    });
    const { user } = openButton();
    const button = screen.getByRole('button', { name: 'Wake up' });
    await vi.waitFor(() => expect(button).toBeEnabled(), { timeout: BOUND });
    await user.click(button);

    expect(await screen.findByText(/Wake-on-LAN packets sent/, {}, { timeout: BOUND })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/node/7/wakeup');
  });
});
