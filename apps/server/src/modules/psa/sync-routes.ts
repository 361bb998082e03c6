import {
  ListPsaSyncLogQuery,
  ListPsaSyncLogResponse,
  ListPsaSyncRunsResponse,
  PageQuery,
  PsaSyncRun,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { requireAllOrganizations } from './connection-service.ts';
import { psaAccess as access, psaTags as tags } from './guard.ts';
import { toSyncRun } from './sync.ts';
import { listLog, listRuns } from './sync-repository.ts';

/** The sync on demand, its runs and its log. */
export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/psacw/v2/sync',
    {
      config: { access, activity: 'psa.sync' },
      schema: {
        tags,
        summary:
          'Sync with ConnectWise now: answers the run at once (202); its progress is in the runs and the log',
        response: { 202: PsaSyncRun },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      requireAllOrganizations(actor);
      const { run } = await app.psa.sync({ trigger: 'MANUAL', startedBy: actor.email });
      return reply.status(202).send(run);
    },
  );

  app.get(
    '/psacw/v2/sync/runs',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Sync runs, newest first',
        querystring: PageQuery,
        response: { 200: ListPsaSyncRunsResponse },
      },
    },
    async (request) => {
      const { rows, count } = await listRuns(app.db, request.query);
      return { data: rows.map(toSyncRun), count, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.get(
    '/psacw/v2/sync/log',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The sync log, newest first: each entry names its record (by run and level)',
        querystring: ListPsaSyncLogQuery,
        response: { 200: ListPsaSyncLogResponse },
      },
    },
    async (request) => {
      const { rows, count } = await listLog(app.db, actorOf(request).scope, request.query);
      return {
        data: rows.map((row) => ({
          id: row.id,
          runId: row.runId,
          time: row.time.toISOString(),
          level: row.level as 'INFO' | 'WARNING' | 'ERROR',
          clientId: row.organizationId,
          clientName: row.clientName,
          recordType: row.recordType as 'COMPANY',
          recordName: row.recordName,
          message: row.message,
        })),
        count,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );
};
