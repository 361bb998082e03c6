import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { createQueryClient } from './providers.tsx';
import { sessionKeys } from './session/queries.ts';

const me = { user: { id: 1 }, permissions: [], featureFlags: {} };

describe('the query client', () => {
  it('signs the console out when any answer is 401 (the session was revoked or expired)', async () => {
    const client = createQueryClient();
    client.setQueryData(sessionKeys.me, me);
    await client
      .fetchQuery({
        queryKey: ['devices'],
        queryFn: () => Promise.reject(new ApiError(401, 'UNAUTHENTICATED', 'You are not signed in.')),
        retry: false,
      })
      .catch(() => undefined);
    expect(client.getQueryData(sessionKeys.me)).toBeNull();
  });

  it('keeps the session on other errors, and on a failed action', async () => {
    const client = createQueryClient();
    client.setQueryData(sessionKeys.me, me);
    await client
      .fetchQuery({
        queryKey: ['devices'],
        queryFn: () =>
          Promise.reject(new ApiError(403, 'FORBIDDEN', 'You do not have permission to do this.')),
        retry: false,
      })
      .catch(() => undefined);
    expect(client.getQueryData(sessionKeys.me)).toEqual(me);
  });
});
