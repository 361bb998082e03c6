import { generate } from 'otplib';
import { expect, signIn, test } from './fixtures.ts';

const PASSWORD = 'a technician passphrase';

test('an administrator requires two-step verification; a technician without a factor sets up an app at sign-in and reaches the dashboard', async ({
  page,
  browser,
  baseURL,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const email = `scully.${stamp}@example.com`;
  // A technician with a password and no second factor (through the API: the invitation's own test is elsewhere).
  await signIn(page);
  const roles = await (await page.request.get('/user-roles?roleType=TECHNICIAN')).json();
  const invited = await page.request.post('/users', {
    headers: { origin: baseURL! },
    data: {
      email,
      name: `Dana Scully ${stamp}`,
      roleId: roles.find((r: { name: string }) => r.name === 'Technician').id,
      organizationScope: 'all',
    },
  });
  expect(invited.status()).toBe(201);
  const { link } = await invited.json();
  const context = await browser.newContext({ baseURL });
  const accepted = await context.request.post(`/auth/invitation/${link.url.split('/invitation/')[1]}`, {
    headers: { origin: baseURL! },
    data: { password: PASSWORD },
  });
  expect(accepted.status()).toBe(200);
  await context.clearCookies();

  // The e2e server is shared by this worker's tests: the setting is turned off again whatever happens.
  try {
    await page.goto('/administration/users/securitySettings');
    const required = page.getByRole('switch', { name: /Require two-step verification/ });
    await expect(required).not.toBeChecked();
    await required.click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(required).toBeChecked();

    // The technician signs in with the password and is sent to set up an authenticator app.
    const tech = await context.newPage();
    await tech.goto('/login');
    await tech.getByLabel('Email').fill(email);
    await tech.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await tech.getByRole('button', { name: 'Sign in' }).click();
    await expect(tech.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
    await expect(tech.getByText('An administrator requires two-step verification')).toBeVisible();
    await expect(tech.getByRole('img', { name: 'QR code of the authenticator key' })).toBeVisible();
    // Nothing else is open to the enrolment session: the console still sees no one signed in.
    expect((await context.request.get('/auth/me')).status()).toBe(401);
    const secret = (await tech.getByTestId('secret').textContent())!.trim();
    await tech.screenshot({ path: 'test-results/security-settings-enrolment.png' });
    await tech.getByLabel(/^Code from the app/).fill(await generate({ secret }));
    await expect(tech.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
    expect((await tech.getByTestId('secret').textContent())!.trim().split('\n')).toHaveLength(10);
    await tech.getByRole('button', { name: 'I have saved them' }).click();
    await expect(tech.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect((await context.request.get('/auth/me')).status()).toBe(200);
  } finally {
    const off = await page.request.put('/settings/security', {
      headers: { origin: baseURL! },
      data: { mfaRequired: false },
    });
    expect(off.status()).toBe(200);
    await context.close();
  }
  expect(pageErrors).toEqual([]);
});
