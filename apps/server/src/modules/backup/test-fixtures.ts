import { randomBytes, randomUUID } from 'node:crypto';
import { defaultBackupSchedule } from '@rmm/domain';
import { createOrganizationInput, type TestContext } from '../../../test/helpers.ts';
import { devices } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';

/** Test data for the backup tests: organizations, devices (with an agent secret), plans, jobs. */

export type TestOrganization = { id: number; name: string; locations: { id: number; name: string }[] };

export const createOrganization = async (ctx: TestContext): Promise<TestOrganization> => {
  const response = await ctx.request('POST', '/organizations', createOrganizationInput());
  if (response.statusCode !== 201) throw new Error(`organization: ${response.statusCode} ${response.body}`);
  return response.json();
};

/** A device of the organization; its agent's `authorization` header works for the store routes. */
export const createDevice = async (
  ctx: TestContext,
  organizationId: number,
  values: Partial<typeof devices.$inferInsert> = {},
) => {
  const secret = randomBytes(32).toString('base64url');
  const [row] = await ctx.db
    .insert(devices)
    .values({
      organizationId,
      displayName: `PC-${randomUUID().slice(0, 8)}`,
      platform: 'linux',
      secretHash: sha256(secret),
      ...values,
    })
    .returning();
  return { ...row!, secret, authorization: `Device ${row!.id}:${secret}` };
};

export const planBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Plan ${randomUUID().slice(0, 8)}`,
  kind: 'fileFolder',
  include: ['/home'],
  exclude: ['*.tmp'],
  destination: { type: 'CLOUD' },
  schedule: defaultBackupSchedule('UTC'),
  ...overrides,
});

export type TestPlan = { planId: string; name: string; organizationId: number; nextRunAt: string | null };

export const createPlan = async (
  ctx: TestContext,
  organizationId: number,
  overrides: Record<string, unknown> = {},
): Promise<TestPlan> => {
  const response = await ctx.request(
    'POST',
    `/backup/strata/clients/${organizationId}/plans`,
    planBody(overrides),
  );
  if (response.statusCode !== 201) throw new Error(`plan: ${response.statusCode} ${response.body}`);
  return response.json().plan;
};

export const runJob = (
  device: { id: number; displayName: string },
  plan: { planId: string; name: string },
  overrides: Record<string, unknown> = {},
) => ({
  jobType: 'BACKUP',
  jobName: `Backup ${plan.name}`,
  content: {
    nodeId: device.id,
    planId: plan.planId,
    nodeName: device.displayName,
    planName: plan.name,
    actionType: 'STRATA_BACKUP',
    ...overrides,
  },
});

export const restoreJob = (
  revision: { revisionId: string; nodeId: number; planId: string },
  overrides: Record<string, unknown> = {},
) => ({
  jobType: 'RESTORE',
  jobName: 'Restore',
  content: {
    revisionId: revision.revisionId,
    sourcePath: '/home/a/report.txt',
    sourceNodeId: revision.nodeId,
    sourcePlanId: revision.planId,
    sourceNodeName: 'whatever the console had',
    sourcePlanName: 'whatever the console had',
    destinationPath: '',
    collisionHandling: 'KEEP_BOTH',
    restoreType: 'FILE',
    restorePermissions: true,
    restoreDeletedFiles: false,
    actionType: 'STRATA_RESTORE',
    ...overrides,
  },
});

export const submitJobs = (ctx: TestContext, nodeId: number, jobs: unknown[], cookie?: string) =>
  ctx.request('POST', '/webapp/submit/job', { nodes: [{ nodeId, jobs }] }, cookie ? { cookie } : {});

/** A snapshot's stats as the engine reports them. */
export const revisionStats = {
  filesNew: 3,
  filesChanged: 0,
  filesUnmodified: 0,
  dirs: 1,
  bytesProcessed: 3000,
  bytesTotal: 3000,
  bytesAdded: 1200,
  blobsAdded: 3,
  errors: 0,
  durationMs: 40,
};

/** A revision row as an agent's report would have stored it. */
export const insertRevision = async (
  ctx: TestContext,
  values: {
    organizationId: number;
    planId: string;
    deviceId: number;
    location?: 'LOCAL' | 'CLOUD' | 'BOTH';
    repositoryId?: string | null;
    time?: Date;
    revisionId?: string;
  },
) => {
  const { backupRevisions } = await import('./schema.ts');
  const revisionId = values.revisionId ?? randomBytes(32).toString('hex');
  await ctx.db.insert(backupRevisions).values({
    organizationId: values.organizationId,
    revisionId,
    planId: values.planId,
    planName: 'Plan',
    deviceId: values.deviceId,
    nodeName: 'PC',
    time: values.time ?? new Date(),
    parentRevisionId: null,
    location: values.location ?? 'CLOUD',
    repositoryId: values.repositoryId ?? null,
    stats: revisionStats,
    jobUid: null,
  });
  return { revisionId, nodeId: values.deviceId, planId: values.planId };
};
