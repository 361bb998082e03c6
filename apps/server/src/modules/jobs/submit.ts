import {
  jobPermissionsFor,
  jobRunPermissionFor,
  type Permission,
  SUBMIT_JOB_PATH,
  type SubmitJobRequest,
  type SubmitJobResponse,
  type SubmittedJob,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivities } from '../activities/repository.ts';
import { checkBackupJobs } from '../backup/job-checks.ts';
import { jobActivity } from './activities.ts';
import {
  CancelForbiddenError,
  type CancelRequest,
  cancelJobs,
  JobFinishedError,
  recordRefusedCancel,
} from './cancel.ts';
import { contentOf, insertNewJobs, type NewJob } from './create.ts';
import { dispatchCancels, dispatchJobs } from './dispatch.ts';
import { jobError } from './errors.ts';
import { hashRequest, storedAnswer } from './idempotency.ts';
import {
  checkScriptPlatforms,
  type LibraryVersions,
  libraryRefOf,
  loadLibraryScripts,
} from './library-scripts.ts';
import { type JobRow, toStoredJob } from './mapper.ts';
import * as repo from './repository.ts';
import { checkRunAs } from './run-as.ts';

type Input = z.output<typeof SubmitJobRequest>;
type Item = { kind: 'new'; index: number } | { kind: 'cancel'; jobUid: string };
type Plan = { newJobs: NewJob[]; cancels: CancelRequest[]; nodes: { nodeId: number; items: Item[] }[] };

export type SubmitOptions = {
  db: Db;
  bus: Bus;
  actor: Actor;
  input: Input;
  idempotencyKey?: string | undefined;
  jobExpirySeconds: number;
};

/** New jobs take jobs.run (a library script: scripts.run), cancels jobs.cancel. */
const checkPermissions = (actor: Actor, jobs: SubmittedJob[]) => {
  if (jobs.some((job) => !job.jobUid && !actor.permissions.has(jobRunPermissionFor(job)))) throw forbidden();
  if (jobs.some((job) => job.jobUid) && !actor.permissions.has('jobs.cancel')) throw forbidden();
};

/** The first permission a new job needs that the caller lacks (spec §6: backup and restore jobs). */
const missingPermission = (actor: Actor, job: NewJob): Permission | undefined =>
  jobPermissionsFor(job, 'submit').find((permission) => !actor.permissions.has(permission));

/**
 * New backup or restore jobs the caller may not submit: each refusal is an activity of its device
 * (who tried what), and the whole submission is refused, storing no job.
 */
const refuseWithoutBackupPermission = async (db: Db, actor: Actor, plan: Plan) => {
  const refused = plan.newJobs.flatMap((job) => {
    const permission = missingPermission(actor, job);
    return permission ? [{ job, permission }] : [];
  });
  if (refused.length === 0) return;
  await insertActivities(
    db,
    refused.map(({ job, permission }) =>
      jobActivity(
        {
          ...job,
          jobUid: null,
          deviceId: job.device.id,
          nodeName: job.device.displayName,
          organizationId: job.device.organizationId,
          organizationName: job.device.organizationName,
        },
        'job.submit',
        { actor, outcome: 'FAILURE', detail: `refused: needs ${permission}` },
      ),
    ),
  );
  throw forbidden();
};

/** Every node must be a device in the caller's scope (one outside it is "not found", like a missing one). */
const resolveDevices = async (db: Db, actor: Actor, input: Input) => {
  const ids = [...new Set(input.nodes.map((node) => node.nodeId))];
  const found = new Map((await repo.findJobDevices(db, actor.scope, ids)).map((d) => [d.id, d]));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(`Device ${missing} not found.`);
  return found;
};

/** PostgreSQL text cannot hold NUL characters: refused up front rather than failing the insert. */
const refuseNul = (job: SubmittedJob, where: string) => {
  if (JSON.stringify(job).includes('\\u0000'))
    throw badRequest(`${where}: text must not contain NUL characters`);
};

/** The library script versions the new jobs name, each looked up once (404 when one is not there). */
const loadLibrary = (db: Db, input: Input) =>
  loadLibraryScripts(
    db,
    input.nodes.flatMap((node) =>
      node.jobs.flatMap((job) => {
        const ref = job.jobUid ? undefined : libraryRefOf(job.jobType, job.content);
        return ref ? [ref] : [];
      }),
    ),
  );

