import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createOrganization } from './agents.ts';
import { expect, signIn, test } from './fixtures.ts';

/** Screenshots of the ticketing screens, light and dark, for a person to look at (not compared). */
const SHOTS = process.env.TICKETING_SHOTS_DIR ?? '/tmp/ticketing-shots';
/** The viewport is made tall for the test instead of full-page shots, which repeat the fixed header and menu. */
const shoot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
const setScheme = (page: Page, scheme: 'light' | 'dark') =>
  // Mantine keeps the colour scheme in localStorage (a string: this project has no DOM types).
  page.evaluate(`localStorage.setItem('mantine-color-scheme-value', '${scheme}')`);

/**
 * Ticketing (issue 20): a technician creates a ticket for an organization of this spec's own, finds it on the
 * fixed board, opens it, changes its status, comments, logs time and sees all of it in the log; a save over
 * someone else's change shows the server's 409 message and reloads the ticket.
 */
test('a technician works a ticket from a board, and a stale edit shows the conflict', async ({
  page,
  baseURL,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1700 });
  await signIn(page);
  const org = await createOrganization(page.request, baseURL!, `Helpdesk ${randomUUID().slice(0, 8)}`);
  const subject = `Printer offline ${randomUUID().slice(0, 8)}`;

  // A new ticket from the organization's tickets: the organization is filled in.
  await page.goto(`/customerDashboard/${org.id}/ticketing`);
  await expect(page.getByText('No tickets for this organization yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New ticket' }).click();
  await expect(page.getByRole('heading', { name: 'New ticket' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Organization/ })).toHaveValue(org.name);
  await page.getByRole('textbox', { name: /^Subject/ }).fill(subject);
  await page
    .getByRole('textbox', { name: /^Description/ })
    .fill('The printer on floor 2 is **offline**.\n\n- paper loaded\n- <b>not</b> HTML');
  await page.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High', exact: true }).click();
  await shoot(page, 'new-ticket');
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page).toHaveURL(/\/ticketing\/ticket\/\d+$/);
  const ticketId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();

  // Found on the fixed board (the menu's Ticketing), narrowed to the organization.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ticketing' }).click();
  await expect(page).toHaveURL(/\/ticketing\/board\/1$/);
  await expect(page.getByRole('heading', { name: 'All open tickets' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Organization' }).click();
  await page.getByRole('option', { name: org.name }).click();
  const board = page.getByRole('table', { name: 'Tickets of All open tickets' });
  const row = board.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText(`#${ticketId}`);
  await expect(row).toContainText('New');
  await expect(row).toContainText('High');
  await shoot(page, 'board');
  await setScheme(page, 'dark');
  await page.reload();
  await expect(row).toBeVisible();
  await shoot(page, 'board-dark');
  await setScheme(page, 'light');
  await page.reload();
  await row.getByRole('link', { name: subject }).click();
  await expect(page).toHaveURL(new RegExp(`/ticketing/ticket/${ticketId}$`));

  // The description is rich text; typed HTML stays text.
  const description = page.getByRole('region', { name: 'Description' });
  await expect(description.locator('strong')).toHaveText('offline');
  await expect(description).toContainText('<b>not</b> HTML');

  // Status: saved with the version read.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Open', exact: true }).click();
  await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Ticket saved')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unsaved changes' })).toHaveCount(0);

  // An internal comment, and time by hand.
  await page.getByRole('textbox', { name: 'Comment' }).fill('Restarted the **spooler**.');
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.getByText('Comment added')).toBeVisible();
  await page.getByRole('textbox', { name: 'Hours' }).fill('1');
  await page.getByRole('textbox', { name: 'Minutes' }).fill('15');
  await page.getByRole('button', { name: 'Add time' }).click();
  await expect(page.getByText('Time added')).toBeVisible();
  await expect(page.getByTestId('time-tracked')).toHaveText('1h 15m tracked');

  // The log: the comment, the change, the time and the creation, newest first.
  const log = page.getByRole('list', { name: 'Log' });
  await expect(log.locator('[data-log-type="COMMENT"]')).toContainText('Restarted the spooler.');
  await expect(log.locator('[data-log-type="COMMENT"] strong')).toHaveText('spooler');
  await expect(log.locator('[data-log-type="CHANGE"]')).toContainText('Status: New → Open');
  await expect(log.locator('[data-log-type="TIME_ENTRY"]')).toContainText('1h 15m');
  await expect(log.locator('[data-log-type="CREATED"]')).toHaveCount(1);
  await shoot(page, 'ticket');

  // A stale edit: the priority changes here while someone else saves the ticket.
  await page.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'Low', exact: true }).click();
  const current = (await (await page.request.get(`/tickets/${ticketId}`)).json()) as {
    ticket: { version: number };
  };
  const other = await page.request.patch(`/tickets/${ticketId}`, {
    headers: { origin: baseURL! },
    data: { version: current.ticket.version, severity: 'MAJOR' },
  });
  expect(other.ok()).toBe(true);
  await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Someone else changed this ticket' });
  await expect(conflict).toContainText('This ticket was changed by someone else');
  await shoot(page, 'ticket-conflict');

  // The reload reads the other technician's version and drops the stale change.
  await conflict.getByRole('button', { name: 'Reload the ticket' }).click();
  await expect(page.getByRole('combobox', { name: 'Severity' })).toHaveValue('Major');
  await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue('High');
  await expect(page.getByRole('region', { name: 'Unsaved changes' })).toHaveCount(0);
  await expect(conflict).toHaveCount(0);
  await setScheme(page, 'dark');
  await page.reload();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(log.locator('[data-log-type="COMMENT"]')).toBeVisible();
  await shoot(page, 'ticket-dark');
  await setScheme(page, 'light');

  // The organization's tickets list it; the settings show their lists.
  await page.goto(`/customerDashboard/${org.id}/ticketing`);
  await expect(page.getByRole('link', { name: subject })).toBeVisible();
  await shoot(page, 'organization-tickets');
  // A device's Ticketing tab (the demo device, read only): its New ticket names the device.
  const devices = (await (await page.request.get('/devices?pageSize=1')).json()) as {
    data: { id: number }[];
  };
  const deviceId = devices.data[0]!.id;
  await page.goto(`/deviceDashboard/${deviceId}/ticketing`);
  await expect(page.getByRole('tab', { name: 'Ticketing' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'New ticket' })).toHaveAttribute(
    'href',
    new RegExp(`deviceId=${deviceId}`),
  );
  await shoot(page, 'device-tickets');
  await page.goto('/administration/apps/ticketing?section=statuses');
  await expect(page.getByRole('table', { name: 'Statuses' })).toContainText('Resolved');
  await shoot(page, 'settings-statuses');
  await setScheme(page, 'dark');
  await page.goto('/administration/apps/ticketing?section=boards');
  await page.getByRole('button', { name: 'Edit board All open tickets' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit board All open tickets' })).toBeVisible();
  await shoot(page, 'board-dialog-dark');
  await setScheme(page, 'light');
  expect(pageErrors).toEqual([]);
});
