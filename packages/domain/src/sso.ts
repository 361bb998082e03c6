import * as z from 'zod';
import { OrganizationScope } from './auth.ts';
import { SSO_DEFAULT_BUTTON_LABEL, SSO_DEFAULT_GROUPS_CLAIM, SSO_DEFAULT_SCOPES } from './sso-reasons.ts';

export * from './sso-reasons.ts';

/**
 * OpenID Connect single sign-on (issue 14, item 4): the settings an administrator keeps at
 * `/administration/users/singleSignOn`, and what the sign-in page reads. The client secret is write-only:
 * answers say `clientSecretSet` and never carry it.
 */

export const ssoMessages = {
  unknownRole: (roleId: number) => `Role ${roleId} does not exist or is not a technician role.`,
  roleTooWide: (roleName: string) =>
    `The role ${roleName} grants permissions you do not have; only roles within your own may be mapped.`,
  scopeTooWide: (group: string) =>
    `The organizations of group ${group} go beyond yours; map only organizations you can see.`,
  unknownOrganization: (id: number) => `Organization ${id} does not exist`,
  issuerRequired: 'Enter the issuer URL and the client ID to turn single sign-on on.',
  issuerHttps: 'The issuer URL must start with https://.',
} as const;

const roleId = z.number().int().positive().max(2147483647);
const scope = z.union([z.literal('all'), z.array(z.number().int().positive().max(2147483647)).max(1000)]);

/** One group of the provider's groups claim, and what it gives. The first mapping that matches wins. */
export const SsoGroupMapping = z
  .object({
    group: z.string().trim().min(1).max(500),
    roleId,
    organizationScope: scope.default('all'),
  })
  .strict();
export type SsoGroupMapping = z.infer<typeof SsoGroupMapping>;

const fields = {
  enabled: z.boolean().default(false),
  issuerUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)]).default(''),
  clientId: z.string().trim().max(500).default(''),
  scopes: z.string().trim().min(1).max(1000).default(SSO_DEFAULT_SCOPES),
  groupsClaim: z.string().trim().min(1).max(200).default(SSO_DEFAULT_GROUPS_CLAIM),
  buttonLabel: z.string().trim().min(1).max(100).default(SSO_DEFAULT_BUTTON_LABEL),
  /** Just-in-time creation of a technician for an unknown email (off by default). */
  jitEnabled: z.boolean().default(false),
  /** The role of a new user whom no mapping matches (JIT only); null: such a user is refused. */
  defaultRoleId: roleId.nullable().default(null),
  groupMappings: z.array(SsoGroupMapping).max(200).default([]),
};

/** `GET /settings/sso`: everything but the secret. */
export const SsoSettings = z.object({
  enabled: z.boolean(),
  issuerUrl: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  scopes: z.string(),
  groupsClaim: z.string(),
  buttonLabel: z.string(),
  jitEnabled: z.boolean(),
  defaultRoleId: z.number().int().nullable(),
  groupMappings: z.array(
    z.object({ group: z.string(), roleId: z.number().int(), organizationScope: OrganizationScope }),
  ),
  /** Where the provider must send the browser back (register it as the client's redirect URI). */
  redirectUri: z.string(),
});
export type SsoSettings = z.infer<typeof SsoSettings>;

/**
 * `PUT /settings/sso`: the whole settings. `clientSecret` absent keeps the stored one, an empty string
 * removes it (a public client: PKCE alone), any other value replaces it.
 */
export const UpdateSsoSettingsRequest = z
  .object({ ...fields, clientSecret: z.string().max(2000).optional() })
  .strict()
  .superRefine((value, context) => {
    if (value.enabled && (value.issuerUrl === '' || value.clientId === ''))
      context.addIssue({ code: 'custom', path: ['issuerUrl'], message: ssoMessages.issuerRequired });
  });
export type UpdateSsoSettingsRequest = z.input<typeof UpdateSsoSettingsRequest>;

/** `GET /auth/sso` (public): whether the sign-in page shows the button, and its label. */
export const SsoInfo = z.object({ enabled: z.boolean(), buttonLabel: z.string() });
export type SsoInfo = z.infer<typeof SsoInfo>;
