import os from 'node:os';
import {
  connectHandDrivenAgent,
  createEnrollmentToken,
  createInventory,
  createOrganization,
} from './agents.ts';
import { expect, signIn, test } from './fixtures.ts';

const PASSWORD = 'technician password 1';

test('an administrator makes a role with the matrix, invites a scoped technician who sets a password from the link, then ends their session', async ({
  page,
  browser,
  baseURL,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const roleName = `Night shift ${stamp}`;
  const technician = { name: `Dana Scully ${stamp}`, email: `dana.${stamp}@example.com` };
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  const organization = await createOrganization(page.request, baseURL!, `Lone Gunmen ${stamp}`);
  // A device of that organization, beside the demo organization's (this machine, enrolled at start).
  const scopedDevice = `gunmen-pc-${stamp}`;
  const agent = await connectHandDrivenAgent(
    baseURL!,
    await createEnrollmentToken(page.request, baseURL!, {
      organizationId: organization.id,
      locationId: organization.locations[0]!.id,
    }),
    createInventory({ hostname: scopedDevice }),
  );

  // The administrator sees both organizations' devices.
  await page.goto('/deviceSearch');
  await expect(page.getByRole('link', { name: scopedDevice, exact: true })).toBeVisible();
  // (Other tests of this worker's server may have enrolled this machine again, in their organizations.)
  await expect(page.getByRole('link', { name: os.hostname(), exact: true }).first()).toBeVisible();

  // A custom role, its permissions from the matrix.
  await page.goto('/administration/users/technicianRoles');
  await expect(page.getByRole('row', { name: /Helpdesk.*Built-in/ })).toBeVisible();
  await page.getByRole('link', { name: 'New role' }).click();
  await expect(page.getByRole('heading', { name: 'New technician role' })).toBeVisible();
  await page.getByLabel(/^Name/).fill(roleName);
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await page.getByRole('checkbox', { name: 'All permissions of Devices' }).check();
  await page.getByRole('checkbox', { name: 'Devices: Approve' }).uncheck();
  await page.getByRole('checkbox', { name: 'Organizations: View' }).check();
  await expect(page.getByText('3 of 37 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Role: ${roleName}` })).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/role\/\d+\/permissions/);
  await page.getByRole('button', { name: 'Close editor' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`${roleName}.*3 permissions`) })).toBeVisible();

  // A Helpdesk technician who sees one organization.
  await page.goto('/administration/users/technicians');
  await page.getByRole('button', { name: 'Invite technician' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Email/).fill(technician.email);
  await dialog.getByLabel(/^Name/).fill(technician.name);
  await dialog.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'Helpdesk' }).click();
  await dialog.getByRole('switch', { name: 'All organizations' }).click();
  await dialog.getByRole('combobox', { name: 'Organizations this user may see' }).click();
  await page.getByRole('option', { name: organization.name }).click();
  await dialog.getByText('Invite technician').click(); // closes the organizations' list
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText(/It works once and expires/)).toBeVisible();
  const link = (await dialog.getByTestId('secret').textContent())!.trim();
  expect(link).toMatch(/\/invitation\/\S+$/);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row', { name: new RegExp(technician.name) });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText(organization.name);

  // The technician opens the link in a browser of their own.
  const theirs = await browser.newContext({ baseURL });
  const techPage = await theirs.newPage();
  const techErrors: string[] = [];
  techPage.on('pageerror', (error) => techErrors.push(error.message));
  await techPage.goto(new URL(link).pathname);
  await expect(techPage.getByRole('heading', { name: `Welcome, ${technician.name}` })).toBeVisible();
  await expect(techPage.getByText(technician.email)).toBeVisible();
  await techPage.getByLabel(/^New password/).fill(PASSWORD);
  await techPage.getByLabel(/^Confirm password/).fill('something else entirely');
  await techPage.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(techPage.getByText('The passwords do not match.')).toBeVisible();
  await techPage.getByLabel(/^Confirm password/).fill(PASSWORD);
  await techPage.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(techPage).toHaveURL(/\/systemDashboard\/overview/);
  await expect(techPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await techPage.getByRole('button', { name: 'User menu' }).click();
  await expect(techPage.getByText(technician.name)).toBeVisible();
  await techPage.keyboard.press('Escape');

  // Helpdesk in one organization: its devices only, no administration menu, a clear page at an admin URL.
  const navigation = techPage.getByRole('navigation', { name: 'Main' });
  await expect(navigation.getByRole('link', { name: 'Organizations' })).toBeVisible();
  await expect(navigation.getByText('Administration')).toHaveCount(0);
  await techPage.goto('/deviceSearch');
  await expect(techPage.getByRole('link', { name: scopedDevice, exact: true })).toBeVisible();
  await expect(techPage.getByRole('link', { name: os.hostname(), exact: true })).toHaveCount(0);
  await techPage.goto('/administration/users/technicians');
  await expect(techPage.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await expect(techPage.getByText('Your role does not allow you to open Technicians.')).toBeVisible();
  await techPage.screenshot({ path: 'test-results/no-access.png' });
  await techPage.goto('/systemDashboard/overview');
  await expect(techPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  agent.close();

  // The used link does not work twice.
  const again = await theirs.newPage();
  await again.goto(new URL(link).pathname);
  await expect(again.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await again.close();

  // The administrator ends the technician's session; the technician's next step is the sign-in page.
  await page.reload();
  await expect(row).toContainText('Active');
  await row.getByRole('link', { name: technician.name }).click();
  await expect(page.getByRole('heading', { name: `Technician: ${technician.name}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page).toHaveURL(/\/sessions$/);
  const sessionRow = page.getByRole('row', { name: /Revoke/ });
  await expect(sessionRow).toHaveCount(1);
  await expect(sessionRow).not.toContainText('This session');
  await sessionRow.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Session ended')).toBeVisible();
  await expect(page.getByText('No active sessions.')).toBeVisible();

  // (The console may already be there: the server closes the revoked session's event socket.)
  await techPage.evaluate(
    `window.history.pushState(null, '', '/administration/customers/organizations'); window.dispatchEvent(new PopStateEvent('popstate'))`,
  );
  await expect(techPage).toHaveURL(/\/login/);
  await expect(techPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(techErrors).toEqual([]);
  await theirs.close();
  expect(pageErrors).toEqual([]);
});

test('an API token is made with some of its owner’s permissions, shown once, and revoked', async ({
  page,
  playwright,
  baseURL,
  pageErrors,
}) => {
  const name = `Backup script ${Date.now()}`;
  await signIn(page);
  await page.goto('/administration/users/technicians');
  await page.getByRole('link', { name: 'Administrator' }).click();
  await page.getByRole('tab', { name: 'API tokens' }).click();
  await page.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText('Pick at least one permission.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'All permissions of Devices' }).check();
  await dialog.getByRole('checkbox', { name: 'Jobs: View' }).check();
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText('it is not shown again')).toBeVisible();
  const token = (await dialog.getByTestId('secret').textContent())!.trim();
  expect(token.length).toBeGreaterThan(20);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('4 permissions');
  await expect(row).toContainText('Active');
  await expect(page.getByText(token)).toHaveCount(0);

  // The token works (in a client without the browser's cookie) until it is revoked.
  const client = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  expect((await client.get('/devices?pageSize=1')).status()).toBe(200);
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token revoked')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  expect((await client.get('/devices?pageSize=1')).status()).toBe(401);
  await client.dispose();
  expect(pageErrors).toEqual([]);
});
