import * as z from 'zod';
import { FeatureFlags } from './flags.ts';

export const LoginRequest = z
  .object({
    email: z.string().trim().toLowerCase().min(1).max(320),
    password: z.string().min(1).max(1024),
  })
  .strict();
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = /* @__PURE__ */ z.object({
  mfaRequired: z.boolean(),
  mfaTypes: z.array(z.string()),
  /**
   * Security settings require a second factor and the user has none (of an allowed type): the password
   * step gave a restricted enrolment session that may only set up an authenticator app
   * (`/auth/mfa/totp/setup`, `/auth/mfa/totp/confirm`); the confirmation signs in.
   */
  enrolmentRequired: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** Organization scope of a user: all organizations, or a list of ids. */
export const OrganizationScope = /* @__PURE__ */ z.union([z.literal('all'), z.array(z.number().int())]);
export type OrganizationScope = z.infer<typeof OrganizationScope>;

export const CurrentUser = /* @__PURE__ */ z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roleName: z.string(),
  /** 0 for the demo's built-in actor, which has no stored role. */
  roleId: z.number().int(),
  organizationScope: OrganizationScope,
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const MeResponse = /* @__PURE__ */ z.object({
  user: CurrentUser,
  permissions: z.array(z.string()),
  featureFlags: FeatureFlags,
});
export type MeResponse = z.infer<typeof MeResponse>;
