import type {
  ContactInput,
  CreateApiTokenRequest,
  CreateRoleRequest,
  RoleType,
  UpdateRoleRequest,
  UpdateSsoSettingsRequest,
  UpdateUserRequest,
} from '@rmm/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ContactListParams, type UserListParams, usersApi } from './api.ts';

export const userKeys = {
  roots: { roles: ['user-roles'], users: ['users'], contacts: ['contacts'] },
  roles: (roleType?: RoleType) => ['user-roles', 'list', roleType ?? 'any'] as const,
  role: (id: number) => ['user-roles', 'detail', id] as const,
  users: (params: UserListParams) => ['users', 'list', params] as const,
  user: (id: number) => ['users', 'detail', id] as const,
  sessions: (userId: number) => ['users', 'sessions', userId] as const,
  apiTokens: (userId: number) => ['users', 'api-tokens', userId] as const,
  invitation: (token: string) => ['invitation', token] as const,
  contacts: (params: ContactListParams) => ['contacts', 'list', params] as const,
  sso: ['settings', 'sso'] as const,
} as const;

// ---------------------------------------------------------------- roles

export const useRolesQuery = (roleType?: RoleType) =>
  useQuery({ queryKey: userKeys.roles(roleType), queryFn: () => usersApi.roles(roleType) });

export const useRoleQuery = (id: number | undefined) =>
  useQuery({
    queryKey: userKeys.role(id ?? 0),
    queryFn: () => usersApi.role(id!),
    enabled: id !== undefined && Number.isInteger(id) && id > 0,
  });

export const useSaveRoleMutation = (id: number | undefined) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRoleRequest) => {
      if (id === undefined) return usersApi.createRole(body);
      const { roleType: _roleType, ...update } = body;
      return usersApi.updateRole(id, update satisfies UpdateRoleRequest);
    },
    onSuccess: (role) => {
      queryClient.setQueryData(userKeys.role(role.id), role);
      return queryClient.invalidateQueries({ queryKey: [...userKeys.roots.roles, 'list'] });
    },
  });
};

export const useDeleteRoleMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: usersApi.removeRole,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: userKeys.role(id) });
      return queryClient.invalidateQueries({ queryKey: [...userKeys.roots.roles, 'list'] });
    },
  });
};

// ---------------------------------------------------------------- users

export const useUsersQuery = (params: UserListParams) =>
  useQuery({
    queryKey: userKeys.users(params),
    queryFn: () => usersApi.users(params),
    placeholderData: keepPreviousData,
  });

export const useUserQuery = (id: number) =>
  useQuery({
    queryKey: userKeys.user(id),
    queryFn: () => usersApi.user(id),
    enabled: Number.isInteger(id) && id > 0,
  });

/** Users and role counts both change when a user is invited, changed or deleted. */
const refreshUsers = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [...userKeys.roots.users, 'list'] }),
    queryClient.invalidateQueries({ queryKey: userKeys.roots.roles }),
  ]);

export const useInviteUserMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: usersApi.invite, onSuccess: () => refreshUsers(queryClient) });
};

export const useUpdateUserMutation = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserRequest) => usersApi.updateUser(id, body),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.user(id), user);
      void queryClient.invalidateQueries({ queryKey: userKeys.sessions(id) });
      return refreshUsers(queryClient);
    },
  });
};

export const useDeleteUserMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: usersApi.removeUser,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: userKeys.user(id) });
      return refreshUsers(queryClient);
    },
  });
};

/** A new one-time link: a fresh invitation for an invited user, a password reset for the others. */
export const usePasswordLinkMutation = (id: number, kind: 'invitation' | 'reset') => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => (kind === 'invitation' ? usersApi.resendInvitation(id) : usersApi.resetPassword(id)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.user(id) }),
        queryClient.invalidateQueries({ queryKey: userKeys.sessions(id) }),
        queryClient.invalidateQueries({ queryKey: [...userKeys.roots.users, 'list'] }),
      ]),
  });
};

// ---------------------------------------------------------------- sessions and API tokens

export const useSessionsQuery = (userId: number) =>
  useQuery({ queryKey: userKeys.sessions(userId), queryFn: () => usersApi.sessions(userId) });

export const useRevokeSessionMutation = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => usersApi.revokeSession(userId, sessionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.sessions(userId) }),
  });
};

export const useApiTokensQuery = (userId: number) =>
  useQuery({ queryKey: userKeys.apiTokens(userId), queryFn: () => usersApi.apiTokens(userId) });

export const useCreateApiTokenMutation = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenRequest) => usersApi.createApiToken(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.apiTokens(userId) }),
  });
};

export const useRevokeApiTokenMutation = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => usersApi.revokeApiToken(userId, tokenId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.apiTokens(userId) }),
  });
};

// ---------------------------------------------------------------- invitation links

export const useInvitationQuery = (token: string) =>
  useQuery({ queryKey: userKeys.invitation(token), queryFn: () => usersApi.invitation(token), retry: false });

// ---------------------------------------------------------------- contacts

export const useContactsQuery = (params: ContactListParams) =>
  useQuery({
    queryKey: userKeys.contacts(params),
    queryFn: () => usersApi.contacts(params),
    placeholderData: keepPreviousData,
  });

export const useSaveContactMutation = (id: number | undefined) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactInput) =>
      id === undefined ? usersApi.createContact(body) : usersApi.updateContact(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.roots.contacts }),
  });
};

export const useDeleteContactMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: usersApi.removeContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.roots.contacts }),
  });
};

const mfaKey = (id: number) => ['users', 'mfa', id] as const;

/** A technician's second factors, as an administrator sees them. */
export const useUserMfaQuery = (id: number) =>
  useQuery({ queryKey: mfaKey(id), queryFn: () => usersApi.mfa(id) });

export const useResetMfaMutation = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => usersApi.resetMfa(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKey(id) }),
  });
};

// ---------------------------------------------------------------- single sign-on

export const useSsoSettingsQuery = () => useQuery({ queryKey: userKeys.sso, queryFn: usersApi.ssoSettings });

export const useUpdateSsoSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSsoSettingsRequest) => usersApi.updateSsoSettings(body),
    onSuccess: (settings) => queryClient.setQueryData(userKeys.sso, settings),
  });
};
