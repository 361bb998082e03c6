import { randomUUID } from 'node:crypto';
import { startWebhookReceiver, type WebhookReceiver } from '../../apps/server/test/webhook-receiver.ts';
import { expect, signIn, test } from './fixtures.ts';

const SECRET = 'a secret shared with the receiver';

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  // A customer's endpoint on this machine: it checks X-RMM-Signature against the secret typed below.
  receiver = await startWebhookReceiver({ secret: SECRET });
});
test.afterAll(() => receiver?.close());

test('an administrator adds a signed webhook channel, sends a test and sees it delivered in the log', async ({
  page,
  baseURL,
  pageErrors,
}) => {
  // Many steps (a test message, a reload in the dark scheme, a refused delete): more than the default minute.
  test.setTimeout(150_000);
  const name = `PSA bridge ${randomUUID().slice(0, 8)}`;
  await signIn(page);
  await page.goto('/administration/apps/notificationChannels');
  await expect(page.getByRole('heading', { name: 'Notification channels' })).toBeVisible();

  await page.getByRole('button', { name: 'New channel' }).click();
  const dialog = page.getByRole('dialog', { name: 'New notification channel' });
  // A segmented control: its label is what a person clicks (the radio itself is hidden).
  await dialog.locator('label', { hasText: 'Webhook' }).click();
  await expect(dialog.getByRole('radio', { name: 'Webhook' })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Address' }).fill('ftp://not-a-webhook');
  await dialog.getByLabel('Signing secret').fill('short');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter an http:// or https:// address')).toBeVisible();
  await expect(dialog.getByText('The secret needs at least 16 characters.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Address' }).fill(receiver.url);
  await dialog.getByLabel('Signing secret').fill(SECRET);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('127.0.0.1');
  await expect(row).toContainText('signed');
  await expect(row).toContainText('None yet');

  // The secret is write-only: the dialog says one is set and never shows it.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit notification channel' });
  await expect(edit.getByText('A secret is set.', { exact: false })).toBeVisible();
  await expect(edit.getByLabel('Signing secret')).toHaveCount(0);
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: `Send test to ${name}` }).click();
  await expect(page.getByText(`Test message delivered to ${name}.`)).toBeVisible();
  await expect(row).toContainText('Delivered');
  const [request] = await receiver.waitFor(1);
  expect(request!.isSignatureValid).toBe(true);
  expect(JSON.parse(request!.body)).toMatchObject({ event: 'TEST', alert: null });

  await page.screenshot({ path: '/tmp/notification-channels-list.png', fullPage: true });
  await row.getByRole('button', { name: `Delivery log of ${name}` }).click();
  const log = page.getByRole('dialog', { name: `Delivery log: ${name}` });
  const delivery = log.getByRole('table', { name: 'Deliveries' }).getByRole('row').nth(1);
  await expect(delivery).toContainText('Test');
  await expect(delivery).toContainText('Delivered');
  await expect(page).toHaveURL(/\?log=\d+$/);
  await page.screenshot({ path: '/tmp/notification-channels.png', fullPage: true });

  // Mantine keeps the colour scheme in localStorage (a string: this project has no DOM types).
  await page.evaluate("localStorage.setItem('mantine-color-scheme-value', 'dark')");
  await page.reload();
  await expect(page.getByRole('dialog', { name: `Delivery log: ${name}` })).toBeVisible();
  await page.screenshot({ path: '/tmp/notification-channels-dark.png', fullPage: true });
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByRole('button', { name: 'Replace secret' }).click();
  await page.screenshot({ path: '/tmp/notification-channels-dialog-dark.png', fullPage: true });
  await page.evaluate("localStorage.setItem('mantine-color-scheme-value', 'light')");
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Edit notification channel' })).toBeHidden();

  // A policy's condition notifies through it: deleting the channel is refused with the policy's name.
  const channels = (await (await page.request.get('/notification-channels')).json()) as {
    data: { id: number; name: string }[];
  };
  const channelId = channels.data.find((c) => c.name === name)!.id;
  const policyName = `Uses ${name}`;
  const created = await page.request.post('/policies', {
    headers: { origin: baseURL! },
    data: {
      name: policyName,
      nodeClass: 'LINUX_SERVER',
      conditions: [
        {
          id: randomUUID(),
          type: 'CPU',
          name: 'CPU high',
          severity: 'MAJOR',
          priority: 'HIGH',
          reset: { mode: 'WHEN_CLEARED' },
          parameters: { operator: 'ABOVE', thresholdPercent: 95, durationMinutes: 5 },
          notifications: [{ channelId, option: 'SEND' }],
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Delete the channel “${name}”?` })
    .getByRole('button', { name: 'Delete channel' })
    .click();
  await expect(
    page.getByText(
      `Conditions of the policy “${policyName}” notify through this channel; remove it from them first.`,
    ),
  ).toBeVisible();
  await expect(row).toBeVisible();
  expect(pageErrors).toEqual([]);
});
