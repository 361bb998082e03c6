import { randomUUID } from 'node:crypto';
import { type FakeConnectWise, startFakeConnectWise } from '../../apps/server/test/fake-connectwise.ts';
import { createOrganization } from './agents.ts';
import { expect, signIn, test } from './fixtures.ts';

/**
 * ConnectWise PSA (issue 22): an administrator connects to a ConnectWise server (a local one speaking its REST
 * API), auto-maps organizations to the companies of the same name after confirming the preview, and clears one
 * mapping.
 */

let fake: FakeConnectWise;
test.beforeAll(async () => {
  fake = await startFakeConnectWise();
});
test.afterAll(() => fake?.close());

test('connect, auto-map, confirm, clear one mapping', async ({ page, baseURL, pageErrors }) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 8);
  const acme = `Acme ${suffix}`;
  const globex = `Globex ${suffix}`;
  fake.addCompany({ name: acme, sites: ['Main', 'Warehouse'] });
  fake.addCompany({ name: globex, sites: ['HQ'] });
  await signIn(page);
  await createOrganization(page.request, baseURL!, acme);
  await createOrganization(page.request, baseURL!, globex);
  const setPsaFlag = async (on: boolean) => {
    const response = await page.request.put('/settings/feature-flags', {
      headers: { origin: baseURL! },
      data: { psa_connectwise: on },
    });
    expect(response.status()).toBe(200);
  };
  await setPsaFlag(true);
  try {
    await page.goto('/administration/apps/connectwise');
    await expect(page.getByRole('heading', { name: 'ConnectWise PSA' })).toBeVisible();
    // Not connected yet: the connection tab comes first.
    await expect(page.getByRole('tab', { name: 'Connection' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('textbox', { name: 'Site' }).fill(fake.url);
    await page.getByRole('textbox', { name: 'Company id' }).fill(fake.companyId);
    await page.getByLabel('Public key').fill(fake.publicKey);
    await page.getByLabel('Private key').fill(fake.privateKey);
    await page.getByRole('textbox', { name: 'Client id' }).fill(fake.clientId);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toContainText('v2025.1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Connection saved')).toBeVisible();
    await expect(page.getByText('Keys are saved (encrypted) and never shown.')).toBeVisible();

    await page.getByRole('tab', { name: 'Organizations' }).click();
    const search = page.getByRole('textbox', { name: 'Search organizations' });
    await search.fill(suffix);
    const table = page.getByRole('table', { name: 'Organization mappings' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').filter({ hasText: acme })).toContainText('Not mapped');

    await page.getByRole('button', { name: 'Auto-map' }).click();
    const preview = page.getByRole('dialog', { name: 'Auto-map' });
    await expect(preview.getByRole('row').filter({ hasText: acme })).toBeVisible();
    await expect(preview.getByRole('row').filter({ hasText: globex })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('psa-auto-map.png'), fullPage: true });
    await preview.getByRole('button', { name: /^Map \d+ organizations$/ }).click();
    await expect(preview).toHaveCount(0);
    await expect(page.getByText(/^\d+ mapped, 0 left as they were$/)).toBeVisible();
    const acmeRow = table.getByRole('row').filter({ hasText: acme });
    const globexRow = table.getByRole('row').filter({ hasText: globex });
    await expect(acmeRow.getByRole('cell').nth(1)).toHaveText(acme);
    await expect(globexRow.getByRole('cell').nth(1)).toHaveText(globex);

    await globexRow.getByRole('button', { name: `Clear mapping of ${globex}` }).click();
    const confirm = page.getByRole('dialog', { name: `Clear the mapping of “${globex}”?` });
    await confirm.getByRole('button', { name: 'Clear mapping' }).click();
    await expect(page.getByText(`Mapping of ${globex} cleared`)).toBeVisible();
    await expect(globexRow).toContainText('Not mapped');
    await expect(acmeRow.getByRole('cell').nth(1)).toHaveText(acme);

    // What the server keeps: Acme mapped, Globex not.
    const stored = await page.request.get(`/psacw/v2/mappings?search=${suffix}`);
    const rows = (await stored.json()).data as { clientName: string; companyName: string | null }[];
    expect(rows.map((row) => [row.clientName, row.companyName])).toEqual([
      [acme, acme],
      [globex, null],
    ]);
  } finally {
    await setPsaFlag(false);
  }
  expect(pageErrors).toEqual([]);
});
