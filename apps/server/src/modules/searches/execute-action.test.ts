import { randomUUID } from 'node:crypto';
import type { ServerJob } from '@rmm/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/agents.ts';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { agentSubject } from '../../bus/subjects.ts';
import { activities, jobs } from '../../db/schema.ts';
import { createDevice, createOrganization } from '../jobs/test-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const execute = (body: unknown, cookie?: string) =>
  ctx.request('POST', '/search/runner/execute-action', body, cookie ? { cookie } : {});

const jobsOf = (deviceIds: number[]) =>
  ctx.db.select().from(jobs).where(inArray(jobs.deviceId, deviceIds)).orderBy(jobs.id);

describe('POST /search/runner/execute-action with jobs', () => {
  it('REBOOT creates one ACTION job per matched device in scope, answers the jobUids and sends them', async () => {
    const org = await createOrganization(ctx);
    const a = await createDevice(ctx, org.id);
    const b = await createDevice(ctx, org.id);
    const outside = await createDevice(ctx);
    const tech = await createUser(ctx, { permissions: ['devices.view', 'jobs.run'], scope: [org.id] });
    const toAgent: ServerJob[] = [];
    const stop = ctx.app.bus.subscribe(agentSubject(a.id), (m) => toAgent.push(m as ServerJob));
    const response = await execute(
      { action: 'REBOOT', target: { nodeIds: [a.id, b.id, outside.id] } },
      tech.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      resultCode: 'SUCCESS',
      action: 'REBOOT',
      matched: 2,
      affected: 2,
      skipped: 0,
    });
    const stored = await jobsOf([a.id, b.id, outside.id]);
    expect(body.jobUids).toEqual(stored.map((j) => j.jobUid));
    expect(stored.map((j) => [j.deviceId, j.jobType, j.jobName, j.status, j.content])).toEqual([
      [a.id, 'ACTION', 'Reboot', 'START_REQUESTED', { builtin: 'REBOOT' }],
      [b.id, 'ACTION', 'Reboot', 'START_REQUESTED', { builtin: 'REBOOT' }],
    ]);
    await waitFor(() => toAgent.length === 1);
    stop();
    expect(toAgent[0]).toMatchObject({
      type: 'job',
      job: { jobUid: stored[0]!.jobUid, content: { builtin: 'REBOOT' } },
    });
    const submitted = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'job.submit'), eq(activities.targetId, String(a.id))));
    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toMatchObject({ actorName: tech.email, targetType: 'device' });
  });

  it('RUN_SCRIPT needs a script and creates jobs with its content and name', async () => {
    const org = await createOrganization(ctx);
    const tag = `run-${randomUUID().slice(0, 6)}`;
    const device = await createDevice(ctx, org.id);
    const missing = await execute({ action: 'RUN_SCRIPT', target: { nodeIds: [device.id] } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('script');
    const library = await execute({
      action: 'RUN_SCRIPT',
      target: { nodeIds: [device.id] },
      script: { script: { scriptId: 3 } },
    });
    expect(library.statusCode).toBe(404);
    expect(library.json().error.code).toBe('SCRIPT_NOT_FOUND');
    expect(await jobsOf([device.id])).toEqual([]);

    const response = await execute({
      action: 'RUN_SCRIPT',
      target: { nodeIds: [device.id] },
      jobName: tag,
      script: { script: { language: 'bash', code: 'uptime' }, parameters: ['-p'], timeoutSeconds: 60 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await jobsOf([device.id]);
    expect(response.json().jobUids).toEqual([stored!.jobUid]);
    expect(stored).toMatchObject({
      jobName: tag,
      jobType: 'ACTION',
      content: {
        script: { language: 'bash', code: 'uptime' },
        parameters: ['-p'],
        runAs: 'SYSTEM',
        timeoutSeconds: 60,
      },
    });
  });

  it('needs jobs.run', async () => {
    const device = await createDevice(ctx);
    const viewer = await createUser(ctx, { permissions: ['devices.view', 'devices.manage'], scope: 'all' });
    const response = await execute({ action: 'REBOOT', target: { nodeIds: [device.id] } }, viewer.cookie);
    expect(response.statusCode).toBe(403);
    expect(await jobsOf([device.id])).toEqual([]);
  });
});
