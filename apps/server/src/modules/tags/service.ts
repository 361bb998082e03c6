import {
  type BulkDeviceTagsRequest,
  type BulkDeviceTagsResponse,
  type CreateTagRequest,
  type DeviceTag,
  type DeviceTagsResponse,
  EXECUTE_ACTION_MAX_DEVICES,
  type ListTagsQuery,
  type ListTagsResponse,
  MAX_TAGS_PER_DEVICE,
  type SetDeviceTagsRequest,
  type UpdateTagRequest,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivities, type NewActivity } from '../activities/repository.ts';
import * as devicesRepo from '../devices/repository.ts';
import { publishConsoleEvent } from '../events/publish.ts';
import { isUniqueViolation } from '../scripts/errors.ts';
import { criteriaOfSearch } from '../searches/service.ts';
import { tagError } from './errors.ts';
import * as repo from './repository.ts';

/**
 * Device tags. Tags are MSP-wide names (unique whatever their case); what a caller sees of them is counted
 * in their organization scope, and they tag only devices of their scope. Deleting a tag that devices outside
 * the caller's scope carry is refused (docs/decisions.md "Device tags").
 */

type Context = { db: Db; actor: Actor };
type CreateInput = z.output<typeof CreateTagRequest>;
type UpdateInput = z.output<typeof UpdateTagRequest>;
type DeviceTarget = { id: number; displayName: string; organizationId: number; organizationName: string };
type EnsuredTag = { id: number; name: string; isNew: boolean };

const DEVICE_NOT_FOUND = 'Device not found.';

const toTag = (row: repo.TagRow): DeviceTag => ({
  id: row.id,
  name: row.name,
  description: row.description,
  deviceCount: row.deviceCount,
  createTime: new Date(row.createdAt).toISOString(),
  updateTime: new Date(row.updatedAt).toISOString(),
});

const tagActivity = (actor: Actor, action: string, tag: { id: number; name: string }, detail?: string) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'tag',
  targetId: tag.id,
  targetName: tag.name,
  outcome: 'SUCCESS' as const,
  detail: detail ?? null,
});

const deviceActivity = (actor: Actor, device: DeviceTarget, detail: string): NewActivity => ({
  actorId: actor.id,
  actorName: actor.email,
  action: 'device.tags',
  targetType: 'device',
  targetId: device.id,
  targetName: device.displayName,
  organizationId: device.organizationId,
  organizationName: device.organizationName,
  outcome: 'SUCCESS',
  detail,
});

/** The first spelling of each name, whatever its case. */
const distinctNames = (names: readonly string[]) => {
  const byLower = new Map<string, string>();
  for (const name of names) if (!byLower.has(name.toLowerCase())) byLower.set(name.toLowerCase(), name);
  return [...byLower.values()];
};

