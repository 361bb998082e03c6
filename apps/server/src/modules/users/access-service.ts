import { type ApiToken, type CreateApiTokenRequest, type UserSession, userMessages } from '@rmm/domain';
import type { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import type { Db } from '../../db/database.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { findUserById } from '../auth/repository.ts';
import { announceUsersChanged } from '../auth/revocation.ts';
import * as repo from './repository.ts';
import { getUser } from './service.ts';

/**
 * A user's sessions and API tokens: the user themselves, or someone who may manage users, sees and
 * revokes them. A token never does more than its owner may (checked when made, and on every request).
 */

type Context = { db: Db; actor: Actor; userId: number };

/** The owner of what is acted on: oneself, or (with users.manage) a technician the actor may see. */
const ownerFor = async ({ db, actor, userId }: Context) => {
  if (userId !== actor.id && !actor.permissions.has('users.manage')) throw forbidden();
  const user = await getUser(db, actor, userId);
  if (user.userType !== 'TECHNICIAN') throw notFound('User not found.');
  return user;
};

export const listSessions = async (context: Context): Promise<UserSession[]> => {
  await ownerFor(context);
  const rows = await repo.listSessions(context.db, context.userId);
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    ipAddress: s.ipAddress,
    userAgent: s.userAgent,
    isCurrent: s.id === context.actor.sessionId,
  }));
};

export const revokeSession = async (context: Context & { bus: Bus; sessionId: string }) => {
  const { db, actor, userId, sessionId } = context;
  const user = await ownerFor(context);
  await db.transaction(async (tx) => {
    if (!(await repo.deleteSession(tx, userId, sessionId))) throw notFound('Session not found.');
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'user.session.revoke',
      targetType: 'user',
      targetId: userId,
      targetName: user.email,
      outcome: 'SUCCESS',
      detail: sessionId === actor.sessionId ? 'own current session' : null,
    });
  });
  announceUsersChanged(context.bus, [userId]);
};

const tokenStatus = (row: { revokedAt: Date | null; expiresAt: Date | null }): ApiToken['status'] =>
  row.revokedAt ? 'REVOKED' : row.expiresAt && row.expiresAt <= new Date() ? 'EXPIRED' : 'ACTIVE';

const toApiToken = (row: Awaited<ReturnType<typeof repo.insertApiToken>>): ApiToken => ({
  id: row.id,
  name: row.name,
  permissions: row.permissions ?? [],
  expiresAt: row.expiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  status: tokenStatus(row),
});

export const listApiTokens = async (context: Context) => {
  await ownerFor(context);
  return (await repo.listApiTokens(context.db, context.userId)).map(toApiToken);
};

export const createApiToken = async (
  context: Context & { input: z.output<typeof CreateApiTokenRequest> },
) => {
  const { db, actor, userId, input } = context;
  const user = await ownerFor(context);
  const owner = await findUserById(db, userId);
  const ownerPermissions = new Set(owner?.role.permissions ?? []);
  // Within the owner's rights, and within the maker's (an administrator making one for someone else).
  if (input.permissions.some((p) => !ownerPermissions.has(p) || !actor.permissions.has(p as never)))
    throw conflict(userMessages.tokenWiderThanOwner);
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  if (expiresAt && expiresAt <= new Date()) throw conflict(userMessages.tokenExpiryPast);
  const token = `rmm_${randomToken()}`;
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertApiToken(tx, {
      userId,
      name: input.name,
      tokenHash: sha256(token),
      permissions: [...new Set(input.permissions)].sort(),
      expiresAt,
    });
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'user.apiToken.create',
      targetType: 'user',
      targetId: userId,
      targetName: user.email,
      outcome: 'SUCCESS',
      detail: `${input.name}: ${input.permissions.length} permission(s)`,
    });
    return inserted;
  });
  return { apiToken: toApiToken(row), token };
};

export const revokeApiToken = async (context: Context & { bus: Bus; tokenId: number }) => {
  const { db, actor, userId, tokenId } = context;
  const user = await ownerFor(context);
  const row = await db.transaction(async (tx) => {
    const revoked = await repo.revokeApiToken(tx, userId, tokenId);
    if (!revoked) throw notFound('API token not found.');
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'user.apiToken.revoke',
      targetType: 'user',
      targetId: userId,
      targetName: user.email,
      outcome: 'SUCCESS',
      detail: revoked.name,
    });
    return revoked;
  });
  announceUsersChanged(context.bus, [userId]);
  return toApiToken(row);
};
