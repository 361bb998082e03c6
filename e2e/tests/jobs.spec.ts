import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type AgentProcess, createEnrollmentToken, createOrganization, startAgent } from './agents.ts';
import { expect, signIn, test } from './fixtures.ts';

const HOSTILE = '<img src=x onerror=alert(1)>';

/** An organization with this machine enrolled through a real agent; opens the device's dashboard. */
const openEnrolledDevice = async (page: Page, baseURL: string, name: string) => {
  const hostname = os.hostname();
  const org = await createOrganization(page.request, baseURL, `${name} ${Date.now()}`);
  const token = await createEnrollmentToken(page.request, baseURL, {
    organizationId: org.id,
    locationId: org.locations[0]!.id,
  });
  const agent = startAgent(baseURL, token);
  await page.goto(`/customerDashboard/${org.id}/overview`);
  const row = page.getByRole('row').filter({ hasText: hostname });
  await expect(row, agent.output()).toBeVisible({ timeout: 30_000 });
  await expect(row.locator('[data-status]')).toHaveText('Up', { timeout: 15_000 });
  await row.getByRole('link', { name: hostname }).click();
  await expect(page.getByTestId('device-status')).toHaveText('Up');
  return { agent, hostname };
};

/** The Demo organization's device (this machine, enrolled by `npm start`'s demo agent), from the home page. */
const openDemoDevice = async (page: Page) => {
  const hostname = os.hostname();
  await page.goto('/');
  await page.getByRole('link', { name: 'Demo organization' }).first().click();
  const row = page.getByRole('row').filter({ hasText: hostname });
  await expect(row.locator('[data-status]')).toHaveText('Up', { timeout: 30_000 });
  await row.getByRole('link', { name: hostname }).click();
  await expect(page.getByTestId('device-status')).toHaveText('Up');
  return { hostname };
};

/** Opens Run script, types the command into the script field and runs it; answers the output log. */
const runScript = async (page: Page, hostname: string, code: string) => {
  await page.getByRole('button', { name: 'Run script' }).click();
  const panel = page.getByRole('dialog', { name: `Run a script on ${hostname}` });
  // The dialog opens on the library; typed code is the ad-hoc mode.
  await panel.getByText('Ad-hoc code', { exact: true }).click();
  await expect(panel.getByRole('combobox', { name: 'Language' })).toHaveValue('Bash');
  await panel.getByRole('textbox', { name: 'Script' }).fill(code);
  await panel.getByRole('button', { name: 'Run' }).click();
  return { panel, log: panel.getByRole('log', { name: 'Output' }) };
};

/** Whether a process whose command line holds `marker` runs on this machine. */
const isRunning = (marker: string) =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .some((line) => line.includes(marker) && !line.includes('ps -eo'));

