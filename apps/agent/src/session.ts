import type {
  AgentMessage,
  ConditionDryRunAnswer,
  DeviceInventory,
  DeviceMetrics,
  ServerBackupTreeRequest,
  ServerConditionDryRunRequest,
  ServerMessage,
  ServerWakeOnLan,
  ServerWelcome,
} from '@rmm/domain';
import type { TreeAnswer } from './backup/tree.ts';
import { inventoryKey } from './collectors/inventory-key.ts';
import { type HeartbeatLoop, startHeartbeat } from './heartbeat.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { Logger } from './log.ts';
import type { Monitor } from './monitoring/monitor.ts';
import type { Identity } from './state.ts';
import type { TaskTriggers } from './tasks/triggers.ts';
import type { Connection } from './transport/connection.ts';
import { AGENT_VERSION } from './version.ts';

export type SessionOptions = {
  identity: Identity;
  heartbeatSeconds: number | undefined;
  platform: DeviceInventory['os']['platform'];
  collectInventory: () => Promise<DeviceInventory>;
  collectMetrics: () => Promise<DeviceMetrics>;
  /** Sends the Wake-on-LAN magic packets (the agent's configured broadcast address and port). */
  wakeOnLan: (macs: string[]) => Promise<void>;
  /** Runs jobs; it sends its own acks, output and results on the connection. */
  jobs?: Pick<JobRunner, 'onJob' | 'onCancel' | 'onResultStored' | 'resendHeldResults'>;
  /** Lists a folder of a revision in a local folder or share, for the console's file browser. */
  backupTree?: (request: ServerBackupTreeRequest) => Promise<TreeAnswer>;
  /** Holds the scheduled tasks with agent-side triggers; it sends its own taskTriggered events. */
  tasks?: Pick<TaskTriggers, 'onTaskSet' | 'onTriggerStored' | 'resendHeld'>;
  /** Samples the condition set; it sends its own condition reports. */
  monitoring?: Pick<
    Monitor,
    'helloFields' | 'onConnected' | 'onDisconnected' | 'onConditionSet' | 'onReportStored' | 'dryRun'
  >;
  log: Logger;
};

/**
 * Sends the inventory when it changed since the last one sent, or when forced (a request). After a
 * welcome, "the last one sent" is what the server says it holds (its inventoryKey): a reconnect with
 * nothing changed sends nothing. One collection at a time.
 */
const createInventorySender = (options: SessionOptions, deliver: (message: AgentMessage) => boolean) => {
  let lastSentKey: string | undefined;
  let collecting: Promise<void> | undefined;

  const collectAndSend = async (isForced: boolean) => {
    const inventory = await options.collectInventory();
    const key = inventoryKey(inventory);
    if (!isForced && key === lastSentKey) return;
    const { deviceId } = options.identity;
    if (deliver({ v: 1, type: 'inventory', deviceId, inventory, inventoryKey: key })) lastSentKey = key;
  };

  let isForceWaiting = false;
  let isCheckWaiting = false;
  const send = (isForced: boolean): Promise<void> => {
    if (collecting) {
      // A send asked for while a collection runs follows it (a forced one stays forced), so a new
      // connection's check is never swallowed by a routine check that began before it.
      isForceWaiting ||= isForced;
      isCheckWaiting = true;
      return collecting;
    }
    collecting = collectAndSend(isForced)
      .catch((error: Error) => options.log.warn(`inventory failed: ${error.message}`))
      .finally(() => {
        collecting = undefined;
        if (isCheckWaiting) {
          const force = isForceWaiting;
          isForceWaiting = false;
          isCheckWaiting = false;
          void send(force);
        }
      });
    return collecting;
  };
  return {
    send,
    /** A new connection: the server holds the inventory with this key (null: none). */
    onWelcome: (serverKey: string | null | undefined) => {
      lastSentKey = serverKey ?? undefined;
      return send(false);
    },
  };
};

