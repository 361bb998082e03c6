import * as z from 'zod';
import {
  AgentBackupJob,
  BackupProgressFields,
  BackupTreeRequestFields,
  BackupTreeResultFields,
} from './backup-agent.ts';
import { AgentCondition, ConditionObservation, MAX_OBSERVATIONS_PER_REPORT } from './conditions.ts';
import { AgentPlatform, DeviceInventory, DeviceMetrics, NodeClass } from './devices.ts';
import { ApprovalStatus, ConditionTypeName } from './enums.ts';
import { JobResult, JobTypeName } from './jobs.ts';

/**
 * The agent <-> server protocol. Deployed agents are older than the server, so a message only
 * ever gains fields (optional ones); unknown fields are ignored on both sides, never refused.
 * Every WebSocket message is JSON, a discriminated union on `type`, with `v: 1`.
 */
export const AGENT_PROTOCOL_VERSION = 1;
export const AGENT_WS_PATH = '/agent/ws';
export const AGENT_ENROLL_PATH = '/agent/enroll';
/** Header scheme of the WebSocket handshake: `Authorization: Device <deviceId>:<secret>`. */
export const DEVICE_AUTH_SCHEME = 'Device';

const v = /* @__PURE__ */ z.literal(AGENT_PROTOCOL_VERSION);
const deviceId = /* @__PURE__ */ z.number().int().positive();
const shortText = /* @__PURE__ */ z.string().max(200);

/** Triggers the agent itself watches for (scheduled tasks of type ON_SYSTEM_STARTUP and ON_USER_LOGIN). */
export const agentTaskTriggers = ['ON_SYSTEM_STARTUP', 'ON_USER_LOGIN'] as const;
export const AgentTaskTrigger = /* @__PURE__ */ z.enum(agentTaskTriggers);
export type AgentTaskTrigger = z.infer<typeof AgentTaskTrigger>;

// ---- HTTP: POST /agent/enroll ----

export const AgentEnrollRequest = /* @__PURE__ */ z.object({
  token: z.string().min(1).max(200),
  hostname: z.string().max(500),
  platform: AgentPlatform,
  nodeClass: NodeClass.optional(),
  agentVersion: shortText,
});
export type AgentEnrollRequest = z.infer<typeof AgentEnrollRequest>;

export const AgentEnrollResponse = /* @__PURE__ */ z.object({
  deviceId,
  /** Shown once; the server keeps only its hash. The agent stores it with mode 0600. */
  deviceSecret: z.string(),
  organizationId: z.number().int(),
  approvalStatus: ApprovalStatus,
});
export type AgentEnrollResponse = z.infer<typeof AgentEnrollResponse>;

// ---- agent -> server ----

export const AgentHello = /* @__PURE__ */ z.object({
  v,
  type: z.literal('hello'),
  deviceId,
  agentVersion: shortText,
  platform: AgentPlatform,
  /** Condition types this agent can sample on this device (conditions.ts); absent from older agents. */
  conditionCapabilities: z.array(ConditionTypeName).max(100).optional(),
  /** Hash of the condition set the agent holds (`conditionSet`), so the server sends one only when it differs. */
  conditionSetHash: z.string().max(100).nullable().optional(),
});

export const AgentHeartbeat = /* @__PURE__ */ z.object({
  v,
  type: z.literal('heartbeat'),
  deviceId,
  sentAt: z.iso.datetime({ offset: true }),
  metrics: DeviceMetrics,
});

export const AgentInventory = /* @__PURE__ */ z.object({
  v,
  type: z.literal('inventory'),
  deviceId,
  inventory: DeviceInventory,
  /**
   * The agent's digest of what it considers this inventory's content (collection time left out); the
   * server keeps it and names it in the next welcome, so a reconnect need not send the same inventory.
   */
  inventoryKey: z.string().max(128).optional(),
});

