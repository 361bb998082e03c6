import type { JobRunAs, ListScriptsQuery, ScriptOperatingSystem, ScriptParameter } from '@rmm/domain';
import { and, arrayContains, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database.ts';
import { scripts, scriptVersions, users } from '../../db/schema.ts';
import { escapeLike } from '../activities/repository.ts';

/** SQL of the script library: scripts and their versions. */

/** A version as a job runs it, with what the job checks of its script. */
export type RunnableScriptVersion = {
  scriptId: number;
  name: string;
  operatingSystems: ScriptOperatingSystem[];
  version: number;
  language: string;
  code: string;
  parameters: ScriptParameter[];
  defaultRunAs: JobRunAs;
  timeoutSeconds: number;
};

/** The script's version `version`, or its newest; undefined script: no such script (see `scriptExists`). */
export const findRunnableVersion = async (
  db: DbOrTx,
  scriptId: number,
  version?: number,
): Promise<RunnableScriptVersion | undefined> => {
  const [row] = await db
    .select({
      scriptId: scripts.id,
      name: scripts.name,
      operatingSystems: scripts.operatingSystems,
      version: scriptVersions.version,
      language: scriptVersions.language,
      code: scriptVersions.code,
      parameters: scriptVersions.parameters,
      defaultRunAs: scriptVersions.defaultRunAs,
      timeoutSeconds: scriptVersions.timeoutSeconds,
    })
    .from(scripts)
    .innerJoin(scriptVersions, eq(scriptVersions.scriptId, scripts.id))
    .where(
      and(
        eq(scripts.id, scriptId),
        version === undefined
          ? eq(scriptVersions.version, scripts.version)
          : eq(scriptVersions.version, version),
      ),
    )
    .orderBy(desc(scriptVersions.version))
    .limit(1);
  return row as RunnableScriptVersion | undefined;
};

export const scriptExists = async (db: DbOrTx, scriptId: number) => {
  const [row] = await db.select({ id: scripts.id }).from(scripts).where(eq(scripts.id, scriptId));
  return row !== undefined;
};

export type ScriptValues = Pick<
  typeof scripts.$inferInsert,
  'name' | 'description' | 'category' | 'operatingSystems' | 'templateId'
>;
export type ScriptVersionValues = Pick<
  typeof scriptVersions.$inferInsert,
  'language' | 'code' | 'parameters' | 'defaultRunAs' | 'timeoutSeconds' | 'note'
>;

const updater = alias(users, 'updater');
const creator = alias(users, 'creator');

const summaryColumns = {
  id: scripts.id,
  name: scripts.name,
  description: scripts.description,
  category: scripts.category,
  language: scripts.language,
  operatingSystems: scripts.operatingSystems,
  version: scripts.version,
  templateId: scripts.templateId,
  createdAt: scripts.createdAt,
  updatedAt: scripts.updatedAt,
  updatedBy: updater.name,
  parameterCount: sql<number>`jsonb_array_length(${scriptVersions.parameters})`.mapWith(Number),
};

/** A script joins its newest version and who changed it last. */
const newestVersion = and(
  eq(scriptVersions.scriptId, scripts.id),
  eq(scriptVersions.version, scripts.version),
);

export const listScripts = async (db: DbOrTx, query: ListScriptsQuery) => {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(scripts.name, pattern), ilike(scripts.description, pattern))!);
  }
  if (query.category) conditions.push(eq(scripts.category, query.category));
  if (query.language) conditions.push(eq(scripts.language, query.language));
  if (query.operatingSystem)
    conditions.push(arrayContains(scripts.operatingSystems, [query.operatingSystem]));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(scripts)
      .innerJoin(scriptVersions, newestVersion)
      .leftJoin(updater, eq(updater.id, scripts.updatedBy))
      .where(where)
      .orderBy(asc(sql`lower(${scripts.name})`), asc(scripts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(scripts).where(where),
  ]);
  return { rows, count: Number(total?.value ?? 0) };
};
export type ScriptSummaryRow = Awaited<ReturnType<typeof listScripts>>['rows'][number];

