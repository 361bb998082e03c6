import type { Locator, Page } from '@playwright/test';
import { messages } from '@rmm/domain';
import { expect, signIn, test } from './fixtures.ts';

/** A real 1×1 PNG: the server checks an image's bytes against its type. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The EICAR test file, put together at run time so that no file of the repository holds it whole. */
const eicar = () =>
  Buffer.from(['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-', 'TEST-FILE!$H+H*'].join(''));

const openTicketForm = async (page: Page) => {
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Help' });
  await panel.getByRole('button', { name: 'Submit a ticket' }).click();
  await expect(panel.getByRole('textbox', { name: /^Subject/ })).toBeVisible();
  return panel;
};

const tileOf = (scope: Locator, name: string) => scope.getByRole('listitem').filter({ hasText: name });

test('a technician submits a help ticket with an image and a file, sees their tiles, and an administrator answers and closes it in the support inbox', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const subject = `Printer offline ${Date.now()}`;
  await signIn(page);
  const panel = await openTicketForm(page);

  await panel.getByRole('combobox', { name: 'Priority' }).selectOption('HIGH');
  await panel.getByRole('textbox', { name: 'Category' }).fill('Printing');
  await panel.getByRole('textbox', { name: /^Subject/ }).fill(subject);
  await panel
    .getByRole('textbox', { name: /^Describe the problem/ })
    .fill('The printer on floor 2 <b>stopped</b>.');
  await panel.getByRole('textbox', { name: 'Phone number' }).fill('+1 555 0100');
  await panel.getByRole('checkbox', { name: 'Call me back' }).check();
  await panel.getByRole('textbox', { name: 'Cc' }).fill('office@example.com');
  await panel.getByLabel('Add attachments').setInputFiles([
    { name: 'screenshot.png', mimeType: 'image/png', buffer: PNG },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Toner at 3 %.\n') },
  ]);

  // The image opens in a preview from its signed URL; Escape closes the preview, not the panel.
  await panel.getByRole('button', { name: 'Preview screenshot.png' }).click();
  const preview = page.getByRole('dialog', { name: 'screenshot.png' });
  const image = preview.getByRole('img', { name: 'screenshot.png' });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(1);
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  await expect(panel).toBeVisible();

  // Any other file downloads through its signed URL.
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download notes.txt' }).click();
  expect((await download).suggestedFilename()).toBe('notes.txt');
  await page.screenshot({ path: 'test-results/help-ticket-form.png' });

  await panel.getByRole('button', { name: 'Submit ticket' }).click();
  await expect(panel.getByText(/^Ticket \S+ was submitted/)).toBeVisible();
  await expect(panel.getByRole('textbox', { name: /^Subject/ })).toHaveValue('');
  await expect(tileOf(panel, 'notes.txt')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Close help' }).click();

  // The support inbox lists it; its page shows the fields, the text as typed and the tiles.
  await page.goto('/administration/general/supportInbox');
  await expect(page.getByRole('heading', { name: 'Support inbox' })).toBeVisible();
  await page.getByRole('link', { name: subject }).click();
  const ticket = page.getByRole('article', { name: subject });
  await expect(ticket.getByText('High')).toBeVisible();
  await expect(ticket.getByText('+1 555 0100')).toBeVisible();
  await expect(ticket.getByText('Printing')).toBeVisible();
  await expect(ticket.getByText('office@example.com')).toBeVisible();
  await expect(ticket.getByText('The printer on floor 2 <b>stopped</b>.')).toBeVisible();
  await expect(ticket.getByRole('button', { name: 'Preview screenshot.png' })).toBeVisible();
  await expect(ticket.getByRole('button', { name: 'Download notes.txt' })).toBeVisible();

  await ticket.getByRole('textbox', { name: 'Your reply' }).fill('A new toner is on its way.');
  await ticket.getByLabel('Add attachments').setInputFiles({
    name: 'delivery.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Tracking 42\n'),
  });
  await expect(ticket.getByRole('button', { name: 'Download delivery.txt' })).toBeVisible();
  await ticket.getByRole('button', { name: 'Send reply' }).click();
  // The administrator here is also the requester, so the reply is marked as theirs.
  const answer = ticket
    .getByRole('listitem', { name: 'Administrator' })
    .filter({ hasText: 'A new toner is on its way.' });
  await expect(answer).toBeVisible();
  await expect(answer.getByRole('button', { name: 'Download delivery.txt' })).toBeVisible();
  await page.screenshot({ path: 'test-results/support-inbox-ticket.png', fullPage: true });

  await ticket.getByRole('button', { name: 'Close ticket' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close ticket' }).click();
  await expect(ticket.getByRole('button', { name: 'Reopen ticket' })).toBeVisible();
  await expect(ticket.getByText('This ticket is closed. Reopen it to reply.')).toBeVisible();

  await page.getByRole('button', { name: 'Back to the inbox' }).click();
  await expect(page.getByRole('link', { name: subject })).toHaveCount(0);
  // The status filter's radios are drawn as segments: a segment is clicked by its label.
  await page
    .locator('label')
    .filter({ hasText: /^Closed$/ })
    .click();
  await expect(page.getByRole('radio', { name: 'Closed' })).toBeChecked();
  await expect(page.getByRole('link', { name: subject })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('the EICAR test file uploads as a suspicious tile that cannot be opened and is not sent', async ({
  page,
  pageErrors,
}) => {
  await signIn(page);
  const panel = await openTicketForm(page);
  await panel.getByLabel('Add attachments').setInputFiles({
    name: 'invoice.txt',
    mimeType: 'text/plain',
    buffer: eicar(),
  });
  const tile = tileOf(panel, 'invoice.txt');
  await expect(tile.getByText(messages.attachments.suspicious)).toBeVisible();
  await expect(tile.getByRole('button', { name: /invoice\.txt$/ })).toHaveAccessibleName(
    'Remove invoice.txt',
  );
  await expect(panel.getByText('Attachments that failed or were flagged are not sent.')).toBeVisible();
  await tile.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/help-ticket-suspicious.png' });
  expect(pageErrors).toEqual([]);
});