/** The agent's answer to a wakeOnLan request: whether the magic packets left. */
export const AgentWakeOnLanResult = /* @__PURE__ */ z.object({
  v,
  type: z.literal('wakeOnLanResult'),
  deviceId,
  requestId: shortText,
  ok: z.boolean(),
  error: z.string().max(1000).optional(),
});

const jobUid = /* @__PURE__ */ z.string().uuid();

/**
 * The agent got a job. `accepted`: it will run it (or runs it now). `duplicate`: it has already run
 * or is running this jobUid and will not run it again (a stored result is sent again as jobResult).
 */
export const AgentJobAck = /* @__PURE__ */ z.object({
  v,
  type: z.literal('jobAck'),
  deviceId,
  jobUid,
  state: z.enum(['accepted', 'duplicate']),
});

/** A piece of a running job's output, in order per job (`seq` from 0). Shown live, not stored. */
export const AgentJobOutput = /* @__PURE__ */ z.object({
  v,
  type: z.literal('jobOutput'),
  deviceId,
  jobUid,
  seq: z.number().int().min(0),
  stream: z.enum(['stdout', 'stderr']),
  data: z.string().max(65_536),
});

/**
 * How a job ended on the device. The agent keeps it on disk and sends it again (after every
 * reconnect) until the server answers jobResultStored. `status` CANCELLED: stopped by a cancel.
 */
export const AgentJobResult = /* @__PURE__ */ z.object({
  v,
  type: z.literal('jobResult'),
  deviceId,
  jobUid,
  status: z.enum(['COMPLETED', 'CANCELLED']),
  result: JobResult,
  resultContent: z.looseObject({
    exitCode: z.number().int().nullable().optional(),
    stdout: z.string().optional(),
    stderr: z.string().optional(),
    truncated: z.boolean().optional(),
    errorMessage: z.string().max(4000).nullable().optional(),
  }),
  startedAt: z.iso.datetime({ offset: true }).optional(),
  finishedAt: z.iso.datetime({ offset: true }),
});

/**
 * An agent-side trigger of a task it holds fired: the device booted (ON_SYSTEM_STARTUP) or a user logged
 * on (ON_USER_LOGIN, `user` set). Kept on disk and sent again after reconnects until taskTriggerStored;
 * the server runs each `eventId` once.
 */
