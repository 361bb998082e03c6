import type { BrandingSettings } from '@rmm/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { brandingKeys } from '../../app/branding/queries.ts';
import { brandingSettingsApi } from './api.ts';

export const brandingSettingsKeys = {
  branding: ['settings', 'branding'] as const,
  videoTutorials: ['settings', 'videoTutorials'] as const,
  academy: ['settings', 'academy'] as const,
};

export const useBrandingSettingsQuery = () =>
  useQuery({ queryKey: brandingSettingsKeys.branding, queryFn: brandingSettingsApi.get });

/** A saved branding is shown at once: the settings take the answer, and every page's branding is read again. */
const useBrandingMutation = <T>(mutationFn: (input: T) => Promise<BrandingSettings>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (settings) => {
      queryClient.setQueryData(brandingSettingsKeys.branding, settings);
      void queryClient.invalidateQueries({ queryKey: brandingKeys.public });
    },
  });
};

export const useUpdateBranding = () => useBrandingMutation(brandingSettingsApi.update);
export const useUploadLogo = () => useBrandingMutation(brandingSettingsApi.uploadLogo);
export const useRemoveLogo = () => useBrandingMutation(brandingSettingsApi.removeLogo);

export const useVideoTutorialSettingsQuery = () =>
  useQuery({ queryKey: brandingSettingsKeys.videoTutorials, queryFn: brandingSettingsApi.videoTutorials });

export const useUpdateVideoTutorials = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: brandingSettingsApi.updateVideoTutorials,
    onSuccess: (settings) => {
      queryClient.setQueryData(brandingSettingsKeys.videoTutorials, settings);
      void queryClient.invalidateQueries({ queryKey: brandingKeys.public });
    },
  });
};

export const useAcademySettingsQuery = () =>
  useQuery({ queryKey: brandingSettingsKeys.academy, queryFn: brandingSettingsApi.academy });

export const useUpdateAcademy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: brandingSettingsApi.updateAcademy,
    onSuccess: (settings) => {
      queryClient.setQueryData(brandingSettingsKeys.academy, settings);
      void queryClient.invalidateQueries({ queryKey: brandingKeys.public });
    },
  });
};