export const findScript = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({
      ...summaryColumns,
      code: scriptVersions.code,
      parameters: scriptVersions.parameters,
      defaultRunAs: scriptVersions.defaultRunAs,
      timeoutSeconds: scriptVersions.timeoutSeconds,
    })
    .from(scripts)
    .innerJoin(scriptVersions, newestVersion)
    .leftJoin(updater, eq(updater.id, scripts.updatedBy))
    .where(eq(scripts.id, id));
  return row;
};
export type ScriptRow = NonNullable<Awaited<ReturnType<typeof findScript>>>;

/** Another script's id with this name, whatever its case. */
export const findScriptIdByName = async (db: DbOrTx, name: string, exceptId?: number) => {
  const [row] = await db
    .select({ id: scripts.id })
    .from(scripts)
    .where(
      and(
        eq(sql`lower(${scripts.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(scripts.id, exceptId),
      ),
    );
  return row?.id;
};

/** Names of scripts that start with `prefix` (case-insensitive): to find a free "Name (n)". */
export const findNamesStartingWith = async (db: DbOrTx, prefix: string) =>
  (
    await db
      .select({ name: scripts.name })
      .from(scripts)
      .where(ilike(scripts.name, `${escapeLike(prefix)}%`))
  ).map((row) => row.name);

/** A new script with its version 1; the id. */
export const insertScript = async (
  db: DbOrTx,
  script: ScriptValues,
  version: ScriptVersionValues,
  actorId: number,
) => {
  const [row] = await db
    .insert(scripts)
    .values({ ...script, language: version.language, version: 1, createdBy: actorId, updatedBy: actorId })
    .returning({ id: scripts.id });
  await db.insert(scriptVersions).values({ ...version, scriptId: row!.id, version: 1, createdBy: actorId });
  return row!.id;
};

/** The script's descriptive fields, and a new version when one is given. */
export const updateScript = async (
  db: DbOrTx,
  id: number,
  script: Omit<ScriptValues, 'templateId'>,
  newVersion: (ScriptVersionValues & { version: number }) | undefined,
  actorId: number,
) => {
  if (newVersion) await db.insert(scriptVersions).values({ ...newVersion, scriptId: id, createdBy: actorId });
  await db
    .update(scripts)
    .set({
      ...script,
      ...(newVersion ? { version: newVersion.version, language: newVersion.language } : {}),
      updatedBy: actorId,
      updatedAt: sql`now()`,
    })
    .where(eq(scripts.id, id));
};

/** Deletes the script and its versions; whether it was there. */
export const deleteScript = async (db: DbOrTx, id: number) =>
  (await db.delete(scripts).where(eq(scripts.id, id)).returning({ id: scripts.id })).length > 0;

/** Locks the script row until the transaction ends (two saves at once: one after the other). */
export const lockScript = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ id: scripts.id, version: scripts.version })
    .from(scripts)
    .where(eq(scripts.id, id))
    .for('update');
  return row;
};

const versionSummaryColumns = {
  version: scriptVersions.version,
  createdAt: scriptVersions.createdAt,
  createdBy: creator.name,
  note: scriptVersions.note,
};

export const listVersions = async (db: DbOrTx, scriptId: number) =>
  db
    .select(versionSummaryColumns)
    .from(scriptVersions)
    .leftJoin(creator, eq(creator.id, scriptVersions.createdBy))
    .where(eq(scriptVersions.scriptId, scriptId))
    .orderBy(desc(scriptVersions.version));

export const findVersion = async (db: DbOrTx, scriptId: number, version: number) => {
  const [row] = await db
    .select({
      ...versionSummaryColumns,
      scriptId: scriptVersions.scriptId,
      language: scriptVersions.language,
      code: scriptVersions.code,
      parameters: scriptVersions.parameters,
      defaultRunAs: scriptVersions.defaultRunAs,
      timeoutSeconds: scriptVersions.timeoutSeconds,
    })
    .from(scriptVersions)
    .leftJoin(creator, eq(creator.id, scriptVersions.createdBy))
    .where(and(eq(scriptVersions.scriptId, scriptId), eq(scriptVersions.version, version)));
  return row;
};
