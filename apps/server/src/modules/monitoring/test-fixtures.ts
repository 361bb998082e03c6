import { randomUUID } from 'node:crypto';
import {
  type Alert,
  Condition,
  type ConditionInput,
  conditionTypes,
  type ServerConditionSet,
} from '@rmm/domain';
import { eq } from 'drizzle-orm';
import {
  connectRaw,
  createEnrollment,
  deviceAuthorization,
  enrolRaw,
  waitFor,
} from '../../../test/agents.ts';
import type { TestContext } from '../../../test/helpers.ts';
import { CONDITIONS_CHANGED_SUBJECT } from '../../bus/subjects.ts';
import { devicePolicies, policies } from '../policies/schema.ts';

/**
 * Test data of the monitoring tests. Policies are written to their tables directly and announced on the bus as
 * the policies module does after a change (its routes arrive with the policies work of issue 19).
 */

type ConditionOverrides = Partial<ConditionInput> & Record<string, unknown>;

const defaults: Record<string, Record<string, unknown>> = {
  CPU: { thresholdPercent: 90, durationMinutes: 5 },
  MEMORY: { thresholdPercent: 90, durationMinutes: 5 },
  DISK: { mode: 'PERCENT_FREE', thresholdPercent: 10, durationMinutes: 5 },
  SOFTWARE: { name: 'TeamViewer', trigger: 'INSTALLED' },
  DEVICE_DOWN: { afterMinutes: 5 },
  BACKUP_JOB: { trigger: 'FAILED' },
  PING: { host: '192.0.2.10', durationMinutes: 1 },
};

/** A condition as a policy stores it (the domain's schema applied, defaults filled in). */
export const conditionOf = (type: (typeof conditionTypes)[number], overrides: ConditionOverrides = {}) =>
  Condition.parse({
    id: randomUUID(),
    name: `${type} condition`,
    type,
    severity: 'MAJOR',
    priority: 'HIGH',
    reset: { mode: 'WHEN_CLEARED' },
    parameters: defaults[type] ?? {},
    ...overrides,
  });

/** A policy holding these conditions, as these devices' own policy; the engine hears of it on the bus. */
export const assignPolicy = async (ctx: TestContext, deviceIds: number[], conditions: Condition[]) => {
  const [policy] = await ctx.db
    .insert(policies)
    .values({ name: `Policy ${randomUUID()}`, nodeClass: 'LINUX_SERVER', conditions })
    .returning();
  for (const deviceId of deviceIds) {
    await ctx.db.delete(devicePolicies).where(eq(devicePolicies.deviceId, deviceId));
    await ctx.db.insert(devicePolicies).values({ deviceId, policyId: policy!.id });
  }
  ctx.app.bus.publish(CONDITIONS_CHANGED_SUBJECT, { deviceIds });
  return policy!;
};

/** Changes a policy's conditions and announces it. */
export const setPolicyConditions = async (
  ctx: TestContext,
  policyId: number,
  conditions: Condition[],
  deviceIds: number[],
) => {
  await ctx.db.update(policies).set({ conditions }).where(eq(policies.id, policyId));
  ctx.app.bus.publish(CONDITIONS_CHANGED_SUBJECT, { deviceIds });
};

export const allCapabilities = [...conditionTypes];

/** An enrolled device with a hand-driven agent connection that said hello as a monitoring agent. */
export const monitoredAgent = async (
  ctx: TestContext,
  serverUrl: string,
  options: { organization?: Record<string, unknown>; conditionSetHash?: string | null } = {},
) => {
  const { organization, token } = await createEnrollment(ctx, { organization: options.organization });
  const identity = (await enrolRaw(serverUrl, token.token)).body;
  const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
  await agent.next('welcome');
  const deviceId = identity.deviceId;
  const hello = (conditionSetHash: string | null = null) =>
    agent.send({
      v: 1,
      type: 'hello',
      deviceId,
      agentVersion: 'test',
      platform: 'linux',
      conditionCapabilities: allCapabilities,
      conditionSetHash,
    });
  hello(options.conditionSetHash ?? null);
  await agent.next('taskSet');
  const sets = () => agent.received.filter((m): m is ServerConditionSet => m.type === 'conditionSet');
  /** Waits for a condition set holding this many conditions (the newest one), and answers it. */
  const nextSet = (count: number) =>
    waitFor(
      () => {
        const last = sets().at(-1);
        return last && last.conditions.length === count ? last : undefined;
      },
      { what: `a condition set of ${count}` },
    );
  /** Sends a report and waits until the server answers that it stored it. */
  const report = async (
    observations: Record<string, unknown>[],
    extra: { full?: boolean; conditionSetHash?: string } = {},
  ) => {
    const reportId = randomUUID();
    agent.send({
      v: 1,
      type: 'conditionReport',
      deviceId,
      reportId,
      conditionSetHash: extra.conditionSetHash ?? sets().at(-1)?.conditionSetHash ?? 'none',
      full: extra.full ?? false,
      observations,
    });
    await waitFor(
      () => agent.received.some((m) => m.type === 'conditionReportStored' && m.reportId === reportId),
      { what: `conditionReportStored ${reportId}` },
    );
  };
  return { organization, identity, deviceId, agent, hello, sets, nextSet, report };
};

// The server takes an agent's time no later than its own now: observations are made in the past week.
let clock = Date.now() - 7 * 86_400_000;
/** Observation times that only go forward (each call a minute after the last). */
export const nextTime = (minutes = 1) => {
  clock += minutes * 60_000;
  return new Date(clock).toISOString();
};

export const observation = (key: string, triggered: boolean, extra: Record<string, unknown> = {}) => ({
  key,
  instance: '',
  triggered,
  value: null,
  text: '',
  observedAt: nextTime(),
  ...extra,
});

export const alertsOf = async (ctx: TestContext, query: string): Promise<Alert[]> => {
  const response = await ctx.request('GET', `/alerts?${query}`);
  if (response.statusCode !== 200) throw new Error(`GET /alerts: ${response.statusCode} ${response.body}`);
  return response.json().data;
};
