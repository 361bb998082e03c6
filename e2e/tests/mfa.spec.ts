import type { Browser, Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, signIn, test } from './fixtures.ts';

const PASSWORD = 'a technician password';

/**
 * The administrator invites a technician through the API; the technician, in a browser of their own, sets
 * a password from the link and lands on the dashboard.
 */
const newTechnician = async ({
  page,
  browser,
  baseURL,
}: {
  page: Page;
  browser: Browser;
  baseURL: string;
}) => {
  const stamp = Date.now();
  const email = `mulder.${stamp}@example.com`;
  await signIn(page);
  const roles = await (await page.request.get('/user-roles?roleType=TECHNICIAN')).json();
  const invited = await page.request.post('/users', {
    headers: { origin: baseURL },
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
  return { email, name: `Fox Mulder ${stamp}`, context, tech };
};

const signInAs = async (tech: Page, email: string) => {
  await tech.getByRole('button', { name: 'User menu' }).click();
  await tech.getByRole('menuitem', { name: 'Sign out' }).click();
  await tech.getByLabel('Email').fill(email);
  await tech.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await tech.getByRole('button', { name: 'Sign in' }).click();
};

test('a technician sets up an authenticator app, then signs in with a code from it, and once with a recovery code', async ({
  page,
  browser,
  baseURL,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  const { email, context, tech } = await newTechnician({ page, browser, baseURL: baseURL! });

  // My account → Security: scan (here: read the key), enter the first code, keep the recovery codes.
  await tech.getByRole('button', { name: 'User menu' }).click();
  await tech.getByRole('menuitem', { name: 'My account' }).click();
  await expect(tech).toHaveURL(/\/account\/security$/);
  await expect(tech.getByText('No second factor yet.', { exact: false })).toBeVisible();
  await tech.getByRole('button', { name: 'Add a second factor' }).click();
  await tech.getByRole('menuitem', { name: 'Set up authenticator app' }).click();
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

test('a technician adds a security key (Chromium virtual authenticator) and signs in with it', async ({
  page,
  browser,
  baseURL,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  const { email, name, context, tech } = await newTechnician({ page, browser, baseURL: baseURL! });
  // A virtual USB security key that is present and verifies the user (DevTools' WebAuthn domain).
  const cdp = await context.newCDPSession(tech);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: false,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await tech.goto('/account/security');
  await tech.getByRole('button', { name: 'Add a second factor' }).click();
  await tech.getByRole('menuitem', { name: 'Add a security key' }).click();
  const dialog = tech.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Blue key');
  await dialog.getByRole('button', { name: 'Add a security key' }).click();
  // The first factor comes with recovery codes.
  await expect(tech.getByText('Your recovery codes')).toBeVisible();
  await tech.getByRole('button', { name: 'I have saved them' }).click();
  await expect(tech.getByRole('row', { name: /Security key.*Blue key/ })).toBeVisible();

  await signInAs(tech, email);
  await expect(tech.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await tech.getByRole('button', { name: 'Use security key' }).click();
  await expect(tech.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // The key is lost: an administrator resets the technician's second factors; the password is enough again.
  await page.goto(`/administration/users/technicians?search=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name }).click();
  await expect(page.getByText('Security key (Blue key)')).toBeVisible();
  await page.getByRole('button', { name: 'Reset second factors' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset second factors' }).click();
  await expect(page.getByText('No second factor: the password alone signs in.')).toBeVisible();
  await signInAs(tech, email);
  await expect(tech.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await context.close();
  expect(pageErrors).toEqual([]);
});
