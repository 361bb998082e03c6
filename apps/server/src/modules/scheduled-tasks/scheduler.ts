import { nextOccurrence } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import type { Bus } from '../../bus/index.ts';
import type { Db } from '../../db/database.ts';
import { insertActivities } from '../activities/repository.ts';
import { dispatchJobs } from '../jobs/dispatch.ts';
import type { JobRow } from '../jobs/mapper.ts';
import * as repo from './repository.ts';
import { runTask, type TaskForRun } from './runner.ts';
import { scheduledTasks } from './schema.ts';

/**
 * The scheduler each server process runs: every SCHEDULER_INTERVAL_MS it claims due tasks one by one
 * (`FOR UPDATE SKIP LOCKED`: a task another process is firing is left to it), fires the occurrence (its run
 * is unique per task and occurrence, so it fires once across processes and restarts) and moves
 * `next_run_at` on, all in one transaction; the jobs go out after the commit.
 */

type Logger = { error: (obj: object, msg: string) => void };

export type SchedulerOptions = {
  db: Db;
  bus: Bus;
  log: Logger;
  jobExpirySeconds: number;
  /** A missed occurrence (the servers were down) older than this is not run; a more recent one runs once. */
  missedGraceMinutes: number;
};

/** Enough for a five-minute INTERVAL missed over a month; the guard of a loop, not a limit anyone meets. */
const MAX_CATCH_UP = 10_000;

/** The latest occurrence at or before `now`, starting from the due one. */
const latestDue = (task: TaskForRun, now: Date) => {
  let latest = task.nextRunAt!;
  for (let n = 0; n < MAX_CATCH_UP; n++) {
    const next = nextOccurrence(task.schedule, latest, task.anchor);
    if (!next || next > now) break;
    latest = next;
  }
  return latest;
};

export const createScheduler = (options: SchedulerOptions) => {
  const { db } = options;
  const graceMs = options.missedGraceMinutes * 60_000;

  /** Claims and fires one due task; false when none is due. */
  const fireOne = async (now: Date): Promise<{ jobs: JobRow[] } | false> =>
    db.transaction(async (tx) => {
      const [task] = await repo.claimDueTasks(tx, now, 1);
      if (!task) return false;
      const occurrence = latestDue(task, now);
      const nextRunAt = nextOccurrence(task.schedule, now, task.anchor);
      await tx.update(scheduledTasks).set({ nextRunAt }).where(eq(scheduledTasks.id, task.id));
      if (now.getTime() - occurrence.getTime() > graceMs) {
        await insertActivities(tx, [
          {
            actorId: null,
            actorName: 'scheduler',
            action: 'scheduledTask.missed',
            targetType: 'scheduledTask',
            targetId: task.id,
            targetName: task.name,
            outcome: 'FAILURE',
            detail: `Not run: the occurrence of ${occurrence.toISOString()} was missed while no server was running (more than ${options.missedGraceMinutes} minutes ago).`,
          },
        ]);
        return { jobs: [] };
      }
      try {
        // A savepoint: a run that fails unexpectedly is undone alone, and recorded, and the task moves on.
        const outcome = await tx.transaction((run) =>
          runTask(run, { task, trigger: 'SCHEDULE', occurrence, jobExpirySeconds: options.jobExpirySeconds }),
        );
        return { jobs: outcome?.jobs ?? [] };
      } catch (error) {
        options.log.error({ err: error, taskId: task.id }, 'scheduled tasks: a run failed');
        const run = await repo.insertRun(tx, { taskId: task.id, trigger: 'SCHEDULE', occurrence });
        if (run) await repo.setRunError(tx, run.id, 'The run failed on the server; see the server log.');
        return { jobs: [] };
      }
    });

  /** Fires every task due at `now` (tests pass a time; the loop passes the clock's). */
  const tick = async (now: Date = new Date()) => {
    let fired = 0;
    for (;;) {
      const outcome = await fireOne(now);
      if (!outcome) return fired;
      dispatchJobs(options.bus, outcome.jobs);
      fired++;
    }
  };

  const safeTick = async () => {
    try {
      await tick();
    } catch (error) {
      options.log.error({ err: error }, 'scheduled tasks: a tick failed');
    }
  };

  return { tick, safeTick };
};

export type Scheduler = ReturnType<typeof createScheduler>;
