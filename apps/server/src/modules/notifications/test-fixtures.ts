import { randomUUID } from 'node:crypto';
import type { ConditionNotification } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { createOrganizationInput, type TestContext } from '../../../test/helpers.ts';
import { alertEvents, alerts, devices } from '../../db/schema.ts';

/**
 * Alerts and their feed events written straight into the tables, as the monitoring engine writes them (the
 * alert and its event in one transaction), to drive the notification worker.
 */

export type AlertTarget = {
  organizationId: number;
  organizationName: string;
  deviceId: number;
  deviceName: string;
};

export const createAlertTarget = async (ctx: TestContext): Promise<AlertTarget> => {
  const input = createOrganizationInput();
  const organization = (await ctx.request('POST', '/organizations', input)).json() as { id: number };
  const deviceName = `PC-${randomUUID().slice(0, 6)}`;
  const [device] = await ctx.db
    .insert(devices)
    .values({ organizationId: organization.id, displayName: deviceName })
    .returning({ id: devices.id });
  return { organizationId: organization.id, organizationName: input.name, deviceId: device!.id, deviceName };
};

export type RaisedAlert = { alertId: number; eventId: number; organizationId: number };

export const raiseAlert = async (
  ctx: TestContext,
  target: AlertTarget,
  {
    notifications,
    notifyOnReset = false,
    conditionName = 'CPU above 90%',
    message = 'CPU at 97% for 5 minutes',
    severity = 'CRITICAL',
    instance = '',
  }: {
    notifications: ConditionNotification[];
    notifyOnReset?: boolean;
    conditionName?: string;
    message?: string;
    severity?: string;
    instance?: string;
  },
): Promise<RaisedAlert> =>
  ctx.db.transaction(async (tx) => {
    const [alert] = await tx
      .insert(alerts)
      .values({
        deviceId: target.deviceId,
        organizationId: target.organizationId,
        conditionId: randomUUID(),
        instance,
        conditionName,
        conditionType: 'CPU',
        severity,
        priority: 'HIGH',
        message,
        value: 97,
        triggerTime: new Date('2026-03-01T10:00:00.000Z'),
        notifications,
        notifyOnReset,
      })
      .returning({ id: alerts.id });
    const [event] = await tx
      .insert(alertEvents)
      .values({ alertId: alert!.id, organizationId: target.organizationId, change: 'RAISED' })
      .returning({ id: alertEvents.id });
    return { alertId: alert!.id, eventId: event!.id, organizationId: target.organizationId };
  });

/** A later transition of the alert (RESET sets its reset time, as the engine does). */
export const alertChanged = async (
  ctx: TestContext,
  alert: RaisedAlert,
  change: 'UPDATED' | 'ACKNOWLEDGED' | 'RESET',
) =>
  ctx.db.transaction(async (tx) => {
    if (change === 'RESET') {
      await tx
        .update(alerts)
        .set({ status: 'RESET', resetTime: new Date('2026-03-01T10:30:00.000Z'), resetReason: 'CLEARED' })
        .where(eq(alerts.id, alert.alertId));
    }
    const [event] = await tx
      .insert(alertEvents)
      .values({ alertId: alert.alertId, organizationId: alert.organizationId, change })
      .returning({ id: alertEvents.id });
    return event!.id;
  });