test('a technician runs a command on the demo device and watches its output arrive live, then the result', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page);
  // The script waits for a file this test creates, so "while it still runs" does not hang on timing.
  const gate = path.join(os.tmpdir(), `rmm-e2e-gate-${process.pid}-${Date.now()}`);
  try {
    const device = await openDemoDevice(page);
    const { panel, log } = await runScript(
      page,
      device.hostname,
      [
        `echo hello; echo '${HOSTILE}'; echo careful >&2; echo line 1`,
        `while [ ! -e ${gate} ]; do sleep 0.2; done`,
        'for i in 2 3; do echo line $i; sleep 0.3; done',
      ].join('\n'),
    );

    // Live: the first lines are on screen while the device is still working on the rest.
    await expect(log).toContainText('line 1', { timeout: 30_000 });
    await expect(panel.getByTestId('job-status')).toHaveText('Running');
    expect(await log.textContent()).not.toContain('line 2');
    await expect(panel.getByText('Did not receive a response from the device')).toHaveCount(0);
    fs.writeFileSync(gate, '');

    await expect(panel.getByTestId('job-status')).toHaveText('Completed', { timeout: 30_000 });
    await expect(panel.getByTestId('job-result')).toHaveText('Success');
    await expect(panel.getByTestId('job-exit-code')).toHaveText('Exit code 0');
    // stdout and stderr are separate pipes: each keeps its order, their interleaving is the device's.
    const stdout = await log.locator('[data-stream="stdout"]').allTextContents();
    expect(stdout.join('')).toBe(`hello\n${HOSTILE}\nline 1\nline 2\nline 3\n`);
    await expect(log.locator('[data-stream="stderr"]')).toHaveText('careful\n');
    // What the device printed is text: no element was made of it, no script ran.
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
    await panel.getByTestId('job-exit-code').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/run-script-panel.png' });

    // The run is in the device's history and in the activities of all devices, newest first.
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Activities' }).click();
    const resultRow = page.getByRole('row').filter({ hasText: 'job.result' }).first();
    await expect(resultRow).toContainText('Success');
    // Its record opens from there: the output kept with the result, and what happened, in order.
    await resultRow.getByRole('button', { name: 'View job' }).click();
    const details = page.getByRole('dialog', { name: 'Job' });
    await expect(details.getByRole('log', { name: 'Output' })).toContainText('line 3');
    await expect(details.getByTestId('job-exit-code')).toHaveText('Exit code 0');
    const history = details.getByTestId('job-history').locator('.mantine-Timeline-itemTitle');
    await expect(history).toHaveText(['Created', 'Sent', 'Acknowledged', 'Output', 'Result']);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/systemDashboard/activities/1');
    const submitted = page
      .getByRole('row')
      .filter({ hasText: 'job.submit' })
      .filter({ hasText: device.hostname });
    await expect(submitted.first()).toBeVisible();
  } finally {
    fs.rmSync(gate, { force: true });
  }
  expect(pageErrors).toEqual([]);
});

test('a technician cancels a long-running command: it stops on the device and leaves the pending list', async ({
  page,
  context,
  pageErrors,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  // A sleep this test alone runs, so it can tell that the device really stopped it.
  const marker = `600.${process.pid}${Date.now() % 100_000}`;
  let agent: AgentProcess | undefined;
  try {
    const device = await openEnrolledDevice(page, baseURL!, 'Cancel');
    agent = device.agent;
    const { panel, log } = await runScript(page, device.hostname, `echo started; sleep ${marker}`);
    await expect(log).toContainText('started', { timeout: 30_000 });
    await expect(panel.getByTestId('job-status')).toHaveText('Running');
    await expect.poll(() => isRunning(`sleep ${marker}`)).toBe(true);

    // The pending scripts page, open beside it, lists the running job.
    const pending = await context.newPage();
    await pending.goto('/systemDashboard/pendingScripts');
    const jobRow = pending
      .getByRole('row')
      .filter({ hasText: device.hostname })
      .filter({ hasText: 'echo started' });
    await expect(jobRow).toContainText('Running', { timeout: 30_000 });
    // Its record opens from the list and follows the job live.
    await jobRow.getByRole('button', { name: /^echo started/ }).click();
    const details = pending.getByRole('dialog', { name: 'Job' });
    await expect(details.getByTestId('job-status')).toHaveText('Running');
    // Output is relayed live, not stored while the job runs: what came before is promised, not hidden.
    await expect(details.getByText('The device wrote output before you opened this job')).toBeVisible();

    await panel.getByRole('button', { name: /^Cancel job/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel “echo started; sleep' });
    await confirm.getByRole('button', { name: 'Cancel job' }).click();

    await expect(panel.getByTestId('job-status')).toHaveText('Cancelled');
    await expect(page.getByText('Job cancelled')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Run' })).toBeEnabled();
    // The agent killed the process tree, and the pending list dropped the job without a reload.
    await expect.poll(() => isRunning(`sleep ${marker}`), { timeout: 15_000 }).toBe(false);
    await expect(jobRow).toHaveCount(0);
    await expect(details.getByTestId('job-status')).toHaveText('Cancelled');
    await expect(details.getByTestId('job-history')).toContainText('Cancelled');
    // The cancel won; the output the script wrote until it was stopped is kept and shown.
    await expect(details.getByRole('log', { name: 'Output' })).toContainText('started');
    await pending.close();
  } finally {
    await agent?.stop();
  }
  expect(pageErrors).toEqual([]);
});
