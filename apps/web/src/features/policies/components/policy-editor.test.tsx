import { Notifications } from '@mantine/notifications';
import { allPermissions, type Policy, policyMessages } from '@rmm/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meAnswer } from '../../../test/job-factories.ts';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { createCondition, createPolicy, summaryOf } from '../../../test/policy-factories.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { pageOf } from '../../../test/scheduled-task-factories.ts';
import { createRuleset, graphqlRefusal, graphqlRoute } from '../../../test/ticket-ruleset-factories.ts';
import { PolicyEditor } from './policy-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

const cpu = createCondition({ name: 'CPU high' });
const reboot = createCondition({
  name: 'Pending reboot check',
  type: 'REBOOT',
  parameters: { pendingForMinutes: 60 },
});
const parent = createPolicy({ id: 1, name: 'Base', conditions: [cpu, reboot] });
const child = createPolicy({ id: 2, name: 'Web', parentPolicyId: 1, parentPolicyName: 'Base', version: 3 }, [
  parent,
]);

const routes = (extra: Record<string, unknown> = {}) => ({
  'GET /auth/me': meAnswer([...allPermissions]),
  'GET /policies': pageOf([summaryOf(parent), summaryOf(child)]),
  'GET /policies/1': { policy: parent },
  'GET /policies/2': { policy: child },
  'GET /scripts': pageOf([]),
  'GET /devices': pageOf([]),
  'GET /noderole/list': [],
  'POST /graphql': graphqlRoute({ ticketRuleset: () => rulesets }),
  ...extra,
});

const defaultRuleset = createRuleset({ name: 'Standard', isDefault: true });
const oldRuleset = createRuleset({ name: 'Old disk rules', enabled: false });
const rulesets = [
  defaultRuleset,
  oldRuleset,
  createRuleset({ name: 'From scripts', type: 'SCRIPT_RULE', conditionTriggerSettings: null }),
];

const openEditor = (url = '/editor/policy/2/conditions') =>
  renderRoute(
    <>
      <Notifications />
      <PolicyEditor />
    </>,
    { path: '/editor/policy/*', url },
  );

const rowOf = async (name: string) => {
  const table = await screen.findByRole('table', { name: 'Conditions' });
  return within(table).getByText(name).closest('tr') as HTMLElement;
};

