import * as z from 'zod';
import { Alert } from './alerts.ts';
import { BackupActionType } from './backup.ts';
import { BackupProgressFields } from './backup-agent.ts';
import { Device } from './devices.ts';
import { StoredJob } from './job-api.ts';
import type { Permission } from './permissions.ts';
import { DeviceStatus, HealthStatus } from './searches.ts';
import { TicketSummary } from './ticketing.ts';

/**
 * Events pushed to the console over the WebSocket at `/events`. Each carries the organization it
 * belongs to; the server sends a user only the events of organizations in their scope.
 */
export { EVENTS_PATH } from './api-paths.ts';

const base = { time: z.string() };
const organizationId = /* @__PURE__ */ z.number().int();

/** First message on a new connection: the subscription is live. */
export const ReadyEvent = /* @__PURE__ */ z.object({ ...base, type: z.literal('ready') });

export const DeviceCreatedEvent = /* @__PURE__ */ z.object({
  ...base,
  type: z.literal('device.created'),
  organizationId,
  device: Device,
});

export const DeviceStatusEvent = /* @__PURE__ */ z.object({
  ...base,
  type: z.literal('device.status'),
  organizationId,
  deviceId: z.number().int(),
  status: DeviceStatus,
  previousStatus: DeviceStatus.nullable(),
  lastSeen: z.string().nullable(),
  /** Its health status now (alerts.ts); also sent when only the health changed (status equal to previousStatus). */
  healthStatus: HealthStatus.optional(),
});

/** Inventory, approval, role, location or name changed. */
export const DeviceUpdatedEvent = /* @__PURE__ */ z.object({
  ...base,
  type: z.literal('device.updated'),
  organizationId,
  device: Device,
});

export const DeviceDeletedEvent = /* @__PURE__ */ z.object({
  ...base,
  type: z.literal('device.deleted'),
  organizationId,
  deviceId: z.number().int(),
});

/** A job was created or changed status (or got its result). */
export const JobUpdatedEvent = /* @__PURE__ */ z.object({
  ...base,
  type: z.literal('job.updated'),
  organizationId,
  job: StoredJob,
});

/** Live output of a running job, as the agent streams it (not stored; the result holds the capped output). */
export const JobOutputEvent = /* @__PURE__ */ z.object({
  ...base,
  type: z.literal('job.output'),
  organizationId,
  nodeId: z.number().int(),
  jobUid: z.string(),
  seq: z.number().int(),
  stream: z.enum(['stdout', 'stderr']),
  data: z.string(),
});

/** How far a running backup, upsync, integrity check or restore is, as its agent reports it (not stored). */
export const BackupProgressEvent = /* @__PURE__ */ z.object({
  ...base,
  type: z.literal('backup.progress'),
  organizationId,
  nodeId: z.number().int(),
  jobUid: z.string(),
  actionType: BackupActionType,
  planId: z.string(),
  ...BackupProgressFields,
});

/** An alert was raised, changed (severity, acknowledged, flapping) or reset (alerts.ts). */
export const AlertChangedEvent = /* @__PURE__ */ z.object({
  ...base,
  type: z.literal('alert.changed'),
  organizationId,
  change: z.enum(['RAISED', 'UPDATED', 'ACKNOWLEDGED', 'RESET']),
  alert: Alert,
});
export type AlertChangedEvent = z.infer<typeof AlertChangedEvent>;

/** A ticket was created or changed, commented or had time added (ticketing.ts): open boards and tickets refresh. */
export const TicketChangedEvent = /* @__PURE__ */ z.object({
  ...base,
  type: z.literal('ticket.changed'),
  organizationId,
  change: z.enum(['CREATED', 'UPDATED', 'COMMENTED', 'TIME_ADDED']),
  ticket: TicketSummary,
});
export type TicketChangedEvent = z.infer<typeof TicketChangedEvent>;

export const ConsoleEvent = /* @__PURE__ */ z.discriminatedUnion('type', [
  AlertChangedEvent,
  TicketChangedEvent,
  JobUpdatedEvent,
  JobOutputEvent,
  BackupProgressEvent,
  ReadyEvent,
  DeviceCreatedEvent,
  DeviceStatusEvent,
  DeviceUpdatedEvent,
  DeviceDeletedEvent,
]);
export type ConsoleEvent = z.infer<typeof ConsoleEvent>;
/** Events that belong to an organization (all but `ready`). */
export type OrganizationEvent = Exclude<ConsoleEvent, { type: 'ready' }>;
export type DeviceStatusEvent = z.infer<typeof DeviceStatusEvent>;
export type JobUpdatedEvent = z.infer<typeof JobUpdatedEvent>;
export type JobOutputEvent = z.infer<typeof JobOutputEvent>;
export type BackupProgressEvent = z.infer<typeof BackupProgressEvent>;

/** The permission a user needs to receive an event of this type. */
export const eventPermissions: Readonly<Record<OrganizationEvent['type'], Permission>> = {
  'device.created': 'devices.view',
  'device.status': 'devices.view',
  'device.updated': 'devices.view',
  'device.deleted': 'devices.view',
  'job.updated': 'jobs.view',
  'job.output': 'jobs.view',
  'backup.progress': 'jobs.view',
  'alert.changed': 'alerts.view',
  'ticket.changed': 'ticketing.view',
};
