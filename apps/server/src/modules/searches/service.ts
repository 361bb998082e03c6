import {
  type CreateSearchRequest,
  DEFAULT_SEARCH_GROUP,
  type DeviceSearch,
  defaultSearchPresets,
  type RunCriteriaRequest,
  type RunSearchQuery,
  type SearchCriteria,
  type UpdateSearchRequest,
  withCustomFields,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { listDevices } from '../devices/repository.ts';
import * as repo from './repository.ts';

type Create = z.output<typeof CreateSearchRequest>;
type Update = z.output<typeof UpdateSearchRequest>;

const SEARCH_NOT_FOUND = 'Saved search not found.';

const presets: DeviceSearch[] = defaultSearchPresets.map((preset) => ({
  id: preset.id,
  key: preset.key,
  search: preset.search,
  criteria: preset.criteria,
  searchGroup: DEFAULT_SEARCH_GROUP,
  customFields: null,
  isPreset: true,
}));

const toSearch = (row: repo.SavedSearchRow): DeviceSearch =>
  withCustomFields({
    id: row.id,
    key: null,
    search: row.search,
    criteria: row.criteria,
    searchGroup: row.searchGroup,
    customFields: row.customFields,
    isPreset: false,
  });

/** Spec §7 GET /searches: the presets first, then the stored searches by name. */
export const listSearches = async ({ db }: { db: Db }): Promise<DeviceSearch[]> => [
  ...presets,
  ...(await repo.listSavedSearches(db)).map(toSearch),
];

export const getSearch = async ({ db, id }: { db: Db; id: number }): Promise<DeviceSearch> => {
  const preset = presets.find((p) => p.id === id);
  if (preset) return preset;
  const row = id > 0 ? await repo.findSavedSearch(db, id) : undefined;
  if (!row) throw notFound(SEARCH_NOT_FOUND);
  return toSearch(row);
};

export const criteriaOfSearch = async ({ db, id }: { db: Db; id: number }): Promise<SearchCriteria> =>
  (await getSearch({ db, id })).criteria;

/** Runs a search in the caller's scope, with the device list's filters and paging. */
export const runSearch = async ({
  db,
  actor,
  id,
  query,
}: {
  db: Db;
  actor: Actor;
  id: number;
  query: RunSearchQuery;
}) => {
  const criteria = await criteriaOfSearch({ db, id });
  const result = await listDevices(db, actor.scope, query, criteria);
  return { ...result, page: query.page, pageSize: query.pageSize };
};

/** Criteria given inline: what a search would match before it is saved. */
export const runCriteria = async ({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: z.output<typeof RunCriteriaRequest>;
}) => {
  const { criteria, ...query } = input;
  const result = await listDevices(db, actor.scope, query, criteria);
  return { ...result, page: query.page, pageSize: query.pageSize };
};

const activity = (actor: Actor, action: string, id: number, name: string) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'search',
  targetId: id,
  targetName: name,
  outcome: 'SUCCESS' as const,
});

type Change = { db: Db; actor: Actor };

export const createSearch = async ({ db, actor, input }: Change & { input: Create }) => {
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertSavedSearch(tx, {
      search: input.search,
      criteria: input.criteria,
      searchGroup: input.searchGroup,
      customFields: input.customFields ?? null,
      createdById: actor.id,
    });
    await insertActivity(tx, activity(actor, 'search.create', created.id, created.search));
    return created;
  });
  return toSearch(row);
};

const storedSearch = async (db: Db, id: number) => {
  if (id < 0) throw badRequest('The default searches cannot be changed.');
  const row = await repo.findSavedSearch(db, id);
  if (!row) throw notFound(SEARCH_NOT_FOUND);
  return row;
};

export const updateSearch = async ({ db, actor, id, input }: Change & { id: number; input: Update }) => {
  await storedSearch(db, id);
  const row = await db.transaction(async (tx) => {
    const updated = await repo.updateSavedSearch(tx, id, input);
    if (!updated) throw notFound(SEARCH_NOT_FOUND);
    await insertActivity(tx, activity(actor, 'search.update', id, updated.search));
    return updated;
  });
  return toSearch(row);
};

export const deleteSearch = async ({ db, actor, id }: Change & { id: number }) => {
  const row = await storedSearch(db, id);
  await db.transaction(async (tx) => {
    await repo.deleteSavedSearch(tx, id);
    await insertActivity(tx, activity(actor, 'search.delete', id, row.search));
  });
};
