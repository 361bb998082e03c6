import { createHash } from 'node:crypto';
import type { BackupExtractDownload, SignedBackupExtractQuery } from '@rmm/domain';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import type { AgentDevice } from '../agent-gateway/auth.ts';
import { unfinishedJobStatuses } from '../jobs/repository.ts';
import { findExtractJob } from './data-repository.ts';
import { backupError } from './errors.ts';
import { checkExtractUrl, signExtractUrl } from './extract-url.ts';

/**
 * RESTORE EXTRACT zips (docs/decisions.md, "Backup"): the agent uploads the zip of its running job, the server
 * keeps it as a blob named by the job's uid, and a technician who may see the job gets a signed URL to it once
 * the job finished successfully. Zips older than `keepHours` are swept.
 */
export type Extracts = {
  store: BlobStore;
  /** Signs and checks download URLs (derived from the server's secret key). */
  urlKey: Buffer;
  maxBytes: number;
  keepHours: number;
  /** One sweep now (tests pass the time they need). */
  sweep: (now?: Date) => Promise<{ removed: number; tempFiles: number }>;
};

const SHA256 = /^[0-9a-f]{64}$/;

/** `PUT /backup/strata/extracts/{jobUid}`: the agent's zip of its unfinished EXTRACT job, streamed to a blob. */
export const storeExtract = async (
  ctx: { db: Db; extracts: Extracts },
  input: {
    device: AgentDevice;
    jobUid: string;
    contentLength: string | undefined;
    sha256: string | undefined;
    body: AsyncIterable<Uint8Array>;
  },
) => {
  const job = await findExtractJob(ctx.db, input.jobUid, { deviceId: input.device.id });
  if (!job) throw backupError('BACKUP_EXTRACT_NOT_FOUND');
  if (!unfinishedJobStatuses.includes(job.status)) throw backupError('BACKUP_EXTRACT_REFUSED');
  if (input.contentLength === undefined || !/^\d+$/.test(input.contentLength))
    throw backupError('BACKUP_LENGTH_REQUIRED');
  const declared = Number(input.contentLength);
  if (declared > ctx.extracts.maxBytes) throw backupError('BACKUP_EXTRACT_TOO_LARGE');
  const expected = input.sha256?.toLowerCase();
  if (expected === undefined || !SHA256.test(expected))
    throw backupError('BACKUP_CHECKSUM_MISMATCH', 'Send the zip with its X-Content-SHA256 (64 hex digits).');

  const writer = await ctx.extracts.store.createWriter();
  try {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of input.body) {
      size += chunk.length;
      if (size > declared) break;
      hash.update(chunk);
      await writer.write(chunk);
    }
    if (size !== declared)
      throw backupError(
        'BACKUP_LENGTH_REQUIRED',
        `The zip did not have the ${declared} bytes of its Content-Length.`,
      );
    const sha256 = hash.digest('hex');
    if (sha256 !== expected) throw backupError('BACKUP_CHECKSUM_MISMATCH');
    await writer.finish();
    // a retried upload (the answer to the first was lost) replaces the zip with the same bytes
    await writer.commit(input.jobUid);
    return { jobUid: input.jobUid, size, sha256 };
  } finally {
    await writer.discard();
  }
};

const fileNameOf = (jobUid: string) => `extract-${jobUid}.zip`;

/**
 * `GET /backup/strata/extracts/{jobUid}`: a signed URL of the zip of a finished EXTRACT job in the caller's scope
 * (404 for another organization's or a job that is no extract); each one given is an activity.
 */
export const extractDownload = async (options: {
  db: Db;
  actor: Actor;
  extracts: Extracts;
  jobUid: string;
  now?: number;
}): Promise<BackupExtractDownload> => {
  const { db, actor, extracts, jobUid } = options;
  const job = await findExtractJob(db, jobUid, { scope: actor.scope });
  if (!job) throw backupError('BACKUP_EXTRACT_NOT_FOUND');
  const sha256 = job.extract?.sha256;
  if (job.status !== 'COMPLETED' || job.jobResult !== 'SUCCESS' || typeof sha256 !== 'string')
    throw backupError('BACKUP_EXTRACT_NOT_READY');
  const size = await extracts.store.size(jobUid);
  if (size === undefined) throw backupError('BACKUP_EXTRACT_NOT_FOUND');
  const { url, expiresAt } = signExtractUrl({ key: extracts.urlKey, jobUid, now: options.now });
  await insertActivity(db, {
    actorId: actor.id,
    actorName: actor.email,
    action: 'backup.extract.download',
    targetType: 'device',
    targetId: job.deviceId,
    targetName: job.nodeName,
    organizationId: job.organizationId,
    organizationName: job.organizationName,
    outcome: 'SUCCESS',
    detail: `extract zip of ${size} bytes`,
    jobUid,
  });
  return { jobUid, fileName: fileNameOf(jobUid), size, sha256, url, expiresAt: expiresAt.toISOString() };
};

/** The zip behind a signed URL: 403 when the URL was changed, 410 when it expired, 404 when the zip is gone. */
export const openSignedExtract = async (options: {
  extracts: Extracts;
  jobUid: string;
  query: SignedBackupExtractQuery;
  now?: number;
}) => {
  const { extracts, jobUid, query } = options;
  const verdict = checkExtractUrl({ key: extracts.urlKey, jobUid, query, now: options.now });
  if (verdict === 'invalid') throw backupError('BACKUP_EXTRACT_URL_INVALID');
  if (verdict === 'expired') throw backupError('BACKUP_EXTRACT_URL_EXPIRED');
  const size = await extracts.store.size(jobUid);
  if (size === undefined) throw backupError('BACKUP_EXTRACT_NOT_FOUND');
  return { size, fileName: fileNameOf(jobUid), stream: extracts.store.openRead(jobUid) };
};

/** Removes the zips uploaded more than `keepHours` ago, and uploads cut off as long ago. */
export const sweepExtracts = async (store: BlobStore, keepHours: number, now = new Date()) => {
  const before = new Date(now.getTime() - keepHours * 3_600_000);
  let removed = 0;
  for (const id of await store.listOlderThan(before)) if (await store.remove(id)) removed++;
  return { removed, tempFiles: await store.sweepTemp(before) };
};
