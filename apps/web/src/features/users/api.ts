import type {
  AcceptInvitationRequest,
  ApiToken,
  Contact,
  ContactInput,
  CreateApiTokenRequest,
  CreateApiTokenResponse,
  CreateRoleRequest,
  InvitationInfo,
  InviteUserRequest,
  InviteUserResponse,
  ListContactsResponse,
  ListRolesResponse,
  ListUsersResponse,
  MfaStatus,
  PasswordLink,
  Role,
  RoleType,
  SsoSettings,
  UpdateRoleRequest,
  UpdateSsoSettingsRequest,
  UpdateUserRequest,
  User,
  UserSession,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

export type UserListParams = {
  userType: RoleType;
  page: number;
  pageSize: number;
  search?: string;
  organizationId?: number;
};

export type ContactListParams = { page: number; pageSize: number; search?: string; organizationId?: number };

type Ok = { ok: true };

/** Roles, users, their sessions and API tokens, contacts, and the public invitation link. */
export const usersApi = {
  roles: (roleType?: RoleType) =>
    apiRequest<ListRolesResponse>('GET', `${apiPaths.userRoles()}${toQuery({ roleType })}`),
  role: (id: number) => apiRequest<Role>('GET', apiPaths.userRole(id)),
  createRole: (body: CreateRoleRequest) => apiRequest<Role>('POST', apiPaths.userRoles(), body),
  updateRole: (id: number, body: UpdateRoleRequest) => apiRequest<Role>('PUT', apiPaths.userRole(id), body),
  removeRole: (id: number) => apiRequest<Ok>('DELETE', apiPaths.userRole(id)),

  users: (params: UserListParams) =>
    apiRequest<ListUsersResponse>('GET', `${apiPaths.users()}${toQuery(params)}`),
  user: (id: number) => apiRequest<User>('GET', apiPaths.user(id)),
  invite: (body: InviteUserRequest) => apiRequest<InviteUserResponse>('POST', apiPaths.users(), body),
  updateUser: (id: number, body: UpdateUserRequest) => apiRequest<User>('PUT', apiPaths.user(id), body),
  removeUser: (id: number) => apiRequest<Ok>('DELETE', apiPaths.user(id)),
  resendInvitation: (id: number) => apiRequest<PasswordLink>('POST', apiPaths.userInvitation(id)),
  resetPassword: (id: number) => apiRequest<PasswordLink>('POST', apiPaths.userPasswordReset(id)),
  mfa: (id: number) => apiRequest<MfaStatus>('GET', apiPaths.userMfa(id)),
  resetMfa: (id: number) => apiRequest<Ok>('DELETE', apiPaths.userMfa(id)),

  sessions: (userId: number) => apiRequest<UserSession[]>('GET', apiPaths.userSessions(userId)),
  revokeSession: (userId: number, sessionId: string) =>
    apiRequest<Ok>('DELETE', apiPaths.userSession(userId, sessionId)),
  apiTokens: (userId: number) => apiRequest<ApiToken[]>('GET', apiPaths.userApiTokens(userId)),
  createApiToken: (userId: number, body: CreateApiTokenRequest) =>
    apiRequest<CreateApiTokenResponse>('POST', apiPaths.userApiTokens(userId), body),
  revokeApiToken: (userId: number, tokenId: number) =>
    apiRequest<ApiToken>('DELETE', apiPaths.userApiToken(userId, tokenId)),

  invitation: (token: string) => apiRequest<InvitationInfo>('GET', apiPaths.invitation(token)),
  acceptInvitation: (token: string, body: AcceptInvitationRequest) =>
    apiRequest<Ok>('POST', apiPaths.invitation(token), body),

  contacts: (params: ContactListParams) =>
    apiRequest<ListContactsResponse>('GET', `${apiPaths.contacts()}${toQuery(params)}`),
  createContact: (body: ContactInput) => apiRequest<Contact>('POST', apiPaths.contacts(), body),
  updateContact: (id: number, body: ContactInput) => apiRequest<Contact>('PUT', apiPaths.contact(id), body),
  removeContact: (id: number) => apiRequest<Ok>('DELETE', apiPaths.contact(id)),
  ssoSettings: () => apiRequest<SsoSettings>('GET', apiPaths.ssoSettings()),
  updateSsoSettings: (body: UpdateSsoSettingsRequest) =>
    apiRequest<SsoSettings>('PUT', apiPaths.ssoSettings(), body),
};
