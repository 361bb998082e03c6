import {
  ADMINISTRATOR_ROLE,
  type CreateRoleRequest,
  INVITATION_TTL_HOURS,
  type InviteUserRequest,
  intersectScopes,
  isEndUserPermission,
  isPermission,
  type OrganizationScope,
  type PasswordLink,
  type Role,
  type RoleType,
  scopeWithin,
  type UpdateRoleRequest,
  type UpdateUserRequest,
  type User,
  userMessages,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { conflict, DomainError, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity, type NewActivity } from '../activities/repository.ts';
import { announceUsersChanged } from '../auth/revocation.ts';
import { hashPassword } from '../auth/service.ts';
import { existingOrganizationIds } from '../organizations/repository.ts';
import { requireOrganizationInScope } from '../organizations/service.ts';
import { assertPasswordAllowed } from '../settings/password-policy.ts';
import * as repo from './repository.ts';

/**
 * Roles, users and their password links. The rules every change keeps: nobody grants what they do not
 * have (permissions or organizations), built-in roles stay as shipped, one enabled administrator always
 * remains, and a user whose rights shrink is signed out everywhere at once.
 */

const ROLE_NOT_FOUND = 'Role not found.';
const USER_NOT_FOUND = 'User not found.';

type Context = { db: Db; actor: Actor; bus: Bus };

const iso = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

const activity = (
  actor: Actor,
  action: string,
  target: { type: string; id: number | string; name: string },
  extra: Partial<NewActivity> = {},
): NewActivity => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: target.type,
  targetId: target.id,
  targetName: target.name,
  outcome: 'SUCCESS',
  ...extra,
});

// ---------------------------------------------------------------- roles

const toRole = ({ role, userCount }: NonNullable<Awaited<ReturnType<typeof repo.findRole>>>): Role => ({
  id: role.id,
  name: role.name,
  description: role.description,
  roleType: role.roleType as RoleType,
  permissions: [...role.permissions].sort(),
  organizationScope: role.organizationScope,
  isBuiltIn: role.isBuiltIn,
  userCount,
  createdAt: role.createdAt.toISOString(),
});

export const listRoles = async (db: Db, roleType?: RoleType) =>
  (await repo.listRoles(db, roleType)).map(toRole);

export const getRole = async (db: DbOrTx, id: number) => {
  const row = await repo.findRole(db, id);
  if (!row) throw notFound(ROLE_NOT_FOUND);
  return toRole(row);
};

const selfEscalation = () => conflict(userMessages.selfEscalation);

/** Technician permissions the actor holds themselves; end-user roles grant no console rights. */
const assertPermissionsGrantable = (actor: Actor, roleType: RoleType, permissions: readonly string[]) => {
  if (roleType === 'TECHNICIAN' && permissions.some((p) => !isPermission(p) || !actor.permissions.has(p)))
    throw selfEscalation();
};

/** Permissions and organizations the actor holds themselves. */
const assertGrantable = (
  actor: Actor,
  roleType: RoleType,
  permissions: readonly string[],
  scope: OrganizationScope,
) => {
  assertPermissionsGrantable(actor, roleType, permissions);
  if (!scopeWithin(scope, actor.scope)) throw selfEscalation();
};

const assertOrganizationsExist = async (db: DbOrTx, scope: OrganizationScope) => {
  if (scope === 'all') return;
  const existing = await existingOrganizationIds(db, scope);
  const missing = scope.find((id) => !existing.has(id));
  if (missing !== undefined)
    throw new DomainError('VALIDATION_FAILED', userMessages.unknownOrganization(missing));
};

const uniquePermissions = (list: readonly string[]) => [...new Set(list)].sort();

export const createRole = async ({
  db,
  actor,
  input,
}: Context & { input: z.output<typeof CreateRoleRequest> }) => {
  assertGrantable(actor, input.roleType, input.permissions, input.organizationScope);
  await assertOrganizationsExist(db, input.organizationScope);
  if (await repo.findRoleByName(db, input.name)) throw conflict(userMessages.roleNameTaken);
  const id = await db.transaction(async (tx) => {
    const newId = await repo.insertRole(tx, {
      name: input.name,
      description: input.description,
      roleType: input.roleType,
      permissions: uniquePermissions(input.permissions),
      organizationScope: input.organizationScope,
    });
    await insertActivity(tx, activity(actor, 'role.create', { type: 'role', id: newId, name: input.name }));
    return newId;
  });
  return getRole(db, id);
};

