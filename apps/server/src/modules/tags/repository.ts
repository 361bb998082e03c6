import type { ListTagsQuery, OrganizationScope } from '@rmm/domain';
import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { devices, deviceTags, tags } from '../../db/schema.ts';
import { escapeLike } from '../activities/repository.ts';

/** SQL of device tags: the MSP's tags with their device counts, and which device carries which. */

const lowerOf = (names: readonly string[]) => [...new Set(names.map((name) => name.toLowerCase()))];
const namedAnyOf = (names: readonly string[]) =>
  sql`lower(${tags.name}) = any(${sql.param(lowerOf(names))}::text[])`;

/** The enclosing query's tag id, qualified (a one-table query's columns are written without their table). */
const outerTagId = sql`${tags}.${sql.identifier('id')}`;

/** Devices carrying the tag in the scope (all of them: no join to devices). */
const deviceCountIn = (scope: OrganizationScope) =>
  scope === 'all'
    ? sql<number>`(select count(*)::int from ${deviceTags} dt where dt.tag_id = ${outerTagId})`
    : sql<number>`(select count(*)::int from ${deviceTags} dt join ${devices} d on d.id = dt.device_id
        where dt.tag_id = ${outerTagId} and d.organization_id = any(${sql.param([...scope])}::int[]))`;

const tagColumns = (scope: OrganizationScope) => ({
  id: tags.id,
  name: tags.name,
  description: tags.description,
  createdAt: tags.createdAt,
  updatedAt: tags.updatedAt,
  deviceCount: deviceCountIn(scope),
});

export type TagRow = {
  id: number;
  name: string;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
  deviceCount: number;
};

const nameContains = (search: string | undefined): SQL | undefined =>
  search ? sql`lower(${tags.name}) like ${`%${escapeLike(search.toLowerCase())}%`}` : undefined;

/** A page of tags by name, with the devices carrying each in the scope. */
export const listTags = async (db: DbOrTx, scope: OrganizationScope, query: ListTagsQuery) => {
  const where = nameContains(query.search);
  const [rows, [total]] = await Promise.all([
    db
      .select(tagColumns(scope))
      .from(tags)
      .where(where)
      .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(tags).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, deviceCount: toNumber(row.deviceCount) })),
    count: toNumber(total?.value),
  };
};

export const findTag = async (
  db: DbOrTx,
  scope: OrganizationScope,
  id: number,
): Promise<TagRow | undefined> => {
  const [row] = await db.select(tagColumns(scope)).from(tags).where(eq(tags.id, id));
  return row ? { ...row, deviceCount: toNumber(row.deviceCount) } : undefined;
};

/** Another tag of this name, whatever its case. */
export const findTagNamed = async (db: DbOrTx, name: string, exceptId?: number) => {
  const [row] = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(namedAnyOf([name]), exceptId === undefined ? undefined : ne(tags.id, exceptId)))
    .limit(1);
  return row;
};

/** Tags of these names, whatever their case. */
export const findTagsNamed = async (db: DbOrTx, names: readonly string[]) =>
  names.length === 0 ? [] : db.select({ id: tags.id, name: tags.name }).from(tags).where(namedAnyOf(names));

/** Tag ids by lower-cased name, for the names that tags have (the criteria's constants). */
export const findTagIdsNamed = async (db: DbOrTx, names: readonly string[]): Promise<Map<string, number>> =>
  new Map((await findTagsNamed(db, names)).map((row) => [row.name.toLowerCase(), row.id]));

export const insertTag = async (db: DbOrTx, values: { name: string; description: string | null }) => {
  const [row] = await db.insert(tags).values(values).returning({ id: tags.id });
  return row!.id;
};

/**
 * The tags of these names, made where none has the name yet (one statement; a name another request made
 * meanwhile is taken as it is). Answers every tag with what it is called and whether it was made now.
 */
export const ensureTagsNamed = async (db: DbOrTx, names: readonly string[]) => {
  if (names.length === 0) return [];
  const existing = await findTagsNamed(db, names);
  const known = new Set(existing.map((row) => row.name.toLowerCase()));
  const missing = [...new Map(names.map((name) => [name.toLowerCase(), name])).entries()]
    .filter(([lower]) => !known.has(lower))
    .map(([, name]) => ({ name }));
  if (missing.length === 0) return existing.map((row) => ({ ...row, isNew: false }));
  const created = await db
    .insert(tags)
    .values(missing)
    .onConflictDoNothing()
    .returning({ id: tags.id, name: tags.name });
  const createdIds = new Set(created.map((row) => row.id));
  return (await findTagsNamed(db, names)).map((row) => ({ ...row, isNew: createdIds.has(row.id) }));
};

export const updateTag = async (
  db: DbOrTx,
  id: number,
  values: { name?: string; description?: string | null },
) => {
  await db
    .update(tags)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tags.id, id));
};

/** Deletes the tag; its links to devices go with it. */
export const deleteTag = async (db: DbOrTx, id: number) => {
  await db.delete(tags).where(eq(tags.id, id));
};

/** Devices carrying the tag outside the scope. */
export const countTagDevicesOutside = async (db: DbOrTx, tagId: number, scope: OrganizationScope) => {
  if (scope === 'all') return 0;
  const [row] = await db
    .select({ value: count() })
    .from(deviceTags)
    .innerJoin(devices, eq(devices.id, deviceTags.deviceId))
    .where(
      and(
        eq(deviceTags.tagId, tagId),
        sql`not (${devices.organizationId} = any(${sql.param([...scope])}::int[]))`,
      ),
    );
  return toNumber(row?.value);
};

/** The links of these devices: which tag (id and name) each carries. */
export const findDeviceTagLinks = async (db: DbOrTx, deviceIds: readonly number[]) =>
  deviceIds.length === 0
    ? []
    : db
        .select({ deviceId: deviceTags.deviceId, tagId: deviceTags.tagId, name: tags.name })
        .from(deviceTags)
        .innerJoin(tags, eq(tags.id, deviceTags.tagId))
        .where(sql`${deviceTags.deviceId} = any(${sql.param([...deviceIds])}::int[])`)
        .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));

export type TagLink = { deviceId: number; tagId: number };

/** Adds these links (one JSON parameter, however many); links that exist stay as they are. */
export const insertDeviceTagLinks = async (db: DbOrTx, links: readonly TagLink[]) => {
  if (links.length === 0) return;
  await db.execute(sql`
    insert into ${deviceTags} (device_id, tag_id)
    select l.device_id, l.tag_id
    from jsonb_to_recordset(${JSON.stringify(links.map((l) => ({ device_id: l.deviceId, tag_id: l.tagId })))}::jsonb)
      as l(device_id integer, tag_id integer)
    on conflict do nothing`);
};

export const deleteDeviceTagLinks = async (db: DbOrTx, links: readonly TagLink[]) => {
  if (links.length === 0) return;
  await db.execute(sql`
    delete from ${deviceTags} dt
    using jsonb_to_recordset(${JSON.stringify(links.map((l) => ({ device_id: l.deviceId, tag_id: l.tagId })))}::jsonb)
      as l(device_id integer, tag_id integer)
    where dt.device_id = l.device_id and dt.tag_id = l.tag_id`);
};
