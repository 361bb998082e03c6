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
  const roleSelect = page.getByRole('combobox', { name: 'Role' });
  await expect(roleSelect).not.toHaveValue('');
  const role = await roleSelect.inputValue();

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
  await expect(dialog.getByText('Enter a whole number from 1 to 100')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 1500 });
  await dialog.getByRole('combobox', { name: 'Condition type' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('condition-dialog.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('textbox', { name: /Threshold/ }).fill('90');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toHaveCount(0);
  const conditions = page.getByRole('table', { name: 'Conditions' });
  await expect(conditions.getByRole('row').filter({ hasText: 'CPU high' })).toContainText('This policy');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /^\/policies\/\d+$/.test(new URL(r.url()).pathname) && r.ok(),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await saved;

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
  await page.screenshot({ path: test.info().outputPath('policies-list.png'), fullPage: true });
  const row = page.getByRole('row').filter({ hasText: policyName });
  await expect(row.getByRole('cell').nth(3)).toHaveText('1'); // its condition
  await expect(row.getByRole('cell').nth(4)).toHaveText('1'); // the demo device
  expect(pageErrors).toEqual([]);
});

test('a dynamic policy layers a policy on the devices its criteria match', async ({ page, pageErrors }) => {
  test.setTimeout(120_000);
  const policyName = `Layer ${randomUUID().slice(0, 8)}`;
  const dynamicName = `Demo machines ${randomUUID().slice(0, 8)}`;
  await signIn(page);
  await page.goto('/editor/policy/new');
  await page.getByRole('textbox', { name: /^Name/ }).fill(policyName);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `Policy: ${policyName}` })).toBeVisible();

  await page.goto('/administration/dynamicPolicies');
  await page.getByRole('button', { name: 'New dynamic policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'New dynamic policy' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(dynamicName);
  await dialog.getByRole('combobox', { name: 'Policy' }).click();
  await page.getByRole('option', { name: new RegExp(`^${policyName}`) }).click();
  await dialog.getByRole('button', { name: 'Add condition' }).click();
  await dialog.getByRole('combobox', { name: 'Field 1' }).click();
  await page.getByRole('option', { name: 'Hostname', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Operator 1' }).click();
  await page.getByRole('option', { name: 'is', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Value 1' }).fill(os.hostname());
  await page.screenshot({ path: test.info().outputPath('dynamic-policy-dialog.png') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: dynamicName });
  await expect(row).toContainText(policyName);
  await expect(row).toContainText(`Hostname is ${os.hostname()}`);
  // The demo device matches (another spec may enrol this hostname in another organization too).
  await expect(row.getByRole('cell').nth(4)).not.toHaveText('0');
  await page.screenshot({ path: test.info().outputPath('dynamic-policies.png') });
  // Disabled from the list, saved at once.
  await row.getByRole('switch', { name: `Enable ${dynamicName}` }).click({ force: true });
  await expect(row.getByRole('switch', { name: `Enable ${dynamicName}` })).not.toBeChecked();
  expect(pageErrors).toEqual([]);
});
