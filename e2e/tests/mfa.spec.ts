import { generate } from 'otplib';
import { expect, signIn, test } from './fixtures.ts';

const PASSWORD = 'a technician password';

test('a technician sets up an authenticator app, then signs in with a code from it, and once with a recovery code', async ({
  page,
  browser,
  baseURL,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const email = `mulder.${stamp}@example.com`;
  // The administrator invites a technician through the API; the technician's own browser does the rest.
  await signIn(page);
  const roles = await (await page.request.get('/user-roles?roleType=TECHNICIAN')).json();
  const invited = await page.request.post('/users', {
    headers: { origin: baseURL! },
    data: {
      email,
      name: `Fox Mulder ${stamp}`,
      roleId: roles.find((r: { name: string }) => r.name === 'Technician').id,
      organizationScope: 'all',
    },
  });
  expect(invited.status()).toBe(201);
  const { link } = await invited.json();

  const context = await browser.newContext({ baseURL });
  const tech = await context.newPage();
  await tech.goto(new URL(link.url).pathname);
  await tech.getByLabel(/^New password/).fill(PASSWORD);
  await tech.getByLabel(/^Confirm password/).fill(PASSWORD);
  await tech.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(tech.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // My account → Security: scan (here: read the key), enter the first code, keep the recovery codes.
  await tech.getByRole('button', { name: 'User menu' }).click();
  await tech.getByRole('menuitem', { name: 'My account' }).click();
  await expect(tech).toHaveURL(/\/account\/security$/);
  await expect(tech.getByText('No second factor yet.', { exact: false })).toBeVisible();
  await tech.getByRole('button', { name: 'Set up authenticator app' }).click();
  const dialog = tech.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: 'QR code of the authenticator key' })).toBeVisible();
  const secret = (await dialog.getByTestId('secret').textContent())!.trim();
  await tech.screenshot({ path: 'test-results/mfa-setup.png' });
  await dialog.getByLabel(/^Code from the app/).fill(await generate({ secret }));
  await expect(dialog.getByText('Your recovery codes')).toBeVisible();
  const codes = (await dialog.getByTestId('secret').textContent())!.trim().split('\n');
  expect(codes).toHaveLength(10);
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(tech.getByRole('row', { name: /Authenticator app/ })).toBeVisible();
  await expect(tech.getByText('10 of 10 recovery codes left', { exact: false })).toBeVisible();

  // Sign out; the password alone is no longer enough.
  await tech.getByRole('button', { name: 'User menu' }).click();
  await tech.getByRole('menuitem', { name: 'Sign out' }).click();
  await tech.getByLabel('Email').fill(email);
  await tech.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await tech.getByRole('button', { name: 'Sign in' }).click();
  await expect(tech.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  const field = tech.getByLabel(/^Authentication code/);
  await field.fill('12');
  await field.blur();
  await expect(tech.getByText('Enter the 6-digit code', { exact: true })).toBeVisible();
  await tech.screenshot({ path: 'test-results/mfa-code.png' });
  await field.fill('000000');
  await expect(tech.getByRole('alert')).toContainText('The code is not valid or was already used.');
  // The code of the next 30-second step: accepted (a neighbouring step), and newer than the setup's.
  await field.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await expect(tech.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // A recovery code signs in once.
  await tech.getByRole('button', { name: 'User menu' }).click();
  await tech.getByRole('menuitem', { name: 'Sign out' }).click();
  await tech.getByLabel('Email').fill(email);
  await tech.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await tech.getByRole('button', { name: 'Sign in' }).click();
  await tech.getByText('Recovery code', { exact: true }).click();
  await tech.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!);
  await tech.getByRole('button', { name: 'Verify' }).click();
  await expect(tech.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await tech.goto('/account/security');
  await expect(tech.getByText('9 of 10 recovery codes left', { exact: false })).toBeVisible();
  await context.close();
  expect(pageErrors).toEqual([]);
});
