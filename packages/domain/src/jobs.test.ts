import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canChangeJobStatus,
  cancelStatusFor,
  diskOrFileRestoreTypes,
  isTerminalJobStatus,
  Job,
  JobResult,
  JobStatus,
  jobTypeFromName,
  jobTypeFromNumber,
  jobTypeNames,
  jobTypeNumbers,
  parseJobType,
  restoreTypes,
  UnknownJobTypeError,
} from './jobs.ts';

describe('job statuses and results', () => {
  it('has the spec statuses plus IN_PROGRESS and EXPIRED', () => {
    expect(JobStatus.options).toEqual([
      'START_REQUESTED',
      'IN_PROGRESS',
      'CANCEL_REQUESTED',
      'CANCELLED',
      'COMPLETED',
      'EXPIRED',
    ]);
    expect(JobResult.options).toEqual(['SUCCESS', 'FAILURE']);
  });

  it('treats CANCELLED, COMPLETED and EXPIRED as terminal, never changed again', () => {
    expect(JobStatus.options.filter(isTerminalJobStatus)).toEqual(['CANCELLED', 'COMPLETED', 'EXPIRED']);
    expect(canChangeJobStatus('COMPLETED', 'START_REQUESTED')).toBe(false);
    expect(canChangeJobStatus('START_REQUESTED', 'CANCEL_REQUESTED')).toBe(true);
    expect(canChangeJobStatus('CANCEL_REQUESTED', 'CANCELLED')).toBe(true);
    expect(canChangeJobStatus('CANCEL_REQUESTED', 'IN_PROGRESS')).toBe(false);
  });
});

describe('job types', () => {
  it('numbers the 16 types of §4 from 1 to 16 in spec order', () => {
    expect(jobTypeNumbers).toEqual({
      ACTION_SET: 1,
      ACTION: 2,
      CONDITION: 3,
      CONDITION_ACTION_SET: 4,
      CONDITION_ACTION: 5,
      ANTIVIRUS: 6,
      PATCH_MANAGEMENT: 7,
      REMOTE_SUPPORT_TOOL: 8,
      SOFTWARE_PATCH_MANAGEMENT: 9,
      RESTORE: 10,
      BACKUP: 11,
      VIRTUALIZATION: 12,
      REMOTE: 13,
      NETWORK_DISCOVERY: 14,
      AGENT_DISCOVERY: 15,
      MDM: 16,
    });
  });

  it('looks types up by number and by name, both ways', () => {
    expect(jobTypeFromNumber(11)).toBe('BACKUP');
    expect(jobTypeFromName('RESTORE')).toBe(10);
    expect(parseJobType(16)).toBe('MDM');
    expect(parseJobType('13')).toBe('REMOTE');
    expect(parseJobType('ACTION_SET')).toBe('ACTION_SET');
    for (const name of jobTypeNames) expect(jobTypeFromNumber(jobTypeFromName(name))).toBe(name);
  });

  it('throws UnknownJobTypeError for an unknown type', () => {
    expect(() => jobTypeFromNumber(0)).toThrow(UnknownJobTypeError);
    expect(() => jobTypeFromNumber(17)).toThrow('Unknown job type: 17');
    expect(() => jobTypeFromName('backup')).toThrow(UnknownJobTypeError);
    expect(() => jobTypeFromName('toString')).toThrow(UnknownJobTypeError);
    expect(() => parseJobType(null)).toThrow(UnknownJobTypeError);
    expect(() => parseJobType(1.5)).toThrow(UnknownJobTypeError);
    const error = (() => {
      try {
        parseJobType('NOPE');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toMatchObject({ code: 'UNKNOWN_JOB_TYPE', value: 'NOPE', name: 'UnknownJobTypeError' });
  });

  it('either gives a known name or throws UnknownJobTypeError, for any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string(), fc.double(), fc.constant(undefined)), (value) => {
        try {
          expect(jobTypeNames).toContain(parseJobType(value));
        } catch (error) {
          expect(error).toBeInstanceOf(UnknownJobTypeError);
        }
      }),
    );
  });
});

describe('cancelStatusFor', () => {
  it('asks backup and remote-connect jobs to cancel, by name or number', () => {
    expect(cancelStatusFor({ jobType: 'BACKUP' })).toBe('CANCEL_REQUESTED');
    expect(cancelStatusFor({ jobType: 11 })).toBe('CANCEL_REQUESTED');
    expect(cancelStatusFor({ jobType: 'REMOTE' })).toBe('CANCEL_REQUESTED');
  });

  it('asks disk and file restores to cancel and cancels batch and extract restores at once', () => {
    expect(diskOrFileRestoreTypes).toEqual(['FILE', 'FILE_FOLDER', 'VIRTUAL_DISK', 'PHYSICAL_DISK']);
    const statuses = Object.fromEntries(
      restoreTypes.map((restoreType) => [
        restoreType,
        cancelStatusFor({ jobType: 'RESTORE', content: { restoreType } }),
      ]),
    );
    expect(statuses).toEqual({
      FILE: 'CANCEL_REQUESTED',
      BATCH: 'CANCELLED',
      EXTRACT: 'CANCELLED',
      VIRTUAL_DISK: 'CANCEL_REQUESTED',
      PHYSICAL_DISK: 'CANCEL_REQUESTED',
      FILE_FOLDER: 'CANCEL_REQUESTED',
    });
    expect(cancelStatusFor({ jobType: 'RESTORE' })).toBe('CANCELLED');
  });

  it('cancels every other job type at once', () => {
    const others = jobTypeNames.filter((name) => !['BACKUP', 'REMOTE', 'RESTORE'].includes(name));
    expect(others).toHaveLength(13);
    for (const jobType of others) expect(cancelStatusFor({ jobType })).toBe('CANCELLED');
  });
});

describe('Job schema', () => {
  const job = {
    jobUid: 'c0ffee',
    jobType: 10,
    jobStatus: 'START_REQUESTED',
    jobName: 'Restore files',
    message: null,
    data: { message: { code: 'RESTORE_STARTED', params: { files: 3 } } },
    content: { restoreType: 'FILE' },
    appUserId: 7,
    activityStatus: 'IN_PROGRESS',
    originalLocation: 'C:\\Users',
  };

  it('accepts the §3 fields with jobType as number or name', () => {
    expect(Job.parse(job)).toMatchObject(job);
    expect(Job.parse({ ...job, jobType: 'BACKUP' }).jobType).toBe('BACKUP');
  });

  it('rejects an unknown job type or status', () => {
    expect(Job.safeParse({ ...job, jobType: 99 }).success).toBe(false);
    expect(Job.safeParse({ ...job, jobType: 'UNKNOWN' }).success).toBe(false);
    expect(Job.safeParse({ ...job, jobStatus: 'RUNNING' }).success).toBe(false);
  });
});
