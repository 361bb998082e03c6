import type { AgentBackupProgress, BackupActionType } from '@rmm/domain';
import type { Bus } from '../../bus/index.ts';
import type { Db } from '../../db/database.ts';
import { publishConsoleEvent } from '../events/publish.ts';
import { findBackupJobOfDevice } from './data-repository.ts';

/**
 * Live progress of a connection's backup-engine jobs, relayed to consoles as `backup.progress` (not stored).
 * A job that is not this device's BACKUP or RESTORE job is dropped; each job is looked up once per connection.
 */

const REMEMBERED_JOBS = 256;

type Known = { actionType: BackupActionType; planId: string } | null;

export const createBackupProgressRelay = (
  ctx: { db: Db; bus: Bus },
  device: { id: number; organizationId: number },
) => {
  const known = new Map<string, Known>();
  const lookUp = async (jobUid: string) => {
    if (known.has(jobUid)) return known.get(jobUid)!;
    const row = await findBackupJobOfDevice(ctx.db, device.id, jobUid);
    const found: Known = row
      ? {
          actionType: (row.jobType === 'RESTORE' ? 'STRATA_RESTORE' : row.actionType) as BackupActionType,
          planId: row.planId ?? '',
        }
      : null;
    if (known.size >= REMEMBERED_JOBS) known.delete(known.keys().next().value!);
    known.set(jobUid, found);
    return found;
  };
  return async ({ v: _v, type: _type, deviceId: _deviceId, jobUid, ...progress }: AgentBackupProgress) => {
    const job = await lookUp(jobUid);
    if (!job) return;
    publishConsoleEvent(ctx.bus, {
      type: 'backup.progress',
      time: new Date().toISOString(),
      organizationId: device.organizationId,
      nodeId: device.id,
      jobUid,
      ...job,
      ...progress,
    });
  };
};
