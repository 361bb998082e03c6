import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { BACKUP_EXTRACT_UPLOAD_PATH, backupErrorMessages } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastAgentSettings, listen, waitFor } from '../../../test/agents.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { connectAgent, enrolDevice, waitForJob } from '../jobs/test-fixtures.ts';
import { signExtractUrl } from './extract-url.ts';
import { createDevice, createPlan, insertRevision, restoreJob, submitJobs } from './test-fixtures.ts';

// EXTRACT restores: the agent uploads the zip of its running job; once the job completed, a technician gets a
// signed URL to it, which downloads the zip without a session until it expires; the sweep removes old zips.

let ctx: TestContext;
let serverUrl: string;
beforeAll(async () => {
  ctx = await createTestApp({ ...fastAgentSettings, backupExtractMaxBytes: 1_048_576 });
  serverUrl = await listen(ctx);
});
afterAll(() => ctx?.close());

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const upload = (
  authorization: string | undefined,
  jobUid: string,
  bytes: Buffer,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${BACKUP_EXTRACT_UPLOAD_PATH}/${jobUid}`,
    headers: {
      ...(authorization ? { authorization } : {}),
      'content-type': 'application/zip',
      'content-length': String(bytes.length),
      'x-content-sha256': sha(bytes),
      ...headers,
    },
    payload: Readable.from(
      (function* () {
        for (let i = 0; i < bytes.length; i += 65_536) yield bytes.subarray(i, i + 65_536);
      })(),
    ),
  });

const errorOf = (response: { json: () => { error: { code: string; message: string } } }) =>
  response.json().error;

/** A connected agent with an EXTRACT restore job of a cloud revision, received and not finished. */
const setUp = async () => {
  const { organization, identity } = await enrolDevice(ctx, serverUrl);
  const agent = await connectAgent(serverUrl, identity);
  const authorization = `Device ${identity.deviceId}:${identity.deviceSecret}`;
  const plan = await createPlan(ctx, organization.id, { targets: { allDevices: true } });
  const revision = await insertRevision(ctx, {
    organizationId: organization.id,
    planId: plan.planId,
    deviceId: identity.deviceId,
  });
  const response = await submitJobs(ctx, identity.deviceId, [
    restoreJob(revision, {
      sourcePath: '',
      restoreType: 'EXTRACT',
      extractContent: { files: ['/home/a/report.txt'], folders: ['/home/a/photos'] },
    }),
  ]);
  expect(response.statusCode, response.body).toBe(200);
  const { jobUid } = response.json().nodes[0].jobs[0] as { jobUid: string };
  await waitFor(() => agent.ofType('job').find((m) => m.job.jobUid === jobUid));
  return { organization, agent, authorization, plan, jobUid };
};

describe('EXTRACT restore zips', () => {
  it('are uploaded by the agent of the running job, then downloaded through a signed URL once it completed', async () => {
    const { organization, agent, authorization, plan, jobUid } = await setUp();
    const zip = randomBytes(300_000);

    // not yet: the job has not finished
    const early = await ctx.request('GET', `/backup/strata/extracts/${jobUid}`);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(backupErrorMessages.BACKUP_EXTRACT_NOT_READY);

    const stored = await upload(authorization, jobUid, zip);
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json()).toEqual({ jobUid, size: zip.length, sha256: sha(zip) });
    // sent again (the first answer was lost): the same zip
    expect((await upload(authorization, jobUid, zip)).statusCode).toBe(201);

    agent.result(jobUid, {
      resultContent: {
        exitCode: null,
        stdout: 'Extracted',
        stderr: '',
        truncated: false,
        errorMessage: null,
        backup: {
          v: 1,
          actionType: 'STRATA_RESTORE',
          planId: plan.planId,
          extract: { files: 3, dirs: 1, bytes: 400_000, zipBytes: zip.length, sha256: sha(zip) },
        },
      },
    });
    await waitForJob(ctx, jobUid, (job) => job.jobStatus === 'COMPLETED');

    // the job finished: its zip is no longer replaced
    const late = await upload(authorization, jobUid, randomBytes(10));
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(backupErrorMessages.BACKUP_EXTRACT_REFUSED);

    const answer = await ctx.request('GET', `/backup/strata/extracts/${jobUid}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const download = answer.json();
    expect(download).toMatchObject({
      jobUid,
      fileName: `extract-${jobUid}.zip`,
      size: zip.length,
      sha256: sha(zip),
    });
    expect(Date.parse(download.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    const activities = (await ctx.request('GET', '/activities?action=backup.extract.download')).json();
    expect(activities.data).toContainEqual(
      expect.objectContaining({ jobUid, organizationId: organization.id, outcome: 'SUCCESS' }),
    );

    // no session needed: the signature is the authorisation
    const content = await ctx.app.inject({ method: 'GET', url: download.url });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('application/zip');
    expect(content.headers['content-disposition']).toBe(`attachment; filename="extract-${jobUid}.zip"`);
    expect(content.headers['cache-control']).toBe('private, no-store');
    expect(content.rawPayload.equals(zip)).toBe(true);

    const changed = await ctx.app.inject({
      method: 'GET',
      url: download.url.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`),
    });
    expect(changed.statusCode).toBe(403);
    expect(errorOf(changed).message).toBe(backupErrorMessages.BACKUP_EXTRACT_URL_INVALID);
    const old = signExtractUrl({ key: ctx.app.backupExtracts.urlKey, jobUid, now: Date.now() - 3_600_000 });
    const expired = await ctx.app.inject({ method: 'GET', url: old.url });
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).message).toBe(backupErrorMessages.BACKUP_EXTRACT_URL_EXPIRED);

    // a day later the sweep removes it
    expect((await ctx.app.backupExtracts.sweep(new Date())).removed).toBe(0);
    expect((await ctx.app.backupExtracts.sweep(new Date(Date.now() + 25 * 3_600_000))).removed).toBe(1);
    const gone = await ctx.request('GET', `/backup/strata/extracts/${jobUid}`);
    expect(gone.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: download.url })).statusCode).toBe(404);
  });

  it('refuses an upload from another device, without its checksum or length, damaged, or too large', async () => {
    const { organization, authorization, jobUid } = await setUp();
    const zip = randomBytes(1000);
    const other = await createDevice(ctx, organization.id);

    const unknown = await upload('Device 1:not-the-secret', jobUid, zip);
    expect(unknown.statusCode).toBe(401);
    const notItsJob = await upload(other.authorization, jobUid, zip);
    expect(notItsJob.statusCode).toBe(404);
    expect(errorOf(notItsJob).message).toBe(backupErrorMessages.BACKUP_EXTRACT_NOT_FOUND);

    const withoutChecksum = await ctx.app.inject({
      method: 'PUT',
      url: `${BACKUP_EXTRACT_UPLOAD_PATH}/${jobUid}`,
      headers: { authorization, 'content-type': 'application/zip', 'content-length': String(zip.length) },
      payload: zip,
    });
    expect(withoutChecksum.statusCode).toBe(400);
    expect(errorOf(withoutChecksum).code).toBe('BACKUP_CHECKSUM_MISMATCH');
    const damaged = await upload(authorization, jobUid, zip, { 'x-content-sha256': sha(randomBytes(8)) });
    expect(damaged.statusCode).toBe(400);
    expect(errorOf(damaged).message).toBe(backupErrorMessages.BACKUP_CHECKSUM_MISMATCH);
    const tooLarge = await upload(authorization, jobUid, randomBytes(1_048_577));
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge).message).toBe(backupErrorMessages.BACKUP_EXTRACT_TOO_LARGE);

    // nothing was kept of them, not even a temp file
    expect(await ctx.app.backupExtracts.store.size(jobUid)).toBeUndefined();
    expect(await ctx.app.backupExtracts.store.listTemp()).toEqual([]);
  });
});
