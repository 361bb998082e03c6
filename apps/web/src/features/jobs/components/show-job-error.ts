import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { JobActionError } from '../job-action-error.ts';

/** A failed job action as a notification: the spec text, and what the server or device said under it. */
export const showJobError = (t: TFunction, error: unknown) => {
  const messageId = error instanceof JobActionError ? error.messageId : 'jobs.requestError';
  const text = t(`spec.${messageId}`);
  const detail = error instanceof JobActionError ? error.detail : undefined;
  notifications.show({
    color: 'red',
    autoClose: false,
    ...(detail ? { title: text, message: detail } : { message: text }),
  });
};
