import { expect, signIn, test } from './fixtures.ts';

test('a technician signs in, creates an organization with two locations, finds, edits it, sees the activity and signs out', async ({
  page,
  pageErrors,
}) => {
  const name = `Contoso ${Date.now()}`;
  await signIn(page);
  await page.getByRole('link', { name: 'Organizations' }).first().click();
  await expect(page).toHaveURL(/\/administration\/customers\/organizations/);

  await page.getByRole('link', { name: 'New organization' }).click();
  await expect(page.getByRole('heading', { name: 'New organization' })).toBeVisible();
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('Dental practice, two sites');
  await page.getByRole('tab', { name: 'Locations' }).click();
  await page.getByRole('button', { name: 'Add location' }).click();
  await page.getByLabel('Location name').nth(0).fill('Head office');
  await page.getByLabel('Address').nth(0).fill('1 Harbour Road');
  await page.getByRole('button', { name: 'Add location' }).click();
  await page.getByLabel('Location name').nth(1).fill('Warehouse');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Organization saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Organization: ${name}` })).toBeVisible();

  await page.getByRole('button', { name: 'Close editor' }).click();
  await expect(page).toHaveURL(/\/administration\/customers\/organizations/);
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(name);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Head office');
  await expect(row).toContainText('Warehouse');
  await page.screenshot({ path: 'test-results/organizations-list.png', fullPage: true });

  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/customerDashboard\/\d+\/overview/);
  await page.getByRole('link', { name: 'Edit organization' }).click();
  await page.getByLabel(/^Name/).fill(`${name} Ltd`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `Organization: ${name} Ltd` })).toBeVisible();
  await page.getByRole('button', { name: 'Close editor' }).click();
  await expect(page.getByRole('heading', { name: `${name} Ltd` })).toBeVisible();

  await page.goto('/administration/general/activities');
  await expect(page.getByRole('row', { name: new RegExp(`organization.update.*${name} Ltd`) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`organization.create.*${name}`) })).toBeVisible();
  await page.screenshot({ path: 'test-results/activities.png', fullPage: true });

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/administration/customers/organizations');
  await expect(page).toHaveURL(/\/login/);
  expect(pageErrors).toEqual([]);
});
