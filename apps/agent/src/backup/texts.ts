import { backupErrorMessages } from '@rmm/domain';

/** What the agent reports about backup-engine jobs; the server stores it as the job's errorMessage. */
export const backupTexts = {
  imageNotSupported: backupErrorMessages.BACKUP_IMAGE_NOT_SUPPORTED,
  diskRestoreNotSupported: backupErrorMessages.BACKUP_DISK_RESTORE_NOT_SUPPORTED,
  noBackupContext:
    'The server did not send the plan, repository and keys with this job: update the server to run backups on this agent.',
  actionMismatch: (content: string, resolved: string) =>
    `The job asks for ${content} but the server resolved it as ${resolved}.`,
  actionNotOfJob: (actionType: string, jobType: string) =>
    `${actionType} is not an action of a ${jobType} job.`,
  upsyncWithoutCloud: 'This plan has no cloud repository to upsync to (only hybrid plans upsync).',
  noCloudConnection:
    "This agent does not know the server's address: it cannot reach the server's backup store.",
  noRepositoryPath: (type: string) => `The job's ${type} repository has no path.`,
  relativeRepositoryPath: (location: string) =>
    `The repository folder must be an absolute path, not "${location}".`,
  shareNotMounted: (share: string) =>
    `The network share ${share} is not mounted on this device: mount it (for example at /mnt/backup) and run the job again.`,
  nothingToRestore: 'Choose the files and folders to restore.',
  relativeDestination: (destination: string) =>
    `Restore to an absolute folder on the device (or leave the destination empty to restore in place), not "${destination}".`,
  wrongKey: (location: string) =>
    `The repository at ${location} was not made with this organization's key: it cannot be opened.`,
  notARepository: (location: string) => `There is no backup repository at ${location}.`,
  failed: (what: string, reason: string) => `${what} failed: ${reason}`,
  unreadable: (count: number) =>
    `${count} file${count === 1 ? '' : 's'} or folder${count === 1 ? '' : 's'} could not be read and ${count === 1 ? 'is' : 'are'} not in this revision.`,
  upsyncFailed: (revisionId: string, reason: string) =>
    `The backup was saved locally (revision ${revisionId.slice(0, 12)}), but the upsync to the cloud failed: ${reason}`,
  integrityFailed: (count: number) =>
    `The integrity check found ${count} problem${count === 1 ? '' : 's'} in the repository.`,
  noTreeSource:
    'The server did not send the repository and key with this request: update the server to browse local backups on this agent.',
  treeNotLocal:
    "This agent lists only revisions in a local folder or share: the server reads its own store's revisions itself.",
  treeRevisionMissing: (revisionId: string, location: string) =>
    `Revision ${revisionId.slice(0, 12)} is not in the repository at ${location}: retention may have removed it.`,
  treeFolderMissing: (path: string) => `There is no folder ${path} in this revision.`,
  restoreErrors: (count: number) => `${count} item${count === 1 ? '' : 's'} could not be restored.`,
} as const;
