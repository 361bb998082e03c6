// Job statuses and the job-type table as plain data (no schema library): the console's first load reads
// them; jobs.ts builds the schemas on them.

// START_REQUESTED, CANCEL_REQUESTED, CANCELLED and COMPLETED are the spec's; IN_PROGRESS and EXPIRED are ours.
export const jobStatuses = [
  'START_REQUESTED',
  'IN_PROGRESS',
  'CANCEL_REQUESTED',
  'CANCELLED',
  'COMPLETED',
  'EXPIRED',
] as const;
type Status = (typeof jobStatuses)[number];

export const terminalJobStatuses = ['CANCELLED', 'COMPLETED', 'EXPIRED'] as const satisfies readonly Status[];
export const isTerminalJobStatus = (status: Status): boolean =>
  terminalJobStatuses.some((terminal) => terminal === status);

/** The 16 job types of §4 with the numbers we decided (the spec does not show them). */
export const jobTypeNumbers = {
  ACTION_SET: 1,
  ACTION: 2,
  CONDITION: 3,
  CONDITION_ACTION_SET: 4,
  CONDITION_ACTION: 5,
  ANTIVIRUS: 6,
  PATCH_MANAGEMENT: 7,
  REMOTE_SUPPORT_TOOL: 8,
  SOFTWARE_PATCH_MANAGEMENT: 9,
  RESTORE: 10,
  BACKUP: 11,
  VIRTUALIZATION: 12,
  REMOTE: 13,
  NETWORK_DISCOVERY: 14,
  AGENT_DISCOVERY: 15,
  MDM: 16,
} as const;
export type JobTypeName = keyof typeof jobTypeNumbers;
export type JobTypeNumber = (typeof jobTypeNumbers)[JobTypeName];

export const jobTypeNames = Object.keys(jobTypeNumbers) as [JobTypeName, ...JobTypeName[]];
