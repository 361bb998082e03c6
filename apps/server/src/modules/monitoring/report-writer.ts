import { type ApplyRequest, commitMany, type EngineContext, publishOutcome } from './engine.ts';

type Log = { error: (obj: object, msg: string) => void };
type Pending = { request: ApplyRequest; resolve: () => void; reject: (error: unknown) => void };

/** Reports one transaction takes at most. */
export const MAX_REPORTS_PER_TRANSACTION = 500;

/**
 * The agents' condition reports of this process, written by one engine transaction at a time (group commit, as
 * the jobs' report writer does): what arrives while a transaction runs goes into the next, so a busy process
 * writes many reports per commit and a quiet one each at once. A report's promise resolves after the commit
 * (the agent is answered then); consoles and automation jobs hear of the batch right after. A failed batch is
 * tried again report by report, so one bad report fails alone.
 */
export const createReportWriter = (context: EngineContext & { log: Log }) => {
  const queue: Pending[] = [];
  let running: Promise<void> | undefined;

  const commitAndTell = async (batch: Pending[]) => {
    const outcome = await commitMany(
      context,
      batch.map((p) => p.request),
    );
    for (const p of batch) p.resolve();
    publishOutcome(context, outcome);
  };

  const run = async () => {
    while (queue.length) {
      const batch = queue.splice(0, MAX_REPORTS_PER_TRANSACTION);
      try {
        await commitAndTell(batch);
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        context.log.error(
          { err: error, reports: batch.length },
          'condition reports: batch failed, one by one',
        );
        for (const pending of batch) await commitAndTell([pending]).catch(pending.reject);
      }
    }
    // No await between the last look at the queue and this: a report queued later starts a new run.
    running = undefined;
  };

  return {
    /** Resolves once the request's transaction committed. */
    submit: (request: ApplyRequest) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        running ??= run();
      }),
    /** Resolves once what was queued is written. */
    idle: async () => {
      while (running) await running;
    },
  };
};

export type ReportWriter = ReturnType<typeof createReportWriter>;
