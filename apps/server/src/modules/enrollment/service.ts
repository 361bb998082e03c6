import {
  type AgentEnrollRequest,
  type AgentEnrollResponse,
  type AgentRefusalCode,
  agentRefusalMessages,
  type CreateEnrollmentTokenRequest,
  type CreateEnrollmentTokenResponse,
  defaultNodeClassOf,
  defaultNodeRoleId,
  type ListEnrollmentTokensQuery,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import type { Db } from '../../db/database.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { badRequest, DomainError, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { findDeviceSummary, locationBelongsTo } from '../devices/repository.ts';
import { publishConsoleEvent } from '../events/publish.ts';
import { findOrganization } from '../organizations/repository.ts';
import * as repo from './repository.ts';

/** The parsed request; in-process callers (the demo seed) may leave the location out. */
type Create = Omit<z.output<typeof CreateEnrollmentTokenRequest>, 'locationId'> & {
  locationId?: number | null;
};

const TOKEN_PREFIX = 'rmm_enr_';
const HOUR_MS = 3_600_000;

const tokenActivity = (actor: Actor, action: string, target: { id: number; organizationId: number }) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'enrollmentToken',
  targetId: target.id,
  organizationId: target.organizationId,
  outcome: 'SUCCESS' as const,
});

export const createToken = async ({ db, actor, input }: { db: Db; actor: Actor; input: Create }) => {
  const organization = await findOrganization(db, actor.scope, input.organizationId);
  if (!organization) throw notFound('Organization not found.');
  if (input.locationId && !(await locationBelongsTo(db, input.locationId, organization.id))) {
    throw badRequest(`locationId: location ${input.locationId} does not belong to this organization`);
  }
  const token = `${TOKEN_PREFIX}${randomToken(24)}`;
  const stored = await db.transaction(async (tx) => {
    const row = await repo.insertToken(tx, {
      organizationId: organization.id,
      locationId: input.locationId ?? null,
      tokenHash: sha256(token),
      createdById: actor.id,
      createdByName: actor.email,
      expiresAt: new Date(Date.now() + input.ttlHours * HOUR_MS),
    });
    await insertActivity(tx, {
      ...tokenActivity(actor, 'enrollment.create', row),
      organizationName: organization.name,
      detail: `expires ${row.expiresAt}`,
    });
    return row;
  });
  return { id: stored.id, token, expiresAt: stored.expiresAt } satisfies CreateEnrollmentTokenResponse;
};

export const listTokens = ({
  db,
  actor,
  query,
}: {
  db: Db;
  actor: Actor;
  query: ListEnrollmentTokensQuery;
}) => repo.listTokens(db, actor.scope, query);

export const revokeToken = async ({ db, actor, id }: { db: Db; actor: Actor; id: number }) => {
  const token = await repo.findToken(db, actor.scope, id);
  if (!token) throw notFound('Enrolment token not found.');
  await db.transaction(async (tx) => {
    await repo.revokeTokenRow(tx, id);
    await insertActivity(tx, tokenActivity(actor, 'enrollment.revoke', token));
  });
};

const refusal = (code: AgentRefusalCode, statusCode: number) =>
  new DomainError(code, agentRefusalMessages[code], { statusCode });

/** The token after the checks an agent must pass: it exists, is live, and its organization takes devices. */
const usableToken = async (db: Db, token: string) => {
  const found = await repo.findTokenByHash(db, sha256(token.trim()));
  if (!found) throw refusal('ENROLLMENT_TOKEN_INVALID', 401);
  if (found.status === 'REVOKED') throw refusal('ENROLLMENT_TOKEN_REVOKED', 401);
  if (found.status === 'EXPIRED') throw refusal('ENROLLMENT_TOKEN_EXPIRED', 401);
  if (found.nodeApprovalMode === 'REJECT') throw refusal('ORGANIZATION_REJECTS_DEVICES', 403);
  return found;
};

/** An agent exchanges a token for a device identity; the secret is answered once, stored hashed. */
export const enrollDevice = async ({ db, bus, input }: { db: Db; bus: Bus; input: AgentEnrollRequest }) => {
  const found = await usableToken(db, input.token);
  const { token } = found;
  const deviceSecret = randomToken(32);
  const approvalStatus = found.nodeApprovalMode === 'MANUAL' ? 'PENDING' : 'APPROVED';
  const deviceId = await db.transaction(async (tx) => {
    const id = await repo.insertEnrolledDevice(tx, {
      organizationId: token.organizationId,
      locationId: token.locationId,
      displayName: input.hostname.trim() || 'Unnamed device',
      hostname: input.hostname,
      platform: input.platform,
      agentVersion: input.agentVersion,
      nodeRoleId: defaultNodeRoleId(input.nodeClass ?? defaultNodeClassOf(input.platform)),
      approvalStatus,
      secretHash: sha256(deviceSecret),
      enrollmentTokenId: token.id,
    });
    await repo.markTokenUsed(tx, token.id);
    await insertActivity(tx, {
      actorId: null,
      actorName: 'agent',
      action: 'device.enroll',
      targetType: 'device',
      targetId: id,
      targetName: input.hostname,
      organizationId: token.organizationId,
      organizationName: found.organizationName,
      outcome: 'SUCCESS',
      detail: `enrolment token ${token.id}; ${approvalStatus}`,
    });
    return id;
  });
  const device = await findDeviceSummary(db, 'all', deviceId);
  if (device) {
    const time = new Date().toISOString();
    publishConsoleEvent(bus, { type: 'device.created', time, organizationId: device.organizationId, device });
  }
  return {
    deviceId,
    deviceSecret,
    organizationId: token.organizationId,
    approvalStatus,
  } satisfies AgentEnrollResponse;
};
