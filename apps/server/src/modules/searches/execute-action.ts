import {
  agentRefusalMessages,
  EXECUTE_ACTION_MAX_DEVICES,
  type ExecuteActionRequest,
  type ExecuteActionResponse,
  jobRunPermissionFor,
  type SearchAction,
  type ServerMessage,
  searchActionPermissions,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import { agentSubject } from '../../bus/subjects.ts';
import type { Db, Tx } from '../../db/database.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivities } from '../activities/repository.ts';
import * as devicesRepo from '../devices/repository.ts';
import { publishConsoleEvent } from '../events/publish.ts';
import { defaultJobNameOf, isJobAction, type JobAction, submitActionJobs } from '../jobs/action-jobs.ts';
import { criteriaOfSearch } from './service.ts';

type Input = z.output<typeof ExecuteActionRequest>;
type Target = Awaited<ReturnType<typeof devicesRepo.findActionTargets>>[number];
type Location = { id: number; name: string; organizationId: number };

type DeviceAction = Exclude<SearchAction, JobAction>;

const activityActionOf: Record<DeviceAction, string> = {
  APPROVE: 'device.approval',
  REJECT: 'device.approval',
  DELETE: 'device.delete',
  MOVE_TO_LOCATION: 'device.update',
};

const resolveTarget = async (db: Db, target: Input['target']) =>
  'searchId' in target ? { criteria: await criteriaOfSearch({ db, id: target.searchId }) } : target;

const resolveLocation = async (db: Db, actor: Actor, input: Input) => {
  if (input.action !== 'MOVE_TO_LOCATION') return undefined;
  const location = await devicesRepo.findLocation(db, actor.scope, input.locationId!);
  if (!location) throw badRequest(`locationId: location ${input.locationId} does not exist`);
  return location;
};

const detailOf = (input: Input, location: Location | undefined) =>
  location ? `bulk ${input.action}: moved to ${location.name}` : `bulk ${input.action}`;

const applyAction = async (tx: Tx, action: DeviceAction, ids: number[], location?: Location) => {
  if (action === 'DELETE') return devicesRepo.deleteDeviceRows(tx, ids);
  if (action === 'MOVE_TO_LOCATION')
    return devicesRepo.updateDeviceRows(tx, ids, { locationId: location!.id });
  const approvalStatus = action === 'APPROVE' ? 'APPROVED' : 'REJECTED';
  return devicesRepo.updateDeviceRows(tx, ids, { approvalStatus });
};

const tellAgent = (bus: Bus, deviceId: number, message: ServerMessage) =>
  bus.publish(agentSubject(deviceId), message);

/** After the commit: agents hear of approval, rejection and removal; the console of removal. */
const notify = (bus: Bus, action: DeviceAction, devices: Target[]) => {
  const time = new Date().toISOString();
  for (const device of devices) {
    if (action === 'DELETE') {
      publishConsoleEvent(bus, {
        type: 'device.deleted',
        time,
        organizationId: device.organizationId,
        deviceId: device.id,
      });
      tellAgent(bus, device.id, {
        v: 1,
        type: 'goodbye',
        reason: 'DELETED',
        message: 'This device was removed from the console.',
      });
    } else if (action === 'APPROVE' || action === 'REJECT') {
      const approvalStatus = action === 'APPROVE' ? 'APPROVED' : 'REJECTED';
      if (device.approvalStatus !== approvalStatus)
        tellAgent(bus, device.id, { v: 1, type: 'approval', approvalStatus });
      if (action === 'REJECT')
        tellAgent(bus, device.id, {
          v: 1,
          type: 'goodbye',
          reason: 'REJECTED',
          message: agentRefusalMessages.DEVICE_REJECTED,
        });
    }
  }
};

const SUMMARY_CHUNK = 500;

/** After the commit: consoles see approved, rejected and moved devices change. */
const publishUpdated = async (db: Db, bus: Bus, ids: number[]) => {
  const time = new Date().toISOString();
  for (let start = 0; start < ids.length; start += SUMMARY_CHUNK) {
    const nodes = await devicesRepo.findDeviceNodes(
      db,
      'all',
      ids.slice(start, start + SUMMARY_CHUNK),
      false,
    );
    for (const { inventory: _inventory, inventoryUpdateTime: _time, ...device } of nodes) {
      publishConsoleEvent(bus, {
        type: 'device.updated',
        time,
        organizationId: device.organizationId,
        device,
      });
    }
  }
};

/** Spec §7 POST /search/runner/execute-action: one action on every matched device, in one transaction. */
const activitiesOf = (actor: Actor, action: DeviceAction, devices: Target[], detail: string) =>
  devices.map((device) => ({
    actorId: actor.id,
    actorName: actor.email,
    action: activityActionOf[action],
    targetType: 'device',
    targetId: device.id,
    targetName: device.displayName,
    organizationId: device.organizationId,
    organizationName: device.organizationName,
    outcome: 'SUCCESS' as const,
    detail,
  }));

type Options = { db: Db; bus: Bus; actor: Actor; input: Input; jobExpirySeconds: number };

/** REBOOT and RUN_SCRIPT: one ACTION job per matched device (the jobs of POST /webapp/submit/job). */
const runJobs = async (options: Options, action: JobAction, matched: Target[]) => {
  const { input } = options;
  const jobUids = await submitActionJobs({
    ...options,
    devices: matched,
    jobName: input.jobName ?? defaultJobNameOf[action],
    content: action === 'REBOOT' ? { builtin: 'REBOOT' } : input.script!,
  });
  return { matched: matched.length, affected: matched.length, jobUids };
};

/** APPROVE, REJECT, DELETE, MOVE_TO_LOCATION: the change and every device's activity commit together. */
const changeDevices = async (
  { db, bus, actor, input }: Options,
  action: DeviceAction,
  matched: Target[],
  location: Location | undefined,
) => {
  const chosen = location ? matched.filter((d) => d.organizationId === location.organizationId) : matched;
  const ids = chosen.map((d) => d.id);
  await db.transaction(async (tx) => {
    await applyAction(tx, action, ids, location);
    await insertActivities(tx, activitiesOf(actor, action, chosen, detailOf(input, location)));
  });
  notify(bus, action, chosen);
  if (action !== 'DELETE') await publishUpdated(db, bus, ids);
  return { matched: matched.length, affected: chosen.length };
};

/** A library script takes scripts.run instead of the jobs.run of ad-hoc code. */
const permissionOf = (input: Input) =>
  input.action === 'RUN_SCRIPT' && input.script
    ? jobRunPermissionFor({ jobType: 'ACTION', content: input.script })
    : searchActionPermissions[input.action];

export const executeAction = async (options: Options): Promise<ExecuteActionResponse> => {
  const { db, actor, input } = options;
  if (!actor.permissions.has(permissionOf(input))) throw forbidden();
  const location = await resolveLocation(db, actor, input);
  const target = await resolveTarget(db, input.target);
  const matched = await devicesRepo.findActionTargets(db, actor.scope, target, EXECUTE_ACTION_MAX_DEVICES);
  const outcome = isJobAction(input.action)
    ? await runJobs(options, input.action, matched)
    : await changeDevices(options, input.action, matched, location);
  return {
    resultCode: 'SUCCESS',
    action: input.action,
    ...outcome,
    skipped: outcome.matched - outcome.affected,
  };
};