export const AgentTaskTriggered = /* @__PURE__ */ z.object({
  v,
  type: z.literal('taskTriggered'),
  deviceId,
  eventId: z.string().uuid(),
  taskId: z.number().int().positive(),
  trigger: AgentTaskTrigger,
  user: z.string().max(256).optional(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type AgentTaskTriggered = z.infer<typeof AgentTaskTriggered>;

/**
 * How far a running BACKUP or RESTORE job is: relayed to consoles as `backup.progress`, never stored. Sent at
 * most about once a second per job; a newer agent may add fields.
 */
export const AgentBackupProgress = /* @__PURE__ */ z.object({
  v,
  type: z.literal('backupProgress'),
  deviceId,
  jobUid,
  ...BackupProgressFields,
});
export type AgentBackupProgress = z.infer<typeof AgentBackupProgress>;

/**
 * Threshold crossings of the agent's conditions, with its own timestamps; kept on the agent's disk (also while
 * offline) until the server answers `conditionReportStored` with the same `reportId`. `full`: the agent's whole
 * current state (sent after it gets a new set or reconnects): a key and instance not listed as triggered is clear.
 */
export const AgentConditionReport = /* @__PURE__ */ z.object({
  v,
  type: z.literal('conditionReport'),
  deviceId,
  reportId: z.string().uuid(),
  /** The condition set the observations were made under. */
  conditionSetHash: z.string().max(100),
  full: z.boolean().default(false),
  observations: z.array(ConditionObservation).max(MAX_OBSERVATIONS_PER_REPORT),
});
export type AgentConditionReport = z.infer<typeof AgentConditionReport>;

/**
 * The agent's answer to a backupTreeRequest: one page of a folder of a revision in its local folder or share, or
 * why it could not read it.
 */
export const AgentBackupTreeResult = /* @__PURE__ */ z.object({
  v,
  type: z.literal('backupTreeResult'),
  deviceId,
  ...BackupTreeResultFields,
});
export type AgentBackupTreeResult = z.infer<typeof AgentBackupTreeResult>;

/** What one condition sampled once for a policy's dry run came to (`conditionDryRunResult`). */
export const conditionDryRunOutcomes = ['TRIGGERED', 'CLEAR', 'UNSUPPORTED', 'FAILED'] as const;
export const ConditionDryRunAnswer = /* @__PURE__ */ z.object({
  key: z.string().max(100),
  /** UNSUPPORTED: this agent cannot sample the type here; FAILED: the sample failed or did not finish in time. */
  outcome: z.enum(conditionDryRunOutcomes),
  /** TRIGGERED: the instances breached now (a volume, a service; '' when the type has none). */
  instances: z
    .array(
      z.object({
        instance: z.string().max(500),
        value: z.number().finite().nullable(),
        text: z.string().max(2000),
      }),
    )
    .max(100)
    .default([]),
  /** UNSUPPORTED and FAILED: why, as text. */
  text: z.string().max(2000).default(''),
});
export type ConditionDryRunAnswer = z.infer<typeof ConditionDryRunAnswer>;

/** The agent's answer to a conditionDryRunRequest: every condition asked, sampled once now. */
export const AgentConditionDryRunResult = /* @__PURE__ */ z.object({
  v,
  type: z.literal('conditionDryRunResult'),
  deviceId,
  requestId: z.string().uuid(),
  results: z.array(ConditionDryRunAnswer).max(1000),
});
export type AgentConditionDryRunResult = z.infer<typeof AgentConditionDryRunResult>;

export const AgentMessage = /* @__PURE__ */ z.discriminatedUnion('type', [
  AgentConditionReport,
  AgentHello,
  AgentHeartbeat,
  AgentInventory,
  AgentWakeOnLanResult,
  AgentJobAck,
  AgentJobOutput,
  AgentJobResult,
  AgentTaskTriggered,
  AgentBackupProgress,
  AgentBackupTreeResult,
  AgentConditionDryRunResult,
]);
export type AgentMessage = z.infer<typeof AgentMessage>;
export type AgentHello = z.infer<typeof AgentHello>;
export type AgentHeartbeat = z.infer<typeof AgentHeartbeat>;
export type AgentInventory = z.infer<typeof AgentInventory>;
export type AgentWakeOnLanResult = z.infer<typeof AgentWakeOnLanResult>;
export type AgentJobAck = z.infer<typeof AgentJobAck>;
export type AgentJobOutput = z.infer<typeof AgentJobOutput>;
export type AgentJobResult = z.infer<typeof AgentJobResult>;

// ---- server -> agent ----

export const ServerWelcome = /* @__PURE__ */ z.object({
  v,
  type: z.literal('welcome'),
  deviceId,
  approvalStatus: ApprovalStatus,
  heartbeatIntervalSeconds: z.number().positive(),
  serverTime: z.string(),
  /** The inventoryKey of the inventory the server holds for this device (null: none, or sent without one). */
  inventoryKey: z.string().nullable().optional(),
});

/** A refused message; `code` is one of agentErrorCodes (others may be added). */
export const ServerError = /* @__PURE__ */ z.object({
  v,
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
});

export const ServerApproval = /* @__PURE__ */ z.object({
  v,
  type: z.literal('approval'),
  approvalStatus: ApprovalStatus,
});

/** Asks the agent to collect and send its inventory now. */
export const ServerInventoryRequest = /* @__PURE__ */ z.object({ v, type: z.literal('inventoryRequest') });

/** Sent before the server closes the connection on purpose. */
export const ServerGoodbye = /* @__PURE__ */ z.object({
  v,
  type: z.literal('goodbye'),
  reason: z.string(),
  message: z.string(),
});

/** MAC address as the agent sends it in a magic packet: six hex pairs split by `:` or `-`. */
export const MacAddress = /* @__PURE__ */ z.string().regex(/^[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}$/);
/** Asks the agent to send Wake-on-LAN magic packets on its own network (answered by wakeOnLanResult). */
export const ServerWakeOnLan = /* @__PURE__ */ z.object({
  v,
  type: z.literal('wakeOnLan'),
  macs: z.array(MacAddress).min(1).max(64),
  requestId: shortText.optional(),
});
/**
 * Who the agent runs a script job as, resolved by the server when it sends the job (never stored in the
 * job): the system account (the agent's own, root or SYSTEM), the user logged on at the console, or an
 * account — an organization credential (with its password, only in this message) or a custom user name
 * (no password). The agent refuses with a clear job failure what its platform cannot honour.
 */
export const AgentJobRunAs = /* @__PURE__ */ z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('system') }),
  z.object({ kind: z.literal('loggedOnUser') }),
  z.object({
    kind: z.literal('account'),
    username: z.string().min(1).max(256),
    domain: z.string().max(256).optional(),
    password: z.string().max(1024).optional(),
    /** What the technician chose, for the failure message: "Preferred Linux credential (ops)". */
    label: z.string().max(300).optional(),
  }),
]);
export type AgentJobRunAs = z.infer<typeof AgentJobRunAs>;

