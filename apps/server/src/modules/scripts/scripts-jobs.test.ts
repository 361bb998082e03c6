import { existsSync } from 'node:fs';
import type { Script, StoredJob } from '@rmm/domain';
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
import { createTestApp, createUser, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { devices, jobs } from '../../db/schema.ts';
import { createDevice, createOrganization, submit, waitForJob } from '../jobs/test-fixtures.ts';
import { createLibraryScript } from './test-fixtures.ts';

/** Library scripts in jobs: resolved to the version that runs, checked before anything is stored. */

let ctx: TestContext;
let serverUrl: string;
const agents: AgentProcess[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ ...fastAgentSettings, jobExpirySeconds: 3600 });
  serverUrl = await listen(ctx);
});
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.stop()));
  await ctx?.close();
  removeTempStateDirs();
});

const linuxDevice = async (organizationId?: number) => {
  const device = await createDevice(ctx, organizationId);
  await ctx.db.update(devices).set({ platform: 'linux' }).where(eq(devices.id, device.id));
  return device;
};

const libraryJob = (script: Record<string, unknown>, rest: Record<string, unknown> = {}) => ({
  jobType: 'ACTION',
  jobName: 'Library script',
  content: { script, ...rest },
});

const storedContentOf = async (deviceId: number) =>
  (await ctx.db.select({ content: jobs.content }).from(jobs).where(eq(jobs.deviceId, deviceId))).map(
    (row) => row.content,
  );

const submitOne = (deviceId: number, job: unknown, cookie?: string) =>
  submit(ctx, { nodes: [{ nodeId: deviceId, jobs: [job] }] }, cookie ? { cookie } : {});

