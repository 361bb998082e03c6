import { createOrganization } from './agents.ts';
import { expect, signIn, test } from './fixtures.ts';

test('a technician requests a backup demo from the backup page, and the administrator finds it in the list', async ({
  page,
  baseURL,
  pageErrors,
}) => {
  const email = `demo-${Date.now()}@example.com`;
  await signIn(page);
  // An organization of its own, with no backup plan and no data: the backup page promotes backup there (the
  // system's page may already show another spec's backups in this worker's server).
  const org = await createOrganization(page.request, baseURL!, `No backup ${Date.now()}`);
  await page.goto(`/customerDashboard/${org.id}/backup/overview`);
  await expect(page.getByRole('heading', { name: 'Backup', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Protect these devices with backup' })).toBeVisible();

  await page.getByRole('button', { name: 'Request demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a backup demo' });
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Ann Smith');
  const emailField = dialog.getByRole('textbox', { name: /^Email/ });
  await emailField.fill('ann@example');
  await emailField.blur();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await expect(submit).toBeDisabled();

  await emailField.fill(email);
  await expect(dialog.getByText('Please enter a valid email address')).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(dialog.getByText('Thank you! Your demo request has been received.')).toBeVisible();
  await page.screenshot({ path: 'test-results/demo-request.png' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // The administrator's list, reached through the menu.
  const navigation = page.getByRole('navigation', { name: 'Main' });
  await navigation.getByText('Administration').click();
  await navigation.getByRole('link', { name: 'Demo requests' }).click();
  await expect(page.getByRole('heading', { name: 'Demo requests' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Ann Smith');
  await expect(row).toContainText('Not mailed');
  expect(pageErrors).toEqual([]);
});
