import {
  IdParam,
  ListScheduledTasksQuery,
  ListScheduledTasksResponse,
  ListTaskRunsResponse,
  OccurrencesRequest,
  OccurrencesResponse,
  OkResponse,
  PageQuery,
  SaveScheduledTaskRequest,
  ScheduledTaskResponse,
  TaskRunParam,
  TaskRunResponse,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as service from './service.ts';

const tags = ['scheduled tasks'];

/** Scheduled tasks (issue 15 item 5): the tasks, the schedule preview, "Run now" and each task's runs. */
export const scheduledTaskRoutes: FastifyPluginAsyncZod = async (app) => {
  const runContext = (request: Parameters<typeof actorOf>[0]) => ({
    db: app.db,
    bus: app.bus,
    actor: actorOf(request),
    jobExpirySeconds: app.config.jobExpirySeconds,
  });

  app.get(
    '/scheduled-tasks',
    {
      config: { access: 'scheduledTasks.view' },
      schema: {
        tags,
        summary: 'Scheduled tasks the caller may see, by name',
        querystring: ListScheduledTasksQuery,
        response: { 200: ListScheduledTasksResponse },
      },
    },
    async (request) => service.listTasks({ db: app.db, actor: actorOf(request), query: request.query }),
  );

  app.post(
    '/scheduled-tasks/occurrences',
    {
      config: { access: 'scheduledTasks.view' },
      schema: {
        tags,
        summary: "A schedule's next occurrences (the editor's preview; nothing is stored)",
        body: OccurrencesRequest,
        response: { 200: OccurrencesResponse },
      },
    },
    async (request) => service.previewOccurrences({ input: request.body }),
  );

  app.post(
    '/scheduled-tasks',
    {
      config: { access: 'scheduledTasks.manage', activity: 'scheduledTask.create' },
      schema: {
        tags,
        summary: 'Create a scheduled task (RUN_IMMEDIATELY runs it once now)',
        body: SaveScheduledTaskRequest,
        response: { 201: ScheduledTaskResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ task: await service.createTask({ ...runContext(request), input: request.body }) }),
  );

  app.get(
    '/scheduled-tasks/:id',
    {
      config: { access: 'scheduledTasks.view' },
      schema: {
        tags,
        summary: 'A scheduled task',
        params: IdParam,
        response: { 200: ScheduledTaskResponse },
      },
    },
    async (request) => ({
      task: await service.getTask({ db: app.db, actor: actorOf(request), id: request.params.id }),
    }),
  );

  app.put(
    '/scheduled-tasks/:id',
    {
      config: { access: 'scheduledTasks.manage', activity: 'scheduledTask.update' },
      schema: {
        tags,
        summary: "Change a scheduled task (its runs then act with the saver's rights)",
        params: IdParam,
        body: SaveScheduledTaskRequest,
        response: { 200: ScheduledTaskResponse },
      },
    },
    async (request) => ({
      task: await service.updateTask({ ...runContext(request), id: request.params.id, input: request.body }),
    }),
  );

  app.delete(
    '/scheduled-tasks/:id',
    {
      config: { access: 'scheduledTasks.manage', activity: 'scheduledTask.delete' },
      schema: {
        tags,
        summary: 'Delete a scheduled task and its history',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.deleteTask({ db: app.db, bus: app.bus, actor: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );

  app.post(
    '/scheduled-tasks/:id/run',
    {
      config: { access: 'scheduledTasks.manage', activity: 'scheduledTask.run' },
      schema: {
        tags,
        summary: 'Run a task now, on its targets as they are now',
        params: IdParam,
        response: { 200: TaskRunResponse },
      },
    },
    async (request) => service.runTaskNow({ ...runContext(request), id: request.params.id }),
  );

  app.get(
    '/scheduled-tasks/:id/runs',
    {
      config: { access: 'scheduledTasks.view' },
      schema: {
        tags,
        summary: "A task's runs, newest first",
        params: IdParam,
        querystring: PageQuery,
        response: { 200: ListTaskRunsResponse },
      },
    },
    async (request) =>
      service.listRuns({ db: app.db, actor: actorOf(request), id: request.params.id, query: request.query }),
  );

  app.get(
    '/scheduled-tasks/:id/runs/:runId',
    {
      config: { access: 'scheduledTasks.view' },
      schema: {
        tags,
        summary: "One run: each device's state and jobs",
        params: TaskRunParam,
        response: { 200: TaskRunResponse },
      },
    },
    async (request) =>
      service.getRun({
        db: app.db,
        actor: actorOf(request),
        id: request.params.id,
        runId: request.params.runId,
      }),
  );
};
