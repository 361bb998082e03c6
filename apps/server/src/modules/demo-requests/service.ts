import {
  type DemoRequestDeliveryStatus,
  type DemoRequestRecord,
  demoRequestErrorCodes,
  demoRequestMessages,
  type ListDemoRequestsQuery,
  type ListDemoRequestsResponse,
  type SubmitDemoRequest,
  type SubmitDemoRequestResponse,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { DomainError } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import type { DemoRequestDelivery } from './delivery.ts';
import * as repo from './repository.ts';

/**
 * Backup demo requests: any signed-in technician asks (at most DEMO_REQUESTS_PER_HOUR an hour); the request
 * and its activity are stored in one transaction, then mailed (delivery.ts). Administrators list them.
 */

type Input = z.output<typeof SubmitDemoRequest>;
const HOUR_MS = 3_600_000;

const toRecord = (row: repo.DemoRequestRow): DemoRequestRecord => ({
  id: row.id,
  userName: row.userName,
  userEmail: row.userEmail,
  requestedAt: row.createdAt.toISOString(),
  requestedBy: { id: row.requestedBy, name: row.requestedByName, email: row.requestedByEmail },
  deliveryStatus: row.deliveryStatus as DemoRequestDeliveryStatus | null,
  deliveryAttempts: row.deliveryAttempts,
  deliveryError: row.deliveryError,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

export const submitDemoRequest = async ({
  db,
  actor,
  input,
  delivery,
  perHour,
}: {
  db: Db;
  actor: Actor;
  input: Input;
  delivery: DemoRequestDelivery;
  perHour: number;
}): Promise<SubmitDemoRequestResponse> => {
  const row = await db.transaction(async (tx) => {
    await repo.lockRequestsOfUser(tx, actor.id);
    const now = new Date();
    const recent = await repo.countRequestsOfUserSince(tx, actor.id, new Date(now.getTime() - HOUR_MS));
    if (recent >= perHour) {
      throw new DomainError('DEMO_REQUEST_RATE_LIMITED', demoRequestMessages.DEMO_REQUEST_RATE_LIMITED, {
        statusCode: demoRequestErrorCodes.DEMO_REQUEST_RATE_LIMITED,
      });
    }
    const stored = await repo.insertDemoRequest(tx, {
      ...input,
      requestedBy: actor.id,
      requestedByName: actor.name,
      requestedByEmail: actor.email,
      createdAt: now,
      ...delivery.initialClaim(now),
    });
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'demoRequest.create',
      targetType: 'demoRequest',
      targetId: stored.id,
      targetName: stored.userName,
      outcome: 'SUCCESS',
      detail: `Backup demo requested for ${stored.userName} <${stored.userEmail}>`,
    });
    return stored;
  });
  delivery.start(row);
  return { resultCode: 'SUCCESS', id: row.id, requestedAt: row.createdAt.toISOString() };
};

export const listDemoRequests = async ({
  db,
  query,
}: {
  db: Db;
  query: ListDemoRequestsQuery;
}): Promise<ListDemoRequestsResponse> => {
  const { page, pageSize } = query;
  const { rows, count } = await repo.listDemoRequests(db, { limit: pageSize, offset: (page - 1) * pageSize });
  return { data: rows.map(toRecord), count, page, pageSize };
};
