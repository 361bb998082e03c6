import type { Alert } from '@rmm/domain';
import type { alerts } from './schema.ts';

export type AlertRow = typeof alerts.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export const toAlert = (row: AlertRow, deviceName: string, organizationName: string): Alert => ({
  id: row.id,
  deviceId: row.deviceId,
  deviceName,
  organizationId: row.organizationId,
  organizationName,
  conditionId: row.conditionId,
  conditionName: row.conditionName,
  conditionType: row.conditionType as Alert['conditionType'],
  instance: row.instance,
  policyId: row.policyId,
  severity: row.severity as Alert['severity'],
  priority: row.priority as Alert['priority'],
  status: row.status as Alert['status'],
  message: row.message,
  value: row.value,
  triggerTime: row.triggerTime.toISOString(),
  updateTime: row.updatedAt.toISOString(),
  acknowledgeTime: iso(row.acknowledgeTime),
  acknowledgedBy: row.acknowledgedBy,
  resetTime: iso(row.resetTime),
  resetReason: row.resetReason as Alert['resetReason'],
  resetBy: row.resetBy,
  flapping: row.flapping,
});
