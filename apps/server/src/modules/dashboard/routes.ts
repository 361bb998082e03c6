import {
  ListDevicesByOrganizationQuery,
  ListDevicesByOrganizationResponse,
  SystemSummary,
} from '@rmm/domain';
import { count } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toNumber } from '../../db/database.ts';
import { devices } from '../../db/schema.ts';
import { actorOf } from '../../lib/actor.ts';
import { inScope } from '../../lib/scope.ts';
import { countOrganizations } from '../organizations/repository.ts';
import { countDevicesByStatus, listDeviceCountsByOrganization } from './repository.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/summary',
    {
      config: { access: 'organizations.view' },
      schema: {
        tags: ['dashboard'],
        summary: 'Counts for the system dashboard',
        response: { 200: SystemSummary },
      },
    },
    async (request) => {
      const scope = actorOf(request).scope;
      const [organizations, [deviceRow]] = await Promise.all([
        countOrganizations(app.db, scope),
        app.db.select({ value: count() }).from(devices).where(inScope(devices.organizationId, scope)),
      ]);
      return { organizations, devices: toNumber(deviceRow?.value) };
    },
  );

  app.get(
    '/dashboard/devices-by-organization',
    {
      config: { access: 'devices.view' },
      schema: {
        tags: ['dashboard'],
        summary: 'Devices up, down and warning per organization (those with devices down first)',
        querystring: ListDevicesByOrganizationQuery,
        response: { 200: ListDevicesByOrganizationResponse },
      },
    },
    async (request) => {
      const scope = actorOf(request).scope;
      const { page, pageSize } = request.query;
      const [data, count, totals] = await Promise.all([
        listDeviceCountsByOrganization(app.db, scope, { page, pageSize }),
        countOrganizations(app.db, scope),
        countDevicesByStatus(app.db, scope),
      ]);
      return { data, count, page, pageSize, totals };
    },
  );
};
