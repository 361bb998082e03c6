import { z } from 'zod';
import { AgentPlatform, DeviceInventory, DeviceMetrics, NodeClass } from './devices.ts';
import { ApprovalStatus } from './enums.ts';

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

const v = z.literal(AGENT_PROTOCOL_VERSION);
const deviceId = z.number().int().positive();
const shortText = z.string().max(200);

// ---- HTTP: POST /agent/enroll ----

export const AgentEnrollRequest = z.object({
  token: z.string().min(1).max(200),
  hostname: z.string().max(500),
  platform: AgentPlatform,
  nodeClass: NodeClass.optional(),
  agentVersion: shortText,
});
export type AgentEnrollRequest = z.infer<typeof AgentEnrollRequest>;

export const AgentEnrollResponse = z.object({
  deviceId,
  /** Shown once; the server keeps only its hash. The agent stores it with mode 0600. */
  deviceSecret: z.string(),
  organizationId: z.number().int(),
  approvalStatus: ApprovalStatus,
});
export type AgentEnrollResponse = z.infer<typeof AgentEnrollResponse>;

// ---- agent -> server ----

export const AgentHello = z.object({
  v,
  type: z.literal('hello'),
  deviceId,
  agentVersion: shortText,
  platform: AgentPlatform,
});

export const AgentHeartbeat = z.object({
  v,
  type: z.literal('heartbeat'),
  deviceId,
  sentAt: z.iso.datetime({ offset: true }),
  metrics: DeviceMetrics,
});

export const AgentInventory = z.object({
  v,
  type: z.literal('inventory'),
  deviceId,
  inventory: DeviceInventory,
});

/** The agent's answer to a wakeOnLan request: whether the magic packets left. */
export const AgentWakeOnLanResult = z.object({
  v,
  type: z.literal('wakeOnLanResult'),
  deviceId,
  requestId: shortText,
  ok: z.boolean(),
  error: z.string().max(1000).optional(),
});
export const AgentMessage = z.discriminatedUnion('type', [
  AgentHello,
  AgentHeartbeat,
  AgentInventory,
  AgentWakeOnLanResult,
]);
export type AgentMessage = z.infer<typeof AgentMessage>;
export type AgentHello = z.infer<typeof AgentHello>;
export type AgentHeartbeat = z.infer<typeof AgentHeartbeat>;
export type AgentInventory = z.infer<typeof AgentInventory>;
export type AgentWakeOnLanResult = z.infer<typeof AgentWakeOnLanResult>;

// ---- server -> agent ----

export const ServerWelcome = z.object({
  v,
  type: z.literal('welcome'),
  deviceId,
  approvalStatus: ApprovalStatus,
  heartbeatIntervalSeconds: z.number().positive(),
  serverTime: z.string(),
});

/** A refused message; `code` is one of agentErrorCodes (others may be added). */
export const ServerError = z.object({
  v,
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
});

export const ServerApproval = z.object({ v, type: z.literal('approval'), approvalStatus: ApprovalStatus });

/** Asks the agent to collect and send its inventory now. */
export const ServerInventoryRequest = z.object({ v, type: z.literal('inventoryRequest') });

/** Sent before the server closes the connection on purpose. */
export const ServerGoodbye = z.object({
  v,
  type: z.literal('goodbye'),
  reason: z.string(),
  message: z.string(),
});

/** MAC address as the agent sends it in a magic packet: six hex pairs split by `:` or `-`. */
export const MacAddress = z.string().regex(/^[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}$/);
/** Asks the agent to send Wake-on-LAN magic packets on its own network (answered by wakeOnLanResult). */
export const ServerWakeOnLan = z.object({
  v,
  type: z.literal('wakeOnLan'),
  macs: z.array(MacAddress).min(1).max(64),
  requestId: shortText.optional(),
});
export const ServerMessage = z.discriminatedUnion('type', [
  ServerWelcome,
  ServerError,
  ServerApproval,
  ServerInventoryRequest,
  ServerGoodbye,
  ServerWakeOnLan,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
export type ServerWelcome = z.infer<typeof ServerWelcome>;
export type ServerWakeOnLan = z.infer<typeof ServerWakeOnLan>;

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
} as const;
