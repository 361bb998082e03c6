import type { MessageId } from '@rmm/domain';

/** The four job texts of spec §8, by message id. */
export type JobMessageId = Extract<
  MessageId,
  'jobs.submitError' | 'jobs.deviceError' | 'jobs.noResponse' | 'jobs.requestError'
>;

/**
 * A job that could not be submitted or did not end well. `messageId` names the spec text to show;
 * `detail` is what the server or the device said (shown under it, as text).
 */
export class JobActionError extends Error {
  readonly messageId: JobMessageId;
  readonly detail: string | undefined;

  constructor(messageId: JobMessageId, detail?: string | null, options?: { cause?: unknown }) {
    super(detail ? `${messageId}: ${detail}` : messageId, options);
    this.name = 'JobActionError';
    this.messageId = messageId;
    this.detail = detail ?? undefined;
  }
}
