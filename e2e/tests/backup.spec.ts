import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

/** The Demo organization's device (this machine, enrolled by `npm start`'s demo agent): its Backup tab. */
const openDemoDeviceBackup = async (page: Page) => {
  const hostname = os.hostname();
  await page.goto('/');
  await page.getByRole('link', { name: 'Demo organization' }).first().click();
  const row = page.getByRole('row').filter({ hasText: hostname });
  await expect(row.locator('[data-status]')).toHaveText('Up', { timeout: 30_000 });
  await row.getByRole('link', { name: hostname }).click();
  await expect(page.getByTestId('device-status')).toHaveText('Up');
  await page.getByRole('tab', { name: 'Backup' }).click();
  return { hostname };
};

/**
 * A zip's entries, name → bytes, read from its central directory (PKWARE APPNOTE: end of central directory
 * record, then one central header per entry pointing at its local header; stored or deflated data).
 */
const readZip = (zip: Buffer) => {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'the end of central directory record').toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at), 'a central directory header').toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressedSize);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
};

/** Opens the revision's folders down to `folder` in the restore dialog's file browser. */
const openFolder = async (restoreDialog: Locator, folder: string) => {
  // The revision's folders from its top, read from the server's store one by one as they are opened.
  for (const segment of folder.split(path.sep).filter(Boolean)) {
    const open = restoreDialog.getByRole('button', { name: `Open folder ${segment}`, exact: true });
    await expect(open, (await restoreDialog.textContent()) ?? '').toBeVisible({ timeout: 30_000 });
    await open.click();
  }
};

/** Waits for the job the dialog follows to end, and expects it to have succeeded. */
const expectJobSucceeded = async (dialog: Locator) => {
  const job = dialog.getByTestId('backup-job');
  await expect(job.getByTestId('job-result')).toBeVisible({ timeout: 180_000 });
  await expect(job.getByTestId('job-result'), (await job.textContent()) ?? '').toHaveText('Success');
};

test('a technician backs up a folder of the demo device, deletes a file, restores it from the revision’s file browser and sees it back, then downloads it as a zip', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(360_000);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-e2e-backup-'));
  const report = path.join(folder, 'report.txt');
  const figures = 'quarterly figures\n'.repeat(2000);
  fs.writeFileSync(report, figures);
  fs.writeFileSync(path.join(folder, 'keep.txt'), 'kept\n');
  fs.mkdirSync(path.join(folder, 'sub'));
  fs.writeFileSync(path.join(folder, 'sub', 'deep.txt'), 'deep\n');
  const planName = `Folder ${path.basename(folder)}`;
  try {
    await signIn(page);
    const { hostname } = await openDemoDeviceBackup(page);

    // No plan covers the device yet: the promotion, and the way to the organization's plans.
    await expect(page.getByRole('heading', { name: 'Protect these devices with backup' })).toBeVisible();
    await page.getByRole('link', { name: /Open the organization.s backup plans/ }).click();
    await page.getByRole('link', { name: 'New plan' }).click();
    await expect(page.getByRole('heading', { name: 'New backup plan' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Name/ }).fill(planName);
    await page.getByRole('button', { name: 'Add a folder or file' }).click();
    await page.getByRole('textbox', { name: 'Include rule 1' }).fill(folder);
    await expect(page.getByRole('radio', { name: 'Cloud' })).toBeChecked();
    await page.getByRole('combobox', { name: 'Runs' }).click();
    await page.getByRole('option', { name: 'Only when run by hand' }).click();
    await page.getByRole('switch', { name: /^All devices of the organization/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Backup plan ${planName} saved.`)).toBeVisible();

    // Closing the editor leads back to the device's backup page, now its dashboard: run the plan now.
    await page.getByRole('button', { name: 'Close editor' }).click();
    await expect(page).toHaveURL(/\/deviceDashboard\/\d+\/backup\/overview$/);
    const planRow = page.getByTestId('backup-plan-row').filter({ hasText: planName });
    await expect(planRow).toBeVisible();
    await expect(planRow.getByTestId('backup-plan-state')).toHaveText('Not backed up yet');
    await planRow.getByRole('button', { name: `Run ${planName} now on ${hostname}` }).click();
    const runDialog = page.getByRole('dialog', { name: `Run ${planName} on ${hostname}` });
    await runDialog.getByRole('button', { name: 'Run now' }).click();
    await expectJobSucceeded(runDialog);
    await expect(runDialog.getByTestId('backup-job-report')).toContainText('Revision of 3 files');
    await runDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(planRow.getByTestId('backup-plan-state')).toHaveText('OK');

    // A file is lost on the device.
    fs.rmSync(report);

    // Restore it from the revision's file browser, in place.
    await page.getByRole('tab', { name: 'Revisions' }).click();
    const revision = page.getByTestId('backup-revision-row').filter({ hasText: planName }).first();
    await expect(revision).toBeVisible();
    await revision.getByRole('button', { name: `Restore from ${planName} on ${hostname}` }).click();
    const restoreDialog = page.getByRole('dialog', { name: new RegExp(`^Restore from ${planName} on `) });
    await openFolder(restoreDialog, folder);
    await restoreDialog.getByRole('checkbox', { name: 'Select report.txt', exact: true }).check();
    await expect(restoreDialog.getByTestId('backup-selection-count')).toHaveText('1 item chosen');
    await expect(restoreDialog.getByRole('radio', { name: /^Original location/ })).toBeChecked();
    await restoreDialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await expectJobSucceeded(restoreDialog);
    await expect(restoreDialog.getByTestId('backup-job-report')).toContainText('Restored 1 file (');

    // It is back, byte for byte.
    expect(fs.readFileSync(report, 'utf8')).toBe(figures);
    await page.screenshot({ path: 'test-results/backup-restore.png' });
    await restoreDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(restoreDialog).toBeHidden();

    // The same file as a zip: the device makes it from the revision and uploads it, the console downloads it.
    await revision.getByRole('button', { name: `Restore from ${planName} on ${hostname}` }).click();
    await openFolder(restoreDialog, folder);
    await restoreDialog.getByRole('checkbox', { name: 'Select report.txt', exact: true }).check();
    await restoreDialog.getByRole('radio', { name: /^Download as a zip file/ }).check();
    await restoreDialog.getByRole('button', { name: 'Make the zip', exact: true }).click();
    await expectJobSucceeded(restoreDialog);
    await expect(restoreDialog.getByTestId('backup-job-report')).toContainText('Zip of 1 file (');
    const downloadLink = restoreDialog.getByRole('link', { name: 'Download the zip' });
    await expect(downloadLink).toBeVisible();
    const downloading = page.waitForEvent('download');
    await downloadLink.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^extract-[0-9a-f-]{36}\.zip$/);
    const zip = fs.readFileSync(await download.path());
    const entries = readZip(zip);
    expect([...entries.keys()]).toEqual(['report.txt']);
    expect(entries.get('report.txt')?.toString('utf8')).toBe(figures);
    await page.screenshot({ path: 'test-results/backup-extract.png' });
    expect(pageErrors).toEqual([]);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
