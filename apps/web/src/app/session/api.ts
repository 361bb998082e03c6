import type { MeResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest } from '../../lib/api.ts';

/** Who is signed in, and signing out; signing in is the sign-in page's (features/auth). */
export const sessionApi = {
  me: () => apiRequest<MeResponse>('GET', apiPaths.me()),
  logout: () => apiRequest<{ ok: true }>('POST', apiPaths.logout()),
};
