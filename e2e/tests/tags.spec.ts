import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

/** A tag name of this test alone (the demo device is shared by the tests of a worker). */
const uniqueTag = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** The Demo organization's device (this machine, enrolled by `npm start`'s demo agent): its overview. */
const openDemoDevice = async (page: Page) => {
  const hostname = os.hostname();
  await page.goto('/');
  await page.getByRole('link', { name: 'Demo organization' }).first().click();
  await page
    .getByRole('row')
    .filter({ hasText: hostname })
    .filter({ hasText: 'Demo organization' })
    .getByRole('link', { name: hostname })
    .click();
  await expect(page).toHaveURL(/\/deviceDashboard\/\d+\/overview$/);
  return hostname;
};

const isDeviceTagsPut = (method: string, url: string) =>
  method === 'PUT' && /\/devices\/\d+\/tags$/.test(new URL(url).pathname);

test('a technician tags the demo device on its dashboard, then finds it by that tag in device search and saves the search', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('rack');
  await signIn(page);
  const hostname = await openDemoDevice(page);

  // The tag editor holds a name to the tag rules while it is typed; Enter adds a name that keeps them.
  const editor = page.getByRole('combobox', { name: 'Tags of this device' });
  await editor.fill('rack 12');
  await expect(page.getByText('Tag cannot contain spaces')).toBeVisible();
  await editor.fill(tag);
  await expect(page.getByText('Tag cannot contain spaces')).toHaveCount(0);
  const saved = page.waitForResponse((r) => isDeviceTagsPut(r.request().method(), r.url()) && r.ok());
  await editor.press('Enter');
  await saved;
  // Stored: a reload shows it again.
  await page.reload();
  await expect(page.locator('.mantine-Pill-root', { hasText: tag })).toBeVisible();

  // Device search: a condition "Tags has any of" finds the device, whose row shows the tag.
  await page.goto('/deviceSearch');
  await page.getByRole('button', { name: 'Add condition' }).click();
  await page.getByRole('combobox', { name: 'Field 1' }).click();
  await page.getByRole('option', { name: 'Tags', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Operator 1' })).toHaveValue('has any of');
  const value = page.getByRole('combobox', { name: 'Value 1' });
  await value.fill(tag.toUpperCase());
  await value.press('Enter');
  const row = page.getByRole('row').filter({ hasText: hostname }).filter({ hasText: 'Demo organization' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(tag);

  // Saved, the search runs from the server with the tag criterion.
  const searchName = `Rack ${tag}`;
  await page.getByRole('button', { name: 'Save search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save search' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(searchName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/searchId=\d+/);
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Searches' }).getByRole('link', { name: searchName }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(
    page.getByRole('row').filter({ hasText: hostname }).filter({ hasText: 'Demo organization' }),
  ).toContainText(tag);
  expect(pageErrors).toEqual([]);
});

test('a technician tags devices in bulk from device search, sees the count on the tags page and deletes the tag', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('bulk');
  const hostname = os.hostname();
  await signIn(page);

  // Select the demo device in the search results and add a tag to the selection.
  await page.goto(`/deviceSearch?q=${encodeURIComponent(hostname)}`);
  const row = page.getByRole('row').filter({ hasText: hostname }).filter({ hasText: 'Demo organization' });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Tags', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Tags of 1 device/ });
  const names = dialog.getByRole('combobox', { name: 'Tags' });
  await names.fill('a,b');
  await expect(dialog.getByText('Tag cannot contain commas')).toBeVisible();
  await names.fill(tag);
  await names.press('Enter');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText(tag);

  // The tags page counts the device; deleting asks first, naming what the device loses.
  await page.goto(`/administration/devices/tags?q=${tag}`);
  const tagRow = page.getByRole('row').filter({ hasText: tag });
  await expect(tagRow).toContainText('1');
  await tagRow.getByRole('button', { name: `Delete tag ${tag}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the tag “${tag}”?` });
  await expect(confirm).toContainText('1 device loses this tag.');
  await confirm.getByRole('button', { name: 'Delete tag' }).click();
  await expect(page.getByText(`No tag matches “${tag}”.`)).toBeVisible();

  // The device no longer carries it.
  await page.goto(`/deviceSearch?q=${encodeURIComponent(hostname)}`);
  await expect(
    page.getByRole('row').filter({ hasText: hostname }).filter({ hasText: 'Demo organization' }),
  ).not.toContainText(tag);
  expect(pageErrors).toEqual([]);
});
