import { Notifications, notifications } from '@mantine/notifications';
import { messages, notificationChannelMessages } from '@rmm/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import {
  channelList,
  createChannel,
  createDelivery,
  deliveryPage,
} from '../../../test/notification-channel-factories.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createMe } from '../../../test/search-factories.ts';
import { NotificationChannelsPage } from './notification-channels-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const PATH = '/administration/apps/notificationChannels';
const admin = () => createMe(['settings.view', 'settings.manage']);
const open = (url = PATH) =>
  renderRoute(
    <>
      <Notifications />
      <NotificationChannelsPage />
    </>,
    { path: PATH, url },
  );

const requestUrls = (fetchMock: ReturnType<typeof mockFetch>, pathname: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === pathname);

describe('NotificationChannelsPage', { timeout: 30_000 }, () => {
  it('shows a loader, then says there are no channels yet', async () => {
    let answer: (value: unknown) => void = () => {};
    mockFetch({
      'GET /auth/me': admin(),
      'GET /notification-channels': () => new Promise((resolve) => (answer = resolve)),
    });
    open();
    expect(await screen.findByLabelText('Loading…')).toBeInTheDocument();
    answer(channelList([]));
    expect(await screen.findByText(/No notification channels yet/)).toBeInTheDocument();
  });

  it('shows the error with a retry when the list cannot be read', async () => {
    mockFetch({
      'GET /auth/me': admin(),
      'GET /notification-channels': () => errorAnswer(500, 'INTERNAL', 'The server could not answer.'),
    });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not answer.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('lists the channels with their type, target, state and last delivery', async () => {
    mockFetch({
      'GET /auth/me': admin(),
      'GET /notification-channels': channelList([
        createChannel({ name: 'On call', config: { recipients: ['a@msp.test', 'b@msp.test'] } }),
        createChannel({
          name: 'PSA bridge',
          type: 'WEBHOOK',
          enabled: false,
          config: { url: 'https://psa.msp.test/hooks/rmm', hasSecret: true },
          lastDeliveryStatus: 'FAILED',
          lastDeliveryTime: new Date(Date.now() - 120_000).toISOString(),
        }),
        createChannel({
          name: 'Teams',
          type: 'CHAT',
          config: { url: 'https://example.webhook.office.com/webhookb2/secret-path', format: 'TEAMS' },
          lastDeliveryStatus: 'DELIVERED',
          lastDeliveryTime: new Date().toISOString(),
        }),
      ]),
    });
    open();
    const table = await screen.findByRole('table', { name: 'Notification channels' });
    expect(within(table).getByRole('row', { name: /On call/ })).toHaveTextContent(
      'On callEmail2 recipientsEnabledNone yet',
    );
    const webhook = within(table).getByRole('row', { name: /PSA bridge/ });
    expect(webhook).toHaveTextContent('Webhookpsa.msp.test');
    expect(webhook).toHaveTextContent('signed');
    expect(webhook).toHaveTextContent('Disabled');
    expect(webhook).toHaveTextContent('Failed2 minutes ago');
    const chat = within(table).getByRole('row', { name: /Teams/ });
    expect(chat).toHaveTextContent('example.webhook.office.comMicrosoft Teams');
    expect(chat).not.toHaveTextContent('secret-path');
    expect(chat).toHaveTextContent('Delivered');
  });

  it('creates an email channel, naming an address that is not one', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': admin(),
      'GET /notification-channels': channelList([]),
      'POST /notification-channels': createChannel({ name: 'On call' }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'New channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'New notification channel' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(
      notificationChannelMessages.NAME_REQUIRED,
    );
    expect(await within(dialog).findByText(notificationChannelMessages.NO_RECIPIENTS)).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'On call');
    const recipients = within(dialog).getByRole('combobox', { name: /Recipients/ });
    await user.type(recipients, 'oncall@msp.test{Enter}nobody{Enter}');
    expect(
      await within(dialog).findByText(`${messages.validation.invalidEmail}: nobody`),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(requestBodies(fetchMock, 'POST /notification-channels')).toEqual([]);

    await user.type(recipients, '{Backspace}noc@msp.test,');
    await waitFor(() =>
      expect(within(dialog).queryByText(/Please enter a valid email address/)).not.toBeInTheDocument(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /notification-channels')).toEqual([
        {
          type: 'EMAIL',
          name: 'On call',
          enabled: true,
          config: { recipients: ['oncall@msp.test', 'noc@msp.test'] },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('creates a signed webhook, holding the address and the secret to the rules', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': admin(),
      'GET /notification-channels': channelList([]),
      'POST /notification-channels': createChannel({ type: 'WEBHOOK', name: 'Hook' }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'New channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'New notification channel' });
    await user.click(within(dialog).getByRole('radio', { name: 'Webhook' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Hook');
    await user.type(within(dialog).getByRole('textbox', { name: /Address/ }), 'ftp://files.msp.test');
    await user.type(within(dialog).getByLabelText('Signing secret'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: /Address/ })).toHaveAccessibleDescription(
      expect.stringContaining(notificationChannelMessages.URL),
    );
    expect(within(dialog).getByLabelText('Signing secret')).toHaveAccessibleDescription(
      expect.stringContaining(notificationChannelMessages.SECRET_TOO_SHORT),
    );
    expect(requestBodies(fetchMock, 'POST /notification-channels')).toEqual([]);

    const address = within(dialog).getByRole('textbox', { name: /Address/ });
    await user.clear(address);
    await user.type(address, 'https://psa.msp.test/hooks/rmm');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    const secret = within(dialog).getByLabelText('Signing secret') as HTMLInputElement;
    expect(secret.type).toBe('text');
    expect(secret.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /notification-channels')).toEqual([
        {
          type: 'WEBHOOK',
          name: 'Hook',
          enabled: true,
          config: { url: 'https://psa.msp.test/hooks/rmm', secret: secret.value },
        },
      ]),
    );
  });

  it('edits a webhook whose secret is set: kept unless replaced, never shown', async () => {
    const channel = createChannel({
      type: 'WEBHOOK',
      name: 'PSA bridge',
      config: { url: 'https://psa.msp.test/hooks/rmm', hasSecret: true },
    });
    const fetchMock = mockFetch({
      'GET /auth/me': admin(),
      'GET /notification-channels': channelList([channel]),
      [`PUT /notification-channels/${channel.id}`]: channel,
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit PSA bridge' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit notification channel' });
    expect(within(dialog).getByRole('radio', { name: 'Email' })).toBeDisabled();
    expect(within(dialog).getByText(/A secret is set/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Signing secret')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: /Enabled/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, `PUT /notification-channels/${channel.id}`)).toEqual([
        {
          type: 'WEBHOOK',
          name: 'PSA bridge',
          enabled: false,
          config: { url: 'https://psa.msp.test/hooks/rmm' },
        },
      ]),
    );

    await user.click(await screen.findByRole('button', { name: 'Edit PSA bridge' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit notification channel' });
    await user.click(within(dialog).getByRole('button', { name: 'Replace secret' }));
    await user.type(within(dialog).getByLabelText('Signing secret'), 'a brand new secret value');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, `PUT /notification-channels/${channel.id}`).at(-1)).toEqual({
        type: 'WEBHOOK',
        name: 'PSA bridge',
        enabled: true,
        config: { url: 'https://psa.msp.test/hooks/rmm', secret: 'a brand new secret value' },
      }),
    );
  });

  it("creates a Teams chat channel and shows the server's refusal in the dialog", async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': admin(),
      'GET /notification-channels': channelList([]),
      'POST /notification-channels': () =>
        errorAnswer(400, 'VALIDATION_FAILED', 'body.config.url: Enter an http:// or https:// address'),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'New channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'New notification channel' });
    await user.click(within(dialog).getByRole('radio', { name: 'Chat' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Teams');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Address/ }),
      'https://example.webhook.office.com/webhookb2/x',
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Chat service' }));
    await user.click(await screen.findByRole('option', { name: 'Microsoft Teams' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'body.config.url: Enter an http:// or https:// address',
    );
    expect(requestBodies(fetchMock, 'POST /notification-channels')).toEqual([
      {
        type: 'CHAT',
        name: 'Teams',
        enabled: true,
        config: { url: 'https://example.webhook.office.com/webhookb2/x', format: 'TEAMS' },
      },
    ]);
  });

  it('asks before deleting a channel', async () => {
    const channel = createChannel({ name: 'Old list' });
    const fetchMock = mockFetch({
      'GET /auth/me': admin(),
      'GET /notification-channels': channelList([channel]),
      [`DELETE /notification-channels/${channel.id}`]: { ok: true },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Old list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the channel “Old list”?' });
    expect(dialog).toHaveTextContent('Its delivery log goes with it');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete channel' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
  });

  it('shows the server’s refusal when policies still name the channel, and keeps it listed', async () => {
    const channel = createChannel({ name: 'On call' });
    const refusal =
      'Conditions of the policy “Servers” notify through this channel; remove it from them first.';
    mockFetch({
      'GET /auth/me': admin(),
      'GET /notification-channels': channelList([channel]),
      [`DELETE /notification-channels/${channel.id}`]: () => errorAnswer(409, 'CHANNEL_IN_USE', refusal),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete On call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the channel “On call”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete channel' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText('Channel deleted')).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /On call/ })).toBeInTheDocument();
  });

  it('sends a test and says how it went, with the receiver’s answer as text', async () => {
    const channel = createChannel({ name: 'Hook', type: 'WEBHOOK', config: { url: 'https://x.test/h' } });
    const queued = createDelivery({ channelId: channel.id, event: 'TEST', status: 'PENDING', alertId: null });
    const fetchMock = mockFetch({
      'GET /auth/me': admin(),
      'GET /notification-channels': channelList([channel]),
      [`POST /notification-channels/${channel.id}/test`]: queued,
      [`GET /notification-channels/${channel.id}/deliveries`]: deliveryPage([
        { ...queued, status: 'FAILED', attempts: 1, lastError: 'HTTP 404: <b>no such hook</b>' },
      ]),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Send test to Hook' }));
    expect(
      await screen.findByText('Test message to Hook failed: HTTP 404: <b>no such hook</b>'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/on its way/)).not.toBeInTheDocument();
    expect(requestUrls(fetchMock, `/notification-channels/${channel.id}/test`)).toHaveLength(1);
  });

  it('shows a channel’s delivery log with status, attempts and errors, filtered and paged in the URL', async () => {
    const channel = createChannel({ name: 'Hook', type: 'WEBHOOK', config: { url: 'https://x.test/h' } });
    const fetchMock = mockFetch({
      'GET /auth/me': admin(),
      'GET /notification-channels': channelList([channel]),
      [`GET /notification-channels/${channel.id}/deliveries`]: ({ url }: { url: URL }) =>
        url.searchParams.get('status') === 'FAILED'
          ? deliveryPage([createDelivery({ status: 'FAILED', attempts: 6, lastError: 'HTTP 502: gateway' })])
          : deliveryPage(
              [
                createDelivery({ event: 'RESET', status: 'DELIVERED' }),
                createDelivery({
                  event: 'TRIGGERED',
                  status: 'PENDING',
                  attempts: 2,
                  lastError: 'No answer within 10 s',
                  nextAttemptTime: new Date(Date.now() + 60_000).toISOString(),
                }),
              ],
              45,
            ),
    });
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Delivery log of Hook' }));
    const drawer = await screen.findByRole('dialog', { name: 'Delivery log: Hook' });
    const table = await within(drawer).findByRole('table', { name: 'Deliveries' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/ago\s*Reset\s*alert 42\s*Delivered\s*1\s*—$/);
    expect(rows[1]).toHaveTextContent('Triggeredalert 42Pending');
    expect(rows[1]).toHaveTextContent('Next try in a minute');
    expect(rows[1]).toHaveTextContent('2No answer within 10 s');
    expect(within(drawer).getByText('45 in total')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?log=${channel.id}`);

    await user.click(within(drawer).getByRole('button', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?log=${channel.id}&page=2`));
    await waitFor(() =>
      expect(requestUrls(fetchMock, `/notification-channels/${channel.id}/deliveries`).at(-1)?.search).toBe(
        '?page=2&pageSize=20',
      ),
    );

    await user.click(within(drawer).getByRole('radio', { name: 'Failed' }));
    expect(await within(drawer).findByText('HTTP 502: gateway')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?log=${channel.id}&status=FAILED`);
  });

  it('lets those who may only view the settings read the log but change nothing', async () => {
    mockFetch({
      'GET /auth/me': createMe(['settings.view']),
      'GET /notification-channels': channelList([createChannel({ name: 'On call' })]),
    });
    open();
    expect(await screen.findByRole('button', { name: 'Delete On call' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit On call' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send test to On call' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delivery log of On call' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'New channel' })).toBeDisabled();
  });
});
