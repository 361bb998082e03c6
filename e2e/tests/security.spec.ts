import { expect, signIn, test } from './fixtures.ts';

test('the console runs under its Content-Security-Policy and cannot be framed', async ({
  page,
  pageErrors,
}) => {
  const answer = await page.goto('/login');
  const headers = answer?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  await signIn(page);
  // The live channel (WebSocket, connect-src) and a chart page (inline styles) work under the policy.
  await expect(page.getByText('Live', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  expect(pageErrors).toEqual([]);
});

test('the OpenAPI UI renders its operations under its own policy', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: /RMM console API/ })).toBeVisible();
  await expect(page.getByText('/webapp/submit/job').first()).toBeVisible();
});
