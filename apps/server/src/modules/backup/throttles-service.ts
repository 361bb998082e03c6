import type { BackupThrottle, SaveBackupThrottleRequest } from '@rmm/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { findOrganization } from '../organizations/repository.ts';
import { deviceInScope } from './devices.ts';
import { backupError } from './errors.ts';
import { devicesOfOrganization, locationsOfOrganization } from './plans-repository.ts';
import * as repo from './throttles-repository.ts';

/** Bandwidth throttles per organization, location or device (the agent applies the most specific one). */

export const toThrottle = (row: repo.ThrottleRow): BackupThrottle => ({
  id: row.id,
  organizationId: row.organizationId,
  level: row.level,
  targetId: row.targetId,
  targetName: row.targetName,
  workHoursBytesPerSecond: row.workHoursBytesPerSecond,
  offHoursBytesPerSecond: row.offHoursBytesPerSecond,
  workHours: { weekDays: row.workDays, start: row.workStart, end: row.workEnd, timeZone: row.timeZone },
  updatedAt: row.updatedAt.toISOString(),
});

const organizationInScope = async (db: Db, actor: Actor, organizationId: number) => {
  const organization = await findOrganization(db, actor.scope, organizationId);
  if (!organization) throw notFound('Organization not found.');
  return organization;
};

export const listThrottles = async (options: { db: Db; actor: Actor; organizationId: number }) => {
  await organizationInScope(options.db, options.actor, options.organizationId);
  return { throttles: (await repo.listThrottles(options.db, options.organizationId)).map(toThrottle) };
};

/** The target of a level must be the organization itself, or one of its locations or devices. */
const targetOf = async (
  db: Db,
  organizationId: number,
  input: z.output<typeof SaveBackupThrottleRequest>,
) => {
  const targetId = input.targetId ?? organizationId;
  const isOwn =
    input.level === 'ORGANIZATION'
      ? targetId === organizationId
      : input.level === 'LOCATION'
        ? (await locationsOfOrganization(db, organizationId, [targetId])).has(targetId)
        : (await devicesOfOrganization(db, organizationId, [targetId])).has(targetId);
  if (!isOwn) throw backupError('BACKUP_TARGET_NOT_FOUND');
  return { organizationId, level: input.level, targetId };
};

export const saveThrottle = async (options: {
  db: Db;
  actor: Actor;
  organizationId: number;
  input: z.output<typeof SaveBackupThrottleRequest>;
}) => {
  const { db, actor, organizationId, input } = options;
  const organization = await organizationInScope(db, actor, organizationId);
  const target = await targetOf(db, organizationId, input);
  const id = await db.transaction(async (tx) => {
    const saved = await repo.upsertThrottle(tx, target, input);
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'backupThrottle.save',
      targetType: 'backupThrottle',
      targetId: saved,
      targetName: `${input.level} ${target.targetId}`,
      organizationId,
      organizationName: organization.name,
      outcome: 'SUCCESS',
      detail: `work hours ${input.workHoursBytesPerSecond ?? 'unlimited'} B/s, off hours ${input.offHoursBytesPerSecond ?? 'unlimited'} B/s`,
    });
    return saved;
  });
  return { throttle: toThrottle((await repo.findThrottle(db, id))!) };
};

export const deleteThrottle = async (options: { db: Db; actor: Actor; id: number }) => {
  const { db, actor, id } = options;
  const row = await repo.findThrottle(db, id);
  const organization = row && (await findOrganization(db, actor.scope, row.organizationId));
  if (!row || !organization) throw backupError('BACKUP_THROTTLE_NOT_FOUND');
  await db.transaction(async (tx) => {
    await repo.deleteThrottle(tx, id);
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'backupThrottle.delete',
      targetType: 'backupThrottle',
      targetId: id,
      targetName: `${row.level} ${row.targetName}`,
      organizationId: row.organizationId,
      organizationName: organization.name,
      outcome: 'SUCCESS',
    });
  });
  return { ok: true as const };
};

export const effectiveThrottle = async (options: { db: Db; actor: Actor; nodeId: number }) => {
  const device = await deviceInScope(options.db, options.actor, options.nodeId);
  const row = await repo.findEffectiveThrottle(options.db, device);
  return { throttle: row ? toThrottle(row) : null };
};
