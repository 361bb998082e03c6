import * as z from 'zod';

/** Feature flags of spec §6, stored in settings and exposed on `/auth/me`. */
export const featureFlagNames = ['backup_arrow_image', 'dark_mode', 'psa_connectwise'] as const;
export const FeatureFlagName = /* @__PURE__ */ z.enum(featureFlagNames);
export type FeatureFlagName = z.infer<typeof FeatureFlagName>;
export const FeatureFlags = /* @__PURE__ */ z.object({
  backup_arrow_image: z.boolean(),
  dark_mode: z.boolean(),
  psa_connectwise: z.boolean(),
});
export type FeatureFlags = z.infer<typeof FeatureFlags>;
export const defaultFeatureFlags: FeatureFlags = {
  backup_arrow_image: false,
  dark_mode: true,
  psa_connectwise: false,
};
export const UpdateFeatureFlagsRequest = /* @__PURE__ */ FeatureFlags.partial().strict();
export type UpdateFeatureFlagsRequest = z.infer<typeof UpdateFeatureFlagsRequest>;
