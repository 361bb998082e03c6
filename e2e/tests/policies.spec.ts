import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { expect, signIn, test } from './fixtures.ts';

/**
 * Policies (issue 19): a technician makes a policy with a CPU condition, assigns it as the Demo organization's
 * default for the demo device's role, and sees it as that device's effective policy. (Alerts raised by it are
 * the monitoring engine's part.)
 */
test('a policy with a CPU condition, assigned to the demo device’s role, is the device’s effective policy', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  const policyName = `Servers ${randomUUID().slice(0, 8)}`;
  const hostname = os.hostname();
  await signIn(page);

  // The demo device's role (this machine, enrolled by the demo agent): its settings show it.
  await page.getByRole('link', { name: 'Demo organization' }).first().click();
  await expect(page).toHaveURL(/\/customerDashboard\/\d+\/overview$/);
  const organizationUrl = page.url();
  await page.getByRole('row').filter({ hasText: hostname }).getByRole('link', { name: hostname }).click();
  await expect(page).toHaveURL(/\/deviceDashboard\/\d+\/overview$/);
  const deviceSettings = page.url().replace(/\/overview$/, '/settings');
  await page.goto(deviceSettings);
  const role = await page.getByRole('combobox', { name: 'Role' }).inputValue();
  expect(role).not.toBe('');

  // A new policy for the role's class (a class is named as its built-in role).
  await page.goto('/administration/policies/agent');
  await page.getByRole('link', { name: 'New policy' }).click();
  await expect(page.getByRole('heading', { name: 'New policy' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill(policyName);
  await page.getByRole('combobox', { name: 'Device class' }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `Policy: ${policyName}` })).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/policy\/\d+$/);

  // Its CPU condition: above 90 % for 5 minutes.
  await page.getByRole('tab', { name: 'Conditions' }).click();
  await page.getByRole('button', { name: 'Add condition' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add condition' });
  await dialog.getByRole('combobox', { name: 'Condition type' }).click();
  await page.getByRole('option', { name: 'CPU', exact: true }).click();
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('CPU high');
  await expect(dialog.getByRole('textbox', { name: /Threshold/ })).toHaveValue('90');
  await dialog.getByRole('textbox', { name: /Threshold/ }).fill('150');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText('Too big: expected number to be <=100')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Threshold/ }).fill('90');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toHaveCount(0);
  const conditions = page.getByRole('table', { name: 'Conditions' });
  await expect(conditions.getByRole('row').filter({ hasText: 'CPU high' })).toContainText('This policy');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Policy saved')).toBeVisible();

  // The dry run says what it would do now (the machine's CPU may or may not be above 90 %).
  await page.getByRole('button', { name: 'Dry run' }).click();
  const dryRun = page.getByRole('region', { name: 'Dry run' });
  await expect(dryRun).toContainText('CPU high');
  await expect(dryRun).toContainText(/Would (not )?trigger/);
  await page.screenshot({ path: test.info().outputPath('policy-editor.png'), fullPage: true });

  // Assigned as the Demo organization's default for that role.
  await page.goto(organizationUrl);
  await page.getByRole('link', { name: 'Edit organization' }).click();
  await page.getByRole('tab', { name: 'Policies' }).click();
  await expect(page).toHaveURL(/\/editor\/customer\/\d+\/policies$/);
  await page.getByRole('combobox', { name: `Policy for ${role}` }).click();
  await page.getByRole('option', { name: policyName, exact: true }).click();
  await page.getByRole('button', { name: 'Save assignment' }).click();
  await expect(page.getByText('Policy assignment saved')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('organization-policies.png'), fullPage: true });

  // The device's settings show it as the effective policy, from the organization, with its condition.
  await page.goto(deviceSettings);
  const card = page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { name: 'Policy' }) });
  await expect(card.getByRole('link', { name: policyName })).toBeVisible();
  await expect(card).toContainText('From the organization');
  await expect(card.getByRole('table', { name: 'Conditions' })).toContainText('CPU high');
  await page.screenshot({ path: test.info().outputPath('device-policy.png'), fullPage: true });

  // The list counts the device.
  await page.goto(`/administration/policies/agent?q=${encodeURIComponent(policyName)}`);
  const row = page.getByRole('row').filter({ hasText: policyName });
  await expect(row.getByRole('cell').nth(3)).toHaveText('1'); // its condition
  await expect(row.getByRole('cell').nth(4)).toHaveText('1'); // the demo device
  expect(pageErrors).toEqual([]);
});
