import type { Page } from '@playwright/test';
import { consoleRoutes, routeExample } from '@rmm/domain';
import { expect, signIn, test } from './fixtures.ts';

// The route table in slices, so the workers share it: each slice signs in once and visits its routes.
// Every address is asked of the server as a browser's deep link would be (it must answer the console's
// page, not an API 404), then shown by the router in place: a full page load per route would spend the
// time on loading the same scripts again, not on the pages.
const SLICE = 20;
const slices = Array.from({ length: Math.ceil(consoleRoutes.length / SLICE) }, (_, i) =>
  consoleRoutes.slice(i * SLICE, (i + 1) * SLICE),
);

/** Moves the console's router to `url` as the browser's back and forward buttons do (no page load). */
const showInPlace = (page: Page, url: string) =>
  page.evaluate(
    `window.history.pushState(null, '', ${JSON.stringify(url)}); window.dispatchEvent(new PopStateEvent('popstate'))`,
  );

for (const [index, routes] of slices.entries()) {
  test(`every route of the route table resolves to a page, never a blank one or a page error (${index + 1} of ${slices.length})`, async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    for (const route of routes) {
      const url = routeExample(route);
      const deepLink = await page.request.get(url, { headers: { accept: 'text/html' } });
      expect(deepLink.status(), `deep link ${url}`).toBe(200);
      expect(await deepLink.text(), `deep link ${url}`).toContain('<div id="root">');
      await showInPlace(page, url);
      await expect(page, `address ${url}`).toHaveURL(url);
      const main = page.locator('main, body');
      await expect(main.getByRole('heading').first(), `heading on ${url}`).toBeVisible();
      const text = ((await page.locator('body').textContent()) ?? '').trim();
      expect(text.length, `text on ${url}`).toBeGreaterThan(10);
      if (!route.ready)
        await expect(page.getByText('is coming in a later release'), `placeholder on ${url}`).toBeVisible();
      await expect(page.getByText('Page not found'), `not-found on ${url}`).toHaveCount(0);
    }
    expect(pageErrors).toEqual([]);
  });
}

test('the browser-extension isolation page says that the admin blocked the extension (spec §2)', async ({
  page,
}) => {
  await page.goto('/extensionBlocked');
  await expect(
    page.getByText('Your admin has blocked this browser extension.', { exact: true }),
  ).toBeVisible();
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await signIn(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('an editor route opens full screen and closes back to where the user came from', async ({ page }) => {
  await signIn(page);
  await page.goto('/administration/customers/organizations');
  await page.getByRole('link', { name: 'New organization' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Close editor' }).click();
  await expect(page).toHaveURL(/\/administration\/customers\/organizations/);
});