const planOf = (input: Input, devices: Map<number, repo.JobDevice>, library: LibraryVersions): Plan => {
  const plan: Plan = { newJobs: [], cancels: [], nodes: [] };
  for (const [n, node] of input.nodes.entries()) {
    const items: Item[] = node.jobs.map((job, j): Item => {
      if (job.jobUid) {
        plan.cancels.push({ nodeId: node.nodeId, jobUid: job.jobUid });
        return { kind: 'cancel', jobUid: job.jobUid };
      }
      refuseNul(job, `body.nodes.${n}.jobs.${j}`);
      plan.newJobs.push({
        device: devices.get(node.nodeId)!,
        jobType: job.jobType,
        jobName: job.jobName,
        ...contentOf(job.jobType, job.content, library),
        message: job.message ?? null,
        data: job.data ?? null,
        originalLocation: job.originalLocation ?? null,
      });
      return { kind: 'new', index: plan.newJobs.length - 1 };
    });
    plan.nodes.push({ nodeId: node.nodeId, items });
  }
  return plan;
};

const answerOf = (plan: Plan, created: JobRow[], cancelled: JobRow[]): SubmitJobResponse => {
  const byUid = new Map(cancelled.map((row) => [row.jobUid, row]));
  return {
    resultCode: 'SUCCESS',
    status: 'SUCCESS',
    nodes: plan.nodes.map(({ nodeId, items }) => ({
      nodeId,
      jobs: items.map((item) =>
        toStoredJob(item.kind === 'new' ? created[item.index]! : byUid.get(item.jobUid)!),
      ),
    })),
  };
};

/**
 * Spec §7 POST /webapp/submit/job: new jobs and cancels, stored in one transaction (with their
 * activities and the Idempotency-Key answer) before the answer; agents hear of them after the commit.
 */
export const submitJobs = async (options: SubmitOptions): Promise<SubmitJobResponse> => {
  const { db, bus, actor, input, idempotencyKey: key } = options;
  checkPermissions(
    actor,
    input.nodes.flatMap((node) => node.jobs),
  );
  const requestHash = hashRequest(SUBMIT_JOB_PATH, input);
  const replay = key ? await storedAnswer(db, actor.id, key, requestHash) : undefined;
  if (replay) return replay;
  if (input.cacheExpiration !== undefined && input.cacheExpiration < Date.now())
    throw jobError('DEVICE_CACHE_EXPIRED');
  const devices = await resolveDevices(db, actor, input);
  const plan = planOf(input, devices, await loadLibrary(db, input));
  await refuseWithoutBackupPermission(db, actor, plan);
  await checkBackupJobs(db, actor, plan.newJobs);
  await checkScriptPlatforms(db, plan.newJobs);
  await checkRunAs(db, plan.newJobs);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + options.jobExpirySeconds * 1000);
  // New jobs alone are one statement, atomic by itself; a key or a cancel adds statements to one transaction.
  const storeNewJobs = async () => {
    const created = await insertNewJobs(db, actor, plan.newJobs, expiresAt);
    return { answer: answerOf(plan, created, []), created, cancelled: [] as JobRow[] };
  };
  const storeInTransaction = () =>
    db.transaction(async (tx) => {
      const keyId = key ? await repo.claimIdempotencyKey(tx, actor.id, key, requestHash) : undefined;
      if (key && keyId === undefined) return undefined; // the same key committed meanwhile
      const created = await insertNewJobs(tx, actor, plan.newJobs, expiresAt);
      const cancelled = await cancelJobs(tx, actor, plan.cancels, now);
      const answer = answerOf(plan, created, cancelled);
      if (keyId !== undefined) await repo.saveIdempotencyResponse(tx, keyId, answer);
      return { answer, created, cancelled };
    });
  const isOneStatement = key === undefined && plan.cancels.length === 0;
  const outcome = await (isOneStatement ? storeNewJobs() : storeInTransaction()).catch(
    async (error: unknown) => {
      if (error instanceof CancelForbiddenError) {
        await insertActivities(db, [
          jobActivity(error.row, 'job.cancel', {
            actor,
            outcome: 'FAILURE',
            detail: `refused: needs ${error.permission}`,
          }),
        ]);
        throw forbidden();
      }
      if (!(error instanceof JobFinishedError)) throw error;
      await recordRefusedCancel(db, actor, error.row);
      throw jobError('JOB_FINISHED');
    },
  );
  if (!outcome) {
    const stored = await storedAnswer(db, actor.id, key!, requestHash);
    if (!stored) throw conflict('A request with this Idempotency-Key is still being processed.');
    return stored;
  }
  dispatchJobs(bus, outcome.created);
  dispatchCancels(bus, outcome.cancelled);
  return outcome.answer;
};
