import {
  type HelpLanguage,
  KB_MAX_FOLDER_DEPTH,
  type KnowledgeBaseArticle,
  type KnowledgeBaseArticleSummary,
  type KnowledgeBaseFolder,
  type ListKnowledgeBaseArticlesQuery,
  type ListKnowledgeBaseArticlesResponse,
  type OrganizationScope,
  type SaveKnowledgeBaseArticleRequest,
  type SaveKnowledgeBaseFolderRequest,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { scopeAllows } from '../../lib/scope.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { textSearchConfigOf } from '../help/index-articles.ts';
import { markdownToPlainText } from '../help/plain-text.ts';
import { markSnippet, textQueryOf } from '../help/text-query.ts';
import { isUniqueViolation } from '../scripts/errors.ts';
import { knowledgeBaseError } from './errors.ts';
import * as repo from './repository.ts';

/**
 * The MSP's knowledge base. Folders are MSP-wide; an article attached to organizations is seen only by
 * callers whose scope includes one of them (another's answers 404), one without is seen by all with
 * `knowledgeBase.view`. A scoped caller sees and sets only the organizations of their scope: the article's
 * other organizations are kept as they were when they save it.
 */

type Context = { db: Db; actor: Actor };
type ArticleInput = z.output<typeof SaveKnowledgeBaseArticleRequest>;
type FolderInput = z.output<typeof SaveKnowledgeBaseFolderRequest>;

const iso = (value: Date | string) => new Date(value).toISOString();
const inScope = (scope: OrganizationScope, ids: readonly number[]) =>
  ids.filter((id) => scopeAllows(scope, id));

const toFolder = (row: repo.FolderRow): KnowledgeBaseFolder => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  articleCount: row.articleCount,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

const toSummary = (row: repo.ArticleSummaryRow, scope: OrganizationScope): KnowledgeBaseArticleSummary => ({
  id: row.id,
  title: row.title,
  folderId: row.folderId,
  organizationIds: inScope(scope, row.organizationIds),
  language: row.language as HelpLanguage,
  createdAt: iso(row.createdAt),
  createdBy: row.createdBy,
  updatedAt: iso(row.updatedAt),
  updatedBy: row.updatedBy,
  ...(row.snippet === undefined ? {} : { snippet: markSnippet(row.snippet) }),
  ...(row.rank === undefined ? {} : { rank: row.rank }),
});

const toArticle = (row: repo.ArticleRow, scope: OrganizationScope): KnowledgeBaseArticle => {
  const { snippet: _snippet, rank: _rank, ...summary } = toSummary(row, scope);
  return { ...summary, body: row.body };
};

const activity = (
  actor: Actor,
  action: string,
  target: { type: 'knowledgeBaseArticle' | 'knowledgeBaseFolder'; id: number; name: string },
  detail?: string,
) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: target.type,
  targetId: target.id,
  targetName: target.name,
  outcome: 'SUCCESS' as const,
  detail: detail ?? null,
});

// ---- Folders ----------------------------------------------------------------------------------------

export const listFolders = async ({ db, actor }: Context) =>
  (await repo.listFolders(db, actor.scope)).map(toFolder);

const getFolder = async (db: Db, actor: Actor, id: number) => {
  const folder = (await repo.listFolders(db, actor.scope)).find((row) => row.id === id);
  if (!folder) throw knowledgeBaseError('KB_FOLDER_NOT_FOUND');
  return toFolder(folder);
};

/** The parent must exist, must not be the folder or below it, and the tree must stay within its depth. */
const checkPlacement = async (db: Db, input: FolderInput, folderId?: number) => {
  const parents = new Map((await repo.listFolderParents(db)).map((row) => [row.id, row.parentId]));
  if (input.parentId !== null && !parents.has(input.parentId))
    throw knowledgeBaseError('KB_FOLDER_NOT_FOUND');
  let depth = 1;
  for (let at = input.parentId; at !== null; at = parents.get(at) ?? null) {
    if (at === folderId) throw knowledgeBaseError('KB_FOLDER_CYCLE');
    depth++;
  }
  // The folder's own subtree moves with it.
  const heightOf = (id: number): number =>
    1 + Math.max(0, ...[...parents].filter(([, parent]) => parent === id).map(([child]) => heightOf(child)));
  const height = folderId === undefined ? 1 : heightOf(folderId);
  if (depth - 1 + height > KB_MAX_FOLDER_DEPTH) throw knowledgeBaseError('KB_FOLDER_TOO_DEEP');
  const sibling = await repo.findSiblingByName(db, { ...input, exceptId: folderId });
  if (sibling) throw knowledgeBaseError('KB_FOLDER_NAME_TAKEN');
};

const nameTakenOnRace = (error: unknown): never => {
  throw isUniqueViolation(error) ? knowledgeBaseError('KB_FOLDER_NAME_TAKEN') : error;
};

export const createFolder = async ({ db, actor, input }: Context & { input: FolderInput }) => {
  await checkPlacement(db, input);
  const id = await db
    .transaction(async (tx) => {
      const newId = await repo.insertFolder(tx, input, actor.id);
      await insertActivity(
        tx,
        activity(actor, 'knowledgeBase.folder.create', {
          type: 'knowledgeBaseFolder',
          id: newId,
          name: input.name,
        }),
      );
      return newId;
    })
    .catch(nameTakenOnRace);
  return getFolder(db, actor, id);
};

