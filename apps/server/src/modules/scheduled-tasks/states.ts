import type { JobResult, JobStatus, TaskRun, TaskRunDevice } from '@rmm/domain';

/** A device's part of a run as one state, from its actions' jobs (or why it got none). */

type Part = { skipReason: string | null; jobStatus: JobStatus | null; jobResult: JobResult | null };
type State = TaskRunDevice['state'];

const jobStateOf = (part: Part): State => {
  switch (part.jobStatus) {
    case 'START_REQUESTED':
      return 'QUEUED';
    case 'IN_PROGRESS':
    case 'CANCEL_REQUESTED':
      return 'RUNNING';
    case 'CANCELLED':
      return 'CANCELLED';
    case 'EXPIRED':
      return 'EXPIRED';
    case 'COMPLETED':
      return part.jobResult === 'FAILURE' ? 'FAILURE' : 'SUCCESS';
    default:
      // A job deleted with its device: nothing more will happen.
      return 'CANCELLED';
  }
};

/** The first of these the device's parts show wins: a failure shows before the work still under way. */
const precedence: State[] = ['FAILURE', 'RUNNING', 'QUEUED', 'EXPIRED', 'CANCELLED', 'SUCCESS'];

export const deviceStateOf = (parts: Part[]): State => {
  if (parts.some((part) => part.skipReason === 'FAILED')) return 'FAILURE';
  if (parts.some((part) => part.skipReason === 'SKIPPED_OFFLINE')) return 'SKIPPED_OFFLINE';
  const states = parts.filter((part) => part.skipReason === null).map(jobStateOf);
  if (states.length === 0) return 'SKIPPED_PLATFORM';
  return precedence.find((state) => states.includes(state)) ?? 'SUCCESS';
};

/** The run's counts: each device counted once, by its state. */
export const runCountsOf = (
  devices: TaskRunDevice[],
): Pick<TaskRun, 'deviceCount' | 'successCount' | 'failureCount' | 'skippedCount' | 'pendingCount'> => {
  const count = (states: State[]) => devices.filter((device) => states.includes(device.state)).length;
  return {
    deviceCount: devices.length,
    successCount: count(['SUCCESS']),
    failureCount: count(['FAILURE', 'EXPIRED', 'CANCELLED']),
    skippedCount: count(['SKIPPED_OFFLINE', 'SKIPPED_PLATFORM']),
    pendingCount: count(['QUEUED', 'RUNNING']),
  };
};
