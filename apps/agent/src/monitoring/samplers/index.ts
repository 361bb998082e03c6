import type { AgentCondition, ConditionType } from '@rmm/domain';
import type { RunAsHost } from '../../jobs/run-as.ts';
import { type Check, ConditionNotSampledError, type SamplerContext } from '../types.ts';
import { eventLogCheck } from './event-log.ts';
import { httpCheck, pingCheck, portCheck } from './network.ts';
import { processCheck, serviceCheck } from './processes.ts';
import { scriptResultCheck } from './script.ts';
import { syslogCheck } from './syslog.ts';
import {
  antivirusCheck,
  bitlockerCheck,
  filevaultCheck,
  patchCheck,
  raidCheck,
  rebootCheck,
  softwareCheck,
} from './system.ts';
import { batteryCheck, cpuCheck, diskCheck, memoryCheck, temperatureCheck } from './usage.ts';

export type CheckContext = SamplerContext & { scriptsDir: string; runAsHost?: RunAsHost };
type Factory = (condition: AgentCondition, context: CheckContext) => Check;

/** The agent's sampler of each type it samples (DEVICE_DOWN and BACKUP_JOB the server decides; SNMP and traffic none). */
export const checkFactories: Partial<Record<ConditionType, Factory>> = {
  CPU: cpuCheck,
  MEMORY: memoryCheck,
  DISK: diskCheck,
  PROCESS: processCheck,
  SERVICE: serviceCheck,
  REBOOT: rebootCheck,
  EVENT_LOG: eventLogCheck,
  SOFTWARE: softwareCheck,
  PATCH: patchCheck,
  ANTIVIRUS: antivirusCheck,
  TEMPERATURE: temperatureCheck,
  BATTERY: batteryCheck,
  RAID: raidCheck,
  BITLOCKER: bitlockerCheck,
  FILEVAULT: filevaultCheck,
  SCRIPT_RESULT: scriptResultCheck,
  PING: pingCheck,
  HTTP: httpCheck,
  PORTS: portCheck,
  SYSLOG: syslogCheck,
};

/** The check of a condition, or ConditionNotSampledError for a type this agent has no sampler of. */
export const createCheck = (condition: AgentCondition, context: CheckContext): Check => {
  const factory = checkFactories[condition.type];
  if (!factory) throw new ConditionNotSampledError(`the agent does not sample ${condition.type} conditions`);
  return factory(condition, context);
};
