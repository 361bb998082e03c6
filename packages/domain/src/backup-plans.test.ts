import { describe, expect, it } from 'vitest';
import { AgentMessage, ServerMessage } from './agent-protocol.ts';
import { apiPaths } from './api-paths.ts';
import { AgentBackupJob, BackupJobReport, isRepositoryFileName } from './backup-agent.ts';
import { BackupStatusQuery } from './backup-data.ts';
import {
  BackupDestination,
  BackupThrottleSettings,
  backupPatternProblem,
  backupPlanMessages,
  defaultBackupRetention,
  defaultBackupSchedule,
  SaveBackupPlanRequest,
} from './backup-plans.ts';
import { ConsoleEvent } from './events.ts';

const plan = (overrides: Record<string, unknown> = {}) => ({
  name: 'Documents',
  kind: 'fileFolder',
  include: ['/home'],
  destination: { type: 'CLOUD' },
  schedule: defaultBackupSchedule('Europe/Berlin'),
  ...overrides,
});

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('backup plans', () => {
  it('default to daily at 17:00 in the given zone, with a retention that keeps something', () => {
    const parsed = SaveBackupPlanRequest.parse(plan());
    expect(parsed.schedule).toMatchObject({ scheduleType: 'DAILY', scheduleHour: 17, scheduleMinute: 0 });
    expect(parsed.schedule.timeZone).toBe('Europe/Berlin');
    expect(parsed.retention).toEqual(defaultBackupRetention);
    expect(parsed).toMatchObject({ enabled: true, exclude: [], targets: { allDevices: false } });
  });

  it('checks include and exclude rules, and says why', () => {
    expect(backupPatternProblem('C:\\Users\\*\\Documents', { isInclude: true })).toBeUndefined();
    expect(backupPatternProblem('/srv/**/*.db', { isInclude: true })).toBeUndefined();
    expect(backupPatternProblem('*.tmp', { isInclude: false })).toBeUndefined();
    expect(backupPatternProblem('*.tmp', { isInclude: true })).toBe(backupPlanMessages.includeAbsolute);
    expect(backupPatternProblem('/home/../etc', { isInclude: true })).toBe(backupPlanMessages.parentSegment);
    expect(backupPatternProblem('/data/[ab', { isInclude: true })).toBe(
      backupPlanMessages.unbalancedBrackets,
    );
    expect(backupPatternProblem('/data/{a,b', { isInclude: true })).toBe(backupPlanMessages.unbalancedBraces);
    expect(backupPatternProblem('/a\nb', { isInclude: true })).toBe(backupPlanMessages.controlCharacters);
    expect(messagesOf(SaveBackupPlanRequest.safeParse(plan({ include: [] })))).toEqual([
      backupPlanMessages.includeRequired,
    ]);
  });

  it('takes the four destinations, with a share credential, and refuses a share as a local folder', () => {
    for (const destination of [
      { type: 'CLOUD' },
      { type: 'LOCAL', path: 'D:\\Backups' },
      { type: 'NETWORK_SHARE', path: '\\\\nas\\backups', credentialId: 4 },
      { type: 'HYBRID', local: { type: 'LOCAL', path: '/var/backups' } },
      { type: 'HYBRID', local: { type: 'NETWORK_SHARE', path: 'smb://nas/backups/pc', credentialId: 4 } },
    ])
      expect(BackupDestination.safeParse(destination).success).toBe(true);
    expect(messagesOf(BackupDestination.safeParse({ type: 'LOCAL', path: '\\\\nas\\share' }))).toEqual([
      backupPlanMessages.localPath,
    ]);
    expect(messagesOf(BackupDestination.safeParse({ type: 'LOCAL', path: 'backups' }))).toEqual([
      backupPlanMessages.localPath,
    ]);
    expect(
      messagesOf(BackupDestination.safeParse({ type: 'NETWORK_SHARE', path: '/mnt/nas', credentialId: 1 })),
    ).toEqual([backupPlanMessages.sharePath]);
    expect(BackupDestination.safeParse({ type: 'NETWORK_SHARE', path: '\\\\nas\\backups' }).success).toBe(
      false,
    );
  });

  it('needs a share for the Network Share kind, a schedule a backup runs on, and a retention', () => {
    expect(messagesOf(SaveBackupPlanRequest.safeParse(plan({ kind: 'networkShare' })))).toEqual([
      backupPlanMessages.networkShareKind,
    ]);
    const onLogin = { ...defaultBackupSchedule('UTC'), scheduleType: 'ON_USER_LOGIN' };
    expect(messagesOf(SaveBackupPlanRequest.safeParse(plan({ schedule: onLogin })))).toEqual([
      backupPlanMessages.scheduleType,
    ]);
    const keepNothing = { keepLast: 0, keepDaily: 0, keepWeekly: 0, keepMonthly: 0 };
    expect(messagesOf(SaveBackupPlanRequest.safeParse(plan({ retention: keepNothing })))).toEqual([
      backupPlanMessages.keepSomething,
    ]);
  });

  it('checks throttle rates and work hours', () => {
    const workHours = { weekDays: ['MONDAY'], start: '08:00', end: '18:00', timeZone: 'UTC' };
    expect(
      BackupThrottleSettings.safeParse({
        workHoursBytesPerSecond: 1_048_576,
        offHoursBytesPerSecond: null,
        workHours,
      }).success,
    ).toBe(true);
    expect(
      messagesOf(
        BackupThrottleSettings.safeParse({
          workHoursBytesPerSecond: 1000,
          offHoursBytesPerSecond: null,
          workHours: { ...workHours, start: '18:00', end: '08:00' },
        }),
      ),
    ).toEqual([backupPlanMessages.throttleRate, backupPlanMessages.workHoursOrder]);
  });
});

