import { backupDestinationTypes } from '@rmm/domain';

const destinationLabels: Record<(typeof backupDestinationTypes)[number], string> = {
  CLOUD: 'Cloud',
  LOCAL: 'Local folder',
  NETWORK_SHARE: 'Network share',
  HYBRID: 'Hybrid',
};

/**
 * English strings of the shared backup plan fields (components/backup-plan/), the same in an organization's
 * plan editor and a policy's backup plans; gathered by i18n/area-strings.ts.
 */
export const backupPlanStrings = {
  'backupPlan.kind': 'Kind',
  'backupPlan.kindHint':
    'Files and folders, a whole-disk image, or files and folders kept on a network share.',
  'backupPlan.enabled': 'Enabled',
  'backupPlan.enabledHint': 'A disabled plan runs neither on its schedule nor in the dashboards’ counts.',
  'backupPlan.include': 'Include',
  'backupPlan.includeHint':
    'Absolute folders, files or patterns to back up, such as /home or C:\\Users\\*\\Documents.',
  'backupPlan.includeRule': 'Include rule {index}',
  'backupPlan.includePlaceholder': '/home',
  'backupPlan.includeAdd': 'Add a folder or file',
  'backupPlan.includeRemove': 'Remove include rule {index}',
  'backupPlan.exclude': 'Exclude',
  'backupPlan.excludeHint':
    'Folders, files or patterns to leave out, anywhere or absolute, such as *.tmp or **/node_modules.',
  'backupPlan.excludeRule': 'Exclude rule {index}',
  'backupPlan.excludePlaceholder': '*.tmp',
  'backupPlan.excludeAdd': 'Add an exclusion',
  'backupPlan.excludeRemove': 'Remove exclude rule {index}',
  'backupPlan.localPath': 'Folder on the device',
  'backupPlan.localPathHint': 'An absolute folder on each device, such as /var/backups or D:\\Backups.',
  'backupPlan.sharePath': 'Network share',
  'backupPlan.sharePathHint':
    'A share and folder, such as \\\\server\\share\\backups or smb://server/share/backups.',
  'backupPlan.credential': 'Credential',
  'backupPlan.credentialHint': 'The organization credential that opens the share.',
  'backupPlan.credentialRequired': 'Choose the organization credential that opens the share.',
  'backupPlan.tooLong': 'At most {max} characters.',
  'backupPlan.noCredentials':
    'This organization has no credentials yet: add one in the organization’s Credentials tab.',
  'backupPlan.hybridLocal': 'First copy to',
  'backupPlan.cloudOff':
    'The server’s backup store is off: plans can back up to local folders and network shares only.',
  'backupPlan.destination': 'Destination',
  'backupPlan.destination.hint.CLOUD':
    'Revisions go to this server’s store, reachable from every device of the organization.',
  'backupPlan.destination.hint.LOCAL':
    'Revisions stay in a folder on each device: fast, but lost with the device.',
  'backupPlan.destination.hint.NETWORK_SHARE':
    'Revisions go to a share on the network, opened with an organization credential.',
  'backupPlan.destination.hint.HYBRID':
    'Revisions go to a local folder or share first, then are copied to this server’s store.',
  'backupPlan.retention.keepLast': 'Keep the last',
  'backupPlan.retention.keepDaily': 'Daily for (days)',
  'backupPlan.retention.keepWeekly': 'Weekly for (weeks)',
  'backupPlan.retention.keepMonthly': 'Monthly for (months)',
  'backupPlan.retention.hint':
    'A revision is kept when any rule keeps it: among the last ones, or the newest of its day, week or month. Removed revisions free their space 72 hours later.',
  ...(Object.fromEntries(
    backupDestinationTypes.map((type) => [`backupPlan.destination.${type}`, destinationLabels[type]]),
  ) as Record<`backupPlan.destination.${(typeof backupDestinationTypes)[number]}`, string>),
} as const;
