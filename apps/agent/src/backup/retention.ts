import { DELETION_HOLD_HOURS, forget, isStrataError, prune, type Repository } from '@rmm/backup';
import type { AgentBackupJob } from '@rmm/domain';
import type { JobLog } from './outcome.ts';
import type { BackupJobEnv } from './repositories.ts';

const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The plan's retention on this device's revisions of the plan: forgotten ones are marked (restorable for 72
 * hours). On a folder or share the agent then prunes what is past the hold; the server's store is pruned by
 * the server (an agent deletes nothing there but its locks). Answers the revisions forgotten now.
 */
export const applyPlanRetention = async (
  repo: Repository,
  job: AgentBackupJob,
  env: BackupJobEnv,
  options: { isCloud: boolean; log: JobLog },
): Promise<string[]> => {
  const { retention } = job.plan;
  const result = await forget(repo, {
    policy: { ...retention, timeZone: localTimeZone() },
    planId: job.plan.planId,
    deviceId: String(env.deviceId),
  });
  const forgotten = result.forgotten.map((snapshot) => snapshot.id);
  if (forgotten.length > 0)
    options.log.out.push(
      `Retention forgot ${forgotten.length} revision(s); they stay restorable for 72 hours.`,
    );
  if (options.isCloud) return forgotten;
  const holdMs = DELETION_HOLD_HOURS * 3_600_000;
  const now = env.settings.clock.now().getTime();
  const expired = (await repo.listSnapshots({ includeDeleted: true })).filter(
    (snapshot) => snapshot.deletedAt !== undefined && Date.parse(snapshot.deletedAt) + holdMs <= now,
  );
  if (expired.length === 0) return forgotten;
  try {
    const pruned = await prune(repo, { signal: env.signal });
    options.log.out.push(
      `Pruned ${pruned.snapshotsRemoved.length} revision(s) past their hold: ${pruned.bytesBefore - pruned.bytesAfter} bytes reclaimed.`,
    );
  } catch (error) {
    // another device backs up into the same share: the next run prunes
    if (!isStrataError(error, 'LOCKED')) throw error;
    options.log.err.push(`Prune waits for the next run: ${error.message}`);
  }
  return forgotten;
};
