import * as z from 'zod';
import { type AgentPlatform, agentPlatforms, type NodeClass } from './devices.ts';
import { type ConditionType, ConditionTypeName, RunAs } from './enums.ts';
import { messages } from './messages.ts';
import { NotificationOption } from './tickets.ts';

/**
 * Monitoring conditions (issue 19; spec §3 "Monitoring condition types", §9 notification options): what a
 * policy watches on a device, how bad it is when it triggers, when it resets, who is told and what runs.
 * The type ids are `conditionTypeIds` of enums.ts. Each type has its own parameters (a zod schema below)
 * with units and ranges; the agent samples what it evaluates, the server decides (docs/decisions.md
 * "Monitoring conditions").
 */

export const alertSeverities = ['NONE', 'MINOR', 'MODERATE', 'MAJOR', 'CRITICAL'] as const;
export const AlertSeverity = /* @__PURE__ */ z.enum(alertSeverities);
export type AlertSeverity = z.infer<typeof AlertSeverity>;
/** Higher is worse: for sorting and for "the worst active alert". */
export const severityRank = (severity: AlertSeverity): number => alertSeverities.indexOf(severity);

export const alertPriorities = ['NONE', 'LOW', 'MEDIUM', 'HIGH'] as const;
export const AlertPriority = /* @__PURE__ */ z.enum(alertPriorities);
export type AlertPriority = z.infer<typeof AlertPriority>;

// ---- parameters per condition type ----

