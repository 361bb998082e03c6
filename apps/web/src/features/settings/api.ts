import type {
  FeatureFlags,
  SecuritySettings,
  UpdateFeatureFlagsRequest,
  UpdateSecuritySettingsRequest,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest } from '../../lib/api.ts';

/** The general settings: today the feature flags of spec §6 (GET/PUT /settings/feature-flags). */
export const settingsApi = {
  featureFlags: () => apiRequest<FeatureFlags>('GET', apiPaths.featureFlags()),
  updateFeatureFlags: (body: UpdateFeatureFlagsRequest) =>
    apiRequest<FeatureFlags>('PUT', apiPaths.featureFlags(), body),
  /** The security settings (GET/PUT /settings/security). */
  securitySettings: () => apiRequest<SecuritySettings>('GET', apiPaths.securitySettings()),
  updateSecuritySettings: (body: UpdateSecuritySettingsRequest) =>
    apiRequest<SecuritySettings>('PUT', apiPaths.securitySettings(), body),
};
