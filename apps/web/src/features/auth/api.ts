import type { LoginRequest, LoginResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest } from '../../lib/api.ts';

export const authApi = {
  login: (body: LoginRequest) => apiRequest<LoginResponse>('POST', apiPaths.login(), body),
};
