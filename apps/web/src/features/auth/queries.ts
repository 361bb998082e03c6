import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { authApi } from './api.ts';

export const authKeys = { me: ['auth', 'me'] as const };

/** The signed-in user; `null` when not signed in. */
export const useMeQuery = () =>
  useQuery({
    queryKey: authKeys.me,
    queryFn: async () => {
      try {
        return await authApi.me();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

export const useLoginMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
};

export const useLogoutMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.logout,
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me, null);
    },
  });
};

export const useHasPermission = (permission: string) => {
  const me = useMeQuery();
  return me.data?.permissions.includes(permission) ?? false;
};

/** Whether the signed-in user holds every one of these permissions. */
export const useHasPermissions = (permissions: readonly string[]) => {
  const me = useMeQuery();
  const held = me.data?.permissions ?? [];
  return permissions.every((permission) => held.includes(permission));
};
