import type { LoginRequest, LoginResponse, MeResponse } from '@rmm/domain';
import { apiRequest } from '../../lib/api.ts';

export const authApi = {
  me: () => apiRequest<MeResponse>('GET', '/auth/me'),
  login: (body: LoginRequest) => apiRequest<LoginResponse>('POST', '/auth/login', body),
  logout: () => apiRequest<{ ok: true }>('POST', '/auth/logout'),
};
