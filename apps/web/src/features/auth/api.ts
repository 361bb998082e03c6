import type {
  DuoPushResponse,
  LoginRequest,
  LoginResponse,
  MfaStatus,
  MfaVerifyRequest,
  RecoveryCodesResponse,
  SmsConfirmRequest,
  SmsSentResponse,
  SmsSetupRequest,
  SsoInfo,
  TotpConfirmRequest,
  TotpConfirmResponse,
  TotpSetupResponse,
  WebAuthnOptionsResponse,
  WebAuthnRegisterRequest,
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
  /** Sign-in: the pending user's security keys may answer this challenge. */
  securityKeyOptions: () => apiRequest<WebAuthnOptionsResponse>('POST', apiPaths.webauthnOptions()),
  /** Sign-in: a fresh text-message code to the pending user's phone. */
  sendSmsCode: () => apiRequest<SmsSentResponse>('POST', apiPaths.smsSend()),
  /** Sign-in: a Duo push; its txid is what `verify` checks. */
  duoPush: () => apiRequest<DuoPushResponse>('POST', apiPaths.duoPush()),
  securityKeyRegisterOptions: () =>
    apiRequest<WebAuthnOptionsResponse>('POST', apiPaths.webauthnRegisterOptions()),
  securityKeyRegister: (body: WebAuthnRegisterRequest) =>
    apiRequest<TotpConfirmResponse>('POST', apiPaths.webauthnRegisterVerify(), body),
  smsSetup: (body: SmsSetupRequest) => apiRequest<SmsSentResponse>('POST', apiPaths.smsSetup(), body),
  smsConfirm: (body: SmsConfirmRequest) =>
    apiRequest<TotpConfirmResponse>('POST', apiPaths.smsConfirm(), body),
  duoEnable: () => apiRequest<TotpConfirmResponse>('POST', apiPaths.duoEnable()),
};
