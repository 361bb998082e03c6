import {
  BackupDivisionConfig,
  BackupPlanIdParam,
  BackupRestoreKeyFile,
  BackupStatus,
  BackupStatusQuery,
  BackupTreeQuery,
  BackupTreeResponse,
  BackupVolumesResponse,
  IdParam,
  IgnoreBackupJobParams,
  IgnoreBackupJobResponse,
  ListBackupPlanStatusQuery,
  ListBackupPlanStatusResponse,
  ListBackupRevisionsQuery,
  ListBackupRevisionsResponse,
  ListBackupStorageQuery,
  ListBackupStorageResponse,
  messages,
  NodePlanParams,
  NodeRevisionParam,
  RestoreKeyExistsResponse,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { withSpecMessage } from './errors.ts';
import * as service from './status-service.ts';

const tags = ['backup'];

/** Spec §7's backup calls (paths as the spec spells them) and our read-only lists of backup data. */
export const backupStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'backup.viewAndRestore' } as const;

  app.get(
    '/divisionconfig/strata',
    {
      config: read,
      schema: {
        tags,
        summary: "Whether the server's store takes backups, and its bucket (spec §7)",
        response: { 200: BackupDivisionConfig },
      },
    },
    async () => service.divisionConfigOf(app.config),
  );

  const statusSchema = (summary: string, withId: boolean) => ({
    tags,
    summary,
    ...(withId ? { params: IdParam } : {}),
    querystring: BackupStatusQuery,
    response: { 200: BackupStatus },
  });

  app.get(
    '/backup/strata/strata-status',
    {
      config: read,
      schema: statusSchema('Backup status over every organization of the caller (spec §7)', false),
    },
    async (request) =>
      withSpecMessage(messages.backup.loadingError, () =>
        service.backupStatus({
          db: app.db,
          actor: actorOf(request),
          config: app.config,
          fetchHasData: request.query.fetchHasData,
        }),
      ),
  );

  app.get(
    '/backup/strata/clients/:id/strata-status',
    {
      config: read,
      schema: { ...statusSchema("An organization's backup status (spec §7)", true), params: IdParam },
    },
    async (request) =>
      withSpecMessage(messages.backup.loadingError, () =>
        service.backupStatus({
          db: app.db,
          actor: actorOf(request),
          config: app.config,
          organizationId: request.params.id,
          fetchHasData: request.query.fetchHasData,
        }),
      ),
  );

  app.get(
    '/backup/strata/nodes/:id/strata-status',
    {
      config: read,
      schema: { ...statusSchema("A device's backup status (spec §7)", true), params: IdParam },
    },
    async (request) =>
      withSpecMessage(messages.backup.loadingError, () =>
        service.backupStatus({
          db: app.db,
          actor: actorOf(request),
          config: app.config,
          nodeId: request.params.id,
          fetchHasData: request.query.fetchHasData,
        }),
      ),
  );

  app.get(
    '/backup/strata/node/:id/restore-key',
    {
      config: read,
      schema: {
        tags,
        summary: "Whether the device's organization has a restore key: a boolean (spec §7)",
        params: IdParam,
        response: { 200: RestoreKeyExistsResponse },
      },
    },
    async (request) =>
      withSpecMessage(messages.backup.fetchError, () =>
        service.hasRestoreKey({ db: app.db, actor: actorOf(request), nodeId: request.params.id }),
      ),
  );

  app.get(
    '/backup/strata/clients/:id/restore-key/file',
    {
      // A GET that makes the key on first use and is an activity: Origin-checked like a change.
      config: {
        access: 'backup.viewAndRestore',
        activity: 'backup.restoreKey.download',
        stateChanging: true,
      },
      schema: {
        tags,
        summary:
          "Download the organization's restore key file (opens its local repositories without the server)",
        params: IdParam,
        response: { 200: BackupRestoreKeyFile },
      },
    },
    async (request, reply) => {
      const file = await service.restoreKeyFile({
        db: app.db,
        actor: actorOf(request),
        secretKey: app.secretKey,
        organizationId: request.params.id,
      });
      return reply
        .header(
          'content-disposition',
          `attachment; filename="strata-organization-key-${file.organizationId}.json"`,
        )
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.get(
    '/backup/strata/nodes/:id/plans/:planId/volumes',
    {
      config: read,
      schema: {
        tags,
        summary: "The device's volumes, and which the plan's include rules lie on (spec §7)",
        params: NodePlanParams,
        response: { 200: BackupVolumesResponse },
      },
    },
    async (request) =>
      service.planVolumes({
        db: app.db,
        actor: actorOf(request),
        nodeId: request.params.id,
        planId: request.params.planId,
      }),
  );

  app.put(
    '/backup/strata/nodes/:nodeId/plans-status/:planId/jobs/:jobId/ignore',
    {
      config: { access: 'backup.viewAndManage', activity: 'backup.job.ignore' },
      schema: {
        tags,
        summary:
          "Clear a finished backup job of a device and plan, so it is no longer the plan's failure (spec §7)",
        params: IgnoreBackupJobParams,
        response: { 200: IgnoreBackupJobResponse },
      },
    },
    async (request) =>
      withSpecMessage(messages.backup.clearJobError, () =>
        service.ignoreJob({
          db: app.db,
          actor: actorOf(request),
          nodeId: request.params.nodeId,
          planId: request.params.planId,
          jobUid: request.params.jobId,
        }),
      ),
  );

  app.get(
    '/backup/strata/plans-status',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Each device and plan covering it: its last backup, upsync and integrity check, its last revision',
        querystring: ListBackupPlanStatusQuery,
        response: { 200: ListBackupPlanStatusResponse },
      },
    },
    async (request) =>
      service.listPlanStatuses({ db: app.db, actor: actorOf(request), query: request.query }),
  );

  app.get(
    '/backup/strata/nodes/:id/revisions',
    {
      config: read,
      schema: {
        tags,
        summary: "A device's revisions, newest first",
        params: IdParam,
        querystring: ListBackupRevisionsQuery,
        response: { 200: ListBackupRevisionsResponse },
      },
    },
    async (request) =>
      service.listRevisions({
        db: app.db,
        actor: actorOf(request),
        nodeId: request.params.id,
        query: request.query,
      }),
  );

  app.get(
    '/backup/strata/plans/:planId/revisions',
    {
      config: read,
      schema: {
        tags,
        summary: "A plan's revisions on every device, newest first",
        params: BackupPlanIdParam,
        querystring: ListBackupRevisionsQuery,
        response: { 200: ListBackupRevisionsResponse },
      },
    },
    async (request) =>
      service.listRevisions({
        db: app.db,
        actor: actorOf(request),
        planId: request.params.planId,
        query: request.query,
      }),
  );

  app.get(
    '/backup/strata/nodes/:id/revisions/:revisionId/tree',
    {
      config: read,
      schema: {
        tags,
        summary:
          'One page of one folder of a revision, for the file browser (read from the device for a revision only on it)',
        params: NodeRevisionParam,
        querystring: BackupTreeQuery,
        response: { 200: BackupTreeResponse },
      },
    },
    async (request) =>
      service.revisionTree({
        db: app.db,
        actor: actorOf(request),
        store: app.backupStore,
        secretKey: app.secretKey,
        bus: app.bus,
        config: app.config,
        nodeId: request.params.id,
        revisionId: request.params.revisionId,
        query: request.query,
      }),
  );

  app.get(
    '/backup/strata/storage',
    {
      config: read,
      schema: {
        tags,
        summary: 'Storage used per organization: the cloud repository and the local folders and shares',
        querystring: ListBackupStorageQuery,
        response: { 200: ListBackupStorageResponse },
      },
    },
    async (request) => service.listStorage({ db: app.db, actor: actorOf(request), query: request.query }),
  );
};