export const updateFolder = async ({
  db,
  actor,
  id,
  input,
}: Context & { id: number; input: FolderInput }) => {
  const before = await repo.findFolder(db, id);
  if (!before) throw knowledgeBaseError('KB_FOLDER_NOT_FOUND');
  await checkPlacement(db, input, id);
  await db
    .transaction(async (tx) => {
      await repo.updateFolder(tx, id, input, actor.id);
      const renamed = before.name === input.name ? undefined : `renamed from "${before.name}"`;
      await insertActivity(
        tx,
        activity(
          actor,
          'knowledgeBase.folder.update',
          { type: 'knowledgeBaseFolder', id, name: input.name },
          renamed,
        ),
      );
    })
    .catch(nameTakenOnRace);
  return getFolder(db, actor, id);
};

export const deleteFolder = async ({ db, actor, id }: Context & { id: number }) => {
  const before = await repo.findFolder(db, id);
  if (!before) throw knowledgeBaseError('KB_FOLDER_NOT_FOUND');
  if (await repo.folderHasContent(db, id)) throw knowledgeBaseError('KB_FOLDER_NOT_EMPTY');
  await db.transaction(async (tx) => {
    if (!(await repo.deleteFolder(tx, id))) throw knowledgeBaseError('KB_FOLDER_NOT_FOUND');
    await insertActivity(
      tx,
      activity(actor, 'knowledgeBase.folder.delete', { type: 'knowledgeBaseFolder', id, name: before.name }),
    );
  });
};

// ---- Articles ---------------------------------------------------------------------------------------

const requireOrganizationsInScope = async (db: Db, scope: OrganizationScope, ids: readonly number[]) => {
  const existing = await repo.existingOrganizationIds(db, ids);
  // Unknown and out-of-scope organizations answer alike.
  if (ids.some((id) => !existing.has(id) || !scopeAllows(scope, id)))
    throw knowledgeBaseError('KB_ORGANIZATION_NOT_FOUND');
};

export const listArticles = async ({
  db,
  actor,
  query,
}: Context & { query: ListKnowledgeBaseArticlesQuery }): Promise<ListKnowledgeBaseArticlesResponse> => {
  if (query.organizationId !== undefined)
    await requireOrganizationsInScope(db, actor.scope, [query.organizationId]);
  const filter = { scope: actor.scope, folderId: query.folderId, organizationId: query.organizationId };
  const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const { rows, count } = query.q
    ? await repo.searchArticles(db, filter, { ...page, query: textQueryOf(query.q) })
    : await repo.listArticles(db, filter, page);
  return {
    data: rows.map((row) => toSummary(row, actor.scope)),
    count,
    page: query.page,
    pageSize: query.pageSize,
  };
};

const requireArticle = async (db: Db, actor: Actor, id: number) => {
  const row = await repo.findArticle(db, id, actor.scope);
  if (!row) throw knowledgeBaseError('KB_ARTICLE_NOT_FOUND');
  return row;
};

export const getArticle = async ({ db, actor, id }: Context & { id: number }) =>
  toArticle(await requireArticle(db, actor, id), actor.scope);

const valuesOf = (input: ArticleInput, organizationIds: readonly number[]): repo.ArticleValues => ({
  title: input.title,
  body: input.body,
  plainText: markdownToPlainText(input.body),
  folderId: input.folderId,
  language: input.language,
  tsConfig: textSearchConfigOf[input.language],
  isAttached: organizationIds.length > 0,
});

const checkArticleInput = async (db: Db, actor: Actor, input: ArticleInput) => {
  if (input.folderId !== null && !(await repo.findFolder(db, input.folderId)))
    throw knowledgeBaseError('KB_FOLDER_NOT_FOUND');
  await requireOrganizationsInScope(db, actor.scope, input.organizationIds);
};

const organizationsDetail = (ids: readonly number[]) =>
  ids.length === 0 ? 'MSP-wide' : `organizations ${ids.join(', ')}`;

export const createArticle = async ({ db, actor, input }: Context & { input: ArticleInput }) => {
  await checkArticleInput(db, actor, input);
  const id = await db.transaction(async (tx) => {
    const newId = await repo.insertArticle(
      tx,
      valuesOf(input, input.organizationIds),
      input.organizationIds,
      actor.id,
    );
    await insertActivity(
      tx,
      activity(
        actor,
        'knowledgeBase.article.create',
        { type: 'knowledgeBaseArticle', id: newId, name: input.title },
        organizationsDetail(input.organizationIds),
      ),
    );
    return newId;
  });
  return getArticle({ db, actor, id });
};

export const updateArticle = async ({
  db,
  actor,
  id,
  input,
}: Context & { id: number; input: ArticleInput }) => {
  const before = await requireArticle(db, actor, id);
  await checkArticleInput(db, actor, input);
  // Organizations the caller cannot see stay attached.
  const kept = before.organizationIds.filter((orgId) => !scopeAllows(actor.scope, orgId));
  const organizationIds = [...new Set([...input.organizationIds, ...kept])].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    await repo.updateArticle(tx, id, valuesOf(input, organizationIds), organizationIds, actor.id);
    await insertActivity(
      tx,
      activity(
        actor,
        'knowledgeBase.article.update',
        { type: 'knowledgeBaseArticle', id, name: input.title },
        organizationsDetail(organizationIds),
      ),
    );
  });
  // As saved, even when it now belongs only to organizations the caller cannot see.
  const saved = await repo.findArticle(db, id, 'all');
  if (!saved) throw knowledgeBaseError('KB_ARTICLE_NOT_FOUND');
  return toArticle(saved, actor.scope);
};

export const deleteArticle = async ({ db, actor, id }: Context & { id: number }) => {
  const before = await requireArticle(db, actor, id);
  await db.transaction(async (tx) => {
    if (!(await repo.deleteArticle(tx, id))) throw knowledgeBaseError('KB_ARTICLE_NOT_FOUND');
    await insertActivity(
      tx,
      activity(actor, 'knowledgeBase.article.delete', {
        type: 'knowledgeBaseArticle',
        id,
        name: before.title,
      }),
    );
  });
};
