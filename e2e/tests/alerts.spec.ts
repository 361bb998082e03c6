import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { type AgentProcess, createEnrollmentToken, createOrganization, startAgent } from './agents.ts';
import { expect, signIn, test } from './fixtures.ts';

/**
 * Monitoring end to end (issue 19): a policy with a CPU condition, assigned to an organization whose device is
 * this machine enrolled by a real agent; the CPU is burnt on the machine; the alert appears on the
 * organization's alerts page without a reload, and clears by itself once the burn stops (reset WHEN_CLEARED).
 * The agent runs with one monitoring second of 50 ms, so the condition's minute lasts 3 s. The organization is
 * this test's own, so no other spec's devices get the alert.
 */
test('a CPU condition raises an alert while the CPU burns, and it clears when the burn stops', {
  tag: '@quiet-machine',
}, async ({ page, baseURL, pageErrors }) => {
  test.setTimeout(240_000);
  const origin = { origin: baseURL! };
  await signIn(page);
  const org = await createOrganization(page.request, baseURL!, `Monitored ${randomUUID().slice(0, 8)}`);
  const token = await createEnrollmentToken(page.request, baseURL!, {
    organizationId: org.id,
    locationId: org.locations[0]!.id,
  });
  const burners: ChildProcess[] = [];
  const stopBurning = () => {
    for (const burner of burners.splice(0)) burner.kill('SIGKILL');
  };
  let agent: AgentProcess | undefined = startAgent(baseURL!, token, {
    env: { RMM_MONITORING_SECOND_MS: '50' },
  });
  try {
    // The agent enrols; its device (this machine) and its role.
    const device = await expect
      .poll(
        async () => {
          const response = await page.request.get(`/devices?organizationId=${org.id}`);
          const body = (await response.json()) as {
            data: { id: number; nodeRoleId: number | null; status: string }[];
          };
          return body.data.find((d) => d.status !== 'DOWN' && d.nodeRoleId !== null);
        },
        { timeout: 60_000, message: agent.output() },
      )
      .toBeDefined()
      .then(async () => {
        const response = await page.request.get(`/devices?organizationId=${org.id}`);
        return ((await response.json()) as { data: { id: number; nodeRoleId: number; nodeClass: string }[] })
          .data[0]!;
      });

    // A policy for the device's class with a CPU condition: above 95 % for one minute, reset when it clears.
    const conditionName = `CPU burn ${randomUUID().slice(0, 6)}`;
    const created = await page.request.post('/policies', {
      headers: origin,
      data: {
        name: `Burn ${randomUUID().slice(0, 8)}`,
        nodeClass: device.nodeClass,
        conditions: [
          {
            id: randomUUID(),
            type: 'CPU',
            name: conditionName,
            severity: 'MAJOR',
            priority: 'HIGH',
            reset: { mode: 'WHEN_CLEARED' },
            parameters: { operator: 'ABOVE', thresholdPercent: 95, durationMinutes: 1 },
          },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const policyId = ((await created.json()) as { policy: { id: number } }).policy.id;
    // Assigned as the organization's default for the device's role.
    const assigned = await page.request.put(`/organizations/${org.id}/policies`, {
      headers: origin,
      data: { defaults: [{ nodeRoleId: device.nodeRoleId, policyId }], locations: [] },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);

    // The organization's alerts page is open before anything happens: the alert arrives live.
    await page.goto(`/customerDashboard/${org.id}/alerts`);
    await expect(page.getByText('No active alerts')).toBeVisible();

    // Burn every core of the machine (the demo device is this machine).
    for (let i = 0; i < os.availableParallelism(); i++)
      burners.push(spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
    const row = page
      .getByRole('table', { name: 'Alerts' })
      .getByRole('row')
      .filter({ hasText: conditionName });
    await expect(row, agent.output()).toBeVisible({ timeout: 90_000 });
    await expect(row).toContainText('Major');
    await expect(row).toContainText(os.hostname());
    await page.screenshot({ path: test.info().outputPath('alert-raised.png'), fullPage: true });

    // The burn stops: the CPU falls under 95 % and the alert resets by itself.
    stopBurning();
    await expect(row).toHaveCount(0, { timeout: 90_000 });
    await page.getByRole('radiogroup', { name: 'Status' }).getByText('Reset', { exact: true }).click();
    const resetRow = page
      .getByRole('table', { name: 'Alerts' })
      .getByRole('row')
      .filter({ hasText: conditionName });
    await expect(resetRow).toContainText('Cleared');
    await page.screenshot({ path: test.info().outputPath('alert-reset.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  } finally {
    stopBurning();
    await agent?.stop();
    agent = undefined;
  }
});
