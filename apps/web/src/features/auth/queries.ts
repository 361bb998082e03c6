import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../app/session/queries.ts';
import { authApi } from './api.ts';

/**
 * Signs in; the session (app/session) is read again before the sign-in page moves on, so the console sees
 * who signed in. `refetchType: 'all'`: on the sign-in page nothing observes the session query, and an
 * inactive query is otherwise only marked stale (the signed-in frame would then see the old `null`).
 */
const reloadSession = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: sessionKeys.me, refetchType: 'all' });

export const useLoginMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: authApi.login, onSuccess: () => reloadSession(queryClient) });
};

/** Reads the session again (after an enrolment's confirmation signed in). */
export const useReloadSession = () => {
  const queryClient = useQueryClient();
  return () => reloadSession(queryClient);
};

/** The second factor of a sign-in; once accepted, the console reads who signed in. */
export const useVerifyMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: authApi.verify, onSuccess: () => reloadSession(queryClient) });
};

/** The sign-in page's single sign-on button: none when the call fails. */
export const useSsoInfoQuery = () =>
  useQuery({ queryKey: ['auth', 'sso'] as const, queryFn: authApi.ssoInfo, retry: false, staleTime: 60_000 });

const mfaKey = ['auth', 'mfa'] as const;

export const useMfaStatusQuery = () => useQuery({ queryKey: mfaKey, queryFn: authApi.mfaStatus });

const useMfaChange = <A, R>(mutationFn: (argument: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKey }) });
};

export const useTotpSetupMutation = () => useMfaChange(authApi.totpSetup);
export const useTotpConfirmMutation = () => useMfaChange(authApi.totpConfirm);
export const useRecoveryCodesMutation = () => useMfaChange(authApi.recoveryCodes);
export const useRemoveFactorMutation = () => useMfaChange(authApi.removeFactor);
export const useSecurityKeyRegisterMutation = () => useMfaChange(authApi.securityKeyRegister);
export const useSmsSetupMutation = () => useMfaChange(authApi.smsSetup);
export const useSmsConfirmMutation = () => useMfaChange(authApi.smsConfirm);
export const useDuoEnableMutation = () => useMfaChange(authApi.duoEnable);