export const updateRole = async ({
  db,
  actor,
  bus,
  id,
  input,
}: Context & { id: number; input: z.output<typeof UpdateRoleRequest> }) => {
  const before = await getRole(db, id);
  if (before.isBuiltIn) throw conflict(userMessages.builtInRole);
  const isKnown = before.roleType === 'TECHNICIAN' ? isPermission : isEndUserPermission;
  const unknown = input.permissions.find((p) => !isKnown(p));
  if (unknown) throw new DomainError('VALIDATION_FAILED', userMessages.unknownPermission(unknown));
  assertGrantable(actor, before.roleType, input.permissions, input.organizationScope);
  await assertOrganizationsExist(db, input.organizationScope);
  const sameName = await repo.findRoleByName(db, input.name);
  if (sameName && sameName.id !== id) throw conflict(userMessages.roleNameTaken);
  const holders = await db.transaction(async (tx) => {
    await repo.updateRole(tx, id, {
      name: input.name,
      description: input.description,
      permissions: uniquePermissions(input.permissions),
      organizationScope: input.organizationScope,
    });
    await insertActivity(tx, activity(actor, 'role.update', { type: 'role', id, name: input.name }));
    return repo.userIdsWithRole(tx, id);
  });
  // Each request reads the role afresh; open sockets re-check their rights now.
  announceUsersChanged(bus, holders);
  return getRole(db, id);
};

export const deleteRole = async ({ db, actor, id }: Omit<Context, 'bus'> & { id: number }) => {
  const role = await getRole(db, id);
  if (role.isBuiltIn) throw conflict(userMessages.builtInRole);
  if (role.userCount > 0) throw conflict(userMessages.roleInUse(role.userCount));
  await db.transaction(async (tx) => {
    await repo.deleteRole(tx, id);
    await insertActivity(tx, activity(actor, 'role.delete', { type: 'role', id, name: role.name }));
  });
};

// ---------------------------------------------------------------- users

const toUser = (row: NonNullable<Awaited<ReturnType<typeof repo.findUser>>>): User => {
  const { user } = row;
  const invitationExpiresAt = iso(row.invitationExpiresAt);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    userType: user.userType as RoleType,
    roleId: user.roleId,
    roleName: row.roleName,
    organizationScope: user.organizationScope,
    organizationId: user.organizationId,
    organizationName: row.organizationName,
    isEnabled: user.isEnabled,
    // Without a password: a reset waiting for its new one, an invitation not accepted yet, or a technician
    // who signs in through single sign-on only (active).
    status: !user.isEnabled
      ? 'DISABLED'
      : user.passwordHash !== null
        ? 'ACTIVE'
        : row.liveLinkPurpose === 'RESET'
          ? 'RESET'
          : user.lastLoginAt === null
            ? 'INVITED'
            : 'ACTIVE',
    invitationExpiresAt: user.passwordHash === null ? invitationExpiresAt : null,
    lastLoginAt: iso(user.lastLoginAt),
    createdAt: user.createdAt.toISOString(),
  };
};

export const getUser = async (db: DbOrTx, actor: Actor, id: number) => {
  const row = await repo.findUser(db, actor.scope, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUser(row);
};

export const listUsers = async (
  db: Db,
  actor: Actor,
  query: { userType: RoleType; search?: string; organizationId?: number; page: number; pageSize: number },
) => {
  const { rows, count } = await repo.listUsers(db, actor.scope, query);
  return { data: rows.map(toUser), count, page: query.page, pageSize: query.pageSize };
};

/**
 * The role a user of this type may be given: it exists, is of their kind, and grants no permission the
 * actor lacks. Its organizations are not compared here: the user sees what both the role and their own
 * scope allow, and that scope is checked against the actor's.
 */
const grantableRole = async (db: DbOrTx, actor: Actor, roleId: number, userType: RoleType) => {
  const row = await repo.findRole(db, roleId);
  if (!row || row.role.roleType !== userType)
    throw new DomainError('VALIDATION_FAILED', userMessages.unknownRole);
  assertPermissionsGrantable(actor, userType, row.role.permissions);
  return row.role;
};

const newLink = async (
  tx: DbOrTx,
  userId: number,
  purpose: 'INVITE' | 'RESET',
  baseUrl: string,
): Promise<PasswordLink> => {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_HOURS * 3600_000);
  await repo.insertPasswordLink(tx, { userId, tokenHash: sha256(token), purpose, expiresAt });
  return { url: `${baseUrl}/invitation/${token}`, expiresAt: expiresAt.toISOString() };
};

