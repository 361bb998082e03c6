import {
  type ConsoleEvent,
  cancelStatusFor,
  isTerminalJobStatus,
  type JobOutputEvent,
  type JobUpdatedEvent,
  type ScriptJobContent,
  type StoredJob,
} from '@rmm/domain';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { EventKeys } from '../../app/realtime/event-keys.ts';
import { useRealtimeStatus } from '../../app/realtime/realtime-status.ts';
import { queryRoots } from '../../lib/query-keys.ts';
import { type JobDetail, jobsApi, type PendingJobListParams } from './api.ts';
import { JobActionError } from './job-action-error.ts';
import { addChunk, holdEarlyOutput, type JobOutput, takeEarlyOutput } from './job-output.ts';
import { runShortJob, type ShortJob } from './run-short-job.ts';
import { submitJobs } from './submit-jobs.ts';

/** Jobs and their lists; live output sits under a root of its own, so a resync never refetches it. */
export const jobKeys = {
  all: ['jobs'] as const,
  lists: queryRoots.jobLists,
  list: (params: PendingJobListParams) => [...queryRoots.jobLists, params] as const,
  detail: (jobUid: string) => ['jobs', 'detail', jobUid] as const,
  output: (jobUid: string) => ['job-output', jobUid] as const,
};

/** The later of two states of one job: a terminal status never goes back, then the newer update wins. */
export const newerJob = <T extends StoredJob>(current: T | undefined, next: T): T => {
  if (!current) return next;
  const isCurrentTerminal = isTerminalJobStatus(current.jobStatus);
  if (isCurrentTerminal !== isTerminalJobStatus(next.jobStatus)) return isCurrentTerminal ? current : next;
  return next.updatedAt >= current.updatedAt ? next : current;
};

/** Newest states of jobs nobody holds yet, at most this many (the oldest go first). */
const EARLY_JOBS_MAX = 200;
const earlyJobs = new Map<string, StoredJob>();

/**
 * A job the console holds takes the newer state (its history stays). Only jobs someone looks at are
 * kept, unless `isWatched`: a job this console just submitted or cancelled. The state of a job nobody
 * holds yet is remembered for a while: the events of a job this console submits often arrive before the
 * answer to the submission does (the agent acknowledged it meanwhile), and the answer must not win.
 */
export const storeJob = (queryClient: QueryClient, job: StoredJob, { isWatched = false } = {}) => {
  const key = jobKeys.detail(job.jobUid);
  const current = queryClient.getQueryData<JobDetail>(key);
  if (current) {
    queryClient.setQueryData<JobDetail>(key, newerJob(current, { ...current, ...job }));
    return;
  }
  const early = earlyJobs.get(job.jobUid);
  if (!isWatched) {
    earlyJobs.delete(job.jobUid);
    earlyJobs.set(job.jobUid, newerJob(early, job));
    if (earlyJobs.size > EARLY_JOBS_MAX) earlyJobs.delete(earlyJobs.keys().next().value!);
    return;
  }
  earlyJobs.delete(job.jobUid);
  queryClient.setQueryData<JobDetail>(key, { ...newerJob(early, job), history: [] });
};

/** Job events change the cache in place: a status for a watched job, output for a watched job's view. */
export const applyJobEvent = (queryClient: QueryClient, event: JobUpdatedEvent | JobOutputEvent) => {
  if (event.type === 'job.updated') {
    storeJob(queryClient, event.job);
    return;
  }
  const chunk = { seq: event.seq, stream: event.stream, data: event.data };
  const key = jobKeys.output(event.jobUid);
  if (queryClient.getQueryData(key) === undefined) holdEarlyOutput(event.jobUid, chunk);
  else queryClient.setQueryData<JobOutput>(key, (output) => addChunk(output ?? { chunks: [] }, chunk));
};

/** Without the live channel a running job is read this often instead (a slow safety net, not §9's poll). */
const OFFLINE_REFRESH_MS = 5_000;