describe('the policy editor', { timeout: 60_000 }, () => {
  it('overrides, deactivates and reverts inherited conditions, and saves them with the version read', async () => {
    const fetchMock = mockFetch(
      routes({
        'PUT /policies/2': ({ body }: { body: { policy: Policy } }) => ({
          policy: { ...child, ...body.policy, version: 4 },
        }),
      }),
    );
    const { user } = openEditor();
    expect(within(await rowOf('CPU high')).getByText('Inherited from Base')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Deactivate Pending reboot check' }));
    expect(
      within(await rowOf('Pending reboot check')).getByText('Deactivated (from Base)'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Override CPU high' }));
    const dialog = await screen.findByRole('dialog', { name: 'Override an inherited condition' });
    expect(within(dialog).getByRole('combobox', { name: /Condition type/ })).toBeDisabled();
    const threshold = within(dialog).getByRole('textbox', { name: /Threshold/ });
    await user.clear(threshold);
    await user.type(threshold, '97');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await rowOf('CPU high')).getByText('Overridden (from Base)')).toBeInTheDocument();
    expect(within(await rowOf('CPU high')).getByText(/Threshold 97 %/)).toBeInTheDocument();

    // Revert the deactivation: the parent's condition is back.
    await user.click(
      screen.getByRole('button', { name: 'Revert Pending reboot check to the inherited condition' }),
    );
    expect(within(await rowOf('Pending reboot check')).getByText('Inherited from Base')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Policy saved')).toBeInTheDocument();
    const [body] = requestBodies(fetchMock, 'PUT /policies/2');
    expect(body.version).toBe(3);
    expect(body.policy.overrides).toEqual([
      {
        kind: 'OVERRIDE',
        condition: expect.objectContaining({
          id: cpu.id,
          parameters: expect.objectContaining({ thresholdPercent: 97 }),
        }),
      },
    ]);
  });

  it('shows the domain’s messages in the condition dialog and adds nothing until they are fixed', async () => {
    mockFetch(routes());
    const { user } = openEditor();
    await user.click(await screen.findByRole('button', { name: 'Add condition' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add condition' });
    await user.click(within(dialog).getByRole('combobox', { name: /Condition type/ }));
    await user.click(await screen.findByRole('option', { name: 'Disk free space' }));
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Data volume');
    await user.click(within(dialog).getByRole('combobox', { name: 'Free space as' }));
    await user.click(await screen.findByRole('option', { name: 'A size' }));
    await user.clear(within(dialog).getByRole('textbox', { name: /Free space below/ }));
    const duration = within(dialog).getByRole('textbox', { name: /For at least/ });
    await user.clear(duration);
    await user.type(duration, '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Enter a size of free space')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a whole number from 1 to 1,440')).toBeInTheDocument();
    // Only the types this class can sample are offered (no BitLocker on Linux servers).
    await user.click(within(dialog).getByRole('combobox', { name: /Condition type/ }));
    expect(screen.queryByRole('option', { name: 'BitLocker' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'SNMP trap' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.clear(duration);
    await user.type(duration, '15');
    await user.type(within(dialog).getByRole('textbox', { name: /Free space below/ }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await rowOf('Data volume')).getByText('This policy')).toBeInTheDocument();
    expect(within(await rowOf('Data volume')).getByText(/Free space below 20 GiB/)).toBeInTheDocument();
  });

  it('offers the ticket rulesets of spec §4, a disabled one suffixed, and saves the one chosen', async () => {
    const fetchMock = mockFetch(
      routes({
        'PUT /policies/2': ({ body }: { body: { policy: Policy } }) => ({
          policy: { ...child, ...body.policy, version: 4 },
        }),
      }),
    );
    const { user } = openEditor();
    await user.click(await screen.findByRole('button', { name: 'Override CPU high' }));
    const dialog = await screen.findByRole('dialog', { name: 'Override an inherited condition' });
    const picker = within(dialog).getByRole('combobox', { name: 'Ticket ruleset' });
    expect(picker).toHaveValue('None (no ticket)');
    await user.click(picker);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      'None (no ticket)',
      'The default ruleset (Standard)',
      'Standard',
      'Old disk rules (Disabled)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Old disk rules (Disabled)' }));
    expect(picker).toHaveValue('Old disk rules (Disabled)');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestBodies(fetchMock, 'PUT /policies/2')).toHaveLength(1));
    const [body] = requestBodies(fetchMock, 'PUT /policies/2');
    expect(body.policy.overrides[0].condition.ticketing).toEqual({
      mode: 'RULESET',
      rulesetId: oldRuleset.id,
    });
  });

  it('says "Error fetching ruleset" in the picker when the rulesets cannot be read, leaving None and the default', async () => {
    mockFetch(
      routes({
        'POST /graphql': graphqlRoute({
          ticketRuleset: () => graphqlRefusal(500, 'INTERNAL', 'Something went wrong on the server.'),
        }),
        'POST /help/client-errors': { ok: true },
      }),
    );
    const { user } = openEditor();
    await user.click(await screen.findByRole('button', { name: 'Override CPU high' }));
    const dialog = await screen.findByRole('dialog', { name: 'Override an inherited condition' });
    expect(await within(dialog).findByText('Error fetching ruleset')).toBeInTheDocument();
    expect(within(dialog).getByText(/Something went wrong on the server\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Ticket ruleset' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'None (no ticket)',
      'The default ruleset',
    ]);
  });

  it('says when someone else saved meanwhile, and reloads the policy on request', async () => {
    let reads = 0;
    const theirs = { ...child, description: 'Their change', version: 4 };
    const fetchMock = mockFetch(
      routes({
        'GET /policies/2': () => {
          reads += 1;
          return { policy: reads === 1 ? child : theirs };
        },
        'PUT /policies/2': errorAnswer(
          409,
          'POLICY_VERSION_CONFLICT',
          policyMessages.POLICY_VERSION_CONFLICT,
        ),
      }),
    );
    const { user } = openEditor('/editor/policy/2');
    const description = await screen.findByRole('textbox', { name: 'Description' });
    await user.type(description, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = (await screen.findByText(policyMessages.POLICY_VERSION_CONFLICT)).closest(
      '[role="alert"]',
    ) as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: 'Reload the policy' }));
    expect(await screen.findByText('The policy was reloaded: make your change again.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Their change'),
    );
    expect(screen.queryByText(policyMessages.POLICY_VERSION_CONFLICT)).not.toBeInTheDocument();
    // The next save carries the version just read.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'PUT /policies/2').map((b) => b.version)).toEqual([3, 4]),
    );
  });

  it('shows a loading state while the agents are asked, then what they judged and who could not answer', async () => {
    const nginx = createCondition({
      name: 'nginx down',
      type: 'PROCESS',
      parameters: { name: 'nginx', trigger: 'NOT_RUNNING', durationMinutes: 5 },
    });
    const sampled = createPolicy({ id: 3, name: 'Web servers', conditions: [nginx] });
    let answer: (value: unknown) => void = () => {};
    const fetchMock = mockFetch(
      routes({
        'GET /policies/3': { policy: sampled },
        'POST /policies/3/dry-run': () => new Promise((resolve) => (answer = resolve)),
      }),
    );
    const { user } = openEditor('/editor/policy/3/conditions');
    await user.click(await screen.findByRole('button', { name: 'Dry run' }));
    expect(await screen.findByRole('status', { name: 'Dry run' })).toHaveTextContent(
      'asking the online agents',
    );
    expect(requestBodies(fetchMock, 'POST /policies/3/dry-run')).toEqual([{ conditions: [nginx] }]);
    answer({
      results: [
        {
          conditionId: nginx.id,
          evaluated: true,
          judgedBy: 'AGENTS',
          judgedCount: 1,
          devices: [
            { deviceId: 7, displayName: 'web-1', instance: 'nginx', value: 0, text: 'nginx is not running' },
          ],
          notJudged: [
            { deviceId: 8, displayName: 'web-2', reason: 'OFFLINE', text: '' },
            { deviceId: 9, displayName: 'mac-1', reason: 'UNSUPPORTED', text: '<b>no</b> process list' },
          ],
          notJudgedCount: 2,
        },
      ],
    });
    const group = await screen.findByRole('group', { name: 'nginx down' });
    expect(screen.queryByRole('status', { name: 'Dry run' })).not.toBeInTheDocument();
    expect(within(group).getByText('Sampled now by 1 agent')).toBeInTheDocument();
    expect(within(group).getByText('Would trigger on 1 device:')).toBeInTheDocument();
    expect(within(group).getByRole('link', { name: 'web-1' })).toHaveAttribute(
      'href',
      '/deviceDashboard/7/overview',
    );
    expect(within(group).getByText(/nginx is not running/)).toBeInTheDocument();
    expect(within(group).getByText('Could not be judged on 2 devices:')).toBeInTheDocument();
    const notJudged = within(group).getByRole('list', { name: 'Devices that could not judge it' });
    const items = within(notJudged).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'web-2 · Offline',
      'mac-1 · Not supported on this device: <b>no</b> process list',
    ]);
  });
});
