import os from 'node:os';
import type { Page } from '@playwright/test';
import { HELP_SEARCH_DEBOUNCE_MS } from '@rmm/domain';
import { expect, signIn, test } from './fixtures.ts';

/** The Demo organization's device (this machine, enrolled by the demo agent): its dashboard. */
const openDemoDevice = async (page: Page) => {
  const hostname = os.hostname();
  await page.goto('/');
  await page.getByRole('link', { name: 'Demo organization' }).first().click();
  await page.getByRole('row').filter({ hasText: hostname }).getByRole('link', { name: hostname }).click();
  await expect(page).toHaveURL(/\/deviceDashboard\/\d+\/overview$/);
};

const isSearch = (url: string) => new URL(url).pathname === '/help/search';

test('a technician opens help on the device dashboard, searches after the 2 s pause, reads an article, goes Back and closes it', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openDemoDevice(page);

  await page.getByRole('button', { name: 'Help' }).click();
  const panel = page.getByRole('complementary', { name: 'Help' });
  const suggested = panel.getByRole('navigation', { name: 'Suggested for this screen' });
  await expect(suggested.getByRole('button', { name: /^A device's dashboard/ })).toBeVisible();
  await expect(suggested.getByRole('button', { name: /^Run a script on a device/ })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Knowledge base' })).toBeVisible();

  // Search: nothing is asked while typing nor right after it; once typing has stopped for the spec's 2 s
  // (the exact wait is checked on a fake clock in help-panel.test.tsx), one request for the whole query.
  const searches: string[] = [];
  page.on('request', (request) => {
    if (isSearch(request.url())) searches.push(request.url());
  });
  const searched = page.waitForRequest((request) => isSearch(request.url()), {
    timeout: HELP_SEARCH_DEBOUNCE_MS + 20_000,
  });
  await panel.getByRole('searchbox', { name: 'Search help articles' }).pressSequentially('many devices');
  expect(searches).toEqual([]);
  await expect(panel.getByRole('heading', { name: 'Articles' })).toBeVisible();
  await expect(panel.getByLabel('Searching…')).toBeVisible();
  expect(new URL((await searched).url()).searchParams.get('q')).toBe('many devices');

  const results = panel.getByRole('navigation', { name: 'Articles' });
  const result = results.getByRole('button', { name: /^Run a script on many devices/ });
  await expect(result).toBeVisible();
  await expect(results.locator('mark').first()).toBeVisible();
  expect(searches).toHaveLength(1);

  // The article, rendered from Markdown; its console link opens the screen with the panel still open.
  await result.click();
  await expect(panel.getByRole('heading', { name: 'Run a script on many devices' })).toBeVisible();
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  await panel.getByRole('link', { name: 'scheduled task' }).click();
  await expect(page).toHaveURL(/\/administration\/tasks$/);
  await expect(page.getByRole('heading', { name: 'Scheduled tasks', level: 2 })).toBeVisible();
  await expect(panel).toBeVisible();

  // Back pops: the results, then the suggestions, now for the screen shown.
  await panel.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(results.getByRole('button', { name: /^Run a script on many devices/ })).toBeVisible();
  await panel.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(suggested.getByRole('button', { name: /^Schedule a task/ })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Help' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Help' })).toBeFocused();
  expect(pageErrors).toEqual([]);
});
