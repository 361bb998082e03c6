import os from 'node:os';
import { AGENT_WS_PATH } from '@rmm/domain';
import si from 'systeminformation';
import type { AgentOptions } from './args.ts';
import { defaultBackupSettings } from './backup/settings.ts';
import { systemShareHost } from './backup/share.ts';
import { createTreeLister } from './backup/tree.ts';
import { agentPlatformOf, collectInventory, defaultInventoryCollectors } from './collectors/inventory.ts';
import { collectMetrics } from './collectors/metrics.ts';
import { nodeClassFor } from './collectors/node-class.ts';
import { ensureIdentity } from './enroll.ts';
import { createJobRunner } from './jobs/runner.ts';
import { defaultJobSettings } from './jobs/settings.ts';
import { sendMagicPackets } from './jobs/wake-on-lan.ts';
import type { Logger } from './log.ts';
import { createMonitor } from './monitoring/monitor.ts';
import { defaultMonitoringSettings } from './monitoring/settings.ts';
import { createSession } from './session.ts';
import type { Identity } from './state.ts';
import { createTaskTriggers } from './tasks/triggers.ts';
import { type Connection, startConnection } from './transport/connection.ts';
import { AGENT_VERSION } from './version.ts';

const KEEPALIVE_MS = 30_000;

export const agentSocketUrl = (serverUrl: string) => {
  const url = new URL(AGENT_WS_PATH, serverUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
};

/** What the server needs to create the device: who and what this machine is. */
export const enrolmentFacts = async () => {
  const [osInfo, chassis] = await Promise.all([
    si.osInfo().catch(() => undefined),
    si.chassis().catch(() => undefined),
  ]);
  const platform = process.platform;
  return {
    hostname: (osInfo?.hostname || os.hostname()).slice(0, 500),
    platform: agentPlatformOf(platform),
    nodeClass: nodeClassFor({ platform, osName: osInfo?.distro ?? '', chassisType: chassis?.type ?? '' }),
    agentVersion: AGENT_VERSION,
  };
};

export const enrol = (options: AgentOptions, log: Logger): Promise<Identity> =>
  ensureIdentity({
    serverUrl: options.serverUrl,
    token: options.token,
    stateDir: options.stateDir,
    facts: enrolmentFacts,
    backoff: { minMs: options.reconnectMinMs, maxMs: options.reconnectMaxMs },
    log,
  });

const deviceAuthorization = (identity: Identity) => `Device ${identity.deviceId}:${identity.deviceSecret}`;

const backupSettingsOf = (options: AgentOptions) => {
  const defaults = defaultBackupSettings();
  return {
    ...defaults,
    progressIntervalMs: options.backupProgressMs,
    packSize: Math.round(options.backupPackMib * 1024 * 1024),
    store: { ...defaults.store, minDelayMs: options.backupRetryMs },
  };
};

/** Enrols when needed, then stays connected until stopped. */
export const startAgent = async (options: AgentOptions, log: Logger) => {
  const identity = await enrol(options, log);
  let connection: Connection | undefined;
  const jobs = createJobRunner({
    stateDir: options.stateDir,
    deviceId: identity.deviceId,
    settings: {
      ...defaultJobSettings(),
      maxConcurrentJobs: options.maxConcurrentJobs,
      rebootCommand: options.rebootCommand,
      killGraceMs: options.jobKillGraceSeconds * 1000,
      historyDays: options.jobHistoryDays,
    },
    backup: {
      serverUrl: options.serverUrl ?? identity.serverUrl,
      authorization: deviceAuthorization(identity),
      settings: backupSettingsOf(options),
    },
    send: (message) => connection?.send(message) ?? false,
    log,
  });
  const tasks = createTaskTriggers({
    stateDir: options.stateDir,
    deviceId: identity.deviceId,
    loginPollMs: options.loginPollSeconds * 1000,
    send: (message) => connection?.send(message) ?? false,
    log,
  });
  // Before the connection: a new boot is noticed (and its events held) even when the server is away.
  await tasks.start();
  const monitoring = createMonitor({
    stateDir: options.stateDir,
    deviceId: identity.deviceId,
    settings: { ...defaultMonitoringSettings(), secondMs: options.monitoringSecondMs },
    send: (message) => connection?.send(message) ?? false,
    log,
  });
  // Before the connection: hello names what this machine can sample and the set held.
  await monitoring.start();
  const session = createSession({
    identity,
    heartbeatSeconds: options.heartbeatSeconds,
    platform: agentPlatformOf(process.platform),
    collectInventory: () =>
      collectInventory(process.platform, { ...defaultInventoryCollectors, stateDir: options.stateDir }),
    collectMetrics,
    wakeOnLan: (macs) => sendMagicPackets(macs, { address: options.wolAddress, port: options.wolPort }),
    backupTree: createTreeLister({
      platform: process.platform,
      shareHost: systemShareHost(process.platform),
      settings: backupSettingsOf(options),
    }),
    jobs,
    tasks,
    monitoring,
    log,
  });
  connection = startConnection({
    url: agentSocketUrl(options.serverUrl ?? identity.serverUrl),
    headers: { authorization: deviceAuthorization(identity) },
    backoff: {
      minMs: options.reconnectMinMs,
      maxMs: options.reconnectMaxMs,
      restartSpreadMs: options.restartSpreadMs,
    },
    keepaliveMs: KEEPALIVE_MS,
    onMessage: session.onMessage,
    onClose: session.onClose,
    log,
  });
  session.attach(connection);
  const inventoryTimer = setInterval(() => void session.checkInventory(), options.inventorySeconds * 1000);
  return {
    identity,
    stop: async () => {
      clearInterval(inventoryTimer);
      session.stop();
      tasks.stop();
      monitoring.stop();
      await jobs.stop();
      await connection?.stop();
    },
  };
};