/**
 * A job to run. Sent when it is submitted (if the device is connected) and again after each
 * reconnect while it is not finished; the agent runs a jobUid at most once. `content` is the
 * job type's content (job-api.ts); an ACTION's script is always inline or resolved here (has `code`).
 * `runAs` (script jobs): absent means system.
 */
export const ServerJob = /* @__PURE__ */ z.object({
  v,
  type: z.literal('job'),
  job: z.object({
    jobUid: z.string().uuid(),
    jobType: JobTypeName,
    jobName: z.string(),
    content: z.record(z.string(), z.unknown()),
    /** The agent does not start a job after this time; it reports it as failed instead. */
    expiresAt: z.string(),
    runAs: AgentJobRunAs.optional(),
    /**
     * BACKUP and RESTORE jobs: the plan, repositories, keys and throttle, resolved by the process that writes
     * to the agent's socket (like `runAs`), never stored or published.
     */
    backup: AgentBackupJob.optional(),
  }),
});

/**
 * The task set this agent holds: which enabled scheduled tasks target it with an agent-side trigger.
 * Sent after every hello and whenever it changes; the agent keeps the last one on disk, so a start
 * without a connection still notices the boot. No scripts or secrets: the agent reports the event
 * (`taskTriggered`) and the server runs the task's jobs as usual.
 */
export const ServerTaskSet = /* @__PURE__ */ z.object({
  v,
  type: z.literal('taskSet'),
  tasks: z.array(z.object({ taskId: z.number().int().positive(), trigger: AgentTaskTrigger })).max(1000),
});
export type ServerTaskSet = z.infer<typeof ServerTaskSet>;

/** The server has stored this trigger event (and created its jobs): the agent may forget it. */
export const ServerTaskTriggerStored = /* @__PURE__ */ z.object({
  v,
  type: z.literal('taskTriggerStored'),
  eventId: z.string().uuid(),
});
export type ServerTaskTriggerStored = z.infer<typeof ServerTaskTriggerStored>;

/** Stop a running job (with its whole process tree); the agent then sends its jobResult (CANCELLED). */
export const ServerJobCancel = /* @__PURE__ */ z.object({
  v,
  type: z.literal('jobCancel'),
  jobUid: z.string().uuid(),
});

/** The server has stored this job's result: the agent may forget it. */
export const ServerJobResultStored = /* @__PURE__ */ z.object({
  v,
  type: z.literal('jobResultStored'),
  jobUid: z.string().uuid(),
});

