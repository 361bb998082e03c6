import {
  type AgentMessage,
  type AgentWakeOnLanResult,
  agentCloseCodes,
  agentErrorCodes,
  type ServerMessage,
  ServerMessage as ServerMessageSchema,
} from '@rmm/domain';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { agentReplySubject, agentSubject } from '../../bus/subjects.ts';
import { type AgentTreeRelay, createAgentTreeRelay } from '../backup/agent-tree.ts';
import { findDeviceSummary } from '../devices/repository.ts';
import { publishConsoleEvent } from '../events/publish.ts';
import { type AgentJobSession, createAgentJobSession, isJobMessage } from '../jobs/agent/session.ts';
import { type AgentDryRunRelay, createAgentDryRunRelay } from '../monitoring/agent-dry-run.ts';
import type { ConditionSession } from '../monitoring/agent-session.ts';
import { onTaskTriggered, taskSetOf } from '../scheduled-tasks/agent.ts';
import type { AgentDevice, AuthenticatedAgent, StoredAgentInfo } from './auth.ts';
import { parseAgentMessage } from './messages.ts';
import { saveAgentInfo, saveInventory } from './repository.ts';
import { createMessageThrottle } from './throttle.ts';

/** The sockets this process holds, one per device. */
export type AgentRegistry = Map<number, WebSocket>;

const closeCodeOf = (reason: string) =>
  reason === 'DELETED'
    ? agentCloseCodes.DELETED
    : reason === 'REJECTED'
      ? agentCloseCodes.REJECTED
      : agentCloseCodes.REPLACED;

