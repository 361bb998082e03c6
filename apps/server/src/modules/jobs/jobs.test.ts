import { randomUUID } from 'node:crypto';
import { jobErrorMessages, jobTypeNumbers, SCRIPT_MAX_CODE_BYTES, type StoredJob } from '@rmm/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/agents.ts';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { agentSubject } from '../../bus/subjects.ts';
import { activities, jobs } from '../../db/schema.ts';
import { SUBMIT_BODY_LIMIT_BYTES } from './routes.ts';
import {
  cancelJob,
  createBackupJob,
  createDevice,
  createOrganization,
  createRestoreJob,
  createScriptJob,
  getJob,
  seedBackup,
  submit,
  submitJobs,
} from './test-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ jobExpirySeconds: 3600 });
});
afterAll(() => ctx?.close());

const storedJobsOf = (deviceId: number) => ctx.db.select().from(jobs).where(eq(jobs.deviceId, deviceId));

describe('POST /webapp/submit/job', () => {
  it('creates jobs by type number and by name, stored as START_REQUESTED with defaults filled in', async () => {
    const device = await createDevice(ctx);
    const response = await submit(ctx, {
      nodes: [
        {
          nodeId: device.id,
          jobs: [
            createScriptJob({ jobType: 2, jobName: 'by number' }),
            createScriptJob({ jobType: 'ACTION', jobName: 'by name' }),
            createScriptJob({ jobType: '2', jobName: 'by digit string', content: { builtin: 'REBOOT' } }),
          ],
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ resultCode: 'SUCCESS', status: 'SUCCESS' });
    const created = body.nodes[0].jobs as StoredJob[];
    expect(created.map((j) => [j.jobName, j.jobType, j.jobStatus])).toEqual([
      ['by number', 'ACTION', 'START_REQUESTED'],
      ['by name', 'ACTION', 'START_REQUESTED'],
      ['by digit string', 'ACTION', 'START_REQUESTED'],
    ]);
    expect(created[0]).toMatchObject({
      nodeId: device.id,
      nodeName: device.displayName,
      organizationId: device.organizationId,
      jobResult: null,
      startedAt: null,
      content: {
        script: { language: 'sh', code: 'echo hello' },
        parameters: [],
        runAs: 'SYSTEM',
        timeoutSeconds: 3600,
      },
    });
    const expiresIn = Date.parse(created[0]!.expiresAt) - Date.parse(created[0]!.createdAt);
    expect(Math.round(expiresIn / 1000)).toBe(3600);
    expect((await storedJobsOf(device.id)).map((j) => j.jobName).sort()).toEqual([
      'by digit string',
      'by name',
      'by number',
    ]);
  });

  it('trims and sanitises script parameters as the spec says, whoever sends them (spec §5)', async () => {
    const device = await createDevice(ctx);
    const [job] = await submitJobs(ctx, device.id, [
      createScriptJob({
        content: {
          script: { language: 'sh', code: 'echo "$@"' },
          parameters: ['  C:\\Temp  ', 'a&b|c;d$e>f<g`h!i', ' keep  inner  spaces '],
        },
      }),
    ]);
    const expected = ['C:\\Temp', 'abcdefghi', 'keep  inner  spaces'];
    expect(job!.content).toMatchObject({ parameters: expected });
    const [stored] = await storedJobsOf(device.id);
    expect(stored!.content).toMatchObject({ parameters: expected });
  });

  it('stores the jobs and their activities before it answers, then sends them to the device', async () => {
    const device = await createDevice(ctx);
    const seenOnBus: { jobUid: string; isStored: Promise<boolean> }[] = [];
    const stop = ctx.app.bus.subscribe(agentSubject(device.id), (message) => {
      const jobUid = (message as { job: { jobUid: string } }).job.jobUid;
      // Read through another connection: only a committed row is visible there.
      const isStored = ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.jobUid, jobUid))
        .then((rows) => rows.length === 1);
      seenOnBus.push({ jobUid, isStored });
    });
    const [job] = await submitJobs(ctx, device.id, [createScriptJob({ jobName: 'stored first' })]);
    const [row] = await ctx.db.select().from(jobs).where(eq(jobs.jobUid, job!.jobUid));
    expect(row).toMatchObject({ status: 'START_REQUESTED', jobName: 'stored first' });
    const [activity] = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.targetType, 'device'), eq(activities.targetId, String(device.id))));
    expect(activity).toMatchObject({
      action: 'job.submit',
      outcome: 'SUCCESS',
      actorName: 'admin@test.local',
    });
    expect(activity?.detail).toContain(job!.jobUid);
    await waitFor(() => seenOnBus.length >= 1);
    stop();
    expect(seenOnBus.map((s) => s.jobUid)).toEqual([job!.jobUid]);
    expect(await seenOnBus[0]!.isStored).toBe(true);
    // The device's activities page lists it, naming the job for the console's job view.
    const page = await ctx.request('GET', `/activities?targetType=device&targetId=${device.id}`);
    expect(page.json().data.map((a: { action: string; jobUid: string }) => [a.action, a.jobUid])).toEqual([
      ['job.submit', job!.jobUid],
    ]);
  });

  it('refuses an unknown job type naming the field, and stores nothing', async () => {
    const device = await createDevice(ctx);
    for (const jobType of ['NOT_A_TYPE', 99, '0']) {
      const response = await submit(ctx, {
        nodes: [{ nodeId: device.id, jobs: [createScriptJob(), createScriptJob({ jobType })] }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.message).toContain('nodes.0.jobs.1.jobType');
      expect(response.json().error.message).toContain('Unknown job type');
    }
    expect(await storedJobsOf(device.id)).toEqual([]);
  });

  it('refuses content that does not fit the job type, naming the field', async () => {
    const device = await createDevice(ctx);
    const cases = [
      { content: { script: { language: 'fortran', code: 'x' } }, field: 'content.script' },
      { content: { builtin: 'SHUTDOWN' }, field: 'content' },
      {
        content: { script: { language: 'sh', code: 'x' }, timeoutSeconds: 0 },
        field: 'content.timeoutSeconds',
      },
    ];
    for (const { content, field } of cases) {
      const response = await submit(ctx, {
        nodes: [{ nodeId: device.id, jobs: [createScriptJob({ content })] }],
      });
      expect(response.statusCode, JSON.stringify(content)).toBe(400);
      expect(response.json().error.message).toContain(`nodes.0.jobs.0.${field}`);
    }
    const backup = await submit(ctx, {
      nodes: [
        {
          nodeId: device.id,
          jobs: [
            createBackupJob(
              { nodeId: device.id, planId: 'p', revisionId: 'r' },
              { content: { planId: 'p' } },
            ),
          ],
        },
      ],
    });
    expect(backup.statusCode).toBe(400);
    const newAsCancelled = await submit(ctx, {
      nodes: [{ nodeId: device.id, jobs: [createScriptJob({ jobStatus: 'CANCELLED' })] }],
    });
    expect(newAsCancelled.statusCode).toBe(400);
    expect(newAsCancelled.json().error.message).toContain('jobStatus');
    expect(await storedJobsOf(device.id)).toEqual([]);
  });

  it('reads a submission above BODY_LIMIT_BYTES up to SUBMIT_BODY_LIMIT_BYTES, as a fan-out needs', async () => {
    const device = await createDevice(ctx);
    const code = `echo ${'x'.repeat(SCRIPT_MAX_CODE_BYTES - 10)}`;
    const big = () => createScriptJob({ content: { script: { language: 'sh', code } } });
    const body = { nodes: [{ nodeId: device.id, jobs: Array.from({ length: 6 }, big) }] };
    expect(JSON.stringify(body).length).toBeGreaterThan(ctx.config.bodyLimitBytes);
    const response = await submit(ctx, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedJobsOf(device.id)).toHaveLength(6);

    const tooBig = {
      nodes: [
        { nodeId: device.id, jobs: [createScriptJob({ message: 'x'.repeat(SUBMIT_BODY_LIMIT_BYTES) })] },
      ],
    };
    const refused = await submit(ctx, tooBig);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers SCRIPT_NOT_FOUND for a script not in the library and stores nothing', async () => {
    const device = await createDevice(ctx);
    const response = await submit(ctx, {
      nodes: [{ nodeId: device.id, jobs: [createScriptJob({ content: { script: { scriptId: 7 } } })] }],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'SCRIPT_NOT_FOUND',
      message: jobErrorMessages.SCRIPT_NOT_FOUND,
    });
    expect(await storedJobsOf(device.id)).toEqual([]);
  });

  it('refuses with DEVICE_CACHE_EXPIRED when the device answer has expired, and stores nothing', async () => {
    const device = await createDevice(ctx);
    const body = (cacheExpiration: number) => ({
      nodes: [{ nodeId: device.id, jobs: [createScriptJob()] }],
      cacheExpiration,
    });
    const expired = await submit(ctx, body(Date.now() - 1000));
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error).toEqual({
      code: 'DEVICE_CACHE_EXPIRED',
      message: jobErrorMessages.DEVICE_CACHE_EXPIRED,
    });
    expect(await storedJobsOf(device.id)).toEqual([]);
    expect((await submit(ctx, body(Date.now() + 60_000))).statusCode).toBe(200);
  });

  it('needs jobs.run for a new job, and a device in the caller scope', async () => {
    const mine = await createOrganization(ctx);
    const device = await createDevice(ctx, mine.id);
    const outside = await createDevice(ctx);
    const viewer = await createUser(ctx, { permissions: ['jobs.view'], scope: 'all' });
    const runner = await createUser(ctx, { permissions: ['jobs.view', 'jobs.run'], scope: [mine.id] });
    const body = (nodeId: number) => ({ nodes: [{ nodeId, jobs: [createScriptJob()] }] });

    const refused = await submit(ctx, body(device.id), { cookie: viewer.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    const noAccess = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    expect((await submit(ctx, body(device.id), { cookie: noAccess.cookie })).statusCode).toBe(403);

    const elsewhere = await submit(ctx, body(outside.id), { cookie: runner.cookie });
    expect(elsewhere.statusCode).toBe(404);
    expect(await storedJobsOf(outside.id)).toEqual([]);
    // One node outside the scope refuses the whole submission.
    const mixed = await submit(
      ctx,
      { nodes: [...body(device.id).nodes, ...body(outside.id).nodes] },
      { cookie: runner.cookie },
    );
    expect(mixed.statusCode).toBe(404);
    expect(await storedJobsOf(device.id)).toEqual([]);

    expect((await submit(ctx, body(device.id), { cookie: runner.cookie })).statusCode).toBe(200);
    // The refusal is an activity of its own.
    const failures = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'job.submit'), eq(activities.outcome, 'FAILURE')));
    expect(failures.some((a) => a.actorName === viewer.email && a.detail?.startsWith('FORBIDDEN'))).toBe(
      true,
    );
  });

  it('answers a retry with the same Idempotency-Key with the same jobs, and refuses the key for another body', async () => {
    const device = await createDevice(ctx);
    const key = randomUUID();
    const body = { nodes: [{ nodeId: device.id, jobs: [createScriptJob(), createScriptJob()] }] };
    const first = await submit(ctx, body, { idempotencyKey: key });
    const retry = await submit(ctx, body, { idempotencyKey: key });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await storedJobsOf(device.id)).toHaveLength(2);

    const reused = await submit(
      ctx,
      { nodes: [{ nodeId: device.id, jobs: [createScriptJob()] }] },
      { idempotencyKey: key },
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: jobErrorMessages.IDEMPOTENCY_KEY_REUSED,
    });
    // Keys belong to their user: another user's same key is a new request.
    const other = await createUser(ctx, { permissions: ['jobs.view', 'jobs.run'], scope: 'all' });
    const theirs = await submit(ctx, body, { idempotencyKey: key, cookie: other.cookie });
    expect(theirs.statusCode).toBe(200);
    expect(await storedJobsOf(device.id)).toHaveLength(4);
  });

  it('creates the jobs once when the same key is sent twice at the same time', async () => {
    const device = await createDevice(ctx);
    const key = randomUUID();
    const body = { nodes: [{ nodeId: device.id, jobs: [createScriptJob()] }] };
    const [a, b] = await Promise.all([
      submit(ctx, body, { idempotencyKey: key }),
      submit(ctx, body, { idempotencyKey: key }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(await storedJobsOf(device.id)).toHaveLength(1);
  });
});

describe('cancel by re-submission', () => {
  it('cancels a job its agent never got (CANCELLED), with an activity; a finished job answers JOB_FINISHED', async () => {
    const device = await createDevice(ctx);
    const seed = await seedBackup(ctx, device.id);
    const [script, backup] = await submitJobs(ctx, device.id, [createScriptJob(), createBackupJob(seed)]);
    const response = await cancelJob(ctx, script!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().nodes[0].jobs[0]).toMatchObject({
      jobUid: script!.jobUid,
      jobStatus: 'CANCELLED',
    });
    // A backup must be wound down by the device even before its agent took it (spec §4).
    const backupResponse = await cancelJob(ctx, backup!);
    expect(backupResponse.json().nodes[0].jobs[0].jobStatus).toBe('CANCEL_REQUESTED');

    const again = await cancelJob(ctx, script!);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'JOB_FINISHED', message: jobErrorMessages.JOB_FINISHED });
    const job = await getJob(ctx, script!.jobUid);
    expect(job.finishedAt).not.toBeNull();
    expect(job.history.map((h) => h.event)).toEqual(['created', 'cancelled', 'cancel refused']);
    const askedToStop = await getJob(ctx, backup!.jobUid);
    expect(askedToStop.finishedAt).toBeNull();
    expect(askedToStop.history.map((h) => h.event)).toEqual(['created', 'cancel requested']);
    const actions = (await ctx.request('GET', `/activities?targetType=device&targetId=${device.id}`))
      .json()
      .data.map((a: { action: string }) => a.action);
    expect(actions.filter((a: string) => a === 'job.cancel')).toHaveLength(2);
  });

  it('needs jobs.cancel, and the job on the node named', async () => {
    const device = await createDevice(ctx);
    const other = await createDevice(ctx);
    const [job] = await submitJobs(ctx, device.id, [createScriptJob()]);
    const runner = await createUser(ctx, { permissions: ['jobs.view', 'jobs.run'], scope: 'all' });
    expect((await cancelJob(ctx, job!, { cookie: runner.cookie })).statusCode).toBe(403);
    const wrongNode = await cancelJob(ctx, { ...job!, nodeId: other.id });
    expect(wrongNode.statusCode).toBe(404);
    expect(wrongNode.json().error.code).toBe('JOB_NOT_FOUND');
    const unknown = await cancelJob(ctx, { ...job!, jobUid: randomUUID() });
    expect(unknown.json().error.code).toBe('JOB_NOT_FOUND');
    expect((await getJob(ctx, job!.jobUid)).jobStatus).toBe('START_REQUESTED');
  });
});

