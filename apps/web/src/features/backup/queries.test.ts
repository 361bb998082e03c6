import type { BackupProgressEvent, JobUpdatedEvent } from '@rmm/domain';
import { describe, expect, it } from 'vitest';
import { createStoredJob } from '../../test/job-factories.ts';
import { createTestQueryClient } from '../../test/render-route.tsx';
import { backupEventKeys, backupKeys } from './queries.ts';

const progress = (jobUid: string): BackupProgressEvent => ({
  type: 'backup.progress',
  time: '2026-11-25T17:01:00.000Z',
  organizationId: 1,
  nodeId: 7,
  jobUid,
  actionType: 'STRATA_BACKUP',
  planId: 'p1',
  phase: 'SCANNING',
  files: 10,
  totalFiles: null,
  bytes: 2048,
  totalBytes: null,
  bytesPerSecond: 1024,
  etaSeconds: null,
});

const updated = (job: ReturnType<typeof createStoredJob>): JobUpdatedEvent => ({
  type: 'job.updated',
  time: '2026-11-25T17:02:00.000Z',
  organizationId: 1,
  job,
});

describe('the backup event keys', () => {
  it('keep a running job’s last progress, and drop it when the job ends', () => {
    const queryClient = createTestQueryClient();
    const job = createStoredJob({ jobType: 'BACKUP', jobStatus: 'IN_PROGRESS' });
    backupEventKeys.apply?.(queryClient, progress(job.jobUid));
    expect(queryClient.getQueryData(backupKeys.progress(job.jobUid))).toMatchObject({
      phase: 'SCANNING',
      files: 10,
    });
    backupEventKeys.apply?.(queryClient, updated({ ...job, jobStatus: 'IN_PROGRESS' }));
    expect(queryClient.getQueryData(backupKeys.progress(job.jobUid))).toBeDefined();
    backupEventKeys.apply?.(queryClient, updated({ ...job, jobStatus: 'COMPLETED', jobResult: 'SUCCESS' }));
    expect(queryClient.getQueryData(backupKeys.progress(job.jobUid))).toBeUndefined();
  });

  it('make the backup lists stale when a backup or restore job changes, and nothing for other jobs', () => {
    expect(backupEventKeys.forEvent(updated(createStoredJob({ jobType: 'RESTORE' })))).toEqual([
      ['backup', 'plan-status'],
      ['backup', 'revisions'],
      ['backup', 'status'],
      ['backup', 'storage'],
    ]);
    expect(backupEventKeys.forEvent(updated(createStoredJob({ jobType: 'ACTION' })))).toEqual([]);
    expect(backupEventKeys.forEvent(progress('x'))).toEqual([]);
  });
});
