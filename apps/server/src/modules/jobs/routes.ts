import {
  GetJobResponse,
  IDEMPOTENCY_KEY_HEADER,
  JobUidParam,
  ListJobsQuery,
  ListJobsResponse,
  SUBMIT_JOB_PATH,
  SubmitJobRequest,
  SubmitJobResponse,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { submitJobDescription } from './openapi.ts';
import { getJob, listJobs } from './service.ts';
import { submitJobs } from './submit.ts';

const tags = ['jobs'];

/**
 * Request bodies of POST /webapp/submit/job up to this size are read even when BODY_LIMIT_BYTES is
 * smaller: a submission may hold SUBMIT_MAX_JOBS jobs, each with its content, and 10,000 jobs of a
 * one-line script are about 1.3 MiB of JSON (the default limit is 1 MiB). 16 MiB is 1.6 KiB a job.
 * The caller is authenticated (onRequest) before the body is read.
 */
export const SUBMIT_BODY_LIMIT_BYTES = 16 * 1_048_576;

const SubmitJobHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Retrying with the same key and body answers the first answer again; nothing new is created.'),
});

export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec §7. New jobs need jobs.run and cancels jobs.cancel: the service checks each.
  app.post(
    SUBMIT_JOB_PATH,
    {
      bodyLimit: Math.max(app.config.bodyLimitBytes, SUBMIT_BODY_LIMIT_BYTES),
      config: { access: 'jobs.view', activity: 'job.submit' },
      schema: {
        tags,
        summary: 'Create jobs on devices, or cancel jobs (re-submitted with their jobUid)',
        description: submitJobDescription,
        headers: SubmitJobHeaders,
        body: SubmitJobRequest,
        response: { 200: SubmitJobResponse },
      },
    },
    async (request) =>
      submitJobs({
        db: app.db,
        bus: app.bus,
        actor: actorOf(request),
        input: request.body,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
        jobExpirySeconds: app.config.jobExpirySeconds,
      }),
  );

  app.get(
    '/webapp/job/:jobUid',
    {
      config: { access: 'jobs.view' },
      schema: {
        tags,
        summary: 'One job: status, result (exit code, capped output, error message) and history',
        params: JobUidParam,
        response: { 200: GetJobResponse },
      },
    },
    async (request) => getJob({ db: app.db, actor: actorOf(request), jobUid: request.params.jobUid }),
  );

  app.get(
    '/jobs',
    {
      config: { access: 'jobs.view' },
      schema: {
        tags,
        summary: 'Pending jobs (START_REQUESTED, IN_PROGRESS, CANCEL_REQUESTED) or all, newest first',
        querystring: ListJobsQuery,
        response: { 200: ListJobsResponse },
      },
    },
    async (request) => listJobs({ db: app.db, actor: actorOf(request), query: request.query }),
  );
};
