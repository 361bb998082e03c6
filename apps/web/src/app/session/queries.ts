import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { sessionApi } from './api.ts';

export const sessionKeys = { me: ['auth', 'me'] as const };

/** The signed-in user; `null` when not signed in. */
export const useMeQuery = () =>
  useQuery({
    queryKey: sessionKeys.me,
    queryFn: async () => {
      try {
        return await sessionApi.me();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

export const useLogoutMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sessionApi.logout,
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.me, null);
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