/** What the agent says on a connection: hello, the inventory when the server lacks it, heartbeats. */
export const createSession = (options: SessionOptions) => {
  const { identity, log } = options;
  const deviceId = identity.deviceId;
  let connection: Connection | undefined;
  let heartbeat: HeartbeatLoop | undefined;
  const inventory = createInventorySender(options, (message) => connection?.send(message) ?? false);

  const sendHeartbeat = async () => {
    const metrics = await options.collectMetrics();
    connection?.send({ v: 1, type: 'heartbeat', deviceId, sentAt: new Date().toISOString(), metrics });
  };

  const onWelcome = (welcome: ServerWelcome) => {
    log.info(`welcome: device ${welcome.deviceId}, ${welcome.approvalStatus}`);
    connection?.send({
      v: 1,
      type: 'hello',
      deviceId,
      agentVersion: AGENT_VERSION,
      platform: options.platform,
      ...options.monitoring?.helloFields(),
    });
    heartbeat?.stop();
    const intervalSeconds = options.heartbeatSeconds ?? welcome.heartbeatIntervalSeconds;
    void sendHeartbeat().catch((error: Error) => log.warn(`heartbeat failed: ${error.message}`));
    heartbeat = startHeartbeat(intervalSeconds, sendHeartbeat);
    void inventory.onWelcome(welcome.inventoryKey);
    // Results and trigger events the server has not confirmed yet, on every connection.
    options.jobs?.resendHeldResults();
    options.tasks?.resendHeld();
    options.monitoring?.onConnected();
  };

  const onWakeOnLan = async (message: ServerWakeOnLan) => {
    const requestId = message.requestId ?? '';
    try {
      await options.wakeOnLan(message.macs);
      log.info(`wake-on-lan: sent to ${message.macs.join(', ')}`);
      connection?.send({ v: 1, type: 'wakeOnLanResult', deviceId, requestId, ok: true });
    } catch (error) {
      const text = (error as Error).message.slice(0, 1000);
      log.warn(`wake-on-lan failed: ${text}`);
      connection?.send({ v: 1, type: 'wakeOnLanResult', deviceId, requestId, ok: false, error: text });
    }
  };

  const onBackupTree = async (request: ServerBackupTreeRequest) => {
    const { requestId } = request;
    let answer: TreeAnswer;
    try {
      if (!options.backupTree) throw new Error('This agent does not browse backups.');
      answer = await options.backupTree(request);
    } catch (error) {
      answer = { requestId, error: (error as Error).message.slice(0, 1000) };
    }
    if (answer.error)
      log.warn(`backup tree ${request.revisionId.slice(0, 12)} ${request.path}: ${answer.error}`);
    connection?.send({ v: 1, type: 'backupTreeResult', deviceId, ...answer, requestId });
  };

  /** A policy's dry run: each condition sampled once now; an agent without monitoring cannot sample any. */
  const onConditionDryRun = async (request: ServerConditionDryRunRequest) => {
    const { requestId } = request;
    let results: ConditionDryRunAnswer[];
    try {
      if (!options.monitoring) throw new Error('This agent does not sample conditions.');
      results = await options.monitoring.dryRun(request);
    } catch (error) {
      const text = (error as Error).message.slice(0, 2000);
      const outcome = options.monitoring ? 'FAILED' : 'UNSUPPORTED';
      results = request.conditions.map(({ key }) => ({ key, outcome, instances: [], text }));
    }
    connection?.send({ v: 1, type: 'conditionDryRunResult', deviceId, requestId, results });
  };

  const onMessage = (message: ServerMessage) => {
    if (message.type === 'welcome') return onWelcome(message);
    if (message.type === 'wakeOnLan') return void onWakeOnLan(message);
    if (message.type === 'inventoryRequest') return void inventory.send(true);
    if (message.type === 'backupTreeRequest') return void onBackupTree(message);
    if (message.type === 'conditionDryRunRequest') return void onConditionDryRun(message);
    if (message.type === 'job') return options.jobs?.onJob(message.job);
    if (message.type === 'jobCancel') return options.jobs?.onCancel(message.jobUid);
    if (message.type === 'jobResultStored') return options.jobs?.onResultStored(message.jobUid);
    if (message.type === 'approval') return log.info(`approval status: ${message.approvalStatus}`);
    if (message.type === 'taskSet') return options.tasks?.onTaskSet(message.tasks);
    if (message.type === 'taskTriggerStored') return options.tasks?.onTriggerStored(message.eventId);
    if (message.type === 'conditionSet') return options.monitoring?.onConditionSet(message);
    if (message.type === 'conditionReportStored') return options.monitoring?.onReportStored(message.reportId);
    if (message.type === 'error')
      return log.warn(`the server refused a message: ${message.code} ${message.message}`);
    log.warn(`the server is closing the connection: ${message.message}`);
  };

  return {
    attach: (value: Connection) => {
      connection = value;
    },
    onMessage,
    onClose: () => {
      heartbeat?.stop();
      options.monitoring?.onDisconnected();
    },
    /** The periodic check: sends only when something changed. */
    checkInventory: () => inventory.send(false),
    stop: () => heartbeat?.stop(),
  };
};