const sender = (socket: WebSocket) => (message: ServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/** What a connection adds to some bus messages before they reach its agent (jobs, backup tree and dry-run requests). */
type ConnectionParts = { jobs: AgentJobSession; trees: AgentTreeRelay; dryRuns: AgentDryRunRelay };

/** Messages for this device from anywhere in the cluster; a goodbye also ends the connection. */
const forwardFromBus =
  (socket: WebSocket, app: FastifyInstance, parts?: ConnectionParts) => (message: unknown) => {
    const parsed = ServerMessageSchema.safeParse(message);
    if (!parsed.success) return app.log.warn({ message }, 'dropped an invalid message for an agent');
    const { data } = parsed;
    // Jobs go out once per connection, after the queue the agent gets on hello.
    if (parts && (data.type === 'job' || data.type === 'jobCancel')) return parts.jobs.forward(data);
    // The repository and key are added here, by the process writing to the socket; an old connection drops it.
    if (data.type === 'backupTreeRequest') return parts?.trees.forward(data);
    // Answered `delivered` by the connection that writes it, so that the asking process tells offline apart.
    if (data.type === 'conditionDryRunRequest') return parts?.dryRuns.forward(data);
    sender(socket)(data);
    if (data.type === 'goodbye') socket.close(closeCodeOf(data.reason), data.reason);
  };

const onInventory = async (
  app: FastifyInstance,
  device: AgentDevice,
  conditions: ConditionSession,
  message: AgentMessage,
) => {
  if (message.type !== 'inventory') return;
  await saveInventory(app.db, device.id, message.inventory, message.inventoryKey ?? null);
  // A dynamic policy's criteria may read what the inventory changed.
  void conditions.refresh();
  const summary = await findDeviceSummary(app.db, 'all', device.id);
  if (summary) {
    const time = new Date().toISOString();
    publishConsoleEvent(app.bus, {
      type: 'device.updated',
      time,
      organizationId: summary.organizationId,
      device: summary,
    });
  }
};

const REQUEST_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Hands the answer to the server node waiting for it; a request id that is not ours is dropped. */
const onWakeOnLanResult = (app: FastifyInstance, device: AgentDevice, message: AgentWakeOnLanResult) => {
  if (!REQUEST_ID.test(message.requestId)) return;
  app.bus.publish(agentReplySubject(message.requestId), {
    deviceId: device.id,
    ok: message.ok,
    ...(message.error === undefined ? {} : { error: message.error }),
  });
};

/** A reconnect repeats the same hello: only a new version or platform is written. */
const onHello = async (
  app: FastifyInstance,
  socket: WebSocket,
  device: AgentDevice,
  stored: StoredAgentInfo,
  jobs: AgentJobSession,
  conditions: ConditionSession,
  message: Extract<AgentMessage, { type: 'hello' }>,
) => {
  // After hello the agent is ready for jobs: it gets its unfinished ones, in order, even when its
  // details could not be saved (a busy database must not hold back queued work).
  try {
    if (message.agentVersion !== stored.agentVersion || message.platform !== stored.platform) {
      await saveAgentInfo(app.db, device.id, message);
      stored.agentVersion = message.agentVersion;
      stored.platform = message.platform;
    }
  } finally {
    await jobs.sendUnfinished();
  }
  // The scheduled tasks the agent carries out itself (ON_SYSTEM_STARTUP, ON_USER_LOGIN) targeting it.
  sender(socket)(await taskSetOf(app.db, device.id));
  // Its condition set, when the one it holds (hello.conditionSetHash) is not the current one.
  await conditions.onHello(message);
};

const handleMessage = async (
  app: FastifyInstance,
  socket: WebSocket,
  { device, stored }: AuthenticatedAgent,
  { jobs, trees, dryRuns }: ConnectionParts,
  conditions: ConditionSession,
  data: RawData,
  isBinary: boolean,
) => {
  const send = sender(socket);
  const parsed = parseAgentMessage(data, isBinary);
  if (!parsed.ok) return send({ v: 1, type: 'error', code: 'INVALID_MESSAGE', message: parsed.detail });
  const message = parsed.message;
  // The handshake fixed which device this connection speaks for; naming another is refused.
  if (message.deviceId !== device.id) {
    app.log.warn({ deviceId: device.id, claimed: message.deviceId }, 'agent spoke for another device');
    send({ v: 1, type: 'error', code: 'WRONG_DEVICE', message: agentErrorCodes.WRONG_DEVICE });
    return socket.close(agentCloseCodes.WRONG_DEVICE, 'WRONG_DEVICE');
  }
  if (message.type === 'heartbeat') return app.presence.seen(device, message.metrics);
  app.presence.seen(device);
  if (message.type === 'hello') return onHello(app, socket, device, stored, jobs, conditions, message);
  if (isJobMessage(message)) return jobs.handle(message);
  if (message.type === 'conditionReport') return conditions.onReport(message);
  if (message.type === 'taskTriggered')
    return onTaskTriggered(
      { db: app.db, bus: app.bus, log: app.log, jobExpirySeconds: app.config.jobExpirySeconds },
      device,
      send,
      message,
    );
  if (message.type === 'wakeOnLanResult') return onWakeOnLanResult(app, device, message);
  if (message.type === 'backupTreeResult') return trees.onResult(message);
  if (message.type === 'conditionDryRunResult') return dryRuns.onResult(message);
  return onInventory(app, device, conditions, message);
};

const replacedGoodbye: ServerMessage = {
  v: 1,
  type: 'goodbye',
  reason: 'REPLACED',
  message: 'A newer connection of this device took over.',
};

/** One agent connection: welcome, then its messages in order, until it closes. */
export const handleAgentSocket = (
  app: FastifyInstance,
  registry: AgentRegistry,
  socket: WebSocket,
  agent: AuthenticatedAgent,
  { onThrottle }: { onThrottle?: () => void } = {},
) => {
  const { device } = agent;
  const previous = registry.get(device.id);
  registry.set(device.id, socket);
  if (previous) forwardFromBus(previous, app)(replacedGoodbye);
  const jobs = createAgentJobSession(app, device, sender(socket));
  const trees = createAgentTreeRelay(app, device, sender(socket));
  const dryRuns = createAgentDryRunRelay(app.bus, device, sender(socket));
  const parts = { jobs, trees, dryRuns };
  const monitoring = app.monitoring.connect(device.id, sender(socket));
  const unsubscribe = app.bus.subscribe(agentSubject(device.id), forwardFromBus(socket, app, parts));
  app.presence.seen(device);
  sender(socket)({
    v: 1,
    type: 'welcome',
    deviceId: device.id,
    approvalStatus: device.approvalStatus,
    heartbeatIntervalSeconds: app.config.heartbeatIntervalSeconds,
    serverTime: new Date().toISOString(),
    // The agent sends its inventory after the welcome only when it differs from this one.
    inventoryKey: agent.stored.inventoryKey,
  });
  let queue = Promise.resolve();
  const throttle = createMessageThrottle({
    ratePerSecond: app.config.agentMessagesPerSecond,
    burst: app.config.agentMessageBurst,
  });
  let isPaused = false;
  socket.on('message', (data, isBinary) => {
    const waitMs = throttle.take();
    if (waitMs > 0 && !isPaused) {
      isPaused = true;
      socket.pause();
      onThrottle?.();
      setTimeout(() => {
        isPaused = false;
        socket.resume();
      }, waitMs).unref();
    }
    queue = queue
      .then(() => handleMessage(app, socket, agent, parts, monitoring.session, data, isBinary))
      .catch((error) => app.log.error({ err: error, deviceId: device.id }, 'agent message failed'));
  });
  socket.on('close', () => {
    unsubscribe();
    monitoring.close();
    if (registry.get(device.id) === socket) registry.delete(device.id);
  });
};