/** A whole number in a range, refused with a message a technician reads (not the schema library's). */
const whole = (min: number, max: number) => {
  const range = `Enter a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
  return z.number({ error: 'Enter a number' }).int(range).min(min, range).max(max, range);
};
/** Text that must not be blank, up to `max` characters. */
const text = (max: number) =>
  z.string().trim().min(1, messages.validation.mandatory).max(max, `Enter at most ${max} characters`);

const minutes = (max: number) => whole(1, max);
const percent = /* @__PURE__ */ whole(1, 100);
const name = /* @__PURE__ */ text(260);
/** A host name or IP address a probe reaches; no scheme, no path. */
const host = /* @__PURE__ */ z
  .string()
  .trim()
  .min(1, messages.validation.mandatory)
  .max(253, 'Enter at most 253 characters')
  .regex(/^[A-Za-z0-9.:[\]_-]+$/, 'Enter a host name or IP address');
const port = /* @__PURE__ */ whole(1, 65535);
const comparison = /* @__PURE__ */ z.enum(['ABOVE', 'BELOW']);

/** CPU or memory use above (or below) a percentage for a number of minutes. */
const UsageParameters = /* @__PURE__ */ z
  .object({
    operator: comparison.default('ABOVE'),
    thresholdPercent: percent,
    durationMinutes: minutes(1440),
  })
  .strict();

export const diskThresholdModes = ['PERCENT_FREE', 'BYTES_FREE'] as const;
/** Free space on a volume below a percentage or a size; `volume` `*` is every local volume, each its own alert. */
const DiskParameters = /* @__PURE__ */ z
  .object({
    volume: text(260).default('*'),
    mode: z.enum(diskThresholdModes),
    /** PERCENT_FREE: 1-99. */
    thresholdPercent: whole(1, 99).optional(),
    /** BYTES_FREE: 1 MiB to 1 PiB. */
    thresholdBytes: z
      .number({ error: 'Enter a size' })
      .int('Enter a size from 1 MiB to 1 PiB')
      .min(1024 * 1024, 'Enter a size from 1 MiB to 1 PiB')
      .max(2 ** 50, 'Enter a size from 1 MiB to 1 PiB')
      .optional(),
    durationMinutes: minutes(1440),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.mode === 'PERCENT_FREE' && p.thresholdPercent === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['thresholdPercent'],
        message: 'Enter a percentage of free space',
      });
    if (p.mode === 'BYTES_FREE' && p.thresholdBytes === undefined)
      ctx.addIssue({ code: 'custom', path: ['thresholdBytes'], message: 'Enter a size of free space' });
  });

const ProcessParameters = /* @__PURE__ */ z
  .object({ name, trigger: z.enum(['NOT_RUNNING', 'RUNNING']), durationMinutes: minutes(1440) })
  .strict();

const ServiceParameters = /* @__PURE__ */ z
  .object({
    name,
    trigger: z.enum(['NOT_RUNNING', 'RUNNING']),
    /** Restarts the agent tries before the condition triggers (NOT_RUNNING only). */
    restartAttempts: whole(0, 5).default(0),
    durationMinutes: minutes(1440),
  })
  .strict();

const RebootParameters = /* @__PURE__ */ z.object({ pendingForMinutes: minutes(43_200) }).strict();

const EventLogParameters = /* @__PURE__ */ z
  .object({
    /** WINDOWS: the Windows event log; JOURNALD: systemd's journal (Linux). */
    source: z.enum(['WINDOWS', 'JOURNALD']),
    /** The event log (System, Application...) or the journal unit; empty is all. */
    log: z.string().trim().max(260).default(''),
    eventIds: z.array(whole(0, 65535)).max(50).default([]),
    /** Lowest level that counts. */
    level: z.enum(['ANY', 'INFORMATION', 'WARNING', 'ERROR', 'CRITICAL']).default('ANY'),
    textContains: z.string().max(500).default(''),
    /** Triggers after this many matches within the window. */
    occurrences: whole(1, 1000).default(1),
    windowMinutes: minutes(1440),
  })
  .strict();

const SoftwareParameters = /* @__PURE__ */ z
  .object({ name, trigger: z.enum(['INSTALLED', 'NOT_INSTALLED']) })
  .strict();

const PatchParameters = /* @__PURE__ */ z
  .object({
    /** Triggers when more updates than this are pending... */
    maxPendingUpdates: whole(0, 1000).default(0),
    /** ...or security updates pending at all when true. */
    securityOnly: z.boolean().default(false),
  })
  .strict();

const AntivirusParameters = /* @__PURE__ */ z
  .object({
    trigger: z.enum(['NOT_PROTECTED', 'OUT_OF_DATE', 'THREAT_FOUND']),
    outOfDateDays: minutes(365).default(3),
  })
  .strict();

const BackupJobParameters = /* @__PURE__ */ z
  .object({
    trigger: z.enum(['FAILED', 'NOT_RUN']),
    notRunHours: whole(1, 720).default(48),
  })
  .strict();

const DeviceDownParameters = /* @__PURE__ */ z.object({ afterMinutes: minutes(10_080) }).strict();

const ScriptResultParameters = /* @__PURE__ */ z
  .object({
    scriptId: z.number().int().positive(),
    runAs: RunAs.optional(),
    intervalMinutes: whole(5, 1440),
    /** Triggers when the exit code is not one of these. */
    successExitCodes: z.array(z.number().int()).min(1).max(20).default([0]),
    /** ...or when the output contains this text (empty: not checked). */
    outputContains: z.string().max(500).default(''),
  })
  .strict();

const TemperatureParameters = /* @__PURE__ */ z
  .object({ thresholdCelsius: whole(20, 150), durationMinutes: minutes(1440) })
  .strict();

const BatteryParameters = /* @__PURE__ */ z
  .object({
    trigger: z.enum(['CHARGE_BELOW', 'HEALTH_BELOW']),
    thresholdPercent: percent,
  })
  .strict();

const RaidParameters = /* @__PURE__ */ z
  .object({ trigger: z.enum(['DEGRADED']).default('DEGRADED') })
  .strict();
const EncryptionParameters = /* @__PURE__ */ z
  .object({
    trigger: z.enum(['NOT_ENCRYPTED']).default('NOT_ENCRYPTED'),
    volume: z.string().max(260).default('*'),
  })
  .strict();

/** Network conditions run from an agent acting as probe (`probeDeviceId` on the condition). */
const PingParameters = /* @__PURE__ */ z
  .object({
    host,
    /** Triggers when this share of packets is lost (100: the host is down)... */
    packetLossPercent: percent.default(100),
    /** ...or when the average round trip is above this (0: not checked). */
    maxLatencyMs: whole(0, 60_000).default(0),
    intervalSeconds: whole(30, 3600).default(60),
    durationMinutes: minutes(1440),
  })
  .strict();

const HttpParameters = /* @__PURE__ */ z
  .object({
    url: z
      .string()
      .trim()
      .max(2048)
      .regex(/^https?:\/\/[^\s]+$/i, 'Enter an http:// or https:// address'),
    expectStatus: z.array(whole(100, 599)).min(1).max(20).default([200]),
    keyword: z.string().max(500).default(''),
    keywordMustAppear: z.boolean().default(true),
    maxLatencyMs: whole(0, 60_000).default(0),
    /** Triggers when the certificate expires within this many days (0: not checked). */
    certificateExpiryDays: whole(0, 365).default(0),
    intervalSeconds: whole(30, 3600).default(60),
    durationMinutes: minutes(1440),
  })
  .strict();

const PortParameters = /* @__PURE__ */ z
  .object({
    host,
    port,
    trigger: z.enum(['CLOSED', 'OPEN']).default('CLOSED'),
    intervalSeconds: whole(30, 3600).default(60),
    durationMinutes: minutes(1440),
  })
  .strict();

const SyslogParameters = /* @__PURE__ */ z
  .object({
    /** UDP port the probe listens on (514 needs privileges; 1024+ does not). */
    port: port.default(514),
    textContains: text(500),
    /** Lowest syslog severity that counts (0 emergency ... 7 debug). */
    maxSeverity: whole(0, 7).default(7),
    occurrences: whole(1, 1000).default(1),
    windowMinutes: minutes(1440),
  })
  .strict();

const Unsupported = /* @__PURE__ */ z.object({}).strict();

/** The parameters schema of each condition type. */
export const conditionParameterSchemas = {
  CPU: UsageParameters,
  MEMORY: UsageParameters,
  DISK: DiskParameters,
  PROCESS: ProcessParameters,
  SERVICE: ServiceParameters,
  REBOOT: RebootParameters,
  EVENT_LOG: EventLogParameters,
  SOFTWARE: SoftwareParameters,
  RAID: RaidParameters,
  TEMPERATURE: TemperatureParameters,
  BITLOCKER: EncryptionParameters,
  FILEVAULT: EncryptionParameters,
  PATCH: PatchParameters,
  BATTERY: BatteryParameters,
  ANTIVIRUS: AntivirusParameters,
  BACKUP_JOB: BackupJobParameters,
  DEVICE_DOWN: DeviceDownParameters,
  SCRIPT_RESULT: ScriptResultParameters,
  PING: PingParameters,
  TRAFFIC: Unsupported,
  HTTP: HttpParameters,
  PORTS: PortParameters,
  SYSLOG: SyslogParameters,
  SNMP_TRAP: Unsupported,
  SNMP_VALUE: Unsupported,
} as const satisfies Record<ConditionType, z.ZodType>;

export type ConditionParameters<T extends ConditionType = ConditionType> = z.output<
  (typeof conditionParameterSchemas)[T]
>;

/** Who evaluates a type: the agent samples it, or the server decides from what it already has. */
export type ConditionEvaluator = 'AGENT' | 'SERVER';

export type ConditionTypeInfo = {
  type: ConditionType;
  label: string;
  evaluator: ConditionEvaluator;
  /** Platforms whose agent can sample it (the agent also reports what it can, `conditionCapabilities`). */
  platforms: readonly AgentPlatform[];
  /** Runs from a probe device against another host. */
  network: boolean;
  /** One alert per instance (a volume, a service...) rather than one per device. */
  perInstance: boolean;
  /** Offered in the policy editor: false for types no agent or server part evaluates yet. */
  available: boolean;
};

const all = agentPlatforms.filter((p) => p !== 'other');
const info = (
  type: ConditionType,
  label: string,
  evaluator: ConditionEvaluator,
  platforms: readonly AgentPlatform[],
  extra: Partial<Pick<ConditionTypeInfo, 'network' | 'perInstance' | 'available'>> = {},
): ConditionTypeInfo => ({
  type,
  label,
  evaluator,
  platforms,
  network: false,
  perInstance: false,
  available: true,
  ...extra,
});

/** Every condition type, in the order the editor lists them. */
export const conditionTypeInfo: readonly ConditionTypeInfo[] = [
  info('DEVICE_DOWN', 'Device offline', 'SERVER', all),
  info('CPU', 'CPU', 'AGENT', all),
  info('MEMORY', 'Memory', 'AGENT', all),
  info('DISK', 'Disk free space', 'AGENT', all, { perInstance: true }),
  info('PROCESS', 'Process', 'AGENT', all, { perInstance: true }),
  info('SERVICE', 'Service', 'AGENT', all, { perInstance: true }),
  info('REBOOT', 'Reboot pending', 'AGENT', all),
  info('EVENT_LOG', 'Event log / journald', 'AGENT', ['win32', 'linux']),
  info('SOFTWARE', 'Software installed or removed', 'AGENT', all),
  info('PATCH', 'Patch compliance', 'AGENT', all),
  info('ANTIVIRUS', 'Antivirus health', 'AGENT', ['win32', 'darwin', 'linux']),
  info('BACKUP_JOB', 'Backup job', 'SERVER', all),
  info('SCRIPT_RESULT', 'Script result', 'AGENT', all),
  info('TEMPERATURE', 'Temperature', 'AGENT', all),
  info('BATTERY', 'Battery', 'AGENT', all),
  info('RAID', 'RAID health', 'AGENT', ['linux', 'win32']),
  info('BITLOCKER', 'BitLocker', 'AGENT', ['win32'], { perInstance: true }),
  info('FILEVAULT', 'FileVault', 'AGENT', ['darwin']),
  info('PING', 'Ping', 'AGENT', all, { network: true }),
  info('HTTP', 'HTTP', 'AGENT', all, { network: true }),
  info('PORTS', 'TCP port', 'AGENT', all, { network: true }),
  info('SYSLOG', 'Syslog', 'AGENT', all, { network: true }),
  info('TRAFFIC', 'Traffic', 'AGENT', [], { network: true, available: false }),
  info('SNMP_TRAP', 'SNMP trap', 'AGENT', [], { network: true, available: false }),
  info('SNMP_VALUE', 'SNMP value', 'AGENT', [], { network: true, available: false }),
];

export const findConditionTypeInfo = (type: ConditionType): ConditionTypeInfo =>
  conditionTypeInfo.find((entry) => entry.type === type) as ConditionTypeInfo;

/**
 * The agent platforms a device class runs on: Windows, macOS and Linux classes their own; a Hyper-V host is
 * Windows; a virtual machine guest any of the three; classes without our agent (VMware hosts, mobile devices,
 * cloud monitors, network devices) none.
 */
export const nodeClassPlatforms = (nodeClass: NodeClass): readonly AgentPlatform[] => {
  if (nodeClass.startsWith('WINDOWS_') || nodeClass === 'HYPERV_VMM_HOST') return ['win32'];
  if (nodeClass === 'MAC' || nodeClass === 'MAC_SERVER') return ['darwin'];
  if (nodeClass.startsWith('LINUX_')) return ['linux'];
  if (nodeClass === 'VMWARE_VM_GUEST' || nodeClass === 'HYPERV_VMM_GUEST')
    return ['win32', 'darwin', 'linux'];
  return [];
};

/**
 * Whether a policy for devices of this class may hold a condition of this type: the type is `available`, and
 * either the server decides it from what it has (device offline), it runs from a probe (network types, whose
 * platform is the probe's), or the class's agent can sample it.
 */
export const conditionTypeFitsClass = (type: ConditionType, nodeClass: NodeClass): boolean => {
  const typeInfo = findConditionTypeInfo(type);
  if (!typeInfo.available) return false;
  if (type === 'DEVICE_DOWN' || typeInfo.network) return true;
  const platforms = nodeClassPlatforms(nodeClass);
  return typeInfo.platforms.some((platform) => platforms.includes(platform));
};

/** The condition types the policy editor offers for a class, in the editor's order. */
export const conditionTypesForClass = (nodeClass: NodeClass): ConditionTypeInfo[] =>
  conditionTypeInfo.filter((entry) => conditionTypeFitsClass(entry.type, nodeClass));

// ---- the condition as a policy holds it ----

export const resetModes = ['WHEN_CLEARED', 'AFTER_TIME', 'MANUAL'] as const;
export const ResetMode = /* @__PURE__ */ z.enum(resetModes);
export type ResetMode = z.infer<typeof ResetMode>;

export const ConditionReset = /* @__PURE__ */ z
  .object({
    mode: ResetMode,
    /** AFTER_TIME: minutes after triggering, 1 minute to 30 days. */
    afterMinutes: whole(1, 43_200).optional(),
  })
  .strict()
  .refine((r) => r.mode !== 'AFTER_TIME' || r.afterMinutes !== undefined, {
    path: ['afterMinutes'],
    message: 'Enter after how many minutes the alert resets',
  });
export type ConditionReset = z.infer<typeof ConditionReset>;

export const ConditionNotification = /* @__PURE__ */ z
  .object({ channelId: z.number().int().positive(), option: NotificationOption })
  .strict();
export type ConditionNotification = z.infer<typeof ConditionNotification>;

/** Which ticket ruleset turns the condition's alerts into tickets (issue 20): none, the default, or one by id. */
export const ConditionTicketing = /* @__PURE__ */ z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('NONE') }).strict(),
  z.object({ mode: z.literal('DEFAULT') }).strict(),
  z.object({ mode: z.literal('RULESET'), rulesetId: z.number().int().positive() }).strict(),
]);
export type ConditionTicketing = z.infer<typeof ConditionTicketing>;

/** A library script run once per trigger, on the device that triggered. */
export const ConditionAutomation = /* @__PURE__ */ z
  .object({ scriptId: z.number().int().positive(), runAs: RunAs.optional() })
  .strict();
export type ConditionAutomation = z.infer<typeof ConditionAutomation>;

export const CONDITION_NAME_MAX = 200;
export const MAX_CONDITIONS_PER_POLICY = 200;
export const MAX_NOTIFICATIONS_PER_CONDITION = 20;
export const MAX_AUTOMATIONS_PER_CONDITION = 10;

/** Spec §9 notification options (tickets.ts: none, send); some channel types offer fewer (notification-channels.ts). */
const conditionFields = {
  /** Stable across edits and across inheritance: a child's override names its parent's condition by this id. */
  id: z.string().uuid(),
  name: text(CONDITION_NAME_MAX),
  enabled: z.boolean().default(true),
  severity: AlertSeverity,
  priority: AlertPriority,
  reset: ConditionReset,
  notifyOnReset: z.boolean().default(false),
  notifications: z.array(ConditionNotification).max(MAX_NOTIFICATIONS_PER_CONDITION).default([]),
  ticketing: ConditionTicketing.default({ mode: 'NONE' }),
  automations: z.array(ConditionAutomation).max(MAX_AUTOMATIONS_PER_CONDITION).default([]),
  /** Network conditions: the device whose agent runs the probe (required for them, refused for others). */
  probeDeviceId: z.number().int().positive().nullable().default(null),
};

const conditionOf = <T extends ConditionType>(type: T) =>
  z
    .object({
      ...conditionFields,
      type: z.literal(type),
      parameters: conditionParameterSchemas[type] as (typeof conditionParameterSchemas)[T],
    })
    .strict();

/**
 * One condition of a policy: its type with that type's parameters, and what happens when it triggers. Types not
 * `available` are refused ("This condition type is not supported yet"); network types need a probe device.
 */
export const Condition = /* @__PURE__ */ z
  .discriminatedUnion('type', [
    conditionOf('CPU'),
    conditionOf('MEMORY'),
    conditionOf('DISK'),
    conditionOf('PROCESS'),
    conditionOf('SERVICE'),
    conditionOf('REBOOT'),
    conditionOf('EVENT_LOG'),
    conditionOf('SOFTWARE'),
    conditionOf('RAID'),
    conditionOf('TEMPERATURE'),
    conditionOf('BITLOCKER'),
    conditionOf('FILEVAULT'),
    conditionOf('PATCH'),
    conditionOf('BATTERY'),
    conditionOf('ANTIVIRUS'),
    conditionOf('BACKUP_JOB'),
    conditionOf('DEVICE_DOWN'),
    conditionOf('SCRIPT_RESULT'),
    conditionOf('PING'),
    conditionOf('TRAFFIC'),
    conditionOf('HTTP'),
    conditionOf('PORTS'),
    conditionOf('SYSLOG'),
    conditionOf('SNMP_TRAP'),
    conditionOf('SNMP_VALUE'),
  ])
  .superRefine((condition, ctx) => {
    const typeInfo = findConditionTypeInfo(condition.type);
    if (!typeInfo.available)
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'This condition type is not supported yet' });
    if (typeInfo.network && condition.probeDeviceId === null)
      ctx.addIssue({
        code: 'custom',
        path: ['probeDeviceId'],
        message: 'Choose the device that runs the probe',
      });
    if (!typeInfo.network && condition.probeDeviceId !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['probeDeviceId'],
        message: 'Only network conditions run from a probe',
      });
  });
export type Condition = z.output<typeof Condition>;
export type ConditionInput = z.input<typeof Condition>;

// ---- what the agent is given and what it reports (agent-protocol.ts carries these) ----

/**
 * A condition as the agent receives it: only what it samples. `key` is the condition's id (the policy's, or a
 * dynamic policy's); the agent reports by key and instance.
 */
export const AgentCondition = /* @__PURE__ */ z.object({
  key: z.string().max(100),
  type: ConditionTypeName,
  /** The type's parameters, already validated by the server; the agent ignores a type it does not know. */
  parameters: z.record(z.string(), z.unknown()),
});
export type AgentCondition = z.infer<typeof AgentCondition>;

/** One observation: the condition's key and instance crossed into (triggered) or out of its threshold. */
export const ConditionObservation = /* @__PURE__ */ z.object({
  key: z.string().max(100),
  /** The volume, service, process, host... ('' when the type has no instances). */
  instance: z.string().max(500).default(''),
  triggered: z.boolean(),
  /** The value measured (percent, bytes, ms, count...), when there is one. */
  value: z.number().finite().nullable().default(null),
  /** What the agent saw, shown as text (a journal line, a service state...). */
  text: z.string().max(2000).default(''),
  /** The agent's own time of the crossing (ISO 8601). */
  observedAt: z.string().datetime({ offset: true }),
});
export type ConditionObservation = z.infer<typeof ConditionObservation>;

export const MAX_OBSERVATIONS_PER_REPORT = 500;

/** Stable text of a condition set for its hash: the agent pulls a new set only when the hash changes. */
export const conditionSetText = (conditions: readonly AgentCondition[]): string =>
  JSON.stringify(
    [...conditions]
      .sort((a, b) => a.key.localeCompare(b.key))
      .map((c) => [c.key, c.type, sortKeys(c.parameters)]),
  );

const sortKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  return value;
};

// ---- what an observation may carry (the server refuses the rest, logged: docs/decisions.md "Monitoring engine") ----

/**
 * The `value` an observation of a type carries: `none` (always null), `percent` (0-100), `count` (a whole number
 * from 0), `nonNegative` (bytes, milliseconds, minutes, days), `integer` (an exit code), `number` (degrees).
 * Null is accepted for every kind (a crossing without a measure, a clear).
 */
export type ObservationValueKind = 'none' | 'percent' | 'count' | 'nonNegative' | 'integer' | 'number';

const valueKindOf = (condition: Pick<AgentCondition, 'type' | 'parameters'>): ObservationValueKind => {
  switch (condition.type) {
    case 'CPU':
    case 'MEMORY':
    case 'BATTERY':
      return 'percent';
    case 'DISK':
      return condition.parameters.mode === 'BYTES_FREE' ? 'nonNegative' : 'percent';
    case 'PROCESS':
    case 'SERVICE':
    case 'EVENT_LOG':
    case 'PATCH':
    case 'SYSLOG':
      return 'count';
    case 'REBOOT':
    case 'ANTIVIRUS':
    case 'PING':
    case 'HTTP':
      return 'nonNegative';
    case 'SCRIPT_RESULT':
      return 'integer';
    case 'TEMPERATURE':
      return 'number';
    default:
      return 'none';
  }
};

const valueFits = (kind: ObservationValueKind, value: number): boolean => {
  switch (kind) {
    case 'none':
      return false;
    case 'percent':
      return value >= 0 && value <= 100;
    case 'count':
      return Number.isInteger(value) && value >= 0;
    case 'nonNegative':
      return value >= 0;
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return true;
  }
};

const valueKindText: Readonly<Record<ObservationValueKind, string>> = {
  none: '',
  percent: 'a percentage from 0 to 100',
  count: 'a whole number from 0',
  nonNegative: 'a number from 0',
  integer: 'a whole number',
  number: 'a number',
};

/**
 * What a network condition probes, the instance of its alerts on the probe device: the host, the URL, `host:port`,
 * or `udp/<port>` for syslog.
 */
export const networkTargetOf = (condition: Pick<AgentCondition, 'type' | 'parameters'>): string => {
  const p = condition.parameters as Record<string, unknown>;
  switch (condition.type) {
    case 'HTTP':
      return String(p.url ?? '');
    case 'PORTS':
      return `${String(p.host ?? '')}:${String(p.port ?? '')}`;
    case 'SYSLOG':
      return `udp/${String(p.port ?? 514)}`;
    default:
      return String(p.host ?? '');
  }
};

/** The instance a per-instance condition names itself (a volume, a service), or undefined for "each one" (`*`). */
const namedInstanceOf = (condition: Pick<AgentCondition, 'type' | 'parameters'>): string | undefined => {
  const p = condition.parameters as Record<string, unknown>;
  if (condition.type === 'PROCESS' || condition.type === 'SERVICE') return String(p.name ?? '');
  const volume = typeof p.volume === 'string' ? p.volume : '*';
  return volume === '*' ? undefined : volume;
};

export type ObservationCheck = { ok: true; instance: string } | { ok: false; reason: string };

/**
 * Whether the server can evaluate an observation under the condition the agent was given, and the instance its
 * alert is keyed by: a type without instances has none (''), a per-instance one names its instance (a volume of
 * `*`, or the condition's own volume, process or service), a network one is keyed by what it probes. A value of
 * another kind than the type's (a CPU of 250 %, a value for a software condition) is refused.
 */
export const checkObservation = (
  condition: Pick<AgentCondition, 'type' | 'parameters'>,
  observation: Pick<ConditionObservation, 'instance' | 'value'>,
): ObservationCheck => {
  const kind = valueKindOf(condition);
  if (observation.value !== null && !valueFits(kind, observation.value))
    return {
      ok: false,
      reason:
        kind === 'none'
          ? `${condition.type} takes no value (got ${observation.value})`
          : `value ${observation.value} is not ${valueKindText[kind]} (${condition.type})`,
    };
  const typeInfo = findConditionTypeInfo(condition.type);
  const instance = observation.instance;
  if (typeInfo.network) {
    const target = networkTargetOf(condition);
    return instance === '' || instance === target
      ? { ok: true, instance: target }
      : { ok: false, reason: `instance '${instance}' is not the probed ${target}` };
  }
  if (!typeInfo.perInstance)
    return instance === ''
      ? { ok: true, instance: '' }
      : { ok: false, reason: `${condition.type} has no instances (got '${instance}')` };
  const named = namedInstanceOf(condition);
  if (named === undefined)
    return instance === ''
      ? { ok: false, reason: `${condition.type} on every volume needs the volume as instance` }
      : { ok: true, instance };
  return instance === '' || instance.toLowerCase() === named.toLowerCase()
    ? { ok: true, instance: named }
    : { ok: false, reason: `instance '${instance}' is not the condition's ${named}` };
};

/**
 * SOFTWARE's name rule, the agent's and the dry run's: a name with `*` is a pattern of the whole name; without,
 * any installed name containing it matches; any case.
 */
export const softwareNameMatcher = (wanted: string): ((name: string) => boolean) => {
  if (wanted.includes('*')) {
    const pattern = wanted
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    const regex = new RegExp(`^${pattern}$`, 'i');
    return (name: string) => regex.test(name);
  }
  const lower = wanted.toLowerCase();
  return (name: string) => name.toLowerCase().includes(lower);
};
