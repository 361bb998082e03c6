import * as z from 'zod';
import { AlertPriority, AlertSeverity } from './conditions.ts';
import { ConditionTypeName } from './enums.ts';
import { listOf, PageQuery } from './http.ts';
import type { HealthStatus } from './searches.ts';

/**
 * Alerts (issue 19): what a triggered condition raises. One ACTIVE alert per key (device, condition id,
 * instance), enforced by the database; a change of severity updates it in place; it resets when the value
 * clears, after a time, or by hand, as its condition says. Listed on `/systemDashboard/alerts`,
 * `/customerDashboard/:id/alerts` and the device's alerts. Reading needs `alerts.view`; acknowledging and
 * resetting `alerts.manage`.
 */

export const alertStatuses = ['ACTIVE', 'RESET'] as const;
export const AlertStatus = /* @__PURE__ */ z.enum(alertStatuses);
export type AlertStatus = z.infer<typeof AlertStatus>;

export const alertResetReasons = [
  'CLEARED',
  'TIME',
  'MANUAL',
  'CONDITION_REMOVED',
  'DEVICE_REMOVED',
] as const;
export const AlertResetReason = /* @__PURE__ */ z.enum(alertResetReasons);
export type AlertResetReason = z.infer<typeof AlertResetReason>;

export const Alert = /* @__PURE__ */ z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  conditionId: z.string(),
  conditionName: z.string(),
  conditionType: ConditionTypeName,
  /** The volume, service, host... ('' for none). */
  instance: z.string(),
  policyId: z.number().int().nullable(),
  severity: AlertSeverity,
  priority: AlertPriority,
  status: AlertStatus,
  /** What triggered, as text (shown as text, never as markup). */
  message: z.string(),
  value: z.number().nullable(),
  /** The agent's time of the crossing (or the server's for server-evaluated types). */
  triggerTime: z.string(),
  updateTime: z.string(),
  acknowledgeTime: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  resetTime: z.string().nullable(),
  resetReason: AlertResetReason.nullable(),
  resetBy: z.string().nullable(),
  /** Triggered again and cleared often within the flap window: resets are held back while it flaps. */
  flapping: z.boolean(),
});
export type Alert = z.infer<typeof Alert>;

const many = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
    z.array(item).max(20),
  );

export const ListAlertsQuery = /* @__PURE__ */ PageQuery.extend({
  organizationId: z.coerce.number().int().positive().optional(),
  deviceId: z.coerce.number().int().positive().optional(),
  status: AlertStatus.default('ACTIVE'),
  severity: many(AlertSeverity).optional(),
  acknowledged: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** Part of the device name, condition name or message. */
  search: z.string().trim().max(200).optional(),
  sort: z
    .enum(['-triggerTime', 'triggerTime', '-severity', 'severity', 'deviceName'])
    .default('-triggerTime'),
});
export type ListAlertsQuery = z.output<typeof ListAlertsQuery>;
export const ListAlertsResponse = /* @__PURE__ */ listOf(Alert);
export type ListAlertsResponse = z.infer<typeof ListAlertsResponse>;

/** Acknowledge or reset several alerts at once (the dashboards' bulk actions). */
export const AlertIdsRequest = /* @__PURE__ */ z
  .object({ ids: z.array(z.number().int().positive()).min(1).max(500) })
  .strict();
export type AlertIdsRequest = z.input<typeof AlertIdsRequest>;
/** Alerts changed (ids outside the caller's organizations or already reset are left as they are). */
export const AlertIdsResponse = /* @__PURE__ */ z.object({ changed: z.number().int() });

export const alertMessages = {
  ALERT_NOT_FOUND: 'The alert does not exist.',
  ALERT_ALREADY_RESET: 'The alert was already reset.',
} as const;

// ---- device health ----

// `healthStatuses` and `HealthStatus` live in searches.ts (the device row and its searches carry them).
export const healthStatusLabels: Readonly<Record<HealthStatus, string>> = {
  HEALTHY: 'Healthy',
  NEEDS_ATTENTION: 'Needs attention',
  UNHEALTHY: 'Unhealthy',
  UNKNOWN: 'Unknown',
};

