import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { PolicyDryRunResponse } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentProcess,
  createEnrollment,
  fastAgentSettings,
  removeTempStateDirs,
  spawnAgent,
  tempStateDir,
  waitFor,
} from '../../../test/agents.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { devices } from '../../db/schema.ts';
import { conditionOf, createDevice, createPolicy, LINUX_SERVER_ROLE } from './test-fixtures.ts';

let ctx: TestContext;
let other: FastifyInstance;
let agent: AgentProcess | undefined;
let sleeper: ChildProcess | undefined;

beforeAll(async () => {
  ctx = await createTestApp({ ...fastAgentSettings, policyDryRunAgentTimeoutMs: 20_000 });
  // The agent connects to another server process on the same bus: the dry run reaches it through the bus.
  other = await buildApp({
    config: ctx.config,
    database: ctx.database,
    secretKey: Buffer.alloc(32, 7),
    logger: false,
    bus: ctx.app.bus,
  });
  await other.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  sleeper?.kill('SIGKILL');
  await agent?.stop();
  await other?.close();
  await ctx?.close();
  removeTempStateDirs();
});

/** A process of a name of its own: a copy of sleep. */
const startNamedProcess = (name: string) => {
  const program = path.join(tempStateDir(), name);
  fs.copyFileSync('/bin/sleep', program);
  fs.chmodSync(program, 0o755);
  sleeper = spawn(program, ['120'], { stdio: 'ignore' });
};

describe("a policy's dry run with a real agent", () => {
  it('asks the online agent to sample a process now, and lists the device that could not answer', async () => {
    const { port } = other.server.address() as { port: number };
    const { organization, token } = await createEnrollment(ctx);
    agent = spawnAgent({
      serverUrl: `http://127.0.0.1:${port}`,
      stateDir: tempStateDir(),
      token: token.token,
    });
    const connected = await waitFor(
      async () => {
        const [row] = await ctx.db.select().from(devices).where(eq(devices.organizationId, organization.id));
        return row?.status === 'UP' ? row : undefined;
      },
      { what: `the agent connected; it said: ${agent.output()}` },
    );
    // Seen lately but connected to no server process.
    const silent = await createDevice(ctx, {
      organizationId: organization.id,
      displayName: 'silent',
      status: 'UP',
      lastSeenAt: new Date(),
    });
    const policy = await createPolicy(ctx);
    for (const device of [connected, silent]) {
      await ctx.db.update(devices).set({ nodeRoleId: LINUX_SERVER_ROLE }).where(eq(devices.id, device.id));
      const assigned = await ctx.request('PUT', `/devices/${device.id}/policy`, { policyId: policy.id });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
    const name = `rmm-dry-${process.pid % 10_000}`;
    startNamedProcess(name);
    const conditions = [
      conditionOf('PROCESS', { name, trigger: 'RUNNING', durationMinutes: 5 }),
      conditionOf('FILEVAULT', {}),
    ];

    const response = await ctx.request('POST', `/policies/${policy.id}/dry-run`, { conditions });
    expect(response.statusCode, `${response.body} agent said: ${agent.output()}`).toBe(200);
    const [running, fileVault] = (response.json() as PolicyDryRunResponse).results;
    const offline = { deviceId: silent.id, displayName: 'silent', reason: 'OFFLINE', text: '' };
    expect(running).toEqual({
      conditionId: conditions[0]!.id,
      evaluated: true,
      judgedBy: 'AGENTS',
      judgedCount: 1,
      devices: [
        {
          deviceId: connected.id,
          displayName: connected.displayName,
          instance: name,
          value: 1,
          text: `${name} is running`,
        },
      ],
      notJudged: [offline],
      notJudgedCount: 1,
    });
    // FileVault is macOS's: this agent says so, and no device could judge it.
    expect(fileVault).toMatchObject({ evaluated: false, judgedBy: null, judgedCount: 0 });
    expect(fileVault!.notJudged).toEqual(
      [
        {
          deviceId: connected.id,
          displayName: connected.displayName,
          reason: 'UNSUPPORTED',
          text: 'this agent cannot sample FILEVAULT here',
        },
        offline,
      ].sort((a, b) => a.displayName.localeCompare(b.displayName)),
    );
  });
});