const changeDetail = (added: readonly string[], removed: readonly string[]) =>
  [
    added.length > 0 ? `added ${added.join(', ')}` : '',
    removed.length > 0 ? `removed ${removed.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');

const nameTakenOnRace = (error: unknown): never => {
  throw isUniqueViolation(error) ? tagError('TAG_NAME_TAKEN') : error;
};

// ---- The MSP's tags -----------------------------------------------------------------------------------

export const listTags = async ({
  db,
  actor,
  query,
}: Context & { query: ListTagsQuery }): Promise<ListTagsResponse> => {
  const { rows, count } = await repo.listTags(db, actor.scope, query);
  return { data: rows.map(toTag), count, page: query.page, pageSize: query.pageSize };
};

export const getTag = async ({ db, actor, id }: Context & { id: number }) => {
  const row = await repo.findTag(db, actor.scope, id);
  if (!row) throw tagError('TAG_NOT_FOUND');
  return toTag(row);
};

export const createTag = async ({ db, actor, input }: Context & { input: CreateInput }) => {
  if (await repo.findTagNamed(db, input.name)) throw tagError('TAG_NAME_TAKEN');
  const id = await db
    .transaction(async (tx) => {
      const newId = await repo.insertTag(tx, { name: input.name, description: input.description ?? null });
      await insertActivities(tx, [tagActivity(actor, 'tag.create', { id: newId, name: input.name })]);
      return newId;
    })
    .catch(nameTakenOnRace);
  return getTag({ db, actor, id });
};

const updateDetail = (before: DeviceTag, input: UpdateInput) =>
  [
    input.name !== undefined && input.name !== before.name ? `renamed from "${before.name}"` : '',
    input.description !== undefined && input.description !== before.description ? 'description changed' : '',
  ]
    .filter(Boolean)
    .join('; ') || 'no change';

/** A rename may change only the case of its own name; another tag's name (any case) is refused. */
export const updateTag = async ({ db, actor, id, input }: Context & { id: number; input: UpdateInput }) => {
  const before = await getTag({ db, actor, id });
  if (input.name !== undefined && (await repo.findTagNamed(db, input.name, id)))
    throw tagError('TAG_NAME_TAKEN');
  await db
    .transaction(async (tx) => {
      await repo.updateTag(tx, id, input);
      const name = input.name ?? before.name;
      await insertActivities(tx, [
        tagActivity(actor, 'tag.update', { id, name }, updateDetail(before, input)),
      ]);
    })
    .catch(nameTakenOnRace);
  return getTag({ db, actor, id });
};

/** Deletes the tag from the MSP and every device carrying it. */
export const deleteTag = async ({ db, actor, id }: Context & { id: number }) => {
  const tag = await getTag({ db, actor, id });
  if ((await repo.countTagDevicesOutside(db, id, actor.scope)) > 0) throw tagError('TAG_USED_OUTSIDE_SCOPE');
  await db.transaction(async (tx) => {
    await repo.deleteTag(tx, id);
    await insertActivities(tx, [
      tagActivity(actor, 'tag.delete', tag, `removed from ${tag.deviceCount} device(s)`),
    ]);
  });
};

// ---- Devices' tags -------------------------------------------------------------------------------------

const createdActivities = (actor: Actor, ensured: readonly EnsuredTag[]) =>
  ensured
    .filter((tag) => tag.isNew)
    .map((tag) => tagActivity(actor, 'tag.create', tag, 'made while tagging'));

/** Consoles see the devices' new tags (a `device.updated` each, after the commit). */
const publishUpdated = async (db: Db, bus: Bus, ids: readonly number[]) => {
  const time = new Date().toISOString();
  for (let start = 0; start < ids.length; start += 500) {
    const nodes = await devicesRepo.findDeviceNodes(db, 'all', ids.slice(start, start + 500), false);
    for (const { inventory: _inventory, inventoryUpdateTime: _time, ...device } of nodes)
      publishConsoleEvent(bus, {
        type: 'device.updated',
        time,
        organizationId: device.organizationId,
        device,
      });
  }
};

type DeviceChange = { device: DeviceTarget; add: EnsuredTag[]; remove: { id: number; name: string }[] };

/** Writes the changes' links and one activity per changed device (and per tag made on the way). */
const applyChanges = async (
  tx: Tx,
  actor: Actor,
  changes: readonly DeviceChange[],
  ensured: readonly EnsuredTag[],
  prefix = '',
) => {
  const changed = changes.filter((c) => c.add.length + c.remove.length > 0);
  await repo.insertDeviceTagLinks(
    tx,
    changed.flatMap((c) => c.add.map((tag) => ({ deviceId: c.device.id, tagId: tag.id }))),
  );
  await repo.deleteDeviceTagLinks(
    tx,
    changed.flatMap((c) => c.remove.map((tag) => ({ deviceId: c.device.id, tagId: tag.id }))),
  );
  const detailOf = (c: DeviceChange) =>
    `${prefix}${changeDetail(
      c.add.map((t) => t.name),
      c.remove.map((t) => t.name),
    )}`;
  await insertActivities(tx, [
    ...createdActivities(actor, ensured),
    ...changed.map((c) => deviceActivity(actor, c.device, detailOf(c))),
  ]);
  return changed.map((c) => c.device.id);
};

/** PUT a device's whole list: names no tag has become tags; a name that differs only in case is that tag. */
export const setDeviceTags = async ({
  db,
  bus,
  actor,
  id,
  input,
}: Context & {
  bus: Bus;
  id: number;
  input: z.output<typeof SetDeviceTagsRequest>;
}): Promise<DeviceTagsResponse> => {
  const [device] = await devicesRepo.findActionTargets(db, actor.scope, { nodeIds: [id] }, 1);
  if (!device) throw notFound(DEVICE_NOT_FOUND);
  const changedIds = await db.transaction(async (tx) => {
    const ensured = await repo.ensureTagsNamed(tx, distinctNames(input.tags));
    const current = await repo.findDeviceTagLinks(tx, [id]);
    const wanted = new Set(ensured.map((tag) => tag.id));
    const held = new Set(current.map((link) => link.tagId));
    const change: DeviceChange = {
      device,
      add: ensured.filter((tag) => !held.has(tag.id)),
      remove: current
        .filter((link) => !wanted.has(link.tagId))
        .map((link) => ({ id: link.tagId, name: link.name })),
    };
    return applyChanges(tx, actor, [change], ensured);
  });
  if (changedIds.length > 0) await publishUpdated(db, bus, changedIds);
  const tags = await repo.findDeviceTagLinks(db, [id]);
  return { tags: tags.map((link) => link.name) };
};

type BulkInput = z.output<typeof BulkDeviceTagsRequest>;

/** The devices a target matches in the scope, and how many named node ids it left out. */
const resolveTargets = async (db: Db, actor: Actor, target: BulkInput['target']) => {
  if ('nodeIds' in target) {
    const requested = [...new Set(target.nodeIds)];
    const found = await devicesRepo.findActionTargets(
      db,
      actor.scope,
      { nodeIds: requested },
      EXECUTE_ACTION_MAX_DEVICES,
    );
    return { targets: found, ignored: requested.length - found.length };
  }
  const criteria =
    'searchId' in target ? await criteriaOfSearch({ db, id: target.searchId }) : target.criteria;
  return {
    targets: await devicesRepo.findActionTargets(db, actor.scope, { criteria }, EXECUTE_ACTION_MAX_DEVICES),
    ignored: 0,
  };
};

/**
 * Adds and removes names on the devices a target matches in the caller's scope; node ids outside it are
 * ignored and counted. A device that would carry more than MAX_TAGS_PER_DEVICE refuses the whole call.
 */
export const bulkDeviceTags = async ({
  db,
  bus,
  actor,
  input,
}: Context & { bus: Bus; input: BulkInput }): Promise<BulkDeviceTagsResponse> => {
  const { targets, ignored } = await resolveTargets(db, actor, input.target);
  const changedIds =
    targets.length === 0
      ? []
      : await db.transaction(async (tx) => {
          const ensured = await repo.ensureTagsNamed(tx, distinctNames(input.add));
          const removing = await repo.findTagsNamed(tx, input.remove);
          const links = await repo.findDeviceTagLinks(
            tx,
            targets.map((t) => t.id),
          );
          const heldBy = new Map<number, Set<number>>();
          for (const link of links)
            heldBy.set(link.deviceId, (heldBy.get(link.deviceId) ?? new Set()).add(link.tagId));
          const changes = targets.map((device): DeviceChange => {
            const held = heldBy.get(device.id) ?? new Set<number>();
            const change = {
              device,
              add: ensured.filter((tag) => !held.has(tag.id)),
              remove: removing.filter((tag) => held.has(tag.id)),
            };
            if (held.size + change.add.length - change.remove.length > MAX_TAGS_PER_DEVICE)
              throw tagError('TOO_MANY_TAGS');
            return change;
          });
          return applyChanges(tx, actor, changes, ensured, 'bulk: ');
        });
  if (changedIds.length > 0) await publishUpdated(db, bus, changedIds);
  return { matched: targets.length, affected: changedIds.length, ignored };
};
