import { expect, signIn, test } from './fixtures.ts';

test('a technician writes a script with a parameter in the editor, saves it, and finds it in the library', async ({
  page,
  pageErrors,
}) => {
  // Writes, saves, reloads, reads the versions and finds the script again: longer than one page's default.
  test.setTimeout(120_000);
  const name = `Disk report ${Date.now()}`;
  await signIn(page);
  await page.goto('/administration/library/scripting/scripts');
  await expect(page.getByRole('heading', { name: 'Scripting' })).toBeVisible();

  await page.getByRole('link', { name: 'New script' }).click();
  await expect(page.getByRole('heading', { name: 'New script' })).toBeVisible();
  await page.getByLabel(/^Name/).fill(name);
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Diagnostics' }).click();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('Bash');
  // The code editor is CodeMirror, loaded with the editor: it highlights the shell code it is given.
  const code = page.getByRole('textbox', { name: 'Code' });
  await code.fill('echo "Usage of $1"; df -h "$1"');
  await expect(code).toContainText('df -h "$1"');

  await page.getByRole('button', { name: 'Add parameter' }).click();
  const parameter = page.getByRole('group', { name: 'Parameter 1' });
  await parameter.getByLabel(/^Parameter name/).fill('path');
  await parameter.getByLabel('Label', { exact: true }).fill('Path to check');
  await parameter.getByLabel('Default value').fill('/');
  await page.getByLabel(/^Version note/).fill('First version');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Script saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Script: ${name}` })).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/script\/\d+$/);
  await expect(page.getByText('Version 1', { exact: true })).toBeVisible();

  // What was stored comes back on a fresh load: the code and the parameter.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Code' })).toContainText('echo "Usage of $1"');
  const stored = page.getByRole('group', { name: 'Parameter 1' });
  await expect(stored.getByLabel(/^Parameter name/)).toHaveValue('path');
  await expect(stored.getByLabel('Default value')).toHaveValue('/');
  await page.getByRole('tab', { name: 'Versions' }).click();
  await expect(page.getByRole('row', { name: /First version/ })).toBeVisible();

  await page.goto('/administration/library/scripting/scripts');
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(name);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Diagnostics');
  await expect(row).toContainText('Bash');
  await expect(row).toContainText('Linux');
  await expect(row).toContainText('macOS');
  await expect(row).toContainText('v1');
  await page.screenshot({ path: 'test-results/script-library.png', fullPage: true });

  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: `Script: ${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Close editor' }).click();
  await expect(page).toHaveURL(/\/administration\/library\/scripting\/scripts/);
  expect(pageErrors).toEqual([]);
});

test('a technician starts a script from a template', async ({ page, pageErrors }) => {
  await signIn(page);
  await page.goto('/administration/library/scripting/templates');
  const first = page.getByRole('row').nth(1);
  const templateName = (await first.locator('td').first().locator('p').first().textContent())!.trim();
  await first.getByRole('link', { name: `View ${templateName}` }).click();
  await expect(page.getByRole('heading', { name: `Template: ${templateName}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Code' })).not.toBeEmpty();
  await page.getByRole('button', { name: 'Use template' }).click();
  await expect(page).toHaveURL(/\/editor\/script\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Script: / })).toBeVisible();
  await expect(page.getByText('Version 1', { exact: true })).toBeVisible();
  expect(pageErrors).toEqual([]);
});
