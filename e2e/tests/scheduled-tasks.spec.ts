import os from 'node:os';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

// The browser's zone is the user's: fixed, so the times on screen are known.
test.use({ timezoneId: 'Europe/Berlin' });

type ScriptParameterInput = { name: string; label?: string; type: 'TEXT'; defaultValue?: string };

/** A library script written through the API (POST /scripts, answered with `{script}`). */
const createScript = async (
  request: APIRequestContext,
  baseURL: string,
  body: { name: string; code: string; parameters?: ScriptParameterInput[] },
) => {
  const response = await request.post('/scripts', {
    headers: { origin: baseURL },
    data: { language: 'bash', operatingSystems: ['LINUX', 'MAC'], category: 'CUSTOM', ...body },
  });
  if (!response.ok()) throw new Error(`script: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { script: { id: number; name: string } }).script;
};

/** From the list, a new task's editor, named. */
const startNewTask = async (page: Page, name: string) => {
  await page.goto('/administration/tasks');
  await expect(page.getByRole('heading', { name: 'Scheduled tasks' })).toBeVisible();
  await page.getByRole('link', { name: 'New task' }).click();
  await expect(page.getByRole('heading', { name: 'New scheduled task' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
};

/** Picks a library script by name in the editor's script picker. */
const addScript = async (page: Page, name: string) => {
  const picker = page.getByRole('combobox', { name: 'Add a library script' });
  await picker.fill(name);
  await page.getByRole('option', { name }).click();
  return page.getByRole('group', { name });
};

/** The Demo organization's device (this machine, enrolled by the demo agent) is up. */
const waitForDemoDevice = async (page: Page) => {
  const hostname = os.hostname();
  await page.goto('/');
  await page.getByRole('link', { name: 'Demo organization' }).first().click();
  const row = page.getByRole('row').filter({ hasText: hostname });
  await expect(row.locator('[data-status]')).toHaveText('Up', { timeout: 30_000 });
  return hostname;
};

test('a technician creates a daily task and sees its next occurrences in their time zone', async ({
  page,
  pageErrors,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const script = await createScript(page.request, baseURL!, {
    name: `Disk report ${Date.now()}`,
    code: 'df -h',
  });
  const name = `Daily disk report ${Date.now()}`;
  await startNewTask(page, name);

  // A new task runs daily at 17:00 in the user's zone (§9).
  await expect(page.getByRole('combobox', { name: 'Repeats' })).toHaveValue('Daily');
  await expect(page.getByRole('textbox', { name: 'Hour' })).toHaveValue('17');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
  await expect(page.getByText('Daily at 17:00 (Europe/Berlin)')).toBeVisible();
  const occurrences = page.getByRole('list', { name: 'Next occurrences' }).getByRole('listitem');
  await expect(occurrences).toHaveCount(5);
  await expect(page.getByText('Shown in your time zone, Europe/Berlin')).toBeVisible();
  for (const text of await occurrences.allTextContents())
    expect(text).toMatch(/^\w{3} \d{4}-\d{2}-\d{2} 17:00$/);

  // 09:30 instead: the preview follows.
  await page.getByRole('textbox', { name: 'Hour' }).fill('9');
  await page.getByRole('textbox', { name: 'Minute' }).fill('30');
  await expect(page.getByText('Daily at 09:30 (Europe/Berlin)')).toBeVisible();
  await expect(occurrences.first()).toHaveText(/ 09:30$/);
  const days = await occurrences.allTextContents();
  expect(new Set(days.map((text) => text.slice(4, 14))).size).toBe(5);

  await addScript(page, script.name);
  await page.getByRole('combobox', { name: 'Organizations' }).click();
  await page.getByRole('option', { name: 'Demo organization' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Scheduled task saved')).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/scheduledTask\/\d+$/);
  await expect(page.getByRole('heading', { name: `Scheduled task: ${name}` })).toBeVisible();

  // The list shows the schedule and the next run, at 09:30 in the user's zone.
  await page.goto(`/administration/tasks?search=${encodeURIComponent(name)}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Daily at 09:30 (Europe/Berlin)');
  await expect(row).toContainText('1 organization');
  await expect(row.locator('time').first()).toHaveText(/ 09:30$/);
  expect(pageErrors).toEqual([]);
});

test('a task that runs at once runs a library script with its parameter on the demo device; its history shows the output', async ({
  page,
  pageErrors,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const hostname = await waitForDemoDevice(page);
  const marker = `e2e-${process.pid}-${Date.now()}`;
  const script = await createScript(page.request, baseURL!, {
    name: `Greet ${Date.now()}`,
    code: 'echo "greeting: $1"',
    parameters: [{ name: 'greeting', label: 'Greeting', type: 'TEXT', defaultValue: 'hello' }],
  });

  const name = `Greet now ${Date.now()}`;
  await startNewTask(page, name);
  await page.getByRole('combobox', { name: 'Repeats' }).click();
  await page.getByRole('option', { name: 'Once, right after saving' }).click();
  await expect(page.getByText('Once, when saved')).toBeVisible();

  const card = await addScript(page, script.name);
  const greeting = card.getByRole('textbox', { name: 'Greeting' });
  await expect(greeting).toHaveValue('hello');
  await greeting.fill(marker);

  const devices = page.getByRole('combobox', { name: 'Devices' });
  await devices.click();
  await devices.fill(hostname);
  await page.getByRole('option', { name: hostname }).first().click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Scheduled task saved')).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/scheduledTask\/\d+$/);

  // The run appears in the history (job events refresh it) and its device succeeds.
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: 'History' });
  const run = history.getByRole('row').nth(1);
  await expect(run).toBeVisible({ timeout: 30_000 });
  await run.getByRole('button', { name: /^Open run of / }).click();
  const drawer = page.getByRole('dialog', { name: /^Run of / });
  const deviceRow = drawer.getByRole('row').filter({ hasText: hostname });
  await expect(deviceRow.getByTestId('device-state')).toHaveText('Success', { timeout: 60_000 });

  // The job record: the script's output, with the parameter given as its first argument.
  await deviceRow.getByRole('button', { name: `View job ${script.name} on ${hostname}` }).click();
  const job = page.getByRole('dialog', { name: 'Job' });
  await expect(job.getByRole('log', { name: 'Output' })).toContainText(`greeting: ${marker}`, {
    timeout: 30_000,
  });
  await expect(job.getByTestId('job-result')).toHaveText('Success');
  expect(pageErrors).toEqual([]);
});