describe('a library script job at submit', () => {
  it('is stored with the script id, version, name and code that run, and its defaults for run-as and timeout', async () => {
    const script = await createLibraryScript(ctx, {
      parameters: [
        { name: 'count', type: 'INTEGER', defaultValue: '3' },
        { name: 'label', type: 'TEXT' },
      ],
      defaultRunAs: 'LOGGED_ON_USER',
      timeoutSeconds: 120,
    });
    const device = await linuxDevice();

    const response = await submitOne(
      device.id,
      libraryJob({ scriptId: script.id }, { parameters: ['', 'disk'] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      script: { scriptId: script.id, version: 1, name: script.name, language: 'sh', code: script.code },
      parameters: ['3', 'disk'],
      runAs: 'LOGGED_ON_USER',
      timeoutSeconds: 120,
    };
    expect((response.json().nodes[0].jobs[0] as StoredJob).content).toEqual(expected);
    expect(await storedContentOf(device.id)).toEqual([expected]);

    // Given run-as and timeout win over the script's defaults.
    const given = await submitOne(
      device.id,
      libraryJob({ scriptId: script.id }, { parameters: ['5'], runAs: 'SYSTEM', timeoutSeconds: 30 }),
    );
    expect(given.json().nodes[0].jobs[0].content).toMatchObject({
      parameters: ['5', ''],
      runAs: 'SYSTEM',
      timeoutSeconds: 30,
    });
  });

  it('runs the version asked for, the newest otherwise; a version or script not there is 404', async () => {
    const script = await createLibraryScript(ctx, { code: 'echo one' });
    const saved = await ctx.request('PUT', `/scripts/${script.id}`, {
      name: script.name,
      language: 'sh',
      operatingSystems: ['LINUX'],
      code: 'echo two',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const device = await linuxDevice();

    const newest = await submitOne(device.id, libraryJob({ scriptId: script.id }));
    expect(newest.json().nodes[0].jobs[0].content.script).toMatchObject({ version: 2, code: 'echo two' });
    const pinned = await submitOne(device.id, libraryJob({ scriptId: script.id, version: 1 }));
    expect(pinned.json().nodes[0].jobs[0].content.script).toMatchObject({ version: 1, code: 'echo one' });
    // A resolved script sent back is looked up again: its code is the library's, not the sender's.
    const resent = await submitOne(
      device.id,
      libraryJob({ scriptId: script.id, version: 1, name: 'x', language: 'sh', code: 'rm -rf /' }),
    );
    expect(resent.json().nodes[0].jobs[0].content.script).toMatchObject({ version: 1, code: 'echo one' });

    const noVersion = await submitOne(device.id, libraryJob({ scriptId: script.id, version: 9 }));
    expect(noVersion.statusCode).toBe(404);
    expect(noVersion.json().error).toEqual({
      code: 'SCRIPT_VERSION_NOT_FOUND',
      message: 'There is no such version of this script.',
    });
    const noScript = await submitOne(device.id, libraryJob({ scriptId: 2_000_000 }));
    expect(noScript.statusCode).toBe(404);
    expect(noScript.json().error.code).toBe('SCRIPT_NOT_FOUND');
    expect(await storedContentOf(device.id)).toHaveLength(3);
  });

  it('refuses a Windows script for a Linux device with 422 and stores nothing of the submission', async () => {
    const windows = await createLibraryScript(ctx, {
      language: 'powershell',
      operatingSystems: ['WINDOWS'],
      code: 'Get-Date',
    });
    const fine = await createLibraryScript(ctx);
    const device = await linuxDevice();

    const response = await submit(ctx, {
      nodes: [
        {
          nodeId: device.id,
          jobs: [libraryJob({ scriptId: fine.id }), libraryJob({ scriptId: windows.id })],
        },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({
      code: 'SCRIPT_PLATFORM_MISMATCH',
      message: `${windows.name} runs on Windows; ${device.displayName} runs Linux.`,
    });
    expect(await storedContentOf(device.id)).toEqual([]);
  });

  it('refuses a parameter value that does not fit its type, naming the parameter', async () => {
    const script = await createLibraryScript(ctx, {
      parameters: [
        { name: 'hours', label: 'Hours', type: 'INTEGER', defaultValue: '24' },
        { name: 'mode', type: 'OPTION', options: ['fast', 'full'], required: true },
      ],
    });
    const device = await linuxDevice();
    const refusal = async (parameters: string[]) => {
      const response = await submitOne(device.id, libraryJob({ scriptId: script.id }, { parameters }));
      expect(response.statusCode).toBe(422);
      return response.json().error;
    };

    expect(await refusal(['twelve', 'fast'])).toEqual({
      code: 'SCRIPT_PARAMETER_INVALID',
      message: 'Hours: must be a whole number.',
    });
    expect((await refusal(['12'])).message).toBe('mode: a value is required.');
    expect((await refusal(['12', 'slow'])).message).toBe('mode: must be one of fast, full.');
    expect((await refusal(['1', 'fast', 'extra'])).message).toBe(
      `${script.name} takes 2 parameter(s); 3 were given.`,
    );
    expect(await storedContentOf(device.id)).toEqual([]);
  });
  it("checks the script's default run-as like a given one", async () => {
    const script = await createLibraryScript(ctx, { defaultRunAs: 'PREFERRED_WINDOWS_LOCAL_ADMIN' });
    const device = await linuxDevice();
    const response = await submitOne(device.id, libraryJob({ scriptId: script.id }));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('RUN_AS_PLATFORM_MISMATCH');
    expect(await storedContentOf(device.id)).toEqual([]);
  });
});

describe('who may run what', () => {
  it('a library script takes scripts.run; ad-hoc code takes jobs.run', async () => {
    const organization = await createOrganization(ctx);
    const device = await linuxDevice(organization.id);
    const script = await createLibraryScript(ctx);
    const helpdesk = await createUser(ctx, {
      permissions: ['devices.view', 'jobs.view', 'scripts.view', 'scripts.run'],
      scope: 'all',
    });
    const coder = await createUser(ctx, {
      permissions: ['devices.view', 'jobs.view', 'jobs.run'],
      scope: 'all',
    });
    const inline = {
      jobType: 'ACTION',
      jobName: 'ad hoc',
      content: { script: { language: 'sh', code: 'id' } },
    };

    expect(
      (await submitOne(device.id, libraryJob({ scriptId: script.id }), helpdesk.cookie)).statusCode,
    ).toBe(200);
    expect((await submitOne(device.id, inline, helpdesk.cookie)).statusCode).toBe(403);
    expect((await submitOne(device.id, libraryJob({ scriptId: script.id }), coder.cookie)).statusCode).toBe(
      403,
    );
    expect((await submitOne(device.id, inline, coder.cookie)).statusCode).toBe(200);

    // The bulk action takes the same permissions.
    const bulk = (body: Record<string, unknown>, cookie: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/search/runner/execute-action',
        payload: { action: 'RUN_SCRIPT', target: { nodeIds: [device.id] }, ...body },
        headers: { cookie, origin: ORIGIN },
      });
    expect((await bulk({ script: { script: { scriptId: script.id } } }, helpdesk.cookie)).statusCode).toBe(
      200,
    );
    expect(
      (await bulk({ script: { script: { language: 'sh', code: 'id' } } }, helpdesk.cookie)).statusCode,
    ).toBe(403);
    expect((await storedContentOf(device.id)).length).toBe(3);
  });
});

describe('the bulk RUN_SCRIPT action with a library script', () => {
  const execute = (body: Record<string, unknown>) =>
    ctx.request('POST', '/search/runner/execute-action', { action: 'RUN_SCRIPT', ...body });

  it('stores the resolved script with its defaults on every device; a device of another platform refuses all', async () => {
    const organization = await createOrganization(ctx);
    const [a, b] = [await linuxDevice(organization.id), await linuxDevice(organization.id)];
    const script = await createLibraryScript(ctx, {
      parameters: [{ name: 'n', type: 'INTEGER', defaultValue: '1' }],
      timeoutSeconds: 90,
    });
    const response = await execute({
      target: { nodeIds: [a.id, b.id] },
      script: { script: { scriptId: script.id } },
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const device of [a, b])
      expect(await storedContentOf(device.id)).toEqual([
        {
          script: { scriptId: script.id, version: 1, name: script.name, language: 'sh', code: script.code },
          parameters: ['1'],
          runAs: 'SYSTEM',
          timeoutSeconds: 90,
        },
      ]);

    const mac = await createDevice(ctx, organization.id);
    await ctx.db.update(devices).set({ platform: 'darwin' }).where(eq(devices.id, mac.id));
    const linuxOnly = await createLibraryScript(ctx, { operatingSystems: ['LINUX'] });
    const refused = await execute({
      target: { nodeIds: [a.id, mac.id] },
      script: { script: { scriptId: linuxOnly.id } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('SCRIPT_PLATFORM_MISMATCH');
    expect(await storedContentOf(mac.id)).toEqual([]);
    expect(await storedContentOf(a.id)).toHaveLength(1);
    const badParameter = await execute({
      target: { nodeIds: [a.id] },
      script: { script: { scriptId: script.id }, parameters: ['many'] },
    });
    expect(badParameter.json().error.code).toBe('SCRIPT_PARAMETER_INVALID');
  });
});

describe('a library script on a real agent', () => {
  let deviceId: number;
  beforeAll(async () => {
    const { organization, token } = await createEnrollment(ctx);
    const agent = spawnAgent({ serverUrl, stateDir: tempStateDir(), token: token.token });
    agents.push(agent);
    const device = await waitFor(
      async () => {
        const [row] = await ctx.db.select().from(devices).where(eq(devices.organizationId, organization.id));
        return row?.status === 'UP' ? row : undefined;
      },
      { what: `the agent UP; it said: ${agent.output()}` },
    );
    deviceId = device.id;
  });

  it('gets each parameter as one argument: "; rm -rf /" arrives sanitised, as one harmless argument', async () => {
    const marker = `${tempStateDir()}/injected`;
    const script = await createLibraryScript(ctx, {
      operatingSystems: ['LINUX'],
      code: 'printf "%s\\n" "$#"; for a in "$@"; do printf "[%s]\\n" "$a"; done',
      parameters: [
        { name: 'first', type: 'TEXT' },
        { name: 'second', type: 'TEXT' },
        { name: 'third', type: 'TEXT', defaultValue: 'with space' },
      ],
    });

    const response = await submitOne(
      deviceId,
      libraryJob({ scriptId: script.id }, { parameters: ['; rm -rf /', `x && touch ${marker} | $(id)`] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json().nodes[0].jobs[0] as StoredJob;
    expect(job.content?.parameters).toEqual(['rm -rf /', `x  touch ${marker}  (id)`, 'with space']);
    const done = await waitForJob(ctx, job.jobUid, (j) => j.jobStatus === 'COMPLETED');
    expect(done.jobResult, JSON.stringify(done.resultContent)).toBe('SUCCESS');
    expect(done.resultContent?.stdout).toBe(`3\n[rm -rf /]\n[x  touch ${marker}  (id)]\n[with space]\n`);
    expect(done.content?.script).toMatchObject({ scriptId: script.id, version: 1, name: script.name });
    expect(existsSync(marker)).toBe(false);
  });

  it('runs a template copied into the library, with its default parameters', async () => {
    const copied = await ctx.request('POST', '/scripts/templates/16/copy', { name: `Top ${Date.now()}` });
    expect(copied.statusCode, copied.body).toBe(201);
    const script = copied.json().script as Script;

    const response = await submitOne(deviceId, libraryJob({ scriptId: script.id }, { parameters: ['3'] }));
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json().nodes[0].jobs[0] as StoredJob;
    expect(job.content).toMatchObject({ parameters: ['3', 'cpu'], timeoutSeconds: 600 });
    const done = await waitForJob(ctx, job.jobUid, (j) => j.jobStatus === 'COMPLETED');
    expect(done.jobResult, JSON.stringify(done.resultContent)).toBe('SUCCESS');
    expect(done.resultContent?.stdout).toContain('Top 3 processes by cpu:');
    expect(done.resultContent?.stdout).toContain('Load average:');
  });
});
