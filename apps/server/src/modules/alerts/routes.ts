import {
  Alert,
  AlertIdsRequest,
  AlertIdsResponse,
  apiPaths,
  HealthStatusSettings,
  IdParam,
  ListAlertsQuery,
  ListAlertsResponse,
  ListMaintenanceWindowsQuery,
  ListMaintenanceWindowsResponse,
  MaintenanceWindow,
  MaintenanceWindowInput,
  OkResponse,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as service from './service.ts';

const tags = ['alerts'];

/** Alerts (issue 19): the dashboards' lists, acknowledge and reset by hand, maintenance windows, health settings. */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const change = (request: Parameters<typeof actorOf>[0]) => ({
    db: app.db,
    bus: app.bus,
    actor: actorOf(request),
  });

  app.get(
    apiPaths.alerts(),
    {
      config: { access: 'alerts.view' },
      schema: {
        tags,
        summary: "Alerts of the caller's organizations (ACTIVE by default), newest first",
        querystring: ListAlertsQuery,
        response: { 200: ListAlertsResponse },
      },
    },
    async (request) => service.listAlerts({ db: app.db, actor: actorOf(request), query: request.query }),
  );

  app.get(
    '/alerts/:id',
    {
      config: { access: 'alerts.view' },
      schema: { tags, summary: 'An alert', params: IdParam, response: { 200: Alert } },
    },
    async (request) => service.getAlert({ db: app.db, actor: actorOf(request), id: request.params.id }),
  );

  app.post(
    apiPaths.acknowledgeAlerts(),
    {
      config: { access: 'alerts.manage', activity: 'alert.acknowledge' },
      schema: {
        tags,
        summary: 'Acknowledge ACTIVE alerts (ids outside your organizations or already reset are left alone)',
        body: AlertIdsRequest,
        response: { 200: AlertIdsResponse },
      },
    },
    async (request) => service.acknowledgeAlerts({ ...change(request), ids: request.body.ids }),
  );

  app.post(
    apiPaths.resetAlerts(),
    {
      config: { access: 'alerts.manage', activity: 'alert.reset' },
      schema: {
        tags,
        summary: 'Reset ACTIVE alerts by hand (recorded with who reset them)',
        body: AlertIdsRequest,
        response: { 200: AlertIdsResponse },
      },
    },
    async (request) => service.resetAlerts({ ...change(request), ids: request.body.ids }),
  );

  // ---- maintenance windows ----

  app.get(
    apiPaths.maintenanceWindows(),
    {
      config: { access: 'alerts.view' },
      schema: {
        tags,
        summary: 'Maintenance windows (by default those not yet ended), by start',
        querystring: ListMaintenanceWindowsQuery,
        response: { 200: ListMaintenanceWindowsResponse },
      },
    },
    async (request) =>
      service.listMaintenanceWindows({ db: app.db, actor: actorOf(request), query: request.query }),
  );

  app.post(
    apiPaths.maintenanceWindows(),
    {
      config: { access: 'alerts.manage', activity: 'maintenanceWindow.create' },
      schema: {
        tags,
        summary: 'Create a maintenance window: its devices raise no alerts while it lasts',
        body: MaintenanceWindowInput,
        response: { 201: MaintenanceWindow },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.createMaintenanceWindow({ db: app.db, actor: actorOf(request), input: request.body }),
        ),
  );

  app.get(
    '/maintenance-windows/:id',
    {
      config: { access: 'alerts.view' },
      schema: {
        tags,
        summary: 'A maintenance window',
        params: IdParam,
        response: { 200: MaintenanceWindow },
      },
    },
    async (request) =>
      service.getMaintenanceWindow({ db: app.db, actor: actorOf(request), id: request.params.id }),
  );

  app.put(
    '/maintenance-windows/:id',
    {
      config: { access: 'alerts.manage', activity: 'maintenanceWindow.update' },
      schema: {
        tags,
        summary: 'Change a maintenance window',
        params: IdParam,
        body: MaintenanceWindowInput,
        response: { 200: MaintenanceWindow },
      },
    },
    async (request) =>
      service.updateMaintenanceWindow({
        db: app.db,
        actor: actorOf(request),
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/maintenance-windows/:id',
    {
      config: { access: 'alerts.manage', activity: 'maintenanceWindow.delete' },
      schema: {
        tags,
        summary: 'Delete a maintenance window',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) =>
      service.deleteMaintenanceWindow({ db: app.db, actor: actorOf(request), id: request.params.id }),
  );

  // ---- health status settings ----

  app.get(
    apiPaths.healthStatusSettings(),
    {
      config: { access: 'settings.view' },
      schema: {
        tags: ['settings'],
        summary: 'Which health status an active alert of each severity gives its device',
        response: { 200: HealthStatusSettings },
      },
    },
    async () => service.getHealthSettings({ db: app.db }),
  );

  app.put(
    apiPaths.healthStatusSettings(),
    {
      config: { access: 'settings.manage', activity: 'settings.healthStatus.update' },
      schema: {
        tags: ['settings'],
        summary: "Change the health status settings (every device's health and status follow at once)",
        body: HealthStatusSettings,
        response: { 200: HealthStatusSettings },
      },
    },
    async (request) => service.updateHealthSettings({ ...change(request), settings: request.body }),
  );
};
