import { ApiError } from '../../lib/api.ts';

/**
 * Spec §8 "Backup loading error", not shown on 403 and silent while polling: what a backup screen shows for
 * a failed load. `forbidden`: the user may not see backup data (no message; the page shows what it shows
 * without it). `silent`: a poll failed while earlier data is on screen, which stays. `message`: the first
 * load failed, so the spec's text is shown with the server's reason.
 */
export type BackupLoadErrorView = 'none' | 'forbidden' | 'silent' | 'message';

export const backupLoadErrorView = ({
  error,
  hasData,
}: {
  error: unknown;
  hasData: boolean;
}): BackupLoadErrorView => {
  if (!error) return 'none';
  if (error instanceof ApiError && error.status === 403) return 'forbidden';
  return hasData ? 'silent' : 'message';
};

/** The same for a TanStack query. */
export const queryLoadErrorView = (query: {
  error: unknown;
  data: unknown;
  isError: boolean;
  isPlaceholderData?: boolean;
}) =>
  backupLoadErrorView({
    error: query.isError ? query.error : null,
    // A previous page's data kept while this one loads is not this query's data.
    hasData: query.data !== undefined && !query.isPlaceholderData,
  });

/**
 * The server's reason for a failed backup call, without spec §8's text that it puts ahead of it ("Error
 * clearing backup job: Only a finished…"): the console shows that text itself, as the message's title.
 */
export const reasonOf = (error: unknown, specText: string): string | undefined => {
  if (!(error instanceof Error)) return undefined;
  const prefix = `${specText}: `;
  const reason = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return reason === specText ? undefined : reason;
};
