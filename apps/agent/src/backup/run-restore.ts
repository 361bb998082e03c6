import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type CollisionHandling, extract, restore } from '@rmm/backup';
import {
  type AgentBackupJob,
  BACKUP_CONTENT_SHA256_HEADER,
  BACKUP_EXTRACT_UPLOAD_PATH,
  type BackupJobReport,
  type BackupRestoreJobContent,
} from '@rmm/domain';
import type { JobOutcome } from '../jobs/outcome.ts';
import { failed, type JobLog, listLines, succeeded } from './outcome.ts';
import { type BackupJobEnv, openJobRepository, storeClientFor } from './repositories.ts';
import { storeErrorOf } from './store-client.ts';
import { backupTexts } from './texts.ts';

const collisions: Record<BackupRestoreJobContent['collisionHandling'], CollisionHandling> = {
  OVERWRITE: 'overwrite',
  SKIP: 'skip',
  KEEP_BOTH: 'keepBoth',
};

/** What a restore job names: one path (FILE, FILE_FOLDER), or the chosen files and folders (BATCH, EXTRACT). */
export const restorePathsOf = (content: BackupRestoreJobContent): string[] => {
  if (content.restoreType === 'FILE' || content.restoreType === 'FILE_FOLDER')
    return content.sourcePath.trim() ? [content.sourcePath] : [];
  const chosen = content.extractContent;
  return [...(chosen?.folders ?? []), ...(chosen?.files ?? [])].filter((item) => item.trim() !== '');
};

/** Empty: in place; else an absolute folder of this device. */
export const isDestinationValid = (destination: string, platform: NodeJS.Platform) =>
  destination === '' ||
  (platform === 'win32' ? path.win32.isAbsolute(destination) : path.posix.isAbsolute(destination));

const restoreFiles = async (
  content: BackupRestoreJobContent,
  paths: string[],
  job: AgentBackupJob,
  env: BackupJobEnv,
  report: BackupJobReport,
  log: JobLog,
): Promise<JobOutcome> => {
  const repo = await openJobRepository(job.repository, job, env, { create: false });
  try {
    const result = await restore(repo, {
      snapshot: content.revisionId,
      paths,
      target: content.destinationPath || undefined,
      collision: collisions[content.collisionHandling],
      restorePermissions: content.restorePermissions,
      // "deleted since" is about the files' own places: a restore into another folder brings every chosen file
      restoreDeletedFiles: content.destinationPath ? true : content.restoreDeletedFiles,
      signal: env.signal,
      onProgress: env.progress.of('RESTORING'),
      progressIntervalMs: env.settings.progressIntervalMs,
    });
    report.restore = {
      files: result.filesRestored,
      bytes: result.bytesWritten,
      skipped: result.filesSkipped,
      failed: result.errors.length,
    };
    log.out.push(
      `Restored ${result.filesRestored} files (${result.bytesWritten} bytes), ${result.dirs} folders, ${result.links} links to ${content.destinationPath || 'their original places'}; ${result.filesSkipped} skipped.`,
      ...listLines(result.renamed.map((item) => `Kept both: ${item.path} restored as ${item.restoredAs}`)),
    );
    if (result.errors.length === 0) return succeeded(report, log);
    const problems = result.errors.map((error) => `${error.path}: ${error.message}`);
    log.err.push(...listLines(problems));
    return failed(report, log, `${backupTexts.restoreErrors(problems.length)} ${problems[0]}`);
  } finally {
    await repo.close();
  }
};

const closeStream = (stream: fs.WriteStream) =>
  new Promise<void>((resolve, reject) =>
    stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );

const sha256Of = async (file: string) => {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** EXTRACT: the chosen files and folders as a zip, written beside the agent's state, then uploaded to the server. */
const extractZip = async (
  content: BackupRestoreJobContent,
  job: AgentBackupJob,
  env: BackupJobEnv,
  report: BackupJobReport,
  log: JobLog,
): Promise<JobOutcome> => {
  const client = storeClientFor(env);
  const folder = path.join(env.stateDir, 'backup', 'extracts');
  await fsp.mkdir(folder, { recursive: true, mode: 0o700 });
  const zipFile = path.join(folder, `${env.jobUid}.zip`);
  const repo = await openJobRepository(job.repository, job, env, { create: false });
  try {
    const output = fs.createWriteStream(zipFile, { mode: 0o600 });
    const result = await extract(repo, {
      snapshot: content.revisionId,
      files: content.extractContent?.files ?? [],
      folders: content.extractContent?.folders ?? [],
      output,
      signal: env.signal,
      onProgress: env.progress.of('RESTORING'),
    }).finally(() => closeStream(output));
    const zipBytes = (await fsp.stat(zipFile)).size;
    const sha256 = await sha256Of(zipFile);
    const what = 'the extract upload';
    const response = await client.send(
      {
        method: 'PUT',
        path: `${BACKUP_EXTRACT_UPLOAD_PATH}/${env.jobUid}`,
        headers: {
          'content-type': 'application/zip',
          'content-length': String(zipBytes),
          [BACKUP_CONTENT_SHA256_HEADER]: sha256,
        },
        body: () => fs.createReadStream(zipFile),
      },
      what,
    );
    if (response.status < 200 || response.status >= 300) throw storeErrorOf(response, what);
    report.extract = { files: result.files, dirs: result.dirs, bytes: result.bytes, zipBytes, sha256 };
    log.out.push(
      `Extracted ${result.files} files (${result.bytes} bytes) and ${result.dirs} folders into a ${zipBytes}-byte zip, uploaded for download.`,
    );
    return succeeded(report, log);
  } finally {
    client.close();
    await repo.close();
    await fsp.rm(zipFile, { force: true });
  }
};

/** STRATA_RESTORE: files and folders of a revision back onto this device, or into a zip for download. */
export const runRestore = async (
  content: BackupRestoreJobContent,
  job: AgentBackupJob,
  env: BackupJobEnv,
  report: BackupJobReport,
  log: JobLog,
): Promise<JobOutcome> => {
  env.progress.begin('RESTORING');
  if (content.restoreType === 'EXTRACT') return extractZip(content, job, env, report, log);
  return restoreFiles(content, restorePathsOf(content), job, env, report, log);
};