/** The device's effective conditions to sample (sent after hello when its hash differs, and on every change). */
export const ServerConditionSet = /* @__PURE__ */ z.object({
  v,
  type: z.literal('conditionSet'),
  conditionSetHash: z.string().max(100),
  conditions: z.array(AgentCondition).max(1000),
});
export type ServerConditionSet = z.infer<typeof ServerConditionSet>;

/** The server has stored (or refused, logged) this condition report: the agent may forget it. */
export const ServerConditionReportStored = /* @__PURE__ */ z.object({
  v,
  type: z.literal('conditionReportStored'),
  reportId: z.string().uuid(),
});

/**
 * Asks the agent for one page of a folder of a revision that is only in its plan's local folder or share (the
 * console's file browser); answered by backupTreeResult with the same requestId. An agent that does not know
 * the type ignores it (the server's wait runs out).
 */
export const ServerBackupTreeRequest = /* @__PURE__ */ z.object({
  v,
  type: z.literal('backupTreeRequest'),
  ...BackupTreeRequestFields,
});
export type ServerBackupTreeRequest = z.infer<typeof ServerBackupTreeRequest>;

/**
 * A policy's dry run asks the agent to sample these conditions once now (the condition set's shape; a
 * SCRIPT_RESULT carries its script), leaving its own set, states and reports alone; answered by
 * conditionDryRunResult with the same requestId within `timeoutMs`. An agent that does not know the type
 * ignores it (the server's wait runs out).
 */
export const ServerConditionDryRunRequest = /* @__PURE__ */ z.object({
  v,
  type: z.literal('conditionDryRunRequest'),
  requestId: z.string().uuid(),
  conditions: z.array(AgentCondition).max(1000),
  /** The agent answers within this, conditions not sampled by then as FAILED. */
  timeoutMs: z.number().int().positive().max(600_000),
});
export type ServerConditionDryRunRequest = z.infer<typeof ServerConditionDryRunRequest>;

export const ServerMessage = /* @__PURE__ */ z.discriminatedUnion('type', [
  ServerConditionSet,
  ServerConditionReportStored,
  ServerWelcome,
  ServerError,
  ServerApproval,
  ServerInventoryRequest,
  ServerGoodbye,
  ServerWakeOnLan,
  ServerJob,
  ServerJobCancel,
  ServerJobResultStored,
  ServerTaskSet,
  ServerTaskTriggerStored,
  ServerBackupTreeRequest,
  ServerConditionDryRunRequest,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
export type ServerWelcome = z.infer<typeof ServerWelcome>;
export type ServerWakeOnLan = z.infer<typeof ServerWakeOnLan>;
export type ServerJob = z.infer<typeof ServerJob>;
export type ServerJobCancel = z.infer<typeof ServerJobCancel>;
export type ServerJobResultStored = z.infer<typeof ServerJobResultStored>;

export const agentErrorCodes = {
  INVALID_MESSAGE: 'The message is not valid JSON of a known type.',
  WRONG_DEVICE: 'A connection speaks only for its own device.',
} as const;
export type AgentErrorCode = keyof typeof agentErrorCodes;

/** WebSocket close codes the server uses (4000-4999 are the application's). */
export const agentCloseCodes = {
  WRONG_DEVICE: 4400,
  REJECTED: 4403,
  DELETED: 4410,
  REPLACED: 4409,
  /** WebSocket 1012 "service restart": the server is going away on purpose and will be back soon. */
  RESTARTING: 1012,
} as const;

/**
 * The reason of a 1012 close: how long the agents should spread their return over, sized by the server
 * to the number of agents it is closing, so the fleet comes back at a rate the server can take.
 */
export const restartCloseReason = (spreadMs: number) =>
  `restarting; reconnect within ${Math.round(spreadMs)} ms`;

/** The spread a 1012 close reason names, or undefined (an older server, another text). */
export const parseRestartSpreadMs = (reason: string): number | undefined => {
  const match = /reconnect within (\d{1,7}) ms/.exec(reason);
  return match ? Number(match[1]) : undefined;
};
