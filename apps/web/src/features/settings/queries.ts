import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../app/session/queries.ts';
import { settingsApi } from './api.ts';

const featureFlagsKey = ['settings', 'featureFlags'] as const;

export const useFeatureFlagsQuery = () =>
  useQuery({ queryKey: featureFlagsKey, queryFn: settingsApi.featureFlags });

/** Saving the flags refreshes `/auth/me` too, which carries them to every screen. */
export const useUpdateFeatureFlags = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settingsApi.updateFeatureFlags,
    onSuccess: (flags) => {
      queryClient.setQueryData(featureFlagsKey, flags);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
};

const securityKey = ['settings', 'security'] as const;

export const useSecuritySettingsQuery = () =>
  useQuery({ queryKey: securityKey, queryFn: settingsApi.securitySettings });

export const useUpdateSecuritySettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settingsApi.updateSecuritySettings,
    onSuccess: (settings) => queryClient.setQueryData(securityKey, settings),
  });
};
