import { expect, signIn, test } from './fixtures.ts';

test('an administrator turns the help menu off in the branding and the help button is gone', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const helpButton = page.getByRole('button', { name: 'Help', exact: true });
  // The e2e server is shared by this worker's tests: help is turned on again whatever happens.
  try {
    await page.goto('/administration/general/branding/help');
    await expect(helpButton).toBeVisible();
    const help = page.getByRole('switch', { name: /^Help(?! articles)/ });
    await expect(help).toBeChecked();
    await help.click();
    await expect(page.getByText('Branding saved')).toBeVisible();
    await expect(helpButton).toHaveCount(0);
    await expect(page.getByRole('switch', { name: /Submit a ticket/ })).toBeDisabled();
    // Another page, after a reload: still no help menu.
    await page.goto('/systemDashboard/overview');
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await expect(helpButton).toHaveCount(0);
    await page.screenshot({ path: 'test-results/branding-help-off.png' });
  } finally {
    const restored = await page.request.put('/settings/branding', {
      headers: { origin: baseURL! },
      data: { help: { enabled: true } },
    });
    expect(restored.status()).toBe(200);
  }
  await page.reload();
  await expect(helpButton).toBeVisible();
});

test('an administrator turns help articles off and the help menu shows no suggestions or search', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const helpButton = page.getByRole('button', { name: 'Help', exact: true });
  try {
    await page.goto('/administration/general/branding/help');
    const articles = page.getByRole('switch', { name: /^Help articles/ });
    await expect(articles).toBeChecked();
    await articles.click();
    await expect(page.getByText('Branding saved')).toBeVisible();

    await page.goto('/systemDashboard/overview');
    await helpButton.click();
    const panel = page.getByRole('complementary', { name: 'Help' });
    await expect(panel.getByRole('button', { name: 'Submit a ticket' })).toBeVisible();
    await expect(panel.getByText('Suggested for this screen')).toHaveCount(0);
    await expect(panel.getByRole('searchbox')).toHaveCount(0);
    await expect(panel.getByRole('link', { name: 'Knowledge base' })).toHaveCount(0);
  } finally {
    const restored = await page.request.put('/settings/branding', {
      headers: { origin: baseURL! },
      data: { help: { articles: true } },
    });
    expect(restored.status()).toBe(200);
  }
  await page.reload();
  await helpButton.click();
  await expect(page.getByText('Suggested for this screen')).toBeVisible();
});
