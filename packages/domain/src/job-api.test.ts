import { describe, expect, it } from 'vitest';
import { ExecuteActionRequest } from './device-searches.ts';
import { ScriptJobContent, SubmitJobRequest, SubmittedJob } from './job-api.ts';

const script = { script: { language: 'sh', code: 'echo hi' } };
const uid = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

describe('a submitted job', () => {
  it('takes its type by number, digit string or name, and answers the name', () => {
    for (const jobType of [2, '2', 'ACTION'])
      expect(SubmittedJob.parse({ jobType, jobName: 'Run', content: script }).jobType).toBe('ACTION');
    expect(SubmittedJob.parse({ jobType: 11, jobName: 'Backup', content: backupContent }).jobType).toBe(
      'BACKUP',
    );
  });

  it('refuses an unknown type, naming it', () => {
    for (const jobType of [0, 17, '99', 'REBOOT', ''])
      expect(SubmittedJob.safeParse({ jobType, jobName: 'x', content: {} }).error?.issues[0]?.message).toBe(
        `Unknown job type: ${jobType}`,
      );
  });

  it('checks the content of its type', () => {
    expect(SubmittedJob.safeParse({ jobType: 'ACTION', jobName: 'x', content: {} }).success).toBe(false);
    const bad = SubmittedJob.safeParse({
      jobType: 'ACTION',
      jobName: 'x',
      content: { script: { language: 'fortran', code: 'x' } },
    });
    expect(bad.error?.issues[0]?.path.slice(0, 2)).toEqual(['content', 'script']);
    expect(
      SubmittedJob.safeParse({ jobType: 'ACTION', jobName: 'x', content: { builtin: 'REBOOT' } }).success,
    ).toBe(true);
    expect(SubmittedJob.safeParse({ jobType: 'BACKUP', jobName: 'x', content: {} }).success).toBe(false);
    // Types whose agent feature comes later take any object.
    expect(SubmittedJob.safeParse({ jobType: 'MDM', jobName: 'x', content: { anything: 1 } }).success).toBe(
      true,
    );
  });

  it('starts as START_REQUESTED; a stored job (with jobUid) can only be cancelled', () => {
    expect(
      SubmittedJob.safeParse({ jobType: 2, jobName: 'x', content: script, jobStatus: 'COMPLETED' }).success,
    ).toBe(false);
    for (const jobStatus of ['CANCELLED', 'CANCEL_REQUESTED'])
      expect(SubmittedJob.safeParse({ jobUid: uid, jobType: 2, jobName: 'x', jobStatus }).success).toBe(true);
    for (const jobStatus of [undefined, 'COMPLETED', 'START_REQUESTED'])
      expect(SubmittedJob.safeParse({ jobUid: uid, jobType: 2, jobName: 'x', jobStatus }).success).toBe(
        false,
      );
  });

  it('fills script defaults and keeps each parameter one argument', () => {
    const content = ScriptJobContent.parse({ ...script, parameters: ['a b', '"quoted"'] });
    expect(content).toEqual({
      script: { language: 'sh', code: 'echo hi' },
      parameters: ['a b', '"quoted"'],
      runAs: 'SYSTEM',
      timeoutSeconds: 3600,
    });
    expect(ScriptJobContent.safeParse({ ...script, timeoutSeconds: 0 }).success).toBe(false);
    expect(ScriptJobContent.safeParse({ ...script, runAs: 'ROOT' }).success).toBe(false);
  });
});

describe('a submission', () => {
  it('needs at least one node with at least one job, and no unknown fields', () => {
    expect(SubmitJobRequest.safeParse({ nodes: [] }).success).toBe(false);
    expect(SubmitJobRequest.safeParse({ nodes: [{ nodeId: 1, jobs: [] }] }).success).toBe(false);
    expect(
      SubmitJobRequest.safeParse({
        nodes: [{ nodeId: 1, jobs: [{ jobType: 2, jobName: 'x', content: script }] }],
        x: 1,
      }).success,
    ).toBe(false);
    expect(
      SubmitJobRequest.safeParse({
        nodes: [{ nodeId: 1, jobs: [{ jobType: 2, jobName: 'x', content: script }] }],
        cacheExpiration: Date.now(),
      }).success,
    ).toBe(true);
  });
});

describe('fleet actions that are jobs', () => {
  it('RUN_SCRIPT needs a script; REBOOT needs nothing more', () => {
    const target = { nodeIds: [1] };
    expect(ExecuteActionRequest.safeParse({ action: 'RUN_SCRIPT', target }).success).toBe(false);
    expect(ExecuteActionRequest.safeParse({ action: 'RUN_SCRIPT', target, script }).success).toBe(true);
    expect(ExecuteActionRequest.safeParse({ action: 'REBOOT', target }).success).toBe(true);
  });
});

const backupContent = {
  nodeId: 1,
  planId: 'plan-1',
  nodeName: 'pc',
  planName: 'Nightly',
  actionType: 'STRATA_BACKUP',
};
