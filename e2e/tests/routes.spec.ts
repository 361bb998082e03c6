import { consoleRoutes, routeExample } from '@rmm/domain';
import { expect, signIn, test } from './fixtures.ts';

test('every route of the route table resolves to a page, never a blank one or a page error', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  for (const route of consoleRoutes) {
    const url = routeExample(route);
    await page.goto(url);
    const main = page.locator('main, body');
    await expect(main.getByRole('heading').first(), `heading on ${url}`).toBeVisible();
    const text = ((await page.locator('body').textContent()) ?? '').trim();
    expect(text.length, `text on ${url}`).toBeGreaterThan(10);
    if (!route.ready)
      await expect(page.getByText('is coming in a later release'), `placeholder on ${url}`).toBeVisible();
    await expect(page.getByText('Page not found'), `not-found on ${url}`).toHaveCount(0);
  }
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('an editor route opens full screen and closes back to where the user came from', async ({ page }) => {
  await signIn(page);
  await page.goto('/administration/customers/organizations');
  await page.getByRole('link', { name: 'New organization' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Close editor' }).click();
  await expect(page).toHaveURL(/\/administration\/customers\/organizations/);
});
