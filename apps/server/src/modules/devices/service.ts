import {
  agentRefusalMessages,
  type Device,
  type DeviceNode,
  deviceOwnerMessages,
  findNodeRole,
  type ListDeviceMetricsQuery,
  type ListDeviceOwnerCandidatesQuery,
  type ListDevicesQuery,
  type QueryDeviceRequest,
  type ServerMessage,
  type UpdateDeviceRequest,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import { agentSubject } from '../../bus/subjects.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { publishConsoleEvent } from '../events/publish.ts';
import * as repo from './repository.ts';

type Update = z.output<typeof UpdateDeviceRequest>;
type Query = z.output<typeof QueryDeviceRequest>;
type Change = { db: Db; bus: Bus; actor: Actor; id: number };

const DEVICE_NOT_FOUND = 'Device not found.';
const DAY_MS = 86_400_000;

const activity = (actor: Actor, action: string, device: Device, detail?: string) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'device',
  targetId: device.id,
  targetName: device.displayName,
  organizationId: device.organizationId,
  organizationName: device.organizationName,
  outcome: 'SUCCESS' as const,
  detail: detail ?? null,
});

type Read = { db: Db; actor: Actor; id: number };

export const getDeviceSummary = async ({ db, actor, id }: Read): Promise<Device> => {
  const device = await repo.findDeviceSummary(db, actor.scope, id);
  if (!device) throw notFound(DEVICE_NOT_FOUND);
  return device;
};

export const getDevice = async ({ db, actor, id }: Read): Promise<DeviceNode> => {
  const [node] = await repo.findDeviceNodes(db, actor.scope, [id], true);
  if (!node) throw notFound(DEVICE_NOT_FOUND);
  return node;
};

export const listDevices = ({ db, actor, query }: { db: Db; actor: Actor; query: ListDevicesQuery }) =>
  repo.listDevices(db, actor.scope, query);

/** Spec §7 POST /query/device: nodes in the caller's scope, with relatives when asked. */
export const queryDevices = async ({ db, actor, input }: { db: Db; actor: Actor; input: Query }) => {
  const ids = new Set(input.nodeIds);
  if (input.includeParentsAndChildren) {
    for (const id of await repo.findRelativeIds(db, actor.scope, [...ids])) ids.add(id);
  }
  const nodes = await repo.findDeviceNodes(db, actor.scope, [...ids], input.mode === 'FULL');
  return { nodes, cacheExpiration: Date.now() + input.cacheExpiration * 1000 };
};

const checkUpdate = async (db: Db, actor: Actor, device: Device, input: Update) => {
  if (input.approvalStatus && !actor.permissions.has('devices.approve')) throw forbidden();
  if (input.nodeRoleId !== undefined && !findNodeRole(input.nodeRoleId)) {
    throw badRequest(`nodeRoleId: role ${input.nodeRoleId} does not exist`);
  }
  const { locationId } = input;
  if (locationId && !(await repo.locationBelongsTo(db, locationId, device.organizationId))) {
    throw badRequest(`locationId: location ${locationId} does not belong to this organization`);
  }
  const { ownerUserId } = input;
  // Unknown users and users of other organizations are refused alike: ids of others are not confirmed.
  if (ownerUserId && !(await repo.isAllowedOwner(db, ownerUserId, device.organizationId))) {
    throw badRequest(deviceOwnerMessages.OWNER_NOT_ALLOWED);
  }
};

const tellAgent = (bus: Bus, deviceId: number, message: ServerMessage) =>
  bus.publish(agentSubject(deviceId), message);

export const updateDevice = async ({ db, bus, actor, id, input }: Change & { input: Update }) => {
  const before = await getDeviceSummary({ db, actor, id });
  await checkUpdate(db, actor, before, input);
  const action = input.approvalStatus ? 'device.approval' : 'device.update';
  await db.transaction(async (tx) => {
    await repo.updateDeviceRow(tx, id, input);
    await insertActivity(tx, activity(actor, action, before, `changed ${Object.keys(input).join(', ')}`));
  });
  const device = await getDeviceSummary({ db, actor, id });
  publishConsoleEvent(bus, {
    type: 'device.updated',
    time: new Date().toISOString(),
    organizationId: device.organizationId,
    device,
  });
  if (input.approvalStatus && input.approvalStatus !== before.approvalStatus) {
    tellAgent(bus, id, { v: 1, type: 'approval', approvalStatus: input.approvalStatus });
    if (input.approvalStatus === 'REJECTED') {
      tellAgent(bus, id, {
        v: 1,
        type: 'goodbye',
        reason: 'REJECTED',
        message: agentRefusalMessages.DEVICE_REJECTED,
      });
    }
  }
  return getDevice({ db, actor, id });
};

export const deleteDevice = async ({ db, bus, actor, id }: Change) => {
  const device = await getDeviceSummary({ db, actor, id });
  await db.transaction(async (tx) => {
    await repo.deleteDeviceRow(tx, id);
    await insertActivity(tx, activity(actor, 'device.delete', device));
  });
  const time = new Date().toISOString();
  publishConsoleEvent(bus, {
    type: 'device.deleted',
    time,
    organizationId: device.organizationId,
    deviceId: id,
  });
  tellAgent(bus, id, {
    v: 1,
    type: 'goodbye',
    reason: 'DELETED',
    message: 'This device was removed from the console.',
  });
};

export const listMetrics = async ({ db, actor, id, query }: Read & { query: ListDeviceMetricsQuery }) => {
  await getDeviceSummary({ db, actor, id });
  const to = query.to ? new Date(query.to) : new Date();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - DAY_MS);
  return { data: await repo.listMetricSamples(db, id, from, to) };
};

/** Who may own the device (end users of its organization, technicians who see it), by name or email. */
export const listOwnerCandidates = async ({
  db,
  actor,
  id,
  query,
}: Read & { query: ListDeviceOwnerCandidatesQuery }) => {
  const device = await getDeviceSummary({ db, actor, id });
  return { data: await repo.listOwnerCandidates(db, device.organizationId, query.search) };
};
