import { randomUUID } from 'node:crypto';
import {
  type AgentBackupTreeResult,
  BackupTreeEntry,
  backupTreeDeviceFailed,
  type ServerBackupTreeRequest,
  type ServerMessage,
} from '@rmm/domain';
import { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import { agentReplySubject, agentSubject } from '../../bus/subjects.ts';
import type { Db } from '../../db/database.ts';
import { resolveTreeSource } from './agent-job.ts';
import { backupError } from './errors.ts';

/**
 * The file browser over a revision only in a device's local folder or share: the device's agent reads it
 * (docs/decisions.md, "Backup", File browser of a local revision). Any server process may take the console's
 * call; the one holding the agent's socket may be another:
 *
 * 1. the caller's process publishes `backupTreeRequest` (no keys) on the device's subject and waits on
 *    `agent.reply.<requestId>`;
 * 2. the process holding the socket answers `delivered` there at once, adds the repository and the master key
 *    (`resolveTreeSource`) and writes the request to the agent;
 * 3. it publishes the agent's `backupTreeResult` there as `result` or `failed`.
 *
 * No `delivered` within BACKUP_TREE_DELIVERY_TIMEOUT_MS: no process holds the device's socket, it is offline.
 * No answer within BACKUP_TREE_TIMEOUT_MS after that: the agent is busy, stuck, or too old to know the request.
 */

/** What the process holding the socket publishes on the reply subject. */
const TreeReply = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('delivered'), deviceId: z.number().int() }),
  z.object({
    kind: z.literal('result'),
    deviceId: z.number().int(),
    entries: z.array(BackupTreeEntry),
    total: z.number().int().min(0),
  }),
  z.object({
    kind: z.literal('failed'),
    deviceId: z.number().int(),
    error: z.string(),
    code: z.string().optional(),
  }),
]);
type TreeReply = z.infer<typeof TreeReply>;
type ReplyBody = TreeReply extends infer T ? (T extends unknown ? Omit<T, 'deviceId'> : never) : never;

export type AgentTreeRequest = {
  bus: Bus;
  deviceId: number;
  planId: string;
  revisionId: string;
  path: string;
  offset: number;
  limit: number;
  deliveryTimeoutMs: number;
  timeoutMs: number;
};

const errorOf = (reply: Extract<TreeReply, { kind: 'failed' }>) =>
  reply.code === 'PATH_NOT_FOUND'
    ? backupError('BACKUP_TREE_PATH_NOT_FOUND')
    : backupError('BACKUP_TREE_DEVICE_FAILED', backupTreeDeviceFailed(reply.error));

/** Asks the device's agent, wherever it is connected, for one page of one folder; a backup error otherwise. */
export const requestAgentTree = (options: AgentTreeRequest) =>
  new Promise<{ entries: BackupTreeEntry[]; total: number }>((resolve, reject) => {
    const { bus, deviceId } = options;
    const requestId = randomUUID();
    let timer: NodeJS.Timeout;
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      stop();
      outcome();
    };
    const stop = bus.subscribe(agentReplySubject(requestId), (message) => {
      const parsed = TreeReply.safeParse(message);
      if (!parsed.success || parsed.data.deviceId !== deviceId) return;
      const reply = parsed.data;
      if (reply.kind === 'delivered') {
        clearTimeout(timer);
        timer = setTimeout(
          () => finish(() => reject(backupError('BACKUP_TREE_DEVICE_TIMEOUT'))),
          options.timeoutMs,
        );
        return;
      }
      if (reply.kind === 'result')
        return finish(() => resolve({ entries: reply.entries.slice(0, options.limit), total: reply.total }));
      finish(() => reject(errorOf(reply)));
    });
    timer = setTimeout(
      () => finish(() => reject(backupError('BACKUP_TREE_DEVICE_OFFLINE'))),
      options.deliveryTimeoutMs,
    );
    const request: ServerBackupTreeRequest = {
      v: 1,
      type: 'backupTreeRequest',
      requestId,
      planId: options.planId,
      revisionId: options.revisionId,
      path: options.path,
      offset: options.offset,
      limit: options.limit,
    };
    bus.publish(agentSubject(deviceId), request);
  });

/** Requests one connection has sent its agent and not seen answered; the oldest is dropped past this. */
const MAX_PENDING = 64;

export type AgentTreeRelayContext = {
  db: Db;
  bus: Bus;
  secretKey: Buffer;
  log: { error: (obj: object, msg: string) => void };
};

/**
 * One agent connection's side, used by the agent gateway: tree requests from the bus go to the agent with their
 * source, and its answers (only to requests this connection sent) back to the waiting process.
 */
export const createAgentTreeRelay = (
  ctx: AgentTreeRelayContext,
  device: { id: number; organizationId: number },
  send: (message: ServerMessage) => void,
) => {
  const pending = new Set<string>();
  const reply = (requestId: string, body: ReplyBody) =>
    ctx.bus.publish(agentReplySubject(requestId), { ...body, deviceId: device.id });

  const forward = async (request: ServerBackupTreeRequest) => {
    const { requestId } = request;
    reply(requestId, { kind: 'delivered' });
    let resolved: Awaited<ReturnType<typeof resolveTreeSource>>;
    try {
      resolved = await resolveTreeSource(ctx.db, ctx.secretKey, device, request.revisionId);
    } catch (error) {
      ctx.log.error({ err: error, deviceId: device.id }, 'could not prepare a backup tree request');
      return reply(requestId, { kind: 'failed', error: 'The server could not prepare the request.' });
    }
    if ('failure' in resolved) return reply(requestId, { kind: 'failed', error: resolved.failure });
    pending.add(requestId);
    if (pending.size > MAX_PENDING) pending.delete(pending.values().next().value!);
    // Whatever came over the bus, the source is this process's own resolution.
    send({ ...request, source: resolved.source });
  };

  return {
    /** A `backupTreeRequest` from the bus for this device. */
    forward: (request: ServerBackupTreeRequest) =>
      void forward(request).catch((error: unknown) =>
        ctx.log.error({ err: error, deviceId: device.id }, 'could not send a backup tree request'),
      ),
    /** The agent's answer; one to a request this connection did not send is dropped. */
    onResult: (message: AgentBackupTreeResult) => {
      if (!pending.delete(message.requestId)) return;
      if (message.error !== undefined || message.entries === undefined)
        return reply(message.requestId, {
          kind: 'failed',
          error: message.error ?? 'The agent answered without the folder.',
          ...(message.code === undefined ? {} : { code: message.code }),
        });
      reply(message.requestId, {
        kind: 'result',
        entries: message.entries,
        total: message.total ?? message.entries.length,
      });
    },
  };
};

export type AgentTreeRelay = ReturnType<typeof createAgentTreeRelay>;
