import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { CREATE_TICKET_RULESET } from '@rmm/domain';
import { type AgentProcess, createEnrollmentToken, createOrganization, startAgent } from './agents.ts';
import { expect, signIn, test } from './fixtures.ts';

/**
 * Ticket rulesets end to end (issue 20 item 6): a condition ruleset made over GraphQL, a policy whose CPU
 * condition names it, assigned to an organization of this test's own whose device is this machine enrolled by a
 * real agent (one monitoring second of 50 ms, so the condition's minute lasts 3 s); the CPU is burnt, the
 * monitoring engine raises the alert, and the ticket rules engine turns it into a ticket that appears on the
 * ticketing board without a reload.
 */
test('a CPU alert creates a ticket through a ruleset', { tag: '@quiet-machine' }, async ({
  page,
  baseURL,
  pageErrors,
}) => {
  test.setTimeout(240_000);
  const origin = { origin: baseURL! };
  await signIn(page);
  const org = await createOrganization(page.request, baseURL!, `Ticketed ${randomUUID().slice(0, 8)}`);
  const token = await createEnrollmentToken(page.request, baseURL!, {
    organizationId: org.id,
    locationId: org.locations[0]!.id,
  });

  // The ruleset: an Open ticket, tagged, HIGH priority; the severity is the alert's.
  const rulesetName = `CPU tickets ${randomUUID().slice(0, 6)}`;
  const created = await page.request.post('/graphql', {
    headers: origin,
    data: {
      query: CREATE_TICKET_RULESET,
      variables: {
        ruleset: {
          name: rulesetName,
          type: 'CONDITION_RULE',
          conditionTriggerSettings: { status: 2, tags: ['cpu-burn'], priority: 'HIGH' },
        },
      },
    },
  });
  const answer = (await created.json()) as { data?: { createTicketRuleset: number }; errors?: unknown };
  expect(answer.errors, JSON.stringify(answer)).toBeUndefined();
  const rulesetId = answer.data!.createTicketRuleset;

  const burners: ChildProcess[] = [];
  const stopBurning = () => {
    for (const burner of burners.splice(0)) burner.kill('SIGKILL');
  };
  let agent: AgentProcess | undefined = startAgent(baseURL!, token, {
    env: { RMM_MONITORING_SECOND_MS: '50' },
  });
  try {
    type Device = { id: number; nodeRoleId: number | null; nodeClass: string; status: string };
    const devices = async () =>
      ((await (await page.request.get(`/devices?organizationId=${org.id}`)).json()) as { data: Device[] })
        .data;
    await expect
      .poll(async () => (await devices()).some((d) => d.status !== 'DOWN' && d.nodeRoleId !== null), {
        timeout: 60_000,
        message: agent.output(),
      })
      .toBe(true);
    const [device] = await devices();

    // A CPU condition above 95 % for a minute whose ticketing is the ruleset, for the device's role.
    const conditionName = `CPU burn ${randomUUID().slice(0, 6)}`;
    const policy = await page.request.post('/policies', {
      headers: origin,
      data: {
        name: `Burn ${randomUUID().slice(0, 8)}`,
        nodeClass: device!.nodeClass,
        conditions: [
          {
            id: randomUUID(),
            type: 'CPU',
            name: conditionName,
            severity: 'MAJOR',
            priority: 'LOW',
            reset: { mode: 'WHEN_CLEARED' },
            ticketing: { mode: 'RULESET', rulesetId },
            parameters: { operator: 'ABOVE', thresholdPercent: 95, durationMinutes: 1 },
          },
        ],
      },
    });
    expect(policy.status(), await policy.text()).toBe(201);
    const policyId = ((await policy.json()) as { policy: { id: number } }).policy.id;
    const assigned = await page.request.put(`/organizations/${org.id}/policies`, {
      headers: origin,
      data: { defaults: [{ nodeRoleId: device!.nodeRoleId, policyId }], locations: [] },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);

    // The board of open tickets, narrowed to the organization, is open before anything happens.
    await page.goto(`/ticketing/board/1?organizationId=${org.id}`);
    await expect(page.getByRole('heading', { name: 'All open tickets' })).toBeVisible();
    const board = page.getByRole('table', { name: 'Tickets of All open tickets' });
    const row = board.getByRole('row').filter({ hasText: conditionName });
    await expect(row).toHaveCount(0);

    // Burn every core of the machine (the device is this machine).
    for (let i = 0; i < os.availableParallelism(); i++)
      burners.push(spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
    await expect(row, agent.output()).toBeVisible({ timeout: 120_000 });
    await expect(row).toContainText(`${conditionName} on ${os.hostname()}`);
    await expect(row).toContainText('Open');
    await expect(row).toContainText('High');
    await page.screenshot({ path: test.info().outputPath('ticket-from-alert-board.png'), fullPage: true });

    // The ticket: the alert's device and severity, made by the ruleset.
    await row.getByRole('link', { name: new RegExp(conditionName) }).click();
    await expect(page).toHaveURL(/\/ticketing\/ticket\/\d+$/);
    await expect(page.getByRole('heading', { name: new RegExp(conditionName) })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Description' })).toContainText('Severity: MAJOR');
    await expect(page.getByText(`Ruleset: ${rulesetName}`).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('ticket-from-alert.png'), fullPage: true });

    // The alert it came from, active while the burn goes on, in the organization's alerts.
    await page.goto(`/customerDashboard/${org.id}/alerts`);
    await expect(
      page.getByRole('table', { name: 'Alerts' }).getByRole('row').filter({ hasText: conditionName }),
    ).toContainText('Major');
    stopBurning();
    expect(pageErrors).toEqual([]);
  } finally {
    stopBurning();
    await agent?.stop();
    agent = undefined;
  }
});