export const inviteUser = async ({
  db,
  actor,
  input,
  baseUrl,
}: Omit<Context, 'bus'> & { input: z.output<typeof InviteUserRequest>; baseUrl: string }) => {
  await grantableRole(db, actor, input.roleId, input.userType);
  const organizationScope: OrganizationScope =
    input.userType === 'END_USER' ? [input.organizationId!] : input.organizationScope;
  if (input.userType === 'END_USER') {
    await requireOrganizationInScope(db, actor, input.organizationId!);
  } else {
    if (!scopeWithin(organizationScope, actor.scope)) throw selfEscalation();
    await assertOrganizationsExist(db, organizationScope);
  }
  if (await repo.findUserByEmail(db, input.email)) throw conflict(userMessages.emailTaken);
  const { id, link } = await db.transaction(async (tx) => {
    const newId = await repo.insertUser(tx, {
      email: input.email.toLowerCase(),
      name: input.name,
      phone: input.phone,
      userType: input.userType,
      roleId: input.roleId,
      organizationScope,
      organizationId: input.userType === 'END_USER' ? input.organizationId : null,
      passwordHash: null,
    });
    const created = await newLink(tx, newId, 'INVITE', baseUrl);
    await insertActivity(
      tx,
      activity(
        actor,
        'user.invite',
        { type: 'user', id: newId, name: input.email },
        {
          organizationId: input.userType === 'END_USER' ? input.organizationId : null,
          detail: input.userType === 'END_USER' ? 'end user' : 'technician',
        },
      ),
    );
    return { id: newId, link: created };
  });
  return { user: await getUser(db, actor, id), link };
};

const isAdministrator = (role: { name: string; isBuiltIn: boolean }) =>
  role.isBuiltIn && role.name === ADMINISTRATOR_ROLE;

/** Refuses a change that would leave no enabled administrator (the caller holds the lock until commit). */
const assertAdministratorRemains = async (tx: DbOrTx, userId: number, stillAdministrator: boolean) => {
  const administratorRole = (await repo.listRoles(tx, 'TECHNICIAN')).find((r) => isAdministrator(r.role));
  if (!administratorRole) return;
  const administrators = await repo.lockEnabledAdministrators(tx, administratorRole.role.id);
  if (administrators.includes(userId) && !stillAdministrator && administrators.length <= 1)
    throw conflict(userMessages.lastAdministrator);
};

export const updateUser = async ({
  db,
  actor,
  bus,
  id,
  input,
}: Context & { id: number; input: z.output<typeof UpdateUserRequest> }) => {
  const before = await getUser(db, actor, id);
  const isSelf = id === actor.id;
  if (isSelf && input.isEnabled === false) throw conflict(userMessages.selfDisable);
  const roleChanges = input.roleId !== undefined && input.roleId !== before.roleId;
  const role = roleChanges ? await grantableRole(db, actor, input.roleId!, before.userType) : undefined;
  if (isSelf && roleChanges) {
    // Nobody picks their own new role: a lower one is fine only when someone else gives it.
    throw selfEscalation();
  }
  const organizationScope = input.organizationScope;
  if (organizationScope !== undefined) {
    if (before.userType === 'END_USER')
      throw new DomainError('VALIDATION_FAILED', userMessages.endUserOrganization);
    if (!scopeWithin(organizationScope, actor.scope)) throw selfEscalation();
    if (isSelf && !scopeWithin(organizationScope, before.organizationScope)) throw selfEscalation();
    await assertOrganizationsExist(db, organizationScope);
  }
  // What the user would see afterwards must lie within what the actor sees.
  if (
    before.userType === 'TECHNICIAN' &&
    (role || organizationScope !== undefined) &&
    !scopeWithin(
      intersectScopes(organizationScope ?? before.organizationScope, role?.organizationScope ?? 'all'),
      actor.scope,
    )
  )
    throw selfEscalation();
  const endsSessions = roleChanges || input.isEnabled === false;
  await db.transaction(async (tx) => {
    if (before.userType === 'TECHNICIAN' && (roleChanges || input.isEnabled === false)) {
      await assertAdministratorRemains(
        tx,
        id,
        input.isEnabled !== false && (role ? isAdministrator(role) : true),
      );
    }
    await repo.updateUser(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(role ? { roleId: role.id } : {}),
      ...(organizationScope !== undefined ? { organizationScope } : {}),
      ...(input.isEnabled !== undefined ? { isEnabled: input.isEnabled } : {}),
    });
    if (endsSessions) await repo.deleteSessionsOf(tx, id);
    const changed = Object.keys(input).join(', ');
    await insertActivity(
      tx,
      activity(
        actor,
        'user.update',
        { type: 'user', id, name: before.email },
        {
          detail: `${changed}${endsSessions ? '; sessions ended' : ''}`,
        },
      ),
    );
  });
  announceUsersChanged(bus, [id]);
  return getUser(db, actor, id);
};

