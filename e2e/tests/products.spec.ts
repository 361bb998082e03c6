import { randomUUID } from 'node:crypto';
import { expect, signIn, test } from './fixtures.ts';

/**
 * The product catalogue (issue 21): an administrator creates a hardware product (its price held to the domain's
 * rules as typed), bundles it in a product group, deactivates it after confirming, and is told with the spec's
 * messages that the group can no longer be saved.
 */
test('a product is created, grouped and deactivated; the group then answers with the spec’s message', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 8);
  const laptop = `Laptop ${suffix}`;
  const bundle = `Starter kit ${suffix}`;
  await signIn(page);
  await page.goto('/administration/billing/products');
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();

  // New product: the type first, then its dialog with the four tabs.
  await page.getByRole('button', { name: 'New product' }).click();
  const picker = page.getByRole('dialog', { name: 'New product' });
  await picker.getByRole('radio', { name: /^Hardware/ }).check();
  await picker.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'New product: Hardware' });
  await expect(dialog.getByRole('tab')).toHaveText(['General', 'Billing', 'Advanced', 'Permissions']);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`  ${laptop}  `);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('14-inch laptop');
  await dialog.getByRole('tab', { name: 'Billing' }).click();
  const price = dialog.getByRole('textbox', { name: 'Price' });
  await price.fill('1299.999');
  await price.blur();
  await expect(dialog.getByText('Can contain up to 2 decimal places')).toBeVisible();
  await price.fill('1299.99');
  await dialog.getByRole('tab', { name: 'Advanced' }).click();
  await dialog.getByRole('combobox', { name: 'Licensing type' }).click();
  await page.getByRole('option', { name: 'Perpetual' }).click();
  await dialog.getByRole('combobox', { name: 'Term' }).click();
  await page.getByRole('option', { name: 'Annual', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product created')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Products' });
  await page.getByRole('textbox', { name: 'Search products' }).fill(suffix);
  await expect(table.getByRole('row').filter({ hasText: laptop })).toContainText('1299.99');

  // A group with the laptop in it.
  await page.getByRole('button', { name: 'New product' }).click();
  await picker.getByRole('radio', { name: /^Product group/ }).check();
  await picker.getByRole('button', { name: 'Continue' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'New product: Product group' });
  await groupDialog.getByRole('textbox', { name: 'Name' }).fill(bundle);
  await groupDialog.getByRole('textbox', { name: 'Description' }).fill('Laptop and setup');
  await groupDialog.getByRole('combobox', { name: 'Products in the group' }).fill(suffix);
  await page.getByRole('option', { name: laptop }).click();
  await groupDialog.getByRole('tab', { name: 'Advanced' }).click();
  await groupDialog.getByRole('combobox', { name: 'Licensing type' }).click();
  await page.getByRole('option', { name: 'Subscription' }).click();
  await groupDialog.getByRole('combobox', { name: 'Term' }).click();
  await page.getByRole('option', { name: 'Monthly', exact: true }).click();
  await groupDialog.getByRole('button', { name: 'Save' }).click();
  await expect(groupDialog).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: bundle })).toContainText('Product group');

  // Deactivated after a confirmation.
  await table.getByRole('button', { name: `Deactivate ${laptop}` }).click();
  await page
    .getByRole('dialog', { name: `Deactivate “${laptop}”?` })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.getByText('Product deactivated')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: laptop })).toContainText('Inactive');

  // The group names an inactive product now: the server refuses it with the spec's texts.
  await table.getByRole('button', { name: `Edit ${bundle}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit product: Product group' });
  await expect(editDialog.getByText(`${laptop} (inactive)`)).toBeVisible();
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Error updating product')).toBeVisible();
  await expect(editDialog.getByRole('alert')).toHaveText(
    'One or more products are inactive or were not found',
  );
  await page.screenshot({ path: test.info().outputPath('product-group-dialog.png'), fullPage: true });
  expect(pageErrors).toEqual([]);
});
