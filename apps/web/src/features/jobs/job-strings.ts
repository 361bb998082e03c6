import { type JobStatus, type JobTypeName, jobTypeNames, type ScriptLanguage } from '@rmm/domain';

const statusLabels: Record<JobStatus, string> = {
  START_REQUESTED: 'Queued',
  IN_PROGRESS: 'Running',
  CANCEL_REQUESTED: 'Cancelling',
  CANCELLED: 'Cancelled',
  COMPLETED: 'Completed',
  EXPIRED: 'Expired',
};

const typeLabels: Record<JobTypeName, string> = {
  ACTION_SET: 'Action set',
  ACTION: 'Action',
  CONDITION: 'Condition',
  CONDITION_ACTION_SET: 'Condition action set',
  CONDITION_ACTION: 'Condition action',
  ANTIVIRUS: 'Antivirus',
  PATCH_MANAGEMENT: 'Patch management',
  REMOTE_SUPPORT_TOOL: 'Remote support tool',
  SOFTWARE_PATCH_MANAGEMENT: 'Software patch management',
  RESTORE: 'Restore',
  BACKUP: 'Backup',
  VIRTUALIZATION: 'Virtualization',
  REMOTE: 'Remote connection',
  NETWORK_DISCOVERY: 'Network discovery',
  AGENT_DISCOVERY: 'Agent discovery',
  MDM: 'Mobile device management',
};

const languageLabels: Record<ScriptLanguage, string> = {
  sh: 'Shell (sh)',
  bash: 'Bash',
  python: 'Python',
  powershell: 'PowerShell',
  cmd: 'Command prompt (cmd)',
};

/** The console's English strings of the jobs feature (spread into the catalog in i18n/en.ts). */
export const jobStrings = {
  ...Object.fromEntries(
    Object.entries(statusLabels).map(([status, text]) => [`jobs.status.${status}`, text]),
  ),
  ...Object.fromEntries(jobTypeNames.map((type) => [`jobs.type.${type}`, typeLabels[type]])),
  ...Object.fromEntries(
    Object.entries(languageLabels).map(([lang, text]) => [`jobs.language.${lang}`, text]),
  ),
  'jobs.result.SUCCESS': 'Success',
  'jobs.result.FAILURE': 'Failed',
  'jobs.runScript.button': 'Run script',
  'jobs.runScript.title': 'Run a script on {name}',
  'jobs.runScript.language': 'Language',
  'jobs.runScript.code': 'Script',
  'jobs.runScript.parameters': 'Parameters',
  'jobs.runScript.parametersHint':
    'One per line; each line reaches the script as one argument, trimmed and without the characters & | ; $ > < ` !.',
  'jobs.runScript.timeout': 'Timeout (seconds)',
  'jobs.runScript.name': 'Job name',
  'jobs.runScript.namePlaceholder': 'The first line of the script',
  'jobs.runScript.runAs': 'Runs as the agent’s own user.',
  'jobs.runScript.run': 'Run',
  'jobs.runScript.running': 'A job is running; cancel it or wait for it to end before running another.',
  'jobs.run.queued':
    'Waiting for the device to pick up the job. It runs as soon as the device is online, until {expires}.',
  'jobs.run.running': 'Running on the device…',
  'jobs.run.cancelling': 'The device was asked to stop the job…',
  'jobs.run.expired': 'The job expired before the device picked it up.',
  'jobs.run.exitCode': 'Exit code {code}',
  'jobs.run.output': 'Output',
  'jobs.run.noOutput': 'No output yet.',
  'jobs.run.noOutputAtAll': 'The job wrote no output.',
  'jobs.run.missed':
    'Some output was missed while the live channel was down; the complete output appears when the job ends.',
  'jobs.run.openedLate':
    'The device wrote output before you opened this job; the complete output appears when the job ends.',
  'jobs.run.noOutputSinceOpened': 'No new output since you opened the job.',
  'jobs.run.outputNotKept':
    'The device wrote output that has not reached the server yet; it appears here when the device reports how the job ended.',
  'jobs.run.truncated': 'The output was longer than the agent keeps; the rest was left out.',
  'jobs.cancel.button': 'Cancel job',
  'jobs.cancel.title': 'Cancel “{name}”?',
  'jobs.cancel.body':
    'The device stops the job and everything it started. What it has done so far stays done.',
  'jobs.cancel.keep': 'Keep it',
  'jobs.cancel.done': 'Job cancelled',
  'jobs.reboot.button': 'Reboot',
  'jobs.reboot.jobName': 'Reboot',
  'jobs.reboot.title': 'Reboot {name}?',
  'jobs.reboot.body': 'The device restarts now. Anyone working on it loses unsaved work.',
  'jobs.reboot.done': 'The device is rebooting.',
  'jobs.column.device': 'Device',
  'jobs.column.name': 'Job',
  'jobs.column.type': 'Type',
  'jobs.column.status': 'Status',
  'jobs.column.created': 'Created',
  'jobs.column.expires': 'Expires',
  'jobs.column.actions': 'Actions',
  'jobs.pending.explain': 'Jobs that have not finished: queued for a device that is offline, or running now.',
  'jobs.pending.explainOrganization':
    'Jobs of {name} that have not finished: queued for a device that is offline, or running now.',
  'jobs.pending.empty': 'No jobs are waiting or running.',
  'jobs.details.title': 'Job',
  'jobs.details.open': 'View job',
  'jobs.details.started': 'Started',
  'jobs.details.finished': 'Finished',
  'jobs.details.jobUid': 'Job ID',
  'jobs.details.history': 'History',
} as const;
