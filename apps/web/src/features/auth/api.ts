import type { LoginRequest, LoginResponse } from '@rmm/domain';
import { apiRequest } from '../../lib/api.ts';

export const authApi = {
  login: (body: LoginRequest) => apiRequest<LoginResponse>('POST', '/auth/login', body),
};
