import { randomUUID } from 'node:crypto';
import { expect, signIn, test } from './fixtures.ts';

/**
 * Ticket rulesets (issue 20 items 5 and 7): an administrator creates a ruleset over GraphQL from its page,
 * disables it, creates a time rule with its own settings, finds the first with "(Disabled)" in a policy
 * condition's ruleset picker, chooses it, saves the policy, and finds it still chosen after a reload.
 */
test('a disabled ruleset is offered with "(Disabled)" in the condition editor, and a policy keeps it', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const rulesetName = `Disk tickets ${randomUUID().slice(0, 8)}`;
  const policyName = `Rulesets ${randomUUID().slice(0, 8)}`;
  await signIn(page);

  await page.goto('/administration/apps/ticketing/rulesets');
  await expect(page.getByRole('heading', { name: 'Ticket rulesets' })).toBeVisible();
  const rulesets = page.getByRole('table', { name: 'Ticket rulesets' });
  await expect(rulesets.getByRole('row').filter({ hasText: /^Default/ })).toContainText('Default');

  // A new condition ruleset; a reset time of zero is refused with the domain's text.
  await page.getByRole('button', { name: 'New ruleset' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ticket ruleset' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(rulesetName);
  const reset = dialog.getByRole('group', { name: 'When the condition resets' });
  await reset.getByRole('switch', { name: 'Set the ticket’s status after a while' }).click({ force: true });
  await reset.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Resolved', exact: true }).click();
  await reset.getByRole('textbox', { name: 'After' }).fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The reset time must be greater than 0.')).toBeVisible();
  await reset.getByRole('textbox', { name: 'After' }).fill('15');
  await page.screenshot({ path: test.info().outputPath('ruleset-dialog.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const row = rulesets.getByRole('row').filter({ hasText: rulesetName });
  await expect(row).toContainText('Condition rule');
  await expect(row).toContainText('Enabled');

  // Disabled through its dialog (which reads it by id).
  await row.getByRole('button', { name: `Edit ${rulesetName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit ticket ruleset' });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(rulesetName);
  await expect(edit.getByRole('textbox', { name: 'After' })).toHaveValue('15');
  await expect(
    edit.getByRole('group', { name: 'When the condition resets' }).getByRole('combobox', { name: 'Status' }),
  ).toHaveValue('Resolved');
  await edit.getByRole('switch', { name: 'Enabled' }).click({ force: true });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('Disabled');

  // A time rule: a ticket Waiting for two hours is set Open.
  const timeRuleName = `Stale waiting ${randomUUID().slice(0, 8)}`;
  await page.getByRole('button', { name: 'New ruleset' }).click();
  const timeRule = page.getByRole('dialog', { name: 'New ticket ruleset' });
  await timeRule.getByRole('textbox', { name: 'Name' }).fill(timeRuleName);
  await timeRule.getByRole('combobox', { name: 'Trigger type' }).click();
  await page.getByRole('option', { name: 'Time based' }).click();
  const stays = timeRule.getByRole('group', { name: 'When a ticket stays in a status' });
  await stays.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Waiting' }).click();
  await stays.getByRole('textbox', { name: 'For at least (minutes)' }).fill('120');
  await timeRule
    .getByRole('group', { name: 'What it sets on the ticket' })
    .getByRole('combobox', { name: 'Status' })
    .click();
  await page.getByRole('option', { name: 'Open', exact: true }).click();
  await timeRule.getByRole('button', { name: 'Save' }).click();
  await expect(timeRule).toHaveCount(0);
  await expect(rulesets.getByRole('row').filter({ hasText: timeRuleName })).toContainText('Time based');
  await page.screenshot({ path: test.info().outputPath('ticket-rulesets.png'), fullPage: true });

  // A policy whose CPU condition picks it.
  await page.goto('/editor/policy/new');
  await page.getByRole('textbox', { name: /^Name/ }).fill(policyName);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `Policy: ${policyName}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Conditions' }).click();
  await page.getByRole('button', { name: 'Add condition' }).click();
  const condition = page.getByRole('dialog', { name: 'Add condition' });
  await condition.getByRole('combobox', { name: 'Condition type' }).click();
  await page.getByRole('option', { name: 'CPU', exact: true }).click();
  await condition.getByRole('textbox', { name: /^Name/ }).fill('CPU high');
  const picker = condition.getByRole('combobox', { name: 'Ticket ruleset' });
  await expect(picker).toHaveValue('None (no ticket)');
  await picker.click();
  await expect(page.getByRole('option', { name: 'The default ruleset (Default)' })).toBeVisible();
  await page.getByRole('option', { name: `${rulesetName} (Disabled)`, exact: true }).click();
  await expect(picker).toHaveValue(`${rulesetName} (Disabled)`);
  await page.screenshot({ path: test.info().outputPath('ruleset-picker.png') });
  await condition.getByRole('button', { name: 'Apply' }).click();
  await expect(condition).toHaveCount(0);
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /^\/policies\/\d+$/.test(new URL(r.url()).pathname) && r.ok(),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await saved;

  // Kept: after a reload the condition still names the ruleset.
  await page.reload();
  await page.getByRole('tab', { name: 'Conditions' }).click();
  await page.getByRole('button', { name: 'Edit CPU high' }).click();
  const reopened = page.getByRole('dialog', { name: 'Edit condition' });
  await expect(reopened.getByRole('combobox', { name: 'Ticket ruleset' })).toHaveValue(
    `${rulesetName} (Disabled)`,
  );
  expect(pageErrors).toEqual([]);
});
