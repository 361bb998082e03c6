import {
  channelUsersText,
  formatMessage,
  type ListNotificationDeliveriesQuery,
  type NotificationChannel,
  type NotificationChannelInput,
  type NotificationChannelType,
  type NotificationDelivery,
  notificationChannelErrorStatus,
  notificationChannelMessages,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { encryptSecret } from '../../lib/crypto.ts';
import { badRequest, DomainError, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import * as repo from './repository.ts';
import type { StoredChannelConfig } from './schema.ts';
import { channelUsers } from './usage.ts';

/**
 * Notification channels: the installation's (no organization owns one), read with settings.view and changed
 * with settings.manage. The webhook secret is encrypted at rest, never answered, logged or put in an
 * activity; a change without one keeps the stored secret.
 */

type Input = z.output<typeof NotificationChannelInput>;
type Context = { db: Db; actor: Actor };

const typeLabels: Record<NotificationChannelType, string> = {
  EMAIL: 'Email',
  WEBHOOK: 'Webhook',
  CHAT: 'Chat',
};

export const toChannel = (row: repo.ChannelRow): NotificationChannel => {
  const type = row.type as NotificationChannelType;
  const config: NotificationChannel['config'] =
    type === 'EMAIL'
      ? { recipients: row.config.recipients ?? [] }
      : type === 'WEBHOOK'
        ? { url: row.config.url ?? '', hasSecret: row.hasSecret }
        : { url: row.config.url ?? '', format: row.config.format ?? 'SLACK' };
  return {
    id: row.id,
    type,
    name: row.name,
    enabled: row.enabled,
    config,
    lastDeliveryStatus: (row.lastDeliveryStatus as 'DELIVERED' | 'FAILED' | null) ?? null,
    lastDeliveryTime: row.lastDeliveryTime?.toISOString() ?? null,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
};

export const toDelivery = (row: repo.DeliveryRow): NotificationDelivery => ({
  id: row.id,
  channelId: row.channelId,
  alertId: row.alertId,
  event: row.event as NotificationDelivery['event'],
  status: row.status as NotificationDelivery['status'],
  attempts: row.attempts,
  lastError: row.lastError,
  attemptLog: row.attemptLog,
  nextAttemptTime: row.status === 'PENDING' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  deliveredTime: row.deliveredAt?.toISOString() ?? null,
  createTime: row.createdAt.toISOString(),
});

/** What is stored of the config: the recipients (each once, in the order given), or the address and format. */
const storedConfig = (input: Input): StoredChannelConfig => {
  switch (input.type) {
    case 'EMAIL': {
      const seen = new Set<string>();
      return {
        recipients: input.config.recipients.filter((address) => {
          const key = address.toLowerCase();
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        }),
      };
    }
    case 'WEBHOOK':
      return { url: input.config.url };
    case 'CHAT':
      return { url: input.config.url, format: input.config.format };
  }
};

const newSecret = (input: Input) => (input.type === 'WEBHOOK' ? input.config.secret : undefined);

const activity = (
  actor: Actor,
  action: string,
  channel: { id: number; name: string; type: string },
  detail?: string,
) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'notificationChannel',
  targetId: channel.id,
  targetName: channel.name,
  outcome: 'SUCCESS' as const,
  // Never the secret, nor the address (a chat webhook's address is a credential of its own).
  detail: detail ?? typeLabels[channel.type as NotificationChannelType] ?? channel.type,
});

const getChannel = async (db: DbOrTx, id: number) => {
  const row = await repo.findChannel(db, id);
  if (!row) throw notFound(notificationChannelMessages.CHANNEL_NOT_FOUND);
  return row;
};

export const listChannels = async (db: Db) => (await repo.listChannels(db)).map(toChannel);

export const getChannelById = async (db: Db, id: number) => toChannel(await getChannel(db, id));

export const createChannel = async ({
  db,
  actor,
  secretKey,
  input,
}: Context & { secretKey: Buffer; input: Input }) => {
  const secret = newSecret(input);
  const id = await db.transaction(async (tx) => {
    const newId = await repo.insertChannel(tx, {
      type: input.type,
      name: input.name,
      enabled: input.enabled,
      config: storedConfig(input),
      secretEncrypted: secret === undefined ? null : encryptSecret(secretKey, secret),
    });
    await insertActivity(tx, activity(actor, 'notificationChannel.create', { ...input, id: newId }));
    return newId;
  });
  return toChannel(await getChannel(db, id));
};

export const updateChannel = async ({
  db,
  actor,
  secretKey,
  id,
  input,
}: Context & { secretKey: Buffer; id: number; input: Input }) => {
  const before = await getChannel(db, id);
  if (before.type !== input.type) throw badRequest(notificationChannelMessages.TYPE_CHANGE);
  const secret = newSecret(input);
  await db.transaction(async (tx) => {
    await repo.updateChannel(tx, id, {
      name: input.name,
      enabled: input.enabled,
      config: storedConfig(input),
      ...(secret === undefined ? {} : { secretEncrypted: encryptSecret(secretKey, secret) }),
    });
    const changes = [
      typeLabels[input.type],
      ...(before.enabled !== input.enabled ? [input.enabled ? 'enabled' : 'disabled'] : []),
      ...(secret === undefined ? [] : ['secret replaced']),
    ];
    await insertActivity(
      tx,
      activity(actor, 'notificationChannel.update', { ...input, id }, changes.join('; ')),
    );
  });
  return toChannel(await getChannel(db, id));
};

/** A condition still names the channel (whatever its option): refused, naming the policies. */
const channelInUse = (users: readonly string[]) =>
  new DomainError(
    'CHANNEL_IN_USE',
    formatMessage(notificationChannelMessages.CHANNEL_IN_USE, { policies: channelUsersText(users) }),
    { statusCode: notificationChannelErrorStatus.CHANNEL_IN_USE },
  );

export const deleteChannel = async ({ db, actor, id }: Context & { id: number }) => {
  const before = await getChannel(db, id);
  await db.transaction(async (tx) => {
    const users = await channelUsers(tx, id);
    if (users.length > 0) throw channelInUse(users);
    await repo.deleteChannel(tx, id);
    await insertActivity(tx, activity(actor, 'notificationChannel.delete', before));
  });
};

/** Queues a test message on the channel (sent at once by the worker); answers the PENDING delivery. */
export const queueTest = async ({ db, actor, id }: Context & { id: number }) => {
  const channel = await getChannel(db, id);
  const delivery = await db.transaction(async (tx) => {
    const [row] = await repo.insertDeliveries(tx, [
      {
        channelId: id,
        alertId: null,
        alertEventId: null,
        event: 'TEST',
        alert: null,
        nextAttemptAt: new Date(),
      },
    ]);
    await insertActivity(tx, activity(actor, 'notificationChannel.test', channel));
    return row!;
  });
  return toDelivery(delivery);
};

export const listDeliveries = async (
  db: Db,
  id: number,
  query: z.output<typeof ListNotificationDeliveriesQuery>,
) => {
  await getChannel(db, id);
  const { rows, count } = await repo.listDeliveries(db, id, {
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { data: rows.map(toDelivery), count, page: query.page, pageSize: query.pageSize };
};
