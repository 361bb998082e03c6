import {
  type BackupRunJobContent,
  backupErrorMessages,
  isImageBackupKind,
  nextOccurrence,
} from '@rmm/domain';
import type { Bus } from '../../bus/index.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { insertActivities, type NewActivity } from '../activities/repository.ts';
import { insertNewJobs, type JobCreator } from '../jobs/create.ts';
import { dispatchJobs } from '../jobs/dispatch.ts';
import type { JobRow } from '../jobs/mapper.ts';
import { devicesOfPolicyItem } from '../policies/item-devices.ts';
import * as repo from './plans-repository.ts';

/**
 * The backup scheduler each server process runs beside the scheduled tasks': every tick it claims due plans
 * one by one (`FOR UPDATE SKIP LOCKED`), records the occurrence's run (unique per plan and occurrence, so it
 * fires once across processes and restarts), stores one STRATA_BACKUP job per device the plan covers, and
 * moves `next_run_at` on, in one transaction; the jobs go out after the commit. A policy's plan covers the
 * devices whose effective policy holds it (policies/item-devices.ts), each in its own organization.
 */

type Logger = { error: (obj: object, msg: string) => void };

export type BackupSchedulerOptions = {
  db: Db;
  bus: Bus;
  log: Logger;
  jobExpirySeconds: number;
  /** A missed occurrence older than this (no server was running) is not run; a more recent one runs once. */
  missedGraceMinutes: number;
};

/** Scheduled backups are nobody's: the plan is the organization's (or a policy's). */
export const SCHEDULER_ACTOR: JobCreator = { id: null, email: 'backup scheduler' };

const MAX_CATCH_UP = 10_000;

const latestDue = (plan: repo.DuePlanRow, now: Date) => {
  let latest = plan.nextRunAt!;
  for (let n = 0; n < MAX_CATCH_UP; n++) {
    const next = nextOccurrence(plan.schedule, latest, plan.anchor);
    if (!next || next > now) break;
    latest = next;
  }
  return latest;
};

type JobDevice = Awaited<ReturnType<typeof repo.findJobDevices>>[number];

const planActivity = (
  plan: repo.DuePlanRow,
  action: string,
  detail: string,
  device?: JobDevice,
): NewActivity => ({
  actorId: null,
  actorName: SCHEDULER_ACTOR.email,
  action,
  targetType: device ? 'device' : 'backupPlan',
  targetId: device ? device.id : plan.id,
  targetName: device ? device.displayName : plan.name,
  organizationId: device ? device.organizationId : plan.organizationId,
  organizationName: device ? device.organizationName : plan.organizationName,
  outcome: 'FAILURE',
  detail,
});

/** The devices the plan covers now: of its organization, or those its policy applies it to. */
const devicesOf = async (tx: DbOrTx, plan: repo.DuePlanRow): Promise<JobDevice[]> => {
  if (plan.policyId !== null && plan.policyItemId !== null)
    return repo.findJobDevices(
      tx,
      await devicesOfPolicyItem(tx, 'backupPlans', plan.policyId, plan.policyItemId),
    );
  if (plan.organizationId === null) return [];
  return repo.findPlanDevices(tx, { ...plan, organizationId: plan.organizationId });
};

/** The occurrence's jobs: one backup per covered device, or the refusal of each for an image plan. */
const runOccurrence = async (
  tx: DbOrTx,
  plan: repo.DuePlanRow,
  occurrence: Date,
  options: BackupSchedulerOptions,
) => {
  if (!(await repo.insertPlanRun(tx, plan.id, occurrence))) return [];
  const devices = await devicesOf(tx, plan);
  if (isImageBackupKind(plan.kind)) {
    const refusal = `${plan.name}: ${backupErrorMessages.BACKUP_IMAGE_NOT_SUPPORTED}`;
    await insertActivities(
      tx,
      devices.map((device) => planActivity(plan, 'backupPlan.refused', refusal, device)),
    );
    return [];
  }
  const expiresAt = new Date(Date.now() + options.jobExpirySeconds * 1000);
  const jobs = await insertNewJobs(
    tx,
    SCHEDULER_ACTOR,
    devices.map((device) => ({
      device,
      jobType: 'BACKUP' as const,
      jobName: `Backup ${plan.name}`,
      content: {
        nodeId: device.id,
        planId: plan.id,
        nodeName: device.displayName,
        planName: plan.name,
        actionType: 'STRATA_BACKUP',
      } satisfies BackupRunJobContent,
    })),
    expiresAt,
  );
  await repo.setPlanRunJobs(tx, plan.id, occurrence, jobs.length);
  return jobs;
};

export const createBackupScheduler = (options: BackupSchedulerOptions) => {
  const { db } = options;
  const graceMs = options.missedGraceMinutes * 60_000;

  /** Claims and fires one due plan; false when none is due. */
  const fireOne = async (now: Date): Promise<JobRow[] | false> =>
    db.transaction(async (tx) => {
      const [plan] = await repo.claimDuePlans(tx, now, 1);
      if (!plan) return false;
      const occurrence = latestDue(plan, now);
      await repo.setNextRunAt(tx, plan.id, nextOccurrence(plan.schedule, now, plan.anchor));
      if (now.getTime() - occurrence.getTime() > graceMs) {
        const detail = `Not run: the backup of ${occurrence.toISOString()} was missed while no server was running (more than ${options.missedGraceMinutes} minutes ago).`;
        await insertActivities(tx, [planActivity(plan, 'backupPlan.missed', detail)]);
        return [];
      }
      try {
        // A savepoint: an occurrence that fails unexpectedly is undone alone, and the plan moves on.
        return await tx.transaction((run) => runOccurrence(run, plan, occurrence, options));
      } catch (error) {
        options.log.error({ err: error, planId: plan.id }, 'backup scheduler: an occurrence failed');
        return [];
      }
    });

  /** Fires every plan due at `now` (tests pass a time; the loop passes the clock's). */
  const tick = async (now: Date = new Date()) => {
    let fired = 0;
    for (;;) {
      const jobs = await fireOne(now);
      if (jobs === false) return fired;
      dispatchJobs(options.bus, jobs);
      fired++;
    }
  };

  const safeTick = async () => {
    try {
      await tick();
    } catch (error) {
      options.log.error({ err: error }, 'backup scheduler: a tick failed');
    }
  };

  return { tick, safeTick };
};

export type BackupScheduler = ReturnType<typeof createBackupScheduler>;
