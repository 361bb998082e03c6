import {
  BackupPlan,
  BackupPlanIdParam,
  BackupPlanResponse,
  BackupSettings,
  BackupSettingsResponse,
  BackupThrottleResponse,
  EffectiveBackupThrottleResponse,
  IdParam,
  ListBackupPlansQuery,
  ListBackupPlansResponse,
  ListBackupThrottlesResponse,
  OkResponse,
  SaveBackupPlanRequest,
  SaveBackupThrottleRequest,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { deviceInScope } from './devices.ts';
import * as plans from './plans-service.ts';
import { backupStatusRoutes } from './status-routes.ts';
import * as statusService from './status-service.ts';
import { backupStoreRoutes } from './store-routes.ts';
import * as throttles from './throttles-service.ts';

const tags = ['backup'];

/**
 * Backup (issue 18): plans, throttles and settings here; spec §7's calls, revisions, results and storage in
 * status-routes.ts; the agents' repository store in store-routes.ts. Reading needs backup.viewAndRestore,
 * changing backup.viewAndManage (spec §6).
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(backupStatusRoutes);
  await app.register(backupStoreRoutes);

  app.get(
    '/backup/strata/clients/:id/plans',
    {
      config: { access: 'backup.viewAndRestore' },
      schema: {
        tags,
        summary: "An organization's backup plans, by name",
        params: IdParam,
        querystring: ListBackupPlansQuery,
        response: { 200: ListBackupPlansResponse },
      },
    },
    async (request) =>
      plans.listPlans({
        db: app.db,
        actor: actorOf(request),
        organizationId: request.params.id,
        query: request.query,
      }),
  );

  app.post(
    '/backup/strata/clients/:id/plans',
    {
      config: { access: 'backup.viewAndManage', activity: 'backupPlan.create' },
      schema: {
        tags,
        summary: 'Add a backup plan to an organization',
        params: IdParam,
        body: SaveBackupPlanRequest,
        response: { 201: BackupPlanResponse },
      },
    },
    async (request, reply) => {
      const answer = await plans.createPlan({
        db: app.db,
        actor: actorOf(request),
        organizationId: request.params.id,
        input: request.body,
      });
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/backup/strata/plans/:planId',
    {
      config: { access: 'backup.viewAndRestore' },
      schema: {
        tags,
        summary: 'One backup plan',
        params: BackupPlanIdParam,
        response: { 200: BackupPlanResponse },
      },
    },
    async (request) => plans.getPlan({ db: app.db, actor: actorOf(request), planId: request.params.planId }),
  );

  app.put(
    '/backup/strata/plans/:planId',
    {
      config: { access: 'backup.viewAndManage', activity: 'backupPlan.update' },
      schema: {
        tags,
        summary: 'Change a backup plan (a changed schedule counts from now)',
        params: BackupPlanIdParam,
        body: SaveBackupPlanRequest,
        response: { 200: BackupPlanResponse },
      },
    },
    async (request) =>
      plans.updatePlan({
        db: app.db,
        actor: actorOf(request),
        planId: request.params.planId,
        input: request.body,
      }),
  );

  app.delete(
    '/backup/strata/plans/:planId',
    {
      config: { access: 'backup.viewAndManage', activity: 'backupPlan.delete' },
      schema: {
        tags,
        summary: 'Delete a backup plan (its revisions stay in the repository and in the lists)',
        params: BackupPlanIdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) =>
      plans.deletePlan({ db: app.db, actor: actorOf(request), planId: request.params.planId }),
  );

  app.get(
    '/backup/strata/nodes/:id/plans',
    {
      config: { access: 'backup.viewAndRestore' },
      schema: {
        tags,
        summary: 'The backup plans assigned to a device',
        params: IdParam,
        response: { 200: z.object({ plans: z.array(BackupPlan) }) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const device = await deviceInScope(app.db, actor, request.params.id);
      return plans.listDevicePlans({ db: app.db, actor, device });
    },
  );

  // ---------------------------------------------------------------- throttles and settings

  app.get(
    '/backup/strata/clients/:id/throttles',
    {
      config: { access: 'backup.viewAndRestore' },
      schema: {
        tags,
        summary: "An organization's bandwidth throttles (organization, locations, devices)",
        params: IdParam,
        response: { 200: ListBackupThrottlesResponse },
      },
    },
    async (request) =>
      throttles.listThrottles({ db: app.db, actor: actorOf(request), organizationId: request.params.id }),
  );

  app.put(
    '/backup/strata/clients/:id/throttles',
    {
      config: { access: 'backup.viewAndManage', activity: 'backupThrottle.save' },
      schema: {
        tags,
        summary: 'Set the throttle of the organization, one of its locations or one of its devices',
        params: IdParam,
        body: SaveBackupThrottleRequest,
        response: { 200: BackupThrottleResponse },
      },
    },
    async (request) =>
      throttles.saveThrottle({
        db: app.db,
        actor: actorOf(request),
        organizationId: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/backup/strata/throttles/:id',
    {
      config: { access: 'backup.viewAndManage', activity: 'backupThrottle.delete' },
      schema: { tags, summary: 'Remove a throttle', params: IdParam, response: { 200: OkResponse } },
    },
    async (request) =>
      throttles.deleteThrottle({ db: app.db, actor: actorOf(request), id: request.params.id }),
  );

  app.get(
    '/backup/strata/nodes/:id/throttle',
    {
      config: { access: 'backup.viewAndRestore' },
      schema: {
        tags,
        summary: "The throttle a device's backups run under (its own, its location's or its organization's)",
        params: IdParam,
        response: { 200: EffectiveBackupThrottleResponse },
      },
    },
    async (request) =>
      throttles.effectiveThrottle({ db: app.db, actor: actorOf(request), nodeId: request.params.id }),
  );

  app.get(
    '/backup/strata/clients/:id/settings',
    {
      config: { access: 'backup.viewAndRestore' },
      schema: {
        tags,
        summary: "An organization's backup settings (cloud quota) and its cloud bytes",
        params: IdParam,
        response: { 200: BackupSettingsResponse },
      },
    },
    async (request) =>
      statusService.getSettings({ db: app.db, actor: actorOf(request), organizationId: request.params.id }),
  );

  app.put(
    '/backup/strata/clients/:id/settings',
    {
      config: { access: 'backup.viewAndManage', activity: 'backup.settings.update' },
      schema: {
        tags,
        summary: "Change an organization's backup settings",
        params: IdParam,
        body: BackupSettings,
        response: { 200: BackupSettingsResponse },
      },
    },
    async (request) =>
      statusService.updateSettings({
        db: app.db,
        actor: actorOf(request),
        organizationId: request.params.id,
        input: request.body,
      }),
  );
};
