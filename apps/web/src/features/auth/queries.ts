import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../app/session/queries.ts';
import { authApi } from './api.ts';

/** Signs in; the session (app/session) is read again, so the console sees who signed in. */
export const useLoginMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
  });
};
