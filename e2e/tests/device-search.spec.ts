import os from 'node:os';
import type { APIRequestContext } from '@playwright/test';
import { type AgentProcess, createEnrollmentToken, startAgent } from './agents.ts';
import { expect, signIn, test } from './fixtures.ts';

/** An organization that holds every new device for approval (enrolment approval mode MANUAL). */
const createManualOrganization = async (request: APIRequestContext, baseURL: string, name: string) => {
  const response = await request.post('/organizations', {
    headers: { origin: baseURL },
    data: { name, nodeApprovalMode: 'MANUAL', locations: [{ name: 'Front desk' }] },
  });
  if (!response.ok()) throw new Error(`organization: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: number; name: string; locations: { id: number }[] };
};

test('a technician builds a criteria search, saves it as a group and approves a pending device from it', async ({
  page,
  pageErrors,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const hostname = os.hostname();
  const groupName = `No failed patches ${Date.now()}`;
  await signIn(page);
  const org = await createManualOrganization(page.request, baseURL!, `Held ${Date.now()}`);
  const token = await createEnrollmentToken(page.request, baseURL!, {
    organizationId: org.id,
    locationId: org.locations[0]!.id,
  });

  let agent: AgentProcess | undefined = startAgent(baseURL!, token);
  try {
    // The real agent enrols and waits under Pending.
    await page.goto('/systemDashboard/approvals/1');
    await expect(page.getByRole('radio', { name: 'Pending' })).toBeChecked();
    const pendingRow = page.getByRole('row').filter({ hasText: org.name });
    await expect(pendingRow, agent.output()).toContainText(hostname, { timeout: 30_000 });

    // Build a search of two conditions and save it as a group.
    await page.goto('/deviceSearch');
    const searches = page.getByRole('navigation', { name: 'Searches' });
    for (const preset of ['All devices', 'Up', 'Down', 'Warning', 'Needs reboot', 'Install issues'])
      await expect(searches.getByRole('link', { name: preset, exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('combobox', { name: 'Field 1' }).click();
    await page.getByRole('option', { name: 'Failed patches' }).click();
    await page.getByRole('textbox', { name: 'Value 1' }).fill('0');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('combobox', { name: 'Field 2' }).click();
    await page.getByRole('option', { name: 'Remote support tool' }).click();
    await page.getByRole('combobox', { name: 'Operator 2' }).click();
    await page.getByRole('option', { name: 'is empty', exact: true }).click();
    // The list follows the criteria before they are saved: the device matches both conditions.
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: org.name })).toContainText(hostname);
    await page.screenshot({ path: '/tmp/device-search-preview.png', fullPage: true });
    // A condition it does not meet takes it out of the preview; removing it brings it back.
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('combobox', { name: 'Field 3' }).click();
    await page.getByRole('option', { name: 'Approval status' }).click();
    await page.getByRole('combobox', { name: 'Value 3' }).click();
    await page.getByRole('option', { name: 'Rejected' }).click();
    await expect(page.getByRole('row').filter({ hasText: org.name })).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove condition 3' }).click();
    await expect(page.getByRole('row').filter({ hasText: org.name })).toContainText(hostname);
    await page.getByRole('button', { name: 'Save as group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as group' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(groupName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/searchId=\d+/);
    await expect(searches.getByRole('link', { name: groupName })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('row').filter({ hasText: org.name })).toContainText(hostname);
    await page.screenshot({ path: '/tmp/device-search.png', fullPage: true });
    // Mantine keeps the colour scheme in localStorage (a string: this project has no DOM types).
    await page.evaluate("localStorage.setItem('mantine-color-scheme-value', 'dark')");
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: org.name })).toContainText(hostname);
    await page.screenshot({ path: '/tmp/device-search-dark.png', fullPage: true });
    await page.evaluate("localStorage.setItem('mantine-color-scheme-value', 'light')");

    // Open the group from the administration list, and approve the pending device in bulk.
    await page.goto('/administration/devices/groups');
    await page.getByRole('link', { name: groupName }).click();
    await expect(page).toHaveURL(/\/group\/\d+$/);
    await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: org.name });
    await expect(row).toContainText('Pending approval');
    await row.getByRole('checkbox').check();
    await expect(page.getByText('1 device selected')).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'approved' })).toHaveText(
      '1 device approved, 0 skipped',
    );
    await expect(row).not.toContainText('Pending approval');
    await page.screenshot({ path: '/tmp/device-group.png', fullPage: true });

    // A script for every device of the group: one job each, followed in Pending scripts.
    await row.getByRole('checkbox').check();
    await page.screenshot({ path: '/tmp/device-group-actions.png' });
    await page.getByRole('button', { name: 'Run script' }).click();
    const scriptDialog = page.getByRole('dialog', { name: 'Run a script on 1 device' });
    await scriptDialog.getByText('Ad-hoc code', { exact: true }).click();
    await scriptDialog.getByRole('textbox', { name: 'Script' }).fill('echo from the device search');
    await page.screenshot({ path: '/tmp/device-group-script.png' });
    await scriptDialog.getByRole('button', { name: 'Run on 1 device' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Script sent' });
    await expect(sent).toHaveText('Script sent to 1 device. See pending scripts');
    await sent.getByRole('link', { name: 'See pending scripts' }).click();
    await expect(page).toHaveURL(/\/systemDashboard\/pendingScripts$/);

    // It is approved now, and gone from Pending.
    await page.goto('/systemDashboard/approvals/1?status=APPROVED');
    await expect(page.getByRole('row').filter({ hasText: org.name })).toContainText(hostname);
    await page
      .getByRole('radiogroup', { name: 'Approval status' })
      .getByText('Pending', { exact: true })
      .click();
    await expect(page).toHaveURL(/\/systemDashboard\/approvals\/1$/);
    await expect(page.getByRole('row').filter({ hasText: org.name })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/approvals.png', fullPage: true });

    await page.goto('/administration/devices/roles');
    await expect(page.getByRole('row', { name: /^Linux Server/ })).toBeVisible();
    await page.screenshot({ path: '/tmp/node-roles.png', fullPage: true });
    await agent.stop();
    agent = undefined;
  } finally {
    await agent?.stop();
  }
  expect(pageErrors).toEqual([]);
});

test('a page of 500 devices out of 100,000 renders only the rows in view and scrolls to the last', async ({
  page,
  pageErrors,
}) => {
  await signIn(page);
  // The answer of a fleet of 100,000 devices, served to the browser: the table is what is measured here.
  const devices = Array.from({ length: 500 }, (_, i) => ({
    id: 100_000 + i,
    organizationId: 1,
    organizationName: 'Fleet',
    locationId: null,
    locationName: null,
    parentDeviceId: null,
    displayName: `FLEET-${String(i).padStart(3, '0')}`,
    hostname: `fleet-${i}`,
    nodeRoleId: 5,
    nodeClass: 'LINUX_SERVER',
    approvalStatus: 'APPROVED',
    status: 'UP',
    lastSeen: new Date().toISOString(),
    platform: 'linux',
    osName: 'Debian GNU/Linux',
    osVersion: '12',
    manufacturer: 'QEMU',
    model: 'Standard PC',
    loggedOnUser: null,
    lastBootTime: null,
    pendingReboot: false,
    ipAddresses: ['10.0.0.1'],
    agentVersion: '0.1.0',
    metrics: null,
    tags: i % 2 === 0 ? ['fleet'] : [],
    createTime: new Date().toISOString(),
    updateTime: new Date().toISOString(),
  }));
  await page.route('**/searches/-1/devices?*', (route) =>
    route.fulfill({ json: { data: devices, count: 100_000, page: 1, pageSize: 500 } }),
  );
  await page.goto('/deviceSearch?pageSize=500');
  const table = page.getByRole('region', { name: 'Devices found' });
  await expect(table.getByRole('link', { name: 'FLEET-000' })).toBeVisible();
  expect(await table.locator('tbody tr[aria-rowindex]').count()).toBeLessThan(60);
  await expect(page.getByText('100000 in total')).toBeVisible();

  await table.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(table.getByRole('link', { name: 'FLEET-499' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'FLEET-000' })).toHaveCount(0);
  expect(await table.locator('tbody tr[aria-rowindex]').count()).toBeLessThan(60);

  await page.getByRole('checkbox', { name: 'Select every device on this page' }).check();
  await expect(page.getByText('All 500 devices on this page are selected.')).toBeVisible();
  await page.getByRole('button', { name: 'Select all 100,000 matching devices' }).click();
  await expect(page.getByText('All 100,000 matching devices are selected.')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
