import {
  type CopyTemplateRequest,
  type JobRunAs,
  type ListScriptsQuery,
  type ListScriptsResponse,
  type SaveScriptRequest,
  type Script,
  type ScriptCategory,
  type ScriptLanguage,
  type ScriptOperatingSystem,
  type ScriptParameter,
  type ScriptSummary,
  type ScriptTemplate,
  type ScriptVersion,
  type ScriptVersionSummary,
  scriptLanguageLabels,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { isUniqueViolation, scriptError, scriptNotFound } from './errors.ts';
import * as repo from './repository.ts';
import { findTemplate, scriptTemplates } from './templates/catalogue.ts';
import { isScriptInUse } from './usage.ts';

/**
 * The script library: MSP-wide scripts (anyone with scripts.view sees them all), each save that changes
 * what runs (code, parameters, language, run-as, timeout) adding a numbered version. Names are unique
 * whatever their case; a script a scheduled task uses is not deleted.
 */

type Context = { db: Db; actor: Actor };
type SaveInput = z.output<typeof SaveScriptRequest>;

const toSummary = (row: repo.ScriptSummaryRow): ScriptSummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  category: row.category as ScriptCategory,
  language: row.language as ScriptLanguage,
  operatingSystems: row.operatingSystems as ScriptOperatingSystem[],
  version: row.version,
  parameterCount: row.parameterCount,
  templateId: row.templateId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedBy,
});

const toScript = (row: repo.ScriptRow): Script => ({
  ...toSummary(row),
  code: row.code,
  parameters: row.parameters,
  defaultRunAs: row.defaultRunAs,
  timeoutSeconds: row.timeoutSeconds,
});

const activity = (actor: Actor, action: string, script: { id: number; name: string }, detail: string) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'script',
  targetId: script.id,
  targetName: script.name,
  outcome: 'SUCCESS' as const,
  detail,
});

/** JSON with sorted keys: a stored jsonb value and a parsed request compare equal when they mean the same. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

type Runnable = {
  language: string;
  code: string;
  parameters: ScriptParameter[];
  defaultRunAs: JobRunAs;
  timeoutSeconds: number;
};
/** Whether a save changes what runs (and so adds a version); name, description, category and OS do not. */
const changesWhatRuns = (before: Runnable, after: Runnable) =>
  before.language !== after.language ||
  before.code !== after.code ||
  before.timeoutSeconds !== after.timeoutSeconds ||
  canonical(before.parameters) !== canonical(after.parameters) ||
  canonical(before.defaultRunAs) !== canonical(after.defaultRunAs);

const versionValues = (input: SaveInput): repo.ScriptVersionValues => ({
  language: input.language,
  code: input.code,
  parameters: input.parameters,
  defaultRunAs: input.defaultRunAs,
  timeoutSeconds: input.timeoutSeconds,
  note: input.versionNote,
});

const requireFreeName = async (db: DbOrTx, name: string, exceptId?: number) => {
  if ((await repo.findScriptIdByName(db, name, exceptId)) !== undefined)
    throw scriptError('SCRIPT_NAME_TAKEN');
};

/** A unique-index refusal (the same name saved twice at once) answers like the check before it. */
const nameTakenOnRace = (error: unknown): never => {
  throw isUniqueViolation(error) ? scriptError('SCRIPT_NAME_TAKEN') : error;
};

const requireScript = async (db: DbOrTx, id: number) => {
  const row = await repo.findScript(db, id);
  if (!row) throw scriptNotFound();
  return row;
};

export const listScripts = async ({ db, query }: { db: Db; query: ListScriptsQuery }) => {
  const { rows, count } = await repo.listScripts(db, query);
  return {
    data: rows.map(toSummary),
    count,
    page: query.page,
    pageSize: query.pageSize,
  } satisfies ListScriptsResponse;
};

export const getScript = async ({ db, id }: { db: Db; id: number }) => toScript(await requireScript(db, id));

