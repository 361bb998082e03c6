import { randomUUID } from 'node:crypto';
import type { ConditionInput, NodeClass, Policy, PolicyInput } from '@rmm/domain';
import { expect } from 'vitest';
import { createOrganizationInput, type TestContext } from '../../../test/helpers.ts';
import { devices } from '../../db/schema.ts';

/** Test data of the policies module. */

export const unique = () => randomUUID().slice(0, 8);

type CpuConditionInput = Extract<ConditionInput, { type: 'CPU' }>;

export const cpuCondition = (overrides: Partial<CpuConditionInput> = {}): CpuConditionInput => ({
  id: randomUUID(),
  name: 'CPU high',
  severity: 'MAJOR',
  priority: 'HIGH',
  reset: { mode: 'WHEN_CLEARED' },
  type: 'CPU',
  parameters: { thresholdPercent: 90, durationMinutes: 5 },
  ...overrides,
});

/** A condition of any type, as a request would carry it (the schema judges the parameters). */
export const conditionOf = (
  type: string,
  parameters: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): ConditionInput =>
  ({ ...cpuCondition(), type, name: `${type} check`, parameters, ...extra }) as ConditionInput;

export const policyBody = (overrides: Partial<PolicyInput> = {}): PolicyInput => ({
  name: `Policy ${unique()}`,
  description: 'A test policy',
  nodeClass: 'LINUX_SERVER' as NodeClass,
  parentPolicyId: null,
  conditions: [cpuCondition()],
  overrides: [],
  ...overrides,
});

export const createPolicy = async (
  ctx: TestContext,
  overrides: Partial<PolicyInput> = {},
  cookie?: string,
): Promise<Policy> => {
  const response = await ctx.request('POST', '/policies', policyBody(overrides), cookie ? { cookie } : {});
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { policy: Policy }).policy;
};

export const updatePolicy = (ctx: TestContext, policy: Policy, changes: Partial<PolicyInput>) =>
  ctx.request('PUT', `/policies/${policy.id}`, {
    version: policy.version,
    policy: {
      name: policy.name,
      description: policy.description,
      nodeClass: policy.nodeClass,
      parentPolicyId: policy.parentPolicyId,
      conditions: policy.conditions,
      overrides: policy.overrides,
      backupPlans: policy.backupPlans,
      backupPlanOverrides: policy.backupPlanOverrides,
      scheduledScripts: policy.scheduledScripts,
      scheduledScriptOverrides: policy.scheduledScriptOverrides,
      ...changes,
    },
  });

export const createOrganization = async (ctx: TestContext) =>
  (await ctx.request('POST', '/organizations', createOrganizationInput())).json() as {
    id: number;
    locations: { id: number }[];
  };

/** Role 5 is the built-in Linux Server role, 2 Windows Workstation (devices.ts). */
export const LINUX_SERVER_ROLE = 5;
export const WINDOWS_WORKSTATION_ROLE = 2;

export const createDevice = async (
  ctx: TestContext,
  values: Partial<typeof devices.$inferInsert> & { organizationId: number },
) => {
  const [row] = await ctx.db
    .insert(devices)
    .values({ displayName: `PC-${unique()}`, nodeRoleId: LINUX_SERVER_ROLE, ...values })
    .returning();
  return row!;
};

export const errorOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { code: string; message: string } }).error;
