import { randomUUID } from 'node:crypto';
import type { ServerJob, StoredJob } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastAgentSettings, listen, waitFor } from '../../../test/agents.ts';
import { createTestApp, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { devices } from '../../db/schema.ts';
import {
  connectAgent,
  createDevice,
  createOrganization,
  createScriptJob,
  enrolDevice,
  submit,
  submitJobs,
  waitForJob,
} from './test-fixtures.ts';

/**
 * Run-as of script jobs: checked at submit, resolved into the message to the agent (the password only
 * there). Everything runs on a second app on the test's database whose log lines the test reads.
 */

let base: TestContext;
let ctx: TestContext;
let serverUrl: string;
const logLines: string[] = [];

beforeAll(async () => {
  base = await createTestApp({ ...fastAgentSettings, jobExpirySeconds: 3600 });
  const app = await buildApp({
    config: base.config,
    database: base.database,
    secretKey: Buffer.alloc(32, 7),
    logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
  });
  await app.ready();
  ctx = {
    ...base,
    app,
    adminCookie: base.adminCookie,
    request: (method, url, payload, options = {}) =>
      app.inject({
        method,
        url,
        payload: payload as never,
        headers: { cookie: options.cookie ?? base.adminCookie, origin: ORIGIN },
      }),
  };
  serverUrl = await listen(ctx);
});
afterAll(async () => {
  await ctx?.app.close();
  await base?.close();
});

const createCredential = async (organizationId: number, body: Record<string, unknown> = {}) => {
  const password = `pw-${randomUUID()}`;
  const response = await ctx.request('POST', `/credential/organization/${organizationId}`, {
    name: `ops ${randomUUID().slice(0, 6)}`,
    kind: 'LINUX',
    username: 'ops',
    password,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { ...(response.json() as { id: number; name: string }), password };
};

const setPlatform = (deviceId: number, platform: string) =>
  ctx.db.update(devices).set({ platform }).where(eq(devices.id, deviceId));

const scriptWith = (runAs: unknown) =>
  createScriptJob({ content: { script: { language: 'sh', code: 'id -un' }, runAs } });

const jobsOf = async (deviceId: number) =>
  (await ctx.request('GET', `/jobs?nodeId=${deviceId}&state=ALL`)).json() as { count: number };

const refusal = async (deviceId: number, runAs: unknown) => {
  const response = await submit(ctx, { nodes: [{ nodeId: deviceId, jobs: [scriptWith(runAs)] }] });
  return { status: response.statusCode, error: response.json().error as { code: string; message: string } };
};

describe('run-as at submit', () => {
  it("refuses another organization's credential with 404 and stores nothing", async () => {
    const device = await createDevice(ctx);
    const other = await createOrganization(ctx);
    const theirs = await createCredential(other.id);

    expect(await refusal(device.id, { credentialId: theirs.id })).toMatchObject({
      status: 404,
      error: { code: 'CREDENTIAL_NOT_FOUND' },
    });
    expect(await refusal(device.id, { credentialId: 2_000_000 })).toMatchObject({ status: 404 });
    expect((await jobsOf(device.id)).count).toBe(0);
  });

  it('refuses a run-as for another platform and a preferred credential the organization has not set (422)', async () => {
    const organization = await createOrganization(ctx);
    const device = await createDevice(ctx, organization.id);
    await setPlatform(device.id, 'linux');
    const mac = await createCredential(organization.id, { kind: 'MAC', name: 'Mac admin' });

    expect(await refusal(device.id, 'PREFERRED_WINDOWS_LOCAL_ADMIN')).toEqual({
      status: 422,
      error: {
        code: 'RUN_AS_PLATFORM_MISMATCH',
        message: `Preferred Windows local admin runs only on Windows devices (${device.displayName} runs Linux).`,
      },
    });
    expect((await refusal(device.id, { credentialId: mac.id })).error).toEqual({
      code: 'RUN_AS_PLATFORM_MISMATCH',
      message: `The Mac credential 'Mac admin' runs only on Mac devices (${device.displayName} runs Linux).`,
    });
    expect(await refusal(device.id, 'PREFERRED_LINUX_CREDENTIAL')).toEqual({
      status: 422,
      error: {
        code: 'RUN_AS_NO_PREFERRED_CREDENTIAL',
        message: `No preferred Linux credential is set for organization ${organization.name}.`,
      },
    });
    expect((await jobsOf(device.id)).count).toBe(0);
    // System, the logged-on user and a custom user need no credential.
    const accepted = await submitJobs(ctx, device.id, [
      scriptWith('SYSTEM'),
      scriptWith('LOGGED_ON_USER'),
      scriptWith({ user: 'backup' }),
    ]);
    expect(accepted).toHaveLength(3);
  });
});

const runAsOf = (messages: ServerJob[], job: StoredJob) =>
  messages.find((message) => message.job.jobUid === job.jobUid)?.job.runAs;

describe('run-as sent to the agent', () => {
  it('puts the account with its password into the job message only: never in answers, activities or logs', async () => {
    const { organization, identity } = await enrolDevice(ctx, serverUrl);
    const named = await createCredential(organization.id, { name: 'Ops', username: 'ops' });
    const preferred = await createCredential(organization.id, { username: 'deploy', preferred: true });
    // Queued while the agent is away (sent after its hello), then one sent live.
    const [queued] = await submitJobs(ctx, identity.deviceId, [scriptWith({ credentialId: named.id })]);
    const agent = await connectAgent(serverUrl, identity);
    await waitFor(() => agent.jobUidsReceived().includes(queued!.jobUid));
    const [live, custom, system] = await submitJobs(ctx, identity.deviceId, [
      scriptWith('PREFERRED_LINUX_CREDENTIAL'),
      scriptWith({ user: 'backup' }),
      scriptWith('SYSTEM'),
    ]);
    await waitFor(() => agent.jobUidsReceived().includes(system!.jobUid));

    const messages = agent.ofType('job');
    expect(messages.map((message) => message.job.jobUid)).toEqual(
      [queued, live, custom, system].map((j) => j!.jobUid),
    );
    expect(runAsOf(messages, queued!)).toEqual({
      kind: 'account',
      username: 'ops',
      password: named.password,
      label: "Credential 'Ops'",
    });
    expect(runAsOf(messages, live!)).toEqual({
      kind: 'account',
      username: 'deploy',
      password: preferred.password,
      label: `Preferred Linux credential (${preferred.name})`,
    });
    expect(runAsOf(messages, custom!)).toEqual({ kind: 'account', username: 'backup' });
    expect(runAsOf(messages, system!)).toBeUndefined();
    // The job keeps the reference only.
    expect(messages[0]!.job.content.runAs).toEqual({ credentialId: named.id });

    for (const job of [queued!, live!]) agent.result(job.jobUid);
    for (const job of [queued!, live!]) await waitForJob(ctx, job.jobUid, (j) => j.jobStatus === 'COMPLETED');
    const answers = await Promise.all([
      ctx.request('GET', `/webapp/job/${queued!.jobUid}`),
      ctx.request('GET', `/webapp/job/${live!.jobUid}`),
      ctx.request('GET', `/jobs?nodeId=${identity.deviceId}&state=ALL`),
      ctx.request('GET', `/credential/organization/${organization.id}/list`),
      ctx.request('GET', '/activities?pageSize=100'),
      ctx.request('GET', `/activities?pageSize=100&organizationId=${organization.id}`),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      for (const password of [named.password, preferred.password])
        expect(answer.body).not.toContain(password);
    }
    expect(answers[1]!.json().job.content.runAs).toBe('PREFERRED_LINUX_CREDENTIAL');
    expect(logLines.length).toBeGreaterThan(10);
    for (const password of [named.password, preferred.password])
      expect(logLines.filter((line) => line.includes(password))).toEqual([]);
    await agent.close();
  });

  it('fails the job clearly, without sending it, when its credential was deleted after the submit', async () => {
    const { organization, identity } = await enrolDevice(ctx, serverUrl);
    const named = await createCredential(organization.id, { name: 'Gone soon' });
    const preferred = await createCredential(organization.id, { name: 'Preferred gone', preferred: true });
    const [byId, byPreference, after] = await submitJobs(ctx, identity.deviceId, [
      scriptWith({ credentialId: named.id }),
      scriptWith('PREFERRED_LINUX_CREDENTIAL'),
      scriptWith('LOGGED_ON_USER'),
    ]);
    for (const credential of [named, preferred])
      expect((await ctx.request('DELETE', `/credential/${credential.id}`)).statusCode).toBe(200);

    const agent = await connectAgent(serverUrl, identity);
    await waitFor(() => agent.jobUidsReceived().includes(after!.jobUid));
    expect(agent.jobUidsReceived()).toEqual([after!.jobUid]);
    expect(runAsOf(agent.ofType('job'), after!)).toEqual({ kind: 'loggedOnUser' });
    const failedById = await waitForJob(ctx, byId!.jobUid, (j) => j.jobStatus === 'COMPLETED');
    expect(failedById).toMatchObject({ jobResult: 'FAILURE' });
    expect(failedById.resultContent?.errorMessage).toBe(
      `Credential ${named.id}: the credential was deleted after the job was submitted, so the job was not run.`,
    );
    const failedByPreference = await waitForJob(
      ctx,
      byPreference!.jobUid,
      (j) => j.jobStatus === 'COMPLETED',
    );
    expect(failedByPreference.resultContent?.errorMessage).toBe(
      "No preferred Linux credential is set for the device's organization any more, so the job was not run.",
    );
    await agent.close();
  });
});
