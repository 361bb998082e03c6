import type {
  AcademySettings,
  BrandingSettings,
  UpdateAcademySettingsRequest,
  UpdateBrandingRequest,
  UploadLogoRequest,
  VideoTutorialSettings,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest } from '../../lib/api.ts';

/** Branding, video tutorial and academy settings (settings.view to read, settings.manage to change). */
export const brandingSettingsApi = {
  get: () => apiRequest<BrandingSettings>('GET', apiPaths.brandingSettings()),
  update: (body: UpdateBrandingRequest) =>
    apiRequest<BrandingSettings>('PUT', apiPaths.brandingSettings(), body),
  uploadLogo: (body: UploadLogoRequest) =>
    apiRequest<BrandingSettings>('PUT', apiPaths.brandingLogoUpload(), body),
  removeLogo: () => apiRequest<BrandingSettings>('DELETE', apiPaths.brandingLogoUpload()),
  videoTutorials: () => apiRequest<VideoTutorialSettings>('GET', apiPaths.videoTutorialSettings()),
  updateVideoTutorials: (body: VideoTutorialSettings) =>
    apiRequest<VideoTutorialSettings>('PUT', apiPaths.videoTutorialSettings(), body),
  academy: () => apiRequest<AcademySettings>('GET', apiPaths.academySettings()),
  updateAcademy: (body: UpdateAcademySettingsRequest) =>
    apiRequest<AcademySettings>('PUT', apiPaths.academySettings(), body),
};
