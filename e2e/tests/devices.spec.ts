import os from 'node:os';
import {
  type AgentProcess,
  connectHandDrivenAgent,
  createEnrollmentToken,
  createInventory,
  createOrganization,
  startAgent,
} from './agents.ts';
import { expect, signIn, test } from './fixtures.ts';

const HOSTILE = '<img src=x onerror=alert(1)>';

test('a technician adds a device: a real agent enrols, appears UP live, reports its inventory, and goes DOWN when stopped', async ({
  page,
  pageErrors,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const hostname = os.hostname();
  await signIn(page);
  const org = await createOrganization(page.request, baseURL!, `Northwind ${Date.now()}`);

  // Add device from the library's downloads page: pick the organization and location, read the command.
  await page.goto('/administration/library/downloads');
  await page.getByRole('button', { name: 'Add device' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a device' });
  await dialog.getByRole('combobox', { name: 'Organization' }).click();
  await page.getByRole('option', { name: org.name }).click();
  await dialog.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: 'Warehouse' }).click();
  await dialog.getByRole('button', { name: 'Create install command' }).click();
  const command = (await dialog.getByLabel('Agent command', { exact: true }).textContent()) ?? '';
  expect(command).toContain(`npm run agent -- --server ${baseURL} --token `);
  const token = command.match(/--token (\S+)/)?.[1];
  expect(token).toBeTruthy();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The organization's device list is open, and live, before the agent starts.
  await page.goto(`/customerDashboard/${org.id}/overview`);
  await expect(page.getByText('No devices yet.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

  let agent: AgentProcess | undefined = startAgent(baseURL!, token!);
  try {
    const row = page.getByRole('row').filter({ hasText: hostname });
    await expect(row, agent.output()).toBeVisible({ timeout: 30_000 });
    await expect(row.locator('[data-status]')).toHaveText('Up', { timeout: 15_000 });
    await expect(row).toContainText('Warehouse');

    await row.getByRole('link', { name: hostname }).click();
    await expect(page).toHaveURL(/\/deviceDashboard\/\d+\/overview$/);
    await expect(page.getByRole('heading', { level: 2, name: hostname })).toBeVisible();
    await expect(page.getByTestId('device-status')).toHaveText('Up');

    await page.getByRole('tab', { name: 'Details' }).click();
    await expect(page).toHaveURL(/\/details$/);
    const system = page.getByRole('row', { name: /^Hostname/ }).first();
    await expect(system).toContainText(hostname, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Volumes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Network interfaces' })).toBeVisible();

    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByText('Key facts')).toBeVisible();
    // Metric samples are stored every 2 s in this setup: refresh until the charts have them.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh now' }).click();
      await expect(page.locator('.recharts-area').first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await page.screenshot({ path: '/tmp/device-overview.png', fullPage: true });

    await agent.stop();
    agent = undefined;
    await expect(page.getByTestId('device-status')).toHaveText('Down', { timeout: 30_000 });
  } finally {
    await agent?.stop();
  }

  await page.goto('/systemDashboard/overview');
  const orgRow = page.getByRole('row').filter({ hasText: org.name });
  await expect(orgRow.getByRole('cell')).toHaveText([org.name, '0', '0', '1', '1']);
  await page.screenshot({ path: '/tmp/system-dashboard.png', fullPage: true });
  expect(pageErrors).toEqual([]);
});

test('a device whose hostname is HTML shows it literally and runs nothing', async ({
  page,
  pageErrors,
  baseURL,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page);
  const org = await createOrganization(page.request, baseURL!, `Hostile ${Date.now()}`);
  const token = await createEnrollmentToken(page.request, baseURL!, {
    organizationId: org.id,
    locationId: org.locations[0]!.id,
  });
  const agent = await connectHandDrivenAgent(
    baseURL!,
    token,
    createInventory({
      hostname: HOSTILE,
      loggedOnUsers: [HOSTILE],
      software: [{ name: HOSTILE, version: '1', publisher: '<script>alert(2)</script>', installDate: null }],
    }),
  );
  try {
    await page.goto(`/customerDashboard/${org.id}/overview`);
    const link = page.getByRole('link', { name: HOSTILE, exact: true });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(HOSTILE);

    await page.getByRole('tab', { name: 'Details' }).click();
    await expect(page.getByRole('row', { name: /^Hostname/ }).first()).toContainText(HOSTILE);
    await expect(page.getByRole('row', { name: /^Logged-on users/ })).toContainText(HOSTILE);

    await page.getByRole('tab', { name: 'Software' }).click();
    // The software table only: the details table leaving the page holds the same text.
    const software = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Publisher' }) });
    await expect(software.getByRole('cell', { name: HOSTILE, exact: true })).toBeVisible();
    await expect(
      software.getByRole('cell', { name: '<script>alert(2)</script>', exact: true }),
    ).toBeVisible();

    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  } finally {
    agent.close();
  }
  expect(pageErrors).toEqual([]);
});
