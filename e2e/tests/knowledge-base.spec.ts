import { expect, signIn, test } from './fixtures.ts';

test('a technician writes a knowledge-base article with a Markdown heading, reads it rendered, and finds it by search', async ({
  page,
  pageErrors,
}) => {
  const word = `Kestrel${Date.now()}`;
  const title = `VPN runbook ${word}`;
  await signIn(page);
  await page.goto('/systemDashboard/knowledgeBase');
  await expect(page.getByRole('heading', { name: 'Knowledge base' })).toBeVisible();

  await page.getByRole('button', { name: 'New article' }).click();
  await expect(page.getByRole('heading', { name: 'New article' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page
    .getByRole('textbox', { name: 'Text (Markdown)' })
    .fill(
      '## Restart the tunnel\n\nOpen [device search](/deviceSearch) and reboot the gateway.\n\n<b>not bold</b>',
    );
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'Restart the tunnel', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Article saved')).toBeVisible();
  await expect(page).toHaveURL(/article=\d+/);
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { name: title })).toBeVisible();
  await expect(article.getByRole('heading', { name: 'Restart the tunnel', level: 2 })).toBeVisible();
  // Raw HTML is shown as the text it is.
  await expect(article.getByText('<b>not bold</b>')).toBeVisible();

  await page.getByRole('button', { name: 'Back to the list' }).click();
  await page.getByRole('textbox', { name: 'Search articles' }).fill(`reboot ${word.toLowerCase()}`);
  await expect(page).toHaveURL(/q=reboot/);
  const result = page.getByRole('listitem').filter({ hasText: title });
  await expect(result).toBeVisible();
  await expect(result.locator('mark').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/knowledge-base.png', fullPage: true });

  await result.getByRole('button', { name: title }).click();
  // A console link in the article navigates in place.
  await page.getByRole('article').getByRole('link', { name: 'device search' }).click();
  await expect(page).toHaveURL(/\/deviceSearch$/);
  expect(pageErrors).toEqual([]);
});
