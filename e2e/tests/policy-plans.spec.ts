import { randomUUID } from 'node:crypto';
import { expect, signIn, test } from './fixtures.ts';

/**
 * A policy's backup plans and scheduled scripts (issue 18 item 5, issue 19 item 1): a technician adds one of
 * each in the policy editor, saves the policy, reloads it and finds them there.
 */
test('a backup plan and a scheduled script added to a policy are there after saving and reloading', async ({
  page,
  pageErrors,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 8);
  const policyName = `Servers ${suffix}`;
  const planName = `Home folders ${suffix}`;
  const scriptTaskName = `Nightly clean-up ${suffix}`;
  await signIn(page);

  // A library script for the scheduled script to run (through the API: the library has its own tests).
  const created = await page.request.post('/scripts', {
    headers: { origin: baseURL! },
    data: {
      name: `Clean temp ${suffix}`,
      language: 'bash',
      operatingSystems: ['LINUX', 'MAC'],
      category: 'CUSTOM',
      code: 'rm -rf /tmp/rmm-e2e-*',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const scriptName = ((await created.json()) as { script: { name: string } }).script.name;

  await page.goto('/editor/policy/new');
  await page.getByRole('textbox', { name: /^Name/ }).fill(policyName);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `Policy: ${policyName}` })).toBeVisible();

  // A backup plan: the home folders to a local folder on each device, daily at 17:00.
  await page.getByRole('tab', { name: 'Backup' }).click();
  await expect(page).toHaveURL(/\/editor\/policy\/\d+\/backup$/);
  await page.getByRole('button', { name: 'Add backup plan' }).click();
  const planDialog = page.getByRole('dialog', { name: 'Add a backup plan' });
  await planDialog.getByRole('textbox', { name: /^Name/ }).fill(planName);
  await planDialog.getByRole('button', { name: 'Add a folder or file' }).click();
  await planDialog.getByRole('textbox', { name: 'Include rule 1' }).fill('/home');
  await expect(planDialog.getByRole('radio', { name: 'Cloud' })).toBeChecked();
  // A network share needs one organization's credential: a policy offers cloud and local folders only.
  await expect(planDialog.getByRole('radio', { name: 'Network share' })).toHaveCount(0);
  await planDialog
    .locator('label')
    .filter({ hasText: /^Local folder$/ })
    .click();
  await expect(planDialog.getByRole('radio', { name: 'Local folder' })).toBeChecked();
  const folder = planDialog.getByRole('textbox', { name: /^Folder on the device/ });
  await folder.fill('backups');
  await planDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(planDialog.getByText(/Enter an absolute folder path on the device/)).toBeVisible();
  await folder.fill('/var/backups');
  await planDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(planDialog).toHaveCount(0);
  const plans = page.getByRole('table', { name: 'Backup plans' });
  await expect(plans.getByRole('row').filter({ hasText: planName })).toContainText('This policy');

  // A scheduled script running the library script.
  await page.getByRole('tab', { name: 'Scheduled scripts' }).click();
  await page.getByRole('button', { name: 'Add scheduled script' }).click();
  const scriptDialog = page.getByRole('dialog', { name: 'Add a scheduled script' });
  await scriptDialog.getByRole('textbox', { name: /^Name/ }).fill(scriptTaskName);
  await scriptDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(scriptDialog.getByText('Choose a script.')).toBeVisible();
  await scriptDialog.getByRole('combobox', { name: /^Script 1/ }).fill(scriptName);
  await page.getByRole('option', { name: scriptName }).click();
  await scriptDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(scriptDialog).toHaveCount(0);
  const scripts = page.getByRole('table', { name: 'Scheduled scripts' });
  await expect(scripts.getByRole('row').filter({ hasText: scriptTaskName })).toContainText('1 script');

  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /^\/policies\/\d+$/.test(new URL(r.url()).pathname) && r.ok(),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await saved;
  await expect(page.getByText('Policy saved')).toBeVisible();

  // Read again from the server: both are there.
  await page.reload();
  await expect(scripts.getByRole('row').filter({ hasText: scriptTaskName })).toContainText('This policy');
  await page.getByRole('tab', { name: 'Backup' }).click();
  const planRow = plans.getByRole('row').filter({ hasText: planName });
  await expect(planRow).toContainText('Local folder /var/backups');
  await expect(planRow).toContainText('Daily at 17:00');
  await page.screenshot({ path: test.info().outputPath('policy-backup-plans.png'), fullPage: true });
  expect(pageErrors).toEqual([]);
});
