import { expect, signIn, test } from './fixtures.ts';

test('a technician signs in, creates an organization with two locations, finds, edits it, sees the activity and signs out', async ({
  page,
  pageErrors,
}) => {
  // Creates, finds, edits, reads the activity and signs out: more than one page's default on a busy machine.
  test.setTimeout(120_000);
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

test("an organization's credentials: added with a password that is never shown again", async ({
  page,
  baseURL,
  pageErrors,
}) => {
  await signIn(page);
  const created = await page.request.post('/organizations', {
    headers: { origin: baseURL! },
    data: { name: `Credentials ${Date.now()}`, locations: [] },
  });
  const organization = await created.json();
  await page.goto(`/editor/customer/${organization.id}/credentials`);
  await expect(page.getByText('No credentials yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add credential' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Name/).fill('Linux root');
  await dialog.getByLabel(/^User name/).fill('root');
  await dialog.getByLabel(/^Password/).fill('correct horse battery');
  await dialog.getByRole('switch', { name: /Preferred Linux credential/ }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Credential saved')).toBeVisible();
  const row = page.getByRole('row', { name: /Linux root/ });
  await expect(row).toContainText('Preferred');
  await expect(row).toContainText('root');
  await expect(page.getByText('correct horse battery')).toHaveCount(0);
  // The organization's own form was not submitted by the credential's.
  await expect(page.getByText('Organization saved')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/credentials.png' });
  const listed = await (await page.request.get(`/credential/organization/${organization.id}/list`)).text();
  expect(listed).not.toContain('correct horse battery');
  expect(pageErrors).toEqual([]);
});