/**
 * One job, kept current by job.updated events. It is read on mount and after a reconnect; while the
 * live channel is down and the job runs, it is read every few seconds.
 */
export const useJobQuery = (jobUid: string | undefined) => {
  const queryClient = useQueryClient();
  const isLive = useRealtimeStatus() === 'live';
  const queryKey = jobKeys.detail(jobUid ?? '');
  return useQuery({
    queryKey,
    queryFn: async () => {
      const fetched = await jobsApi.get(jobUid!);
      // Read after the answer: an event applied while it was on its way may hold a newer state.
      const current = queryClient.getQueryData<JobDetail>(queryKey);
      return current && newerJob(current, fetched) === current
        ? { ...current, history: fetched.history }
        : fetched;
    },
    enabled: jobUid !== undefined,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.jobStatus;
      return isLive || !status || isTerminalJobStatus(status) ? false : OFFLINE_REFRESH_MS;
    },
  });
};

/** A job's live output from job.output events, including what came before this view opened. */
export const useJobOutputQuery = (jobUid: string) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: jobKeys.output(jobUid),
    queryFn: () => queryClient.getQueryData<JobOutput>(jobKeys.output(jobUid)) ?? { chunks: [] },
    // Created at once, so that events arriving from now on land in it.
    initialData: () => takeEarlyOutput(jobUid),
    staleTime: Number.POSITIVE_INFINITY,
  });
};

export const usePendingJobsQuery = (params: PendingJobListParams) =>
  useQuery({
    queryKey: jobKeys.list(params),
    queryFn: () => jobsApi.listPending(params),
    placeholderData: keepPreviousData,
  });

const scriptJobName = (content: ScriptJobContent) => {
  const firstLine = 'code' in content.script ? content.script.code.trim().split('\n')[0]!.trim() : '';
  return firstLine.length > 60 ? `${firstLine.slice(0, 59)}…` : firstLine || 'Script';
};

/** Runs a script on one device (an ACTION job, sent with an Idempotency-Key); answers the stored job. */
export const useRunScriptMutation = (nodeId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ content, jobName }: { content: ScriptJobContent; jobName?: string }) => {
      const job = { jobType: 'ACTION' as const, jobName: jobName?.trim() || scriptJobName(content), content };
      const [stored] = await submitJobs(queryClient, [{ nodeId, jobs: [job] }], { isIdempotent: true });
      if (!stored) throw new JobActionError('jobs.submitError');
      storeJob(queryClient, stored, { isWatched: true });
      return stored;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.lists }),
  });
};

/** Cancels a job by submitting it again with the status the cancel rule gives (spec §4). */
export const useCancelJobMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (job: StoredJob) => {
      const cancel = {
        jobUid: job.jobUid,
        jobType: job.jobType,
        jobName: job.jobName,
        jobStatus: cancelStatusFor(job),
      };
      const [stored] = await submitJobs(queryClient, [{ nodeId: job.nodeId, jobs: [cancel] }]);
      if (stored) storeJob(queryClient, stored);
      return stored;
    },
    onSettled: (_data, _error, job) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobKeys.lists }),
        queryClient.invalidateQueries({ queryKey: jobKeys.detail(job.jobUid) }),
      ]),
  });
};

/** The short-action helper as a mutation: submit, poll, resolve on success (see runShortJob). */
export const useShortJobMutation = (nodeId: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (job: ShortJob) => runShortJob(queryClient, { nodeId, job }) });
};

/**
 * Job events: a job the console holds and its output change in place (applyJobEvent); the pending
 * lists are read again when a job changes, and everything after a reconnect.
 */
export const jobEventKeys: EventKeys = {
  forEvent: (event: ConsoleEvent) => (event.type === 'job.updated' ? [jobKeys.lists] : []),
  resync: [jobKeys.all],
  apply: (queryClient, event) => {
    if (event.type === 'job.updated' || event.type === 'job.output') applyJobEvent(queryClient, event);
  },
};