describe('backup permissions (spec §6)', () => {
  const failedActivities = async (deviceId: number) =>
    (
      await ctx.db
        .select()
        .from(activities)
        .where(and(eq(activities.targetId, String(deviceId)), eq(activities.outcome, 'FAILURE')))
    ).map((a) => [a.action, a.detail?.replace(/ \(.*\)/, '')]);

  it('refuses backup, upsync and integrity-check jobs without backup.viewAndManage, storing nothing but the refusal', async () => {
    const device = await createDevice(ctx);
    const seed = await seedBackup(ctx, device.id);
    const runner = await createUser(ctx, { permissions: ['jobs.view', 'jobs.run'], scope: 'all' });
    for (const actionType of ['STRATA_BACKUP', 'STRATA_UPSYNC', 'STRATA_INTEGRITY_CHECK']) {
      const backup = createBackupJob(seed, { jobName: actionType });
      backup.content.actionType = actionType;
      const response = await submit(
        ctx,
        { nodes: [{ nodeId: device.id, jobs: [createScriptJob(), backup] }] },
        { cookie: runner.cookie },
      );
      expect(response.statusCode, actionType).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    expect(await storedJobsOf(device.id)).toEqual([]);
    expect(await failedActivities(device.id)).toEqual([
      ['job.submit', 'BACKUP "STRATA_BACKUP": refused: needs backup.viewAndManage'],
      ['job.submit', 'BACKUP "STRATA_UPSYNC": refused: needs backup.viewAndManage'],
      ['job.submit', 'BACKUP "STRATA_INTEGRITY_CHECK": refused: needs backup.viewAndManage'],
    ]);
    // With the permission, the same backup is accepted.
    const manager = await createUser(ctx, {
      permissions: ['jobs.view', 'jobs.run', 'backup.viewAndManage'],
      scope: 'all',
    });
    const accepted = await submit(
      ctx,
      { nodes: [{ nodeId: device.id, jobs: [createBackupJob(seed)] }] },
      { cookie: manager.cookie },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses restores without backup.viewAndRestore, even to a backup manager', async () => {
    const device = await createDevice(ctx);
    const seed = await seedBackup(ctx, device.id);
    const manager = await createUser(ctx, {
      permissions: ['jobs.view', 'jobs.run', 'backup.viewAndManage'],
      scope: 'all',
    });
    const restoreAction = createBackupJob(seed, { jobName: 'engine restore' });
    restoreAction.content.actionType = 'STRATA_RESTORE';
    for (const job of [createRestoreJob(seed, 'FILE', { jobName: 'files back' }), restoreAction]) {
      const response = await submit(
        ctx,
        { nodes: [{ nodeId: device.id, jobs: [job] }] },
        { cookie: manager.cookie },
      );
      expect(response.statusCode).toBe(403);
    }
    expect(await storedJobsOf(device.id)).toEqual([]);
    expect(await failedActivities(device.id)).toEqual([
      ['job.submit', 'RESTORE "files back": refused: needs backup.viewAndRestore'],
      ['job.submit', 'BACKUP "engine restore": refused: needs backup.viewAndRestore'],
    ]);
    const restorer = await createUser(ctx, {
      permissions: ['jobs.view', 'jobs.run', 'backup.viewAndRestore'],
      scope: 'all',
    });
    const accepted = await submit(
      ctx,
      { nodes: [{ nodeId: device.id, jobs: [createRestoreJob(seed, 'FILE')] }] },
      { cookie: restorer.cookie },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses to cancel a backup without backup.viewAndManage: the job is unchanged, the refusal recorded', async () => {
    const device = await createDevice(ctx);
    const [backup] = await submitJobs(ctx, device.id, [
      createBackupJob(await seedBackup(ctx, device.id), { jobName: 'nightly' }),
    ]);
    const canceller = await createUser(ctx, { permissions: ['jobs.view', 'jobs.cancel'], scope: 'all' });
    const response = await cancelJob(ctx, backup!, { cookie: canceller.cookie });
    expect(response.statusCode).toBe(403);
    const job = await getJob(ctx, backup!.jobUid);
    expect(job.jobStatus).toBe('START_REQUESTED');
    expect(job.history.map((h) => h.event)).toEqual(['created']);
    expect(await failedActivities(device.id)).toEqual([
      ['job.cancel', 'BACKUP "nightly": refused: needs backup.viewAndManage'],
    ]);
  });
});

describe('GET /webapp/job/{jobUid} and GET /jobs', () => {
  it('answers a job with its history, and JOB_NOT_FOUND outside the scope', async () => {
    const mine = await createOrganization(ctx);
    const device = await createDevice(ctx, mine.id);
    const outside = await createDevice(ctx);
    const [job] = await submitJobs(ctx, device.id, [
      createScriptJob({ message: 'why', originalLocation: '/x' }),
    ]);
    const [theirs] = await submitJobs(ctx, outside.id, [createScriptJob()]);
    const viewer = await createUser(ctx, { permissions: ['jobs.view'], scope: [mine.id] });
    const response = await ctx.request('GET', `/webapp/job/${job!.jobUid}`, undefined, {
      cookie: viewer.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      resultCode: 'SUCCESS',
      job: {
        jobUid: job!.jobUid,
        jobStatus: 'START_REQUESTED',
        message: 'why',
        originalLocation: '/x',
        history: [{ event: 'created', detail: 'by admin@test.local' }],
      },
    });
    const hidden = await ctx.request('GET', `/webapp/job/${theirs!.jobUid}`, undefined, {
      cookie: viewer.cookie,
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('JOB_NOT_FOUND');
    expect((await ctx.request('GET', '/webapp/job/not-a-uuid')).statusCode).toBe(400);
  });

  it('lists pending jobs newest first, by organization and node, within the scope', async () => {
    const org = await createOrganization(ctx);
    const a = await createDevice(ctx, org.id);
    const b = await createDevice(ctx, org.id);
    const [first, second] = await submitJobs(ctx, a.id, [createScriptJob(), createScriptJob()]);
    const [third] = await submitJobs(ctx, b.id, [createBackupJob(await seedBackup(ctx, b.id))]);
    await cancelJob(ctx, second!);
    const list = async (query: string, cookie?: string) => {
      const response = await ctx.request('GET', `/jobs?${query}`, undefined, cookie ? { cookie } : {});
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: StoredJob[]; count: number; page: number; pageSize: number };
    };
    const pending = await list(`organizationId=${org.id}`);
    expect(pending.data.map((j) => j.jobUid)).toEqual([third!.jobUid, first!.jobUid]);
    expect(pending).toMatchObject({ count: 2, page: 1, pageSize: 25 });
    expect((await list(`organizationId=${org.id}&state=ALL`)).count).toBe(3);
    expect((await list(`nodeId=${a.id}`)).data.map((j) => j.jobUid)).toEqual([first!.jobUid]);
    expect((await list(`organizationId=${org.id}&jobType=BACKUP`)).data.map((j) => j.jobUid)).toEqual([
      third!.jobUid,
    ]);
    const paged = await list(`organizationId=${org.id}&pageSize=1&page=2`);
    expect(paged.data.map((j) => j.jobUid)).toEqual([first!.jobUid]);
    const outsider = await createUser(ctx, { permissions: ['jobs.view'], scope: [] });
    expect((await list(`organizationId=${org.id}`, outsider.cookie)).count).toBe(0);
    const noJobs = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    expect((await ctx.request('GET', '/jobs', undefined, { cookie: noJobs.cookie })).statusCode).toBe(403);
  });

  it('documents the submit call with the content of every job type and the output cap', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const post = doc.paths['/webapp/submit/job'].post;
    expect(post.description).toContain('"builtin"');
    expect(post.description).toContain('**BACKUP content**');
    expect(post.description).toContain('"planId"');
    expect(post.description).toContain('**RESTORE content**');
    expect(post.description).toContain('"revisionId"');
    for (const name of Object.keys(jobTypeNumbers).filter(
      (n) => !['ACTION', 'BACKUP', 'RESTORE'].includes(n),
    ))
      expect(post.description).toMatch(new RegExp(`Content of the other types\\*\\* \\([^)]*\\b${name}\\b`));
    expect(post.description).toContain('JOB_OUTPUT_CAP_BYTES');
    expect(post.parameters.map((p: { name: string }) => p.name)).toContain('idempotency-key');
    expect(doc.paths['/webapp/job/{jobUid}'].get).toBeDefined();
    expect(doc.paths['/jobs'].get).toBeDefined();
  });
});