const insertNew = async (
  { db, actor }: Context,
  input: SaveInput,
  templateId: number | null,
  detail: string,
) => {
  await requireFreeName(db, input.name);
  const id = await db
    .transaction(async (tx) => {
      const newId = await repo.insertScript(
        tx,
        {
          name: input.name,
          description: input.description,
          category: input.category,
          operatingSystems: input.operatingSystems,
          templateId,
        },
        versionValues(input),
        actor.id,
      );
      await insertActivity(tx, activity(actor, 'script.create', { id: newId, name: input.name }, detail));
      return newId;
    })
    .catch(nameTakenOnRace);
  return toScript(await requireScript(db, id));
};

export const createScript = (context: Context & { input: SaveInput }) =>
  insertNew(context, context.input, null, `${scriptLanguageLabels[context.input.language]}, version 1`);

export const updateScript = async ({ db, actor, id, input }: Context & { id: number; input: SaveInput }) => {
  await requireScript(db, id);
  await requireFreeName(db, input.name, id);
  await db
    .transaction(async (tx) => {
      // Locked, then read: two saves at once each see the other's version and number theirs after it.
      await repo.lockScript(tx, id);
      const before = await repo.findScript(tx, id);
      if (!before) throw scriptNotFound();
      const isNewVersion = changesWhatRuns(before, input);
      const next = before.version + 1;
      await repo.updateScript(
        tx,
        id,
        {
          name: input.name,
          description: input.description,
          category: input.category,
          operatingSystems: input.operatingSystems,
        },
        isNewVersion ? { ...versionValues(input), version: next } : undefined,
        actor.id,
      );
      const detail = isNewVersion ? `version ${next}` : `details changed (version ${before.version} kept)`;
      await insertActivity(tx, activity(actor, 'script.update', { id, name: input.name }, detail));
    })
    .catch(nameTakenOnRace);
  return toScript(await requireScript(db, id));
};

export const deleteScript = async ({ db, actor, id }: Context & { id: number }) => {
  const before = await requireScript(db, id);
  if (await isScriptInUse(db, id)) throw scriptError('SCRIPT_IN_USE');
  await db.transaction(async (tx) => {
    if (!(await repo.deleteScript(tx, id))) throw scriptNotFound();
    await insertActivity(tx, activity(actor, 'script.delete', before, `version ${before.version}`));
  });
};

export const listVersions = async ({ db, id }: { db: Db; id: number }) => {
  await requireScript(db, id);
  const rows = await repo.listVersions(db, id);
  return rows.map((row): ScriptVersionSummary => ({ ...row, createdAt: row.createdAt.toISOString() }));
};

export const getVersion = async ({ db, id, version }: { db: Db; id: number; version: number }) => {
  await requireScript(db, id);
  const row = await repo.findVersion(db, id, version);
  if (!row) throw scriptError('SCRIPT_VERSION_NOT_FOUND');
  return {
    ...row,
    language: row.language as ScriptLanguage,
    createdAt: row.createdAt.toISOString(),
  } satisfies ScriptVersion;
};

export const listTemplates = (): ScriptTemplate[] => scriptTemplates;

export const getTemplate = (id: number): ScriptTemplate => {
  const template = findTemplate(id);
  if (!template) throw scriptError('TEMPLATE_NOT_FOUND');
  return template;
};

/** The template's name, or "Name (2)", "Name (3)"... the first that is free. */
const freeNameFor = async (db: DbOrTx, name: string) => {
  const taken = new Set((await repo.findNamesStartingWith(db, name)).map((n) => n.toLowerCase()));
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name} (${n})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
};

/**
 * A new library script from a template. A name given that is taken is refused (SCRIPT_NAME_TAKEN); without
 * one the copy takes the template's name, or "Name (2)"... when that is taken.
 */
export const copyTemplate = async ({
  db,
  actor,
  id,
  input,
}: Context & { id: number; input: z.output<typeof CopyTemplateRequest> }) => {
  const template = getTemplate(id);
  const name = input.name ?? (await freeNameFor(db, template.name));
  return insertNew(
    { db, actor },
    { ...template, name, versionNote: `Copied from the template "${template.name}"` },
    template.id,
    `from the template "${template.name}"`,
  );
};
