import { randomUUID } from 'node:crypto';
import type {
  ScheduledTask,
  ScriptOperatingSystem,
  ScriptParameterInput,
  TaskRunResponse,
} from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/helpers.ts';
import { devices } from '../../db/schema.ts';
import { createOrganization } from '../jobs/test-fixtures.ts';
import { createLibraryScript } from '../scripts/test-fixtures.ts';

/** Test data for the scheduled-tasks tests. */

/** A library script (through the script library's API), for the operating systems given. */
export const createScript = async (
  ctx: TestContext,
  options: { operatingSystems?: ScriptOperatingSystem[]; parameters?: ScriptParameterInput[] } = {},
) => {
  const script = await createLibraryScript(ctx, {
    ...(options.operatingSystems ? { operatingSystems: options.operatingSystems } : {}),
    ...(options.parameters ? { parameters: options.parameters as never } : {}),
  });
  return { id: script.id, name: script.name };
};

/** A device with the platform and status given (no agent connected; `hasAgent` gives it an agent secret). */
export const createTargetDevice = async (
  ctx: TestContext,
  options: { organizationId?: number; platform?: string; status?: 'UP' | 'DOWN'; hasAgent?: boolean } = {},
) => {
  const organizationId = options.organizationId ?? (await createOrganization(ctx)).id;
  const [row] = await ctx.db
    .insert(devices)
    .values({
      organizationId,
      displayName: `PC-${randomUUID().slice(0, 8)}`,
      platform: options.platform ?? 'linux',
      status: options.status ?? 'UP',
      secretHash: options.hasAgent === false ? null : 'not-a-real-secret',
    })
    .returning();
  return row!;
};

export const setDeviceStatus = (ctx: TestContext, id: number, status: 'UP' | 'DOWN') =>
  ctx.db.update(devices).set({ status }).where(eq(devices.id, id));

export const createTaskInput = (overrides: Record<string, unknown> = {}) => ({
  name: `Task ${randomUUID().slice(0, 8)}`,
  schedule: { scheduleType: 'DAILY', scheduleHour: 17, scheduleMinute: 0, timeZone: 'UTC' },
  actions: [],
  targets: {},
  ...overrides,
});

export const createTask = async (
  ctx: TestContext,
  overrides: Record<string, unknown>,
  options: { cookie?: string } = {},
) => {
  const response = await ctx.request('POST', '/scheduled-tasks', createTaskInput(overrides), options);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { task: ScheduledTask }).task;
};

export const listRuns = async (ctx: TestContext, taskId: number) => {
  const response = await ctx.request('GET', `/scheduled-tasks/${taskId}/runs`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TaskRunResponse['run'][];
};

export const getRun = async (ctx: TestContext, taskId: number, runId: number) => {
  const response = await ctx.request('GET', `/scheduled-tasks/${taskId}/runs/${runId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TaskRunResponse;
};
