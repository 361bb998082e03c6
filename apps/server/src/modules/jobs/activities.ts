import type { ActivityOutcome } from '@rmm/domain';
import type { Actor } from '../../types.ts';
import type { NewActivity } from '../activities/repository.ts';
import { describeJob, type JobRow } from './mapper.ts';

/** A job's activity belongs to its device, so the device's activities page lists it. */
export const jobActivity = (
  row: Pick<
    JobRow,
    'deviceId' | 'nodeName' | 'organizationId' | 'organizationName' | 'jobType' | 'jobName'
  > & {
    jobUid: string | null;
  },
  action: string,
  options: {
    actor?: Pick<Actor, 'email'> & { id: number | null };
    actorName?: string;
    outcome?: ActivityOutcome;
    detail?: string;
  },
): NewActivity => ({
  actorId: options.actor?.id ?? null,
  actorName: options.actor?.email ?? options.actorName ?? 'agent',
  action,
  targetType: 'device',
  targetId: row.deviceId,
  targetName: row.nodeName,
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  outcome: options.outcome ?? 'SUCCESS',
  detail: `${describeJob(row)}${options.detail ? `: ${options.detail}` : ''}`.slice(0, 1000),
  jobUid: row.jobUid,
});
