import {
  AcceptInvitationRequest,
  ApiToken,
  Contact,
  ContactInput,
  CreateApiTokenRequest,
  CreateApiTokenResponse,
  CreateRoleRequest,
  IdParam,
  InvitationInfo,
  InvitationTokenParam,
  InviteUserRequest,
  InviteUserResponse,
  ListApiTokensResponse,
  ListContactsQuery,
  ListContactsResponse,
  ListRolesQuery,
  ListRolesResponse,
  ListSessionsResponse,
  ListUsersQuery,
  ListUsersResponse,
  OkResponse,
  PasswordLink,
  Role,
  SessionParam,
  TokenParam,
  UpdateRoleRequest,
  UpdateUserRequest,
  User,
} from '@rmm/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { afterPassword, startSession } from '../auth/service.ts';
import * as access from './access-service.ts';
import * as contacts from './contacts-service.ts';
import * as service from './service.ts';

const tags = ['users'];

/** Roles, users (technicians and end users), invitations, sessions, API tokens and contacts. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const isSecure = app.config.publicUrl?.startsWith('https://') ?? false;
  /** Where invitation links point: the configured public URL, or the console the administrator uses. */
  const baseUrlOf = (request: FastifyRequest) =>
    (app.config.publicUrl ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`).replace(
      /\/$/,
      '',
    );

  // ---------------------------------------------------------------- roles

  app.get(
    '/user-roles',
    {
      config: { access: 'users.view' },
      schema: {
        tags,
        summary: 'Technician or end-user roles (spec §7: GET /user-roles?roleType=END_USER)',
        querystring: ListRolesQuery,
        response: { 200: ListRolesResponse },
      },
    },
    async (request) => service.listRoles(app.db, request.query.roleType),
  );

  app.get(
    '/user-roles/:id',
    {
      config: { access: 'users.view' },
      schema: { tags, summary: 'One role', params: IdParam, response: { 200: Role } },
    },
    async (request) => service.getRole(app.db, request.params.id),
  );

  app.post(
    '/user-roles',
    {
      config: { access: 'users.manage', activity: 'role.create' },
      schema: { tags, summary: 'Create a custom role', body: CreateRoleRequest, response: { 201: Role } },
    },
    async (request, reply) => {
      const role = await service.createRole({
        db: app.db,
        actor: actorOf(request),
        bus: app.bus,
        input: request.body,
      });
      return reply.code(201).send(role);
    },
  );

  app.put(
    '/user-roles/:id',
    {
      config: { access: 'users.manage', activity: 'role.update' },
      schema: {
        tags,
        summary: 'Change a custom role (built-in roles cannot be changed)',
        params: IdParam,
        body: UpdateRoleRequest,
        response: { 200: Role },
      },
    },
    async (request) =>
      service.updateRole({
        db: app.db,
        actor: actorOf(request),
        bus: app.bus,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/user-roles/:id',
    {
      config: { access: 'users.manage', activity: 'role.delete' },
      schema: {
        tags,
        summary: 'Delete a custom role no one holds',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.deleteRole({ db: app.db, actor: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );

  // ---------------------------------------------------------------- users

  app.get(
    '/users',
    {
      config: { access: 'users.view' },
      schema: {
        tags,
        summary: 'Technicians, or end users (of the organizations in scope)',
        querystring: ListUsersQuery,
        response: { 200: ListUsersResponse },
      },
    },
    async (request) => service.listUsers(app.db, actorOf(request), request.query),
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'users.view' },
      schema: { tags, summary: 'One user', params: IdParam, response: { 200: User } },
    },
    async (request) => service.getUser(app.db, actorOf(request), request.params.id),
  );

  app.post(
    '/users',
    {
      config: { access: 'users.manage', activity: 'user.invite' },
      schema: {
        tags,
        summary: 'Invite a user: answers a one-time link to set a password',
        body: InviteUserRequest,
        response: { 201: InviteUserResponse },
      },
    },
    async (request, reply) => {
      const result = await service.inviteUser({
        db: app.db,
        actor: actorOf(request),
        input: request.body,
        baseUrl: baseUrlOf(request),
      });
      return reply.code(201).send(result);
    },
  );

  app.put(
    '/users/:id',
    {
      config: { access: 'users.manage', activity: 'user.update' },
      schema: {
        tags,
        summary: 'Change a user; disabling or a new role ends their sessions',
        params: IdParam,
        body: UpdateUserRequest,
        response: { 200: User },
      },
    },
    async (request) =>
      service.updateUser({
        db: app.db,
        actor: actorOf(request),
        bus: app.bus,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'users.manage', activity: 'user.delete' },
      schema: { tags, summary: 'Delete a user', params: IdParam, response: { 200: OkResponse } },
    },
    async (request) => {
      await service.deleteUser({ db: app.db, actor: actorOf(request), bus: app.bus, id: request.params.id });
      return { ok: true as const };
    },
  );

  app.post(
    '/users/:id/invitation',
    {
      config: { access: 'users.manage', activity: 'user.invitation.resend' },
      schema: {
        tags,
        summary: 'A new invitation link (the earlier one stops working)',
        params: IdParam,
        response: { 200: PasswordLink },
      },
    },
    async (request) =>
      service.resendInvitation({
        db: app.db,
        actor: actorOf(request),
        id: request.params.id,
        baseUrl: baseUrlOf(request),
      }),
  );

  app.post(
    '/users/:id/password-reset',
    {
      config: { access: 'users.manage', activity: 'user.passwordReset' },
      schema: {
        tags,
        summary: "Reset a user's password: ends their sessions, answers a one-time link",
        params: IdParam,
        response: { 200: PasswordLink },
      },
    },
    async (request) =>
      service.resetPassword({
        db: app.db,
        actor: actorOf(request),
        bus: app.bus,
        id: request.params.id,
        baseUrl: baseUrlOf(request),
      }),
  );

  // ---------------------------------------------------------------- sessions and API tokens

  app.get(
    '/users/:id/sessions',
    {
      // Oneself, or with users.manage (checked by the service).
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "A user's active sessions",
        params: IdParam,
        response: { 200: ListSessionsResponse },
      },
    },
    async (request) =>
      access.listSessions({ db: app.db, actor: actorOf(request), userId: request.params.id }),
  );

  app.delete(
    '/users/:id/sessions/:sessionId',
    {
      config: { access: 'authenticated', activity: 'user.session.revoke' },
      schema: {
        tags,
        summary: 'End one session (its /events socket closes on every server process)',
        params: SessionParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await access.revokeSession({
        db: app.db,
        actor: actorOf(request),
        bus: app.bus,
        userId: request.params.id,
        sessionId: request.params.sessionId,
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/users/:id/api-tokens',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "A user's API tokens",
        params: IdParam,
        response: { 200: ListApiTokensResponse },
      },
    },
    async (request) =>
      access.listApiTokens({ db: app.db, actor: actorOf(request), userId: request.params.id }),
  );

  app.post(
    '/users/:id/api-tokens',
    {
      config: { access: 'authenticated', activity: 'user.apiToken.create' },
      schema: {
        tags,
        summary: 'Make an API token (shown once; stored hashed)',
        params: IdParam,
        body: CreateApiTokenRequest,
        response: { 201: CreateApiTokenResponse },
      },
    },
    async (request, reply) => {
      const result = await access.createApiToken({
        db: app.db,
        actor: actorOf(request),
        userId: request.params.id,
        input: request.body,
      });
      return reply.code(201).send(result);
    },
  );

  app.delete(
    '/users/:id/api-tokens/:tokenId',
    {
      config: { access: 'authenticated', activity: 'user.apiToken.revoke' },
      schema: { tags, summary: 'Revoke an API token', params: TokenParam, response: { 200: ApiToken } },
    },
    async (request) =>
      access.revokeApiToken({
        db: app.db,
        actor: actorOf(request),
        bus: app.bus,
        userId: request.params.id,
        tokenId: request.params.tokenId,
      }),
  );

  // ---------------------------------------------------------------- invitation links (no session)

  app.get(
    '/auth/invitation/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whose one-time link this is (invitation or password reset)',
        params: InvitationTokenParam,
        response: { 200: InvitationInfo },
      },
    },
    async (request) => service.describeInvitation(app.db, request.params.token),
  );

  app.post(
    '/auth/invitation/:token',
    {
      config: {
        access: 'public',
        activity: 'user.invitation.accept',
        rateLimit: { max: app.config.loginRatePerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary:
          "Set the password from a one-time link (at least the policy's length, not a common leaked one), and sign in " +
          '(unless a second factor, or its set-up while MFA is required, comes first: then sign in with it)',
        params: InvitationTokenParam,
        body: AcceptInvitationRequest,
        response: { 200: OkResponse },
      },
    },
    async (request, reply) => {
      const user = await service.acceptInvitation({
        db: app.db,
        token: request.params.token,
        password: request.body.password,
      });
      // End users have no console session; their portal comes later. A technician with a second factor,
      // or without one while the security settings require it, signs in with the new password instead.
      if (
        user.userType === 'TECHNICIAN' &&
        user.isEnabled &&
        (await afterPassword(app.db, user.id)).kind === 'SESSION'
      ) {
        const cookie = await startSession({
          db: app.db,
          config: app.config,
          user,
          kind: 'SESSION',
          meta: { ip: request.ip, userAgent: request.headers['user-agent'] },
          activity: { action: 'auth.login', detail: `from ${request.ip}, after setting a password` },
        });
        reply.setCookie(cookie.name, cookie.value, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: isSecure,
          maxAge: cookie.maxAgeSeconds,
        });
      }
      return { ok: true as const };
    },
  );

  // ---------------------------------------------------------------- contacts

  app.get(
    '/contacts',
    {
      config: { access: 'organizations.view' },
      schema: {
        tags,
        summary: 'Contacts of the organizations in scope',
        querystring: ListContactsQuery,
        response: { 200: ListContactsResponse },
      },
    },
    async (request) => contacts.listContacts(app.db, actorOf(request), request.query),
  );

  app.get(
    '/contacts/:id',
    {
      config: { access: 'organizations.view' },
      schema: { tags, summary: 'One contact', params: IdParam, response: { 200: Contact } },
    },
    async (request) => contacts.getContact(app.db, actorOf(request), request.params.id),
  );

  app.post(
    '/contacts',
    {
      config: { access: 'organizations.manage', activity: 'contact.create' },
      schema: {
        tags,
        summary: 'Add a contact to an organization',
        body: ContactInput,
        response: { 201: Contact },
      },
    },
    async (request, reply) => {
      const contact = await contacts.createContact({
        db: app.db,
        actor: actorOf(request),
        input: request.body,
      });
      return reply.code(201).send(contact);
    },
  );

  app.put(
    '/contacts/:id',
    {
      config: { access: 'organizations.manage', activity: 'contact.update' },
      schema: {
        tags,
        summary: 'Change a contact',
        params: IdParam,
        body: ContactInput,
        response: { 200: Contact },
      },
    },
    async (request) =>
      contacts.updateContact({
        db: app.db,
        actor: actorOf(request),
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/contacts/:id',
    {
      config: { access: 'organizations.manage', activity: 'contact.delete' },
      schema: { tags, summary: 'Delete a contact', params: IdParam, response: { 200: OkResponse } },
    },
    async (request) => {
      await contacts.deleteContact({ db: app.db, actor: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );
};
