import type { AgentCondition, ConditionType } from '@rmm/domain';
import type { RunResult } from '../collectors/exec.ts';
import type { Logger } from '../log.ts';
import type { MonitoringSettings } from './settings.ts';
import type { UdpHub } from './udp-hub.ts';

/** What one sample says of one instance (a volume, a service; '' when the type has none). */
export type Reading = {
  instance: string;
  /** The threshold is crossed now (the duration window decides when it triggers). */
  breached: boolean;
  value: number | null;
  text: string;
};

/**
 * A condition being sampled: `sample` reads every instance now; a breach that lasts `durationMs` (0: at
 * once) triggers. `stop` ends what the check holds (a listener, a running script).
 */
export type Check = {
  intervalMs: number;
  durationMs: number;
  sample: () => Promise<Reading[]>;
  stop?: () => void;
};

export type Volume = { mount: string; type: string; size: number; available: number };
export type BatteryReading = {
  hasBattery: boolean;
  percent: number;
  designedCapacity: number;
  maxCapacity: number;
};

/** What the samplers read from the machine; tests replace parts of it with recorded answers. */
export type Sources = {
  /** Summed CPU times of every core since boot (ms): the CPU figure is the difference of two readings. */
  cpuTimes: () => { idle: number; total: number };
  memory: () => Promise<{ total: number; available: number }>;
  /** Local volumes (memory-backed and image file systems left out). */
  volumes: () => Promise<Volume[]>;
  /** Size and free space of the file system holding `path` (POSIX), or undefined. */
  statVolume: (path: string) => Promise<Volume | undefined>;
  /** Names of the running processes (each executable's file name, without a folder). */
  processNames: () => Promise<string[]>;
  /** Names of the installed programs and packages. */
  software: () => Promise<string[]>;
  pendingReboot: () => Promise<boolean>;
  /** The main CPU temperature (°C), or null when the machine reports none. */
  temperature: () => Promise<number | null>;
  battery: () => Promise<BatteryReading>;
  /** Runs a program without a shell; a missing program rejects (ENOENT). */
  run: (command: string, args: string[], timeoutMs: number) => Promise<RunResult>;
  readFile: (path: string) => Promise<string | undefined>;
  /** A file's modification time (ms since the epoch), or undefined when it is not there. */
  modifiedAt: (path: string) => Promise<number | undefined>;
  exists: (path: string) => boolean;
};

export type SamplerContext = {
  platform: NodeJS.Platform;
  settings: MonitoringSettings;
  sources: Sources;
  now: () => Date;
  log: Logger;
  /** The UDP ports SYSLOG conditions listen on, shared between them. */
  udp: UdpHub;
  /**
   * A policy's dry run samples a check once (dry-run.ts): event logs are read back over their window rather
   * than from the check's start, and a stopped service is not restarted.
   */
  isDryRun?: boolean;
};

/** Builds the check of one condition (its parameters as the server sent them), or says why it cannot. */
export type SamplerFactory = (condition: AgentCondition, context: SamplerContext) => Check;

export class ConditionNotSampledError extends Error {}

export type ConditionTypeSet = ReadonlySet<ConditionType>;
