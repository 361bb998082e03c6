import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createOrganization } from './agents.ts';
import { expect, signIn, test } from './fixtures.ts';

/** Screenshots of the billing screens for a person to look at (not compared). */
const SHOTS = process.env.BILLING_SHOTS_DIR ?? '/tmp/billing-shots';

/** The PDF's Info `/Subject`: pdf-lib writes it as a hex string of UTF-16BE text with a byte-order mark. */
const pdfSubject = (pdf: Buffer) => {
  const hex = /\/Subject\s*<([0-9A-Fa-f]+)>/.exec(pdf.toString('latin1'))?.[1];
  if (!hex) return undefined;
  const bytes = Buffer.from(hex, 'hex');
  return bytes.subarray(2).swap16().toString('utf16le');
};

/**
 * Billing (issue 21): a labour product (90.00 an hour, rounded up to 15 minutes) on a new agreement of an
 * organization; a ticket takes the agreement, 50 minutes logged on it are billed as one hour; the invoice made
 * for the period is downloaded as a PDF that says 90.00.
 */
test('time logged on a ticket is invoiced, and the invoice downloads as a PDF with its total', async ({
  page,
  baseURL,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1600 });
  await signIn(page);
  const suffix = randomUUID().slice(0, 8);
  const org = await createOrganization(page.request, baseURL!, `Billed ${suffix}`);
  const headers = { origin: baseURL! };
  const labourName = `Remote support ${suffix}`;
  // The labour product, from the products screen: 90.00 an hour, time rounded up to 15 minutes.
  await page.goto('/administration/billing/products');
  await page.getByRole('button', { name: 'New product' }).click();
  const picker = page.getByRole('dialog', { name: 'New product' });
  await picker.getByRole('radio', { name: /^Labour \(ticket time entry\)/ }).check();
  await picker.getByRole('button', { name: 'Continue' }).click();
  const productDialog = page.getByRole('dialog', { name: 'New product: Labour (ticket time entry)' });
  await productDialog.getByRole('textbox', { name: 'Name' }).fill(labourName);
  await productDialog.getByRole('textbox', { name: 'Description' }).fill('Remote support by the hour');
  await productDialog.getByRole('tab', { name: 'Billing' }).click();
  await productDialog.getByRole('textbox', { name: 'Rate per hour' }).fill('90.00');
  await productDialog.getByRole('tab', { name: 'Advanced' }).click();
  await productDialog.getByRole('combobox', { name: 'Licensing type' }).click();
  await page.getByRole('option', { name: 'Support' }).click();
  await productDialog.getByRole('combobox', { name: 'Term' }).click();
  await page.getByRole('option', { name: 'Monthly', exact: true }).click();
  await productDialog.getByRole('combobox', { name: 'Time rounding' }).click();
  await page.getByRole('option', { name: 'Round up to 15 minutes' }).click();
  await expect(productDialog.getByRole('combobox', { name: 'Time entries from' })).toHaveValue(
    'The ticket’s time entries',
  );
  await productDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product created')).toBeVisible();
  await expect(productDialog).toHaveCount(0);

  // The agreement, with the labour product, from the organization's billing page.
  await page.goto(`/customerDashboard/${org.id}/billing`);
  await expect(page.getByText('This organization has no agreements yet.')).toBeVisible();
  await page.getByRole('button', { name: 'New agreement' }).click();
  const dialog = page.getByRole('dialog', { name: `New agreement for ${org.name}` });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Support');
  // Every hour of every day is "in hours": the price does not depend on when the test runs.
  for (const day of ['Saturday', 'Sunday']) await dialog.getByText(day, { exact: true }).click();
  await dialog.getByLabel('From').fill('00:00');
  await dialog.getByLabel('To').fill('23:59');
  await dialog.getByRole('combobox', { name: 'Add product' }).fill(suffix);
  await page.getByRole('option', { name: labourName }).click();
  await expect(dialog.getByRole('table', { name: 'Products' })).toContainText(
    'Bills ticket time (Up to 15 minutes)',
  );
  await page.screenshot({ path: `${SHOTS}/agreement-dialog.png` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Agreement saved')).toBeVisible();
  const agreements = page.getByRole('table', { name: `Agreements of ${org.name}` });
  await expect(agreements.getByRole('row').filter({ hasText: 'Support' })).toContainText('Monthly');

  // A ticket takes the agreement; 50 minutes logged on it are billed as 1 hour.
  const created = await page.request.post('/tickets', {
    headers,
    data: { organizationId: org.id, subject: `Mail down ${suffix}` },
  });
  const ticketId = (await created.json()).ticket.id as number;
  await page.goto(`/ticketing/ticket/${ticketId}`);
  const billing = page.getByRole('region', { name: 'Billing' });
  await billing.getByRole('combobox', { name: 'Agreement' }).click();
  await page.getByRole('option', { name: 'Support (Monthly)' }).click();
  await expect(page.getByText('Agreement changed')).toBeVisible();
  await expect(billing).toContainText(`Time is billed as ${labourName}: 90.00 an hour`);
  await page.getByRole('textbox', { name: 'Hours' }).fill('0');
  await page.getByRole('textbox', { name: 'Minutes' }).fill('50');
  await page.getByRole('button', { name: 'Add time' }).click();
  await expect(page.getByText('Time added')).toBeVisible();
  const time = billing.getByRole('table', { name: 'Time entries' });
  await expect(time).toContainText('1.0000 h');
  await expect(time).toContainText('Pending');
  await page.screenshot({ path: `${SHOTS}/ticket-billing.png` });

  // The period's invoice, made from the agreement, then downloaded as PDF from the invoices tab.
  await page.goto(`/customerDashboard/${org.id}/billing`);
  await page.getByRole('button', { name: 'Invoice due periods of Support' }).click();
  await expect(page.getByText('1 invoice made')).toBeVisible();
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const invoices = page.getByRole('table', { name: 'Invoices' });
  const row = invoices.getByRole('row').filter({ hasText: 'Support' });
  await expect(row).toContainText('90.00 USD');
  await expect(row).toContainText('Pending');
  await page.screenshot({ path: `${SHOTS}/invoices.png` });
  const number = (await row.getByRole('cell').first().textContent())!.trim();
  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: `Download ${number} as PDF` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const pdf = fs.readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfSubject(pdf)).toBe('Total 90.00 USD');

  // The ticket's time is billed now.
  await page.goto(`/ticketing/ticket/${ticketId}`);
  await expect(
    page.getByRole('region', { name: 'Billing' }).getByRole('table', { name: 'Time entries' }),
  ).toContainText('Billed');
  expect(pageErrors).toEqual([]);
});
