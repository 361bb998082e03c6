import * as z from 'zod';
import { RestoreType } from './jobs.ts';

/** Spec §3 backup entities. The engine name is ours (the spec hides it): "strata". */
export const BACKUP_ENGINE = 'strata';
/** Prefix of the engine's action types, e.g. STRATA_BACKUP. */
export const BACKUP_ENGINE_PREFIX = 'STRATA';
/** Base path of the engine's backup calls: /backup/strata. */
export const BACKUP_ENGINE_PATH = `/backup/${BACKUP_ENGINE}`;
/** Name of the status call: /backup/strata/nodes/{id}/strata-status. */
export const BACKUP_STATUS_SEGMENT = `${BACKUP_ENGINE}-status`;

export const backupActionTypes = [
  'STRATA_BACKUP',
  'STRATA_UPSYNC',
  'STRATA_RESTORE',
  'STRATA_INTEGRITY_CHECK',
] as const;
export const BackupActionType = /* @__PURE__ */ z.enum(backupActionTypes);
export type BackupActionType = z.infer<typeof BackupActionType>;

export const backupKinds = ['fileFolder', 'image', 'arrowImage', 'networkShare'] as const;
export const BackupKind = /* @__PURE__ */ z.enum(backupKinds);
export type BackupKind = z.infer<typeof BackupKind>;

export type BackupKindFlags = { backup_arrow_image: boolean };

const backupKindLabels: Readonly<Record<BackupKind, string>> = {
  fileFolder: 'File/Folder',
  image: 'Image',
  arrowImage: 'Image',
  networkShare: 'Network Share',
};

/** With the arrow-image feature on, the older image kind is labelled Legacy. */
export const backupKindLabel = (kind: BackupKind, flags: BackupKindFlags): string =>
  kind === 'image' && flags.backup_arrow_image ? 'Legacy' : backupKindLabels[kind];

/** The arrow-image kind is offered only when its feature flag is on. */
export const availableBackupKinds = (flags: BackupKindFlags): BackupKind[] =>
  backupKinds.filter((kind) => kind !== 'arrowImage' || flags.backup_arrow_image);

/** The image kinds: refused on agents that cannot take images (all of them, until image backups exist). */
export const isImageBackupKind = (kind: BackupKind): boolean => kind === 'image' || kind === 'arrowImage';

/** Restore types the agent carries out; VIRTUAL_DISK and PHYSICAL_DISK wait for image backups. */
export const availableRestoreTypes = [
  'FILE',
  'FILE_FOLDER',
  'BATCH',
  'EXTRACT',
] as const satisfies readonly RestoreType[];

export const collisionHandlings = ['OVERWRITE', 'SKIP', 'KEEP_BOTH'] as const;
export const CollisionHandling = /* @__PURE__ */ z.enum(collisionHandlings);
export type CollisionHandling = z.infer<typeof CollisionHandling>;

export const BackupRestoreJobContent = /* @__PURE__ */ z.object({
  revisionId: z.string().min(1),
  sourcePath: z.string(),
  sourceNodeId: z.number().int(),
  sourcePlanId: z.string().min(1),
  sourceNodeName: z.string(),
  sourcePlanName: z.string(),
  destinationPath: z.string(),
  collisionHandling: CollisionHandling,
  restoreType: RestoreType,
  restorePermissions: z.boolean(),
  restoreDeletedFiles: z.boolean(),
  backupJobId: z.string().nullish(),
  extractContent: z.object({ files: z.array(z.string()), folders: z.array(z.string()) }).nullish(),
  actionType: z.literal('STRATA_RESTORE'),
});
export type BackupRestoreJobContent = z.infer<typeof BackupRestoreJobContent>;

export const BackupRunJobContent = /* @__PURE__ */ z.object({
  nodeId: z.number().int(),
  planId: z.string().min(1),
  nodeName: z.string(),
  planName: z.string(),
  actionType: BackupActionType,
  fullBackup: z.boolean().optional(),
});
export type BackupRunJobContent = z.infer<typeof BackupRunJobContent>;

/** fetchHasData=false leaves out the has-data fields. */
export const BackupStatus = /* @__PURE__ */ z.object({
  enabled: z.boolean(),
  hasData: z.boolean().optional(),
  hasCloudData: z.boolean().optional(),
  hasLocalData: z.boolean().optional(),
  divisionConfig: z.object({ enabled: z.boolean(), bucket: z.string().nullable() }).optional(),
});
export type BackupStatus = z.infer<typeof BackupStatus>;

type NewJob<Type, Content> = {
  jobType: Type;
  jobStatus: 'START_REQUESTED';
  jobName: string;
  content: Content;
};

/** A new restore job starts as START_REQUESTED. */
export const newRestoreJob = (
  jobName: string,
  content: BackupRestoreJobContent,
): NewJob<'RESTORE', BackupRestoreJobContent> => ({
  jobType: 'RESTORE',
  jobStatus: 'START_REQUESTED',
  jobName,
  content: BackupRestoreJobContent.parse(content),
});

/** A new backup, upsync or integrity-check job starts as START_REQUESTED. */
export const newBackupRunJob = (
  jobName: string,
  content: BackupRunJobContent,
): NewJob<'BACKUP', BackupRunJobContent> => ({
  jobType: 'BACKUP',
  jobStatus: 'START_REQUESTED',
  jobName,
  content: BackupRunJobContent.parse(content),
});
