import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AgentCondition,
  type AgentConditionReport,
  AgentMessage,
  type ConditionType,
} from '@rmm/domain';
import { expect, vi } from 'vitest';
import type { Logger } from '../log.ts';
import { createMonitor, type Monitor, type MonitorOptions } from './monitor.ts';
import { defaultMonitoringSettings, type MonitoringSettings } from './settings.ts';
import { systemSources } from './sources.ts';
import type { Check, Reading, SamplerContext } from './types.ts';
import { createUdpHub } from './udp-hub.ts';

/** Test helpers for the agent's monitoring: short timings, a state dir, a connection that records. */

const tempDirs: string[] = [];
const monitors: Monitor[] = [];
const closers: (() => void)[] = [];

/** One parameter second lasts 10 ms: a one-minute window is 600 ms, a 15 s interval 150 ms. */
export const fastSettings = (overrides: Partial<MonitoringSettings> = {}): MonitoringSettings => ({
  ...defaultMonitoringSettings(),
  secondMs: 10,
  fullReportWaitSeconds: 100,
  restartSettleSeconds: 1,
  ...overrides,
});

export const tempDir = (prefix = 'rmm-monitoring-') => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};

export const cleanUpMonitoringTests = () => {
  for (const monitor of monitors.splice(0)) monitor.stop();
  for (const close of closers.splice(0)) close();
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
};

export const recordingLog = () => {
  const lines: string[] = [];
  const log: Logger = {
    info: (line) => void lines.push(`INFO ${line}`),
    warn: (line) => void lines.push(`WARN ${line}`),
    error: (line) => void lines.push(`ERROR ${line}`),
  };
  return { log, lines };
};

let keyCounter = 0;
export const condition = (type: ConditionType, parameters: Record<string, unknown>): AgentCondition => ({
  key: `00000000-0000-4000-8000-${String(++keyCounter).padStart(12, '0')}`,
  type,
  parameters,
});

/** A monitor of one agent run on `stateDir` (a new one on the same dir is a restart) with a connection the test holds. */
export const startTestMonitor = async (
  stateDir: string,
  options: Partial<MonitorOptions> & { isConnected?: boolean } = {},
) => {
  const sent: AgentMessage[] = [];
  const { log, lines } = recordingLog();
  let isConnected = options.isConnected ?? true;
  const monitor = createMonitor({
    stateDir,
    deviceId: 7,
    platform: 'linux',
    settings: fastSettings(),
    capabilities: ['CPU', 'MEMORY', 'DISK', 'PROCESS', 'REBOOT', 'SOFTWARE', 'PORTS', 'HTTP', 'SYSLOG'],
    log,
    ...options,
    send: (message) => {
      if (!isConnected) return false;
      // Every message is one the server's schema takes.
      sent.push(AgentMessage.parse(JSON.parse(JSON.stringify(message))));
      return true;
    },
  });
  monitors.push(monitor);
  await monitor.start();
  const reports = () =>
    sent.filter((message): message is AgentConditionReport => message.type === 'conditionReport');
  return {
    monitor,
    sent,
    lines,
    reports,
    /** The connection comes up (the session calls onConnected after hello). */
    connect: () => {
      isConnected = true;
      monitor.onConnected();
    },
    disconnect: () => {
      isConnected = false;
      monitor.onDisconnected();
    },
    /** Waits for a report that passes `match`, and answers it. */
    waitForReport: (match: (report: AgentConditionReport) => boolean, timeout = 15_000) =>
      vi.waitFor(
        () => {
          const found = reports().find(match);
          expect(found).toBeDefined();
          return found!;
        },
        { timeout, interval: 20 },
      ),
  };
};

/** Samples a check until `match` passes for one of its readings (real sources, short intervals). */
export const sampleUntil = async (
  check: Check,
  match: (readings: Reading[]) => boolean,
  timeout = 15_000,
): Promise<Reading[]> => {
  let last: Reading[] = [];
  await vi.waitFor(
    async () => {
      last = await check.sample();
      expect(match(last), JSON.stringify(last)).toBe(true);
    },
    { timeout, interval: 50 },
  );
  return last;
};

/** The context a single check runs in: this machine's sources unless replaced. */
export const samplerContext = (
  overrides: Partial<Omit<SamplerContext, 'sources'>> & { sources?: Partial<SamplerContext['sources']> } = {},
): SamplerContext & { scriptsDir: string } => {
  const { log } = recordingLog();
  const udp = createUdpHub(log);
  closers.push(udp.close);
  const platform = overrides.platform ?? process.platform;
  return {
    platform,
    settings: fastSettings(),
    now: () => new Date(),
    log,
    udp,
    scriptsDir: path.join(tempDir('rmm-monitoring-scripts-'), 'scripts'),
    ...overrides,
    sources: { ...systemSources(platform), ...overrides.sources },
  };
};

export const onClose = (close: () => void) => closers.push(close);
