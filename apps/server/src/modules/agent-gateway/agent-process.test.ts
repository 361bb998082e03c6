import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Device, DeviceNode } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentProcess,
  createEnrollment,
  fastAgentSettings,
  listen,
  removeTempStateDirs,
  spawnAgent,
  tempStateDir,
  waitFor,
} from '../../../test/agents.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { enrollmentTokens } from '../../db/schema.ts';

let ctx: TestContext;
let serverUrl: string;
const agents: AgentProcess[] = [];

beforeAll(async () => {
  ctx = await createTestApp(fastAgentSettings);
  serverUrl = await listen(ctx);
});
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.stop()));
  await ctx?.close();
  removeTempStateDirs();
});

const start = (args: { stateDir: string; token?: string }) => {
  const agent = spawnAgent({ serverUrl, ...args });
  agents.push(agent);
  return agent;
};

const devicesOf = async (organizationId: number): Promise<Device[]> =>
  (await ctx.request('GET', `/devices?organizationId=${organizationId}`)).json().data;

const getDevice = async (id: number): Promise<DeviceNode> =>
  (await ctx.request('GET', `/devices/${id}`)).json();

describe('a real agent process against a real server', () => {
  const stateDir = tempStateDir();
  let organizationId: number;
  let deviceId: number;
  let agent: AgentProcess;

  it('enrols with its token, keeps its identity with mode 0600, and stores its inventory', async () => {
    const { organization, token } = await createEnrollment(ctx);
    organizationId = organization.id;
    agent = start({ stateDir, token: token.token });
    const [device] = await waitFor(
      async () => {
        const list = await devicesOf(organizationId);
        return list[0]?.osName ? list : undefined;
      },
      { what: `inventory; agent said: ${agent.output()}` },
    );
    deviceId = device!.id;
    const identityFile = path.join(stateDir, 'identity.json');
    expect(fs.statSync(identityFile).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(identityFile, 'utf8'))).toMatchObject({ deviceId, serverUrl });

    const node = await getDevice(deviceId);
    expect(node).toMatchObject({ hostname: os.hostname(), platform: 'linux', approvalStatus: 'APPROVED' });
    expect(node.locationId).toBe(organization.locations[0].id);
    const inventory = node.inventory!;
    expect(inventory.os.platform).toBe('linux');
    expect(inventory.memory.totalBytes).toBe(os.totalmem());
    expect(inventory.volumes.some((v) => v.mount === '/' && v.freeBytes > 0)).toBe(true);
    expect(inventory.networkInterfaces.some((n) => /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/.test(n.mac))).toBe(true);
    expect(inventory.lastBootTime).not.toBeNull();
    if (fs.existsSync('/var/lib/dpkg/status')) {
      expect(inventory.software.some((s) => s.name === 'dpkg')).toBe(true);
    }
  });

  it('stays UP on heartbeats past the offline threshold, with metrics stored in samples', async () => {
    const first = Date.now();
    const device = await waitFor(
      async () => {
        const node = await getDevice(deviceId);
        const seen = node.lastSeen ? Date.parse(node.lastSeen) : 0;
        return seen - first > fastAgentSettings.offlineThresholdSeconds * 1000 + 500 ? node : undefined;
      },
      { timeoutMs: 30_000, what: 'a heartbeat after the threshold' },
    );
    expect(device.status).toBe('UP');
    expect(device.metrics?.memoryPercent).toBeGreaterThan(0);
    const samples = (await ctx.request('GET', `/devices/${deviceId}/metrics`)).json().data;
    expect(samples.length).toBeGreaterThan(0);
  });

  it('turns DOWN once the agent is stopped', async () => {
    expect(await agent.stop()).toBe(0);
    const device = await waitFor(
      async () => {
        const node = await getDevice(deviceId);
        return node.status === 'DOWN' ? node : undefined;
      },
      { timeoutMs: 30_000, what: 'DOWN' },
    );
    expect(device.lastSeen).not.toBeNull();
  });

  it('restarts with the stored identity: same device, no new enrolment', async () => {
    const restartedAt = Date.now();
    agent = start({ stateDir });
    // UP from this process: it was welcomed as the same device and has been heard from since.
    await waitFor(
      async () => {
        const node = await getDevice(deviceId);
        const isHeard = node.lastSeen !== null && Date.parse(node.lastSeen) > restartedAt;
        return agent.output().includes(`welcome: device ${deviceId}`) && isHeard && node.status === 'UP';
      },
      { what: `UP again; agent said: ${agent.output()}` },
    );
    expect((await devicesOf(organizationId)).map((d) => d.id)).toEqual([deviceId]);
    expect(agent.output()).not.toContain('enrolled as');
    expect(await agent.stop()).toBe(0);
  });
});

