import * as z from 'zod';
import { OrganizationScope } from './auth.ts';
import { listOf, PageQuery } from './http.ts';
import { isEndUserPermission, isPermission } from './permissions.ts';
import { EmailAddress } from './validators.ts';

/**
 * Users, roles, invitations, sessions, API tokens and contacts (issue 13). Technicians sign in to the
 * console; end users belong to one organization (the portal and the device tray, later); contacts are
 * people of an organization who never sign in.
 */

export const RoleType = z.enum(['TECHNICIAN', 'END_USER']);
export type RoleType = z.infer<typeof RoleType>;

/** Passwords set through an invitation or a reset link. */
export const PASSWORD_MIN_LENGTH = 12;
/** How long an invitation or password-reset link works. */
export const INVITATION_TTL_HOURS = 72;

export const userMessages = {
  unknownPermission: (name: string) => `Unknown permission: ${name}`,
  unknownOrganization: (id: number) => `Organization ${id} does not exist`,
  unknownRole: 'The role does not exist or is not of this kind of user.',
  builtInRole: 'Built-in roles cannot be changed or deleted.',
  roleInUse: (count: number) => `The role is held by ${count} user(s); give them another role first.`,
  roleNameTaken: 'A role with this name already exists.',
  emailTaken: 'A user with this email already exists.',
  lastAdministrator: 'At least one enabled administrator must remain.',
  selfEscalation: 'You cannot give yourself or others permissions or organizations that you do not have.',
  selfDisable: 'You cannot disable or delete your own account.',
  invitationExpired: 'This link has expired. Ask an administrator for a new one.',
  invitationUsed: 'This link was already used or replaced by a newer one.',
  passwordTooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tokenWiderThanOwner: 'An API token cannot have permissions its owner does not have.',
  tokenExpiryPast: 'The expiry must be in the future.',
  endUserOrganization: 'An end user belongs to exactly one organization.',
} as const;

const name = z.string().trim().min(1).max(200);
const ids = z.array(z.number().int().positive().max(2147483647)).max(1000);
const scope = z.union([z.literal('all'), ids]);

export const Role = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  roleType: RoleType,
  permissions: z.array(z.string()),
  organizationScope: OrganizationScope,
  isBuiltIn: z.boolean(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type Role = z.infer<typeof Role>;

/** `GET /user-roles?roleType=END_USER` (spec §7): the roles of that kind, by name. */
export const ListRolesQuery = z.object({ roleType: RoleType.optional() });
export const ListRolesResponse = z.array(Role);
export type ListRolesResponse = z.infer<typeof ListRolesResponse>;

const checkPermissions = (value: { roleType: RoleType; permissions: string[] }, context: z.RefinementCtx) => {
  const isKnown = value.roleType === 'TECHNICIAN' ? isPermission : isEndUserPermission;
  for (const [index, permission] of value.permissions.entries()) {
    if (!isKnown(permission)) {
      context.addIssue({
        code: 'custom',
        path: ['permissions', index],
        message: userMessages.unknownPermission(permission),
      });
    }
  }
};

const roleFields = {
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).default(''),
  permissions: z.array(z.string().max(100)).max(200),
  organizationScope: scope.default('all'),
};

export const CreateRoleRequest = z
  .object({ ...roleFields, roleType: RoleType })
  .strict()
  .superRefine(checkPermissions);
export type CreateRoleRequest = z.input<typeof CreateRoleRequest>;

/** The role type never changes; the permissions are checked against the stored role's type. */
export const UpdateRoleRequest = z.object(roleFields).strict();
export type UpdateRoleRequest = z.input<typeof UpdateRoleRequest>;

/** INVITED: has never set a password; RESET: an administrator reset it and a new one is not set yet. */
export const UserStatus = z.enum(['ACTIVE', 'INVITED', 'RESET', 'DISABLED']);
export type UserStatus = z.infer<typeof UserStatus>;

export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  userType: RoleType,
  roleId: z.number().int(),
  roleName: z.string(),
  /** Technicians: the organizations they may see (within their role's). End users: their organization. */
  organizationScope: OrganizationScope,
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  isEnabled: z.boolean(),
  status: UserStatus,
  /** When the live one-time link (invitation or reset) expires; null when the user has a password. */
  invitationExpiresAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

export const ListUsersQuery = PageQuery.extend({
  userType: RoleType.default('TECHNICIAN'),
  search: z.string().trim().max(200).optional(),
  organizationId: z.coerce.number().int().positive().max(2147483647).optional(),
});
export type ListUsersQuery = z.input<typeof ListUsersQuery>;
export const ListUsersResponse = listOf(User);
export type ListUsersResponse = z.infer<typeof ListUsersResponse>;