describe('the backup contract with agents', () => {
  const job = {
    v: 1,
    actionType: 'STRATA_BACKUP',
    organizationId: 3,
    plan: {
      planId: '6f1d7a52-3d0e-4a6c-9f55-9d7e0e3a2b11',
      name: 'Documents',
      kind: 'fileFolder',
      include: ['/home'],
      exclude: [],
      retention: defaultBackupRetention,
    },
    repository: {
      repositoryId: '0b0c7b1e-5a0e-4d6b-8f43-2c6a1b2d3e4f',
      type: 'CLOUD',
      url: '/backup/strata/repository',
    },
    keys: {
      masterKey: Buffer.alloc(32, 1).toString('base64'),
      chunker: {
        algorithm: 'fastcdc',
        minSize: 524_288,
        avgSize: 1_048_576,
        maxSize: 8_388_608,
        seed: 'ab'.repeat(16),
      },
      organizationKeyFile: { name: 'cd'.repeat(32), content: 'e30K', fingerprint: 'ef'.repeat(16) },
    },
    throttle: null,
  };

  it('carries the resolved backup job in the job message, with defaults for the flags', () => {
    const message = ServerMessage.parse({
      v: 1,
      type: 'job',
      job: {
        jobUid: '2a8f0c55-0d5b-4c67-9d7a-6c1c0f9e1a10',
        jobType: 'BACKUP',
        jobName: 'Documents',
        content: {},
        expiresAt: new Date().toISOString(),
        backup: job,
      },
    });
    expect(message.type === 'job' && message.job.backup).toMatchObject({ fullBackup: false, readData: true });
    // Fields only ever added: an older server's job without `backup` still parses.
    expect(AgentBackupJob.safeParse({ ...job, futureField: 1 }).success).toBe(true);
  });

  it('reads the report in a job result and relays progress as a console event', () => {
    const report = BackupJobReport.parse({
      v: 1,
      actionType: 'STRATA_BACKUP',
      planId: job.plan.planId,
      revision: {
        revisionId: 'a1b2c3',
        parentRevisionId: null,
        time: new Date().toISOString(),
        location: 'CLOUD',
        stats: {
          filesNew: 3,
          filesChanged: 0,
          filesUnmodified: 0,
          dirs: 1,
          bytesProcessed: 30,
          bytesTotal: 30,
          bytesAdded: 80,
          blobsAdded: 3,
          errors: 0,
          durationMs: 5,
        },
      },
    });
    expect(report.revision?.revisionId).toBe('a1b2c3');
    const progress = {
      phase: 'BACKING_UP',
      files: 10,
      totalFiles: 100,
      bytes: 1024,
      totalBytes: 10_240,
      bytesPerSecond: 512,
      etaSeconds: 18,
    };
    const jobUid = '2a8f0c55-0d5b-4c67-9d7a-6c1c0f9e1a10';
    expect(AgentMessage.parse({ v: 1, type: 'backupProgress', deviceId: 1, jobUid, ...progress }).type).toBe(
      'backupProgress',
    );
    const event = {
      type: 'backup.progress',
      time: new Date().toISOString(),
      organizationId: 3,
      nodeId: 1,
      jobUid,
      actionType: 'STRATA_BACKUP',
      planId: job.plan.planId,
      ...progress,
    };
    expect(ConsoleEvent.parse(event).type).toBe('backup.progress');
  });

  it('names repository files safely', () => {
    expect(isRepositoryFileName('config')).toBe(true);
    expect(isRepositoryFileName('packs/ab/ab12cd.pack')).toBe(true);
    expect(isRepositoryFileName('locks/0f1e')).toBe(true);
    for (const name of ['', '../config', 'packs/../../x', '.hidden', 'a/b/c/d/e', 'packs//x', 'a\\b'])
      expect(isRepositoryFileName(name)).toBe(false);
  });
});

describe('backup paths and queries', () => {
  it('builds the spec §7 calls under the engine prefix', () => {
    expect(apiPaths.backupDivisionConfig()).toBe('/divisionconfig/strata');
    expect(apiPaths.backupRestoreKey(7)).toBe('/backup/strata/node/7/restore-key');
    expect(apiPaths.backupNodeStatus(7)).toBe('/backup/strata/nodes/7/strata-status');
    expect(apiPaths.backupClientStatus(2)).toBe('/backup/strata/clients/2/strata-status');
    expect(apiPaths.backupStatus()).toBe('/backup/strata/strata-status');
    expect(apiPaths.backupPlanVolumes(7, 'p')).toBe('/backup/strata/nodes/7/plans/p/volumes');
    expect(apiPaths.backupIgnoreJob(7, 'p', 'j')).toBe('/backup/strata/nodes/7/plans-status/p/jobs/j/ignore');
  });

  it('reads fetchHasData as a boolean, true unless told otherwise', () => {
    expect(BackupStatusQuery.parse({}).fetchHasData).toBe(true);
    expect(BackupStatusQuery.parse({ fetchHasData: 'false' }).fetchHasData).toBe(false);
    expect(BackupStatusQuery.safeParse({ fetchHasData: 'maybe' }).success).toBe(false);
  });
});