describe('enrolment tokens the agent is refused with', () => {
  const refused = async (token: string) => {
    const stateDir = tempStateDir();
    const agent = start({ stateDir, token });
    const code = await agent.exited;
    return { code, output: agent.output(), stateDir };
  };

  it('refuses a revoked token with a clear message and keeps no identity', async () => {
    const { organization, token } = await createEnrollment(ctx);
    expect((await ctx.request('DELETE', `/enrollment-tokens/${token.id}`)).statusCode).toBe(200);
    const result = await refused(token.token);
    expect(result.code).toBe(2);
    expect(result.output).toContain(
      'enrolment refused: This enrolment token has been revoked. Ask for a new one.',
    );
    expect(fs.existsSync(path.join(result.stateDir, 'identity.json'))).toBe(false);
    expect(await devicesOf(organization.id)).toEqual([]);
  });

  it('refuses an expired token with a clear message', async () => {
    const { organization, token } = await createEnrollment(ctx);
    await ctx.db
      .update(enrollmentTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(enrollmentTokens.id, token.id));
    const result = await refused(token.token);
    expect(result.code).toBe(2);
    expect(result.output).toContain(
      'enrolment refused: This enrolment token has expired. Ask for a new one.',
    );
    expect(await devicesOf(organization.id)).toEqual([]);
  });
});

describe('scripts submitted through the API run on this machine through a real agent', () => {
  let deviceId: number;
  let agent: AgentProcess;

  beforeAll(async () => {
    const { organization, token } = await createEnrollment(ctx);
    agent = start({ stateDir: tempStateDir(), token: token.token });
    const [device] = await waitFor(
      async () => {
        const list = await devicesOf(organization.id);
        return list[0]?.status === 'UP' ? list : undefined;
      },
      { what: `device UP; agent said: ${agent.output()}` },
    );
    deviceId = device!.id;
  });
  afterAll(() => agent?.stop());

  const run = async (language: string, code: string, parameters: string[] = []) => {
    const submitted = await ctx.request('POST', '/webapp/submit/job', {
      nodes: [
        {
          nodeId: deviceId,
          jobs: [
            {
              jobType: 'ACTION',
              jobName: `${language} script`,
              content: { script: { language, code }, parameters },
            },
          ],
        },
      ],
    });
    expect(submitted.statusCode).toBe(200);
    const { jobUid } = submitted.json().nodes[0].jobs[0];
    return waitFor(
      async () => {
        const { job } = (await ctx.request('GET', `/webapp/job/${jobUid}`)).json();
        return job.jobStatus === 'COMPLETED' ? job : undefined;
      },
      { what: `${language} job ${jobUid}; agent said: ${agent.output()}` },
    );
  };

  it('a shell script: its parameters arrive as separate arguments, its output is stored', async () => {
    const job = await run('sh', 'printf "%s|" "$@"; echo; echo "on $(hostname)"', ['one two', 'three']);
    expect(job.jobResult).toBe('SUCCESS');
    expect(job.resultContent).toMatchObject({ exitCode: 0, stdout: `one two|three|\non ${os.hostname()}\n` });
  });

  it('a Python script: it runs in python3 on this machine, and its failure keeps exit code and stderr', async () => {
    const ok = await run(
      'python',
      'import sys, platform\nprint(sys.version_info[0], platform.node(), sys.argv[1:])',
      ['x y'],
    );
    expect(ok.jobResult).toBe('SUCCESS');
    expect(ok.resultContent.stdout).toBe(`3 ${os.hostname()} ['x y']\n`);

    const failed = await run(
      'python',
      'import sys\nprint("half way")\nsys.stderr.write("broke\\n")\nsys.exit(3)',
    );
    expect(failed.jobResult).toBe('FAILURE');
    expect(failed.resultContent).toMatchObject({ exitCode: 3, stdout: 'half way\n', stderr: 'broke\n' });
  });
});