export const InviteUserRequest = z
  .object({
    email: EmailAddress,
    name,
    phone: z.string().trim().max(50).default(''),
    userType: RoleType.default('TECHNICIAN'),
    roleId: z.number().int().positive().max(2147483647),
    /** Technicians only. */
    organizationScope: scope.default('all'),
    /** End users only: the organization they belong to. */
    organizationId: z.number().int().positive().max(2147483647).nullable().default(null),
  })
  .strict()
  .superRefine((value, context) => {
    if ((value.userType === 'END_USER') !== (value.organizationId !== null)) {
      context.addIssue({
        code: 'custom',
        path: ['organizationId'],
        message: userMessages.endUserOrganization,
      });
    }
  });
export type InviteUserRequest = z.input<typeof InviteUserRequest>;

/** A one-time link to set a password: an invitation, or a reset made by an administrator. */
export const PasswordLink = z.object({ url: z.string(), expiresAt: z.string() });
export type PasswordLink = z.infer<typeof PasswordLink>;

export const InviteUserResponse = z.object({ user: User, link: PasswordLink });
export type InviteUserResponse = z.infer<typeof InviteUserResponse>;

export const UpdateUserRequest = z
  .object({
    name: name.optional(),
    phone: z.string().trim().max(50).optional(),
    roleId: z.number().int().positive().max(2147483647).optional(),
    organizationScope: scope.optional(),
    isEnabled: z.boolean().optional(),
  })
  .strict();
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;

export const InvitationTokenParam = z.object({ token: z.string().min(10).max(200) });

/** `GET /auth/invitation/:token`: whose link it is, before the password form is shown. */
export const InvitationInfo = z.object({
  email: z.string(),
  name: z.string(),
  purpose: z.enum(['INVITE', 'RESET']),
  expiresAt: z.string(),
});
export type InvitationInfo = z.infer<typeof InvitationInfo>;

export const AcceptInvitationRequest = z
  .object({ password: z.string().min(PASSWORD_MIN_LENGTH, userMessages.passwordTooShort).max(1024) })
  .strict();
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;

export const UserSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  isCurrent: z.boolean(),
});
export type UserSession = z.infer<typeof UserSession>;
export const ListSessionsResponse = z.array(UserSession);

export const SessionParam = z.object({
  id: z.coerce.number().int().positive().max(2147483647),
  sessionId: z.string().regex(/^[0-9a-f]{64}$/),
});

export const ApiTokenStatus = z.enum(['ACTIVE', 'EXPIRED', 'REVOKED']);
export const ApiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.string()),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: ApiTokenStatus,
});
export type ApiToken = z.infer<typeof ApiToken>;
export const ListApiTokensResponse = z.array(ApiToken);

export const CreateApiTokenRequest = z
  .object({
    name: z.string().trim().min(1).max(100),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    permissions: z.array(z.string().max(100)).min(1).max(200),
  })
  .strict()
  .superRefine((value, context) => {
    for (const [index, permission] of value.permissions.entries()) {
      if (!isPermission(permission)) {
        context.addIssue({
          code: 'custom',
          path: ['permissions', index],
          message: userMessages.unknownPermission(permission),
        });
      }
    }
  });
export type CreateApiTokenRequest = z.input<typeof CreateApiTokenRequest>;

/** The token itself is in this answer only: it is stored hashed. */
export const CreateApiTokenResponse = z.object({ apiToken: ApiToken, token: z.string() });
export type CreateApiTokenResponse = z.infer<typeof CreateApiTokenResponse>;

export const TokenParam = z.object({
  id: z.coerce.number().int().positive().max(2147483647),
  tokenId: z.coerce.number().int().positive().max(2147483647),
});

export const Contact = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  jobTitle: z.string(),
  createdAt: z.string(),
});
export type Contact = z.infer<typeof Contact>;

export const ContactInput = z
  .object({
    organizationId: z.number().int().positive().max(2147483647),
    name,
    email: z.union([z.literal(''), EmailAddress]).default(''),
    phone: z.string().trim().max(50).default(''),
    jobTitle: z.string().trim().max(200).default(''),
  })
  .strict();
export type ContactInput = z.input<typeof ContactInput>;

export const ListContactsQuery = PageQuery.extend({
  search: z.string().trim().max(200).optional(),
  organizationId: z.coerce.number().int().positive().max(2147483647).optional(),
});
export type ListContactsQuery = z.input<typeof ListContactsQuery>;
export const ListContactsResponse = listOf(Contact);
export type ListContactsResponse = z.infer<typeof ListContactsResponse>;
