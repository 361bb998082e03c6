import type {
  LoginRequest,
  LoginResponse,
  MfaStatus,
  MfaVerifyRequest,
  RecoveryCodesResponse,
  SsoInfo,
  TotpConfirmRequest,
  TotpConfirmResponse,
  TotpSetupResponse,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest } from '../../lib/api.ts';

export const authApi = {
  login: (body: LoginRequest) => apiRequest<LoginResponse>('POST', apiPaths.login(), body),
  /** Whether the sign-in page offers single sign-on (public). */
  ssoInfo: () => apiRequest<SsoInfo>('GET', apiPaths.ssoInfo()),
  /** The second step of sign-in: the MFA-pending cookie becomes a session. */
  verify: (body: MfaVerifyRequest) => apiRequest<{ ok: true }>('POST', apiPaths.mfaVerify(), body),
  mfaStatus: () => apiRequest<MfaStatus>('GET', apiPaths.mfa()),
  totpSetup: () => apiRequest<TotpSetupResponse>('POST', apiPaths.totpSetup()),
  totpConfirm: (body: TotpConfirmRequest) =>
    apiRequest<TotpConfirmResponse>('POST', apiPaths.totpConfirm(), body),
  recoveryCodes: () => apiRequest<RecoveryCodesResponse>('POST', apiPaths.recoveryCodes()),
  removeFactor: (factorId: number) => apiRequest<{ ok: true }>('DELETE', apiPaths.mfaFactor(factorId)),
};
