import {
  ListDevicesByOrganizationQuery,
  ListDevicesByOrganizationResponse,
  SystemSummary,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { countOrganizations } from '../organizations/repository.ts';
import { countDevices, countDevicesByStatus, listDeviceCountsByOrganization } from './repository.ts';

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
      const [organizations, devices] = await Promise.all([
        countOrganizations(app.db, scope),
        countDevices(app.db, scope),
      ]);
      return { organizations, devices };
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