/**
 * `/administration/devices/healthStatus`: which health status an active alert of each severity gives its device
 * (the worst wins; no active alert is HEALTHY; a device never heard from is UNKNOWN). `settings.manage` to change.
 */
export const HealthStatusSettings = /* @__PURE__ */ z
  .object({
    severities: z
      .object({
        NONE: z.enum(['HEALTHY', 'NEEDS_ATTENTION', 'UNHEALTHY']),
        MINOR: z.enum(['HEALTHY', 'NEEDS_ATTENTION', 'UNHEALTHY']),
        MODERATE: z.enum(['HEALTHY', 'NEEDS_ATTENTION', 'UNHEALTHY']),
        MAJOR: z.enum(['HEALTHY', 'NEEDS_ATTENTION', 'UNHEALTHY']),
        CRITICAL: z.enum(['HEALTHY', 'NEEDS_ATTENTION', 'UNHEALTHY']),
      })
      .strict(),
    /** An offline device is UNHEALTHY rather than what its alerts say. */
    offlineIsUnhealthy: z.boolean(),
  })
  .strict();
export type HealthStatusSettings = z.infer<typeof HealthStatusSettings>;

export const defaultHealthStatusSettings = (): HealthStatusSettings => ({
  severities: {
    NONE: 'HEALTHY',
    MINOR: 'NEEDS_ATTENTION',
    MODERATE: 'NEEDS_ATTENTION',
    MAJOR: 'UNHEALTHY',
    CRITICAL: 'UNHEALTHY',
  },
  offlineIsUnhealthy: true,
});

const healthRank: Readonly<Record<HealthStatus, number>> = {
  UNKNOWN: -1,
  HEALTHY: 0,
  NEEDS_ATTENTION: 1,
  UNHEALTHY: 2,
};

/** A device's health from its active alerts' severities (and whether it is online, and ever seen). */
export const deriveHealthStatus = (
  settings: HealthStatusSettings,
  device: { everSeen: boolean; online: boolean; activeSeverities: readonly AlertSeverity[] },
): HealthStatus => {
  if (!device.everSeen) return 'UNKNOWN';
  let worst: HealthStatus = device.online || !settings.offlineIsUnhealthy ? 'HEALTHY' : 'UNHEALTHY';
  for (const severity of device.activeSeverities) {
    const status = settings.severities[severity];
    if (healthRank[status] > healthRank[worst]) worst = status;
  }
  return worst;
};

// ---- maintenance windows ----

/**
 * A time when alerts of some devices are suppressed (not raised; those already active stay), shown on
 * `/systemDashboard/maintenance` and `/customerDashboard/:id/maintenance`. Needs `alerts.manage` to change.
 */
export const MaintenanceWindowInput = /* @__PURE__ */ z
  .object({
    name: z.string().trim().min(1).max(200),
    organizationId: z.number().int().positive(),
    /** Empty: every device of the organization. */
    deviceIds: z.array(z.number().int().positive()).max(1000).default([]),
    startTime: z.string().datetime({ offset: true }),
    endTime: z.string().datetime({ offset: true }),
  })
  .strict()
  .refine((w) => Date.parse(w.endTime) > Date.parse(w.startTime), {
    path: ['endTime'],
    message: 'The window must end after it starts',
  });
export type MaintenanceWindowInput = z.input<typeof MaintenanceWindowInput>;

export const MaintenanceWindow = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  deviceIds: z.array(z.number().int()),
  startTime: z.string(),
  endTime: z.string(),
  createdBy: z.string().nullable(),
  createTime: z.string(),
});
export type MaintenanceWindow = z.infer<typeof MaintenanceWindow>;
export const ListMaintenanceWindowsQuery = /* @__PURE__ */ PageQuery.extend({
  organizationId: z.coerce.number().int().positive().optional(),
  /** Only windows not yet ended. */
  current: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(true),
});
export const ListMaintenanceWindowsResponse = /* @__PURE__ */ listOf(MaintenanceWindow);
