import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../lib/api.ts';

/** What every branding form shows after a save. */
export const saveCallbacks = (saved: string) => ({
  onSuccess: () => notifications.show({ color: 'green', message: saved }),
  onError: (error: Error) =>
    notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : String(error) }),
});