export const deleteUser = async ({ db, actor, bus, id }: Context & { id: number }) => {
  const before = await getUser(db, actor, id);
  if (id === actor.id) throw conflict(userMessages.selfDisable);
  await db.transaction(async (tx) => {
    if (before.userType === 'TECHNICIAN') await assertAdministratorRemains(tx, id, false);
    await repo.deleteUser(tx, id);
    await insertActivity(tx, activity(actor, 'user.delete', { type: 'user', id, name: before.email }));
  });
  announceUsersChanged(bus, [id]);
};

/** A new invitation link (the earlier one stops working); only for a user who has not set a password. */
export const resendInvitation = async ({
  db,
  actor,
  id,
  baseUrl,
}: Omit<Context, 'bus'> & { id: number; baseUrl: string }) => {
  const user = await getUser(db, actor, id);
  if (user.status !== 'INVITED') throw conflict('This user has already set a password; reset it instead.');
  return db.transaction(async (tx) => {
    const link = await newLink(tx, id, 'INVITE', baseUrl);
    await insertActivity(
      tx,
      activity(actor, 'user.invitation.resend', { type: 'user', id, name: user.email }),
    );
    return link;
  });
};

/** An administrator's reset: the password stops working, every session ends, and a one-time link is made. */
export const resetPassword = async ({
  db,
  actor,
  bus,
  id,
  baseUrl,
}: Context & { id: number; baseUrl: string }) => {
  const user = await getUser(db, actor, id);
  if (id === actor.id)
    throw conflict('Change your own password from a reset link made by another administrator.');
  const link = await db.transaction(async (tx) => {
    await repo.updateUser(tx, id, { passwordHash: null });
    await repo.deleteSessionsOf(tx, id);
    const created = await newLink(tx, id, 'RESET', baseUrl);
    await insertActivity(
      tx,
      activity(
        actor,
        'user.passwordReset',
        { type: 'user', id, name: user.email },
        { detail: 'sessions ended' },
      ),
    );
    return created;
  });
  announceUsersChanged(bus, [id]);
  return link;
};

// ---------------------------------------------------------------- invitation links (public)

const gone = (message: string) => new DomainError('LINK_EXPIRED', message, { statusCode: 410 });

const liveLink = async (db: DbOrTx, token: string) => {
  const found = await repo.findPasswordLink(db, sha256(token));
  if (!found) throw notFound('This link is not valid.');
  if (found.link.usedAt) throw gone(userMessages.invitationUsed);
  if (found.link.expiresAt <= new Date()) throw gone(userMessages.invitationExpired);
  return found;
};

export const describeInvitation = async (db: Db, token: string) => {
  const { link, user } = await liveLink(db, token);
  return {
    email: user.email,
    name: user.name,
    purpose: link.purpose as 'INVITE' | 'RESET',
    expiresAt: link.expiresAt.toISOString(),
  };
};

/** Sets the password from a one-time link; answers the user, whom the route then signs in. */
export const acceptInvitation = async ({
  db,
  token,
  password,
}: {
  db: Db;
  token: string;
  password: string;
}) => {
  const { link, user } = await liveLink(db, token);
  await assertPasswordAllowed(db, password);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await repo.usePasswordLink(tx, link.id))) throw gone(userMessages.invitationUsed);
    await repo.updateUser(tx, user.id, { passwordHash, failedLoginCount: 0, lockedUntil: null });
    await insertActivity(tx, {
      actorId: user.id,
      actorName: user.email,
      action: link.purpose === 'INVITE' ? 'user.invitation.accept' : 'user.password.set',
      targetType: 'user',
      targetId: user.id,
      targetName: user.email,
      outcome: 'SUCCESS',
    });
  });
  return { id: user.id, email: user.email, userType: user.userType, isEnabled: user.isEnabled };
};
