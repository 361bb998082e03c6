import type { OrganizationScope } from '@rmm/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import {
  knowledgeBaseArticleOrganizations,
  knowledgeBaseArticles,
  knowledgeBaseFolders,
  organizations,
  users,
} from '../../db/schema.ts';
import { headlineOptions, type TextQuery, tsQuery } from '../help/repository.ts';

/** SQL of the knowledge base: folders, articles, their organizations, and full-text search. */

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/**
 * Whether the caller sees the article `a`: all of them with every organization in scope, else the MSP-wide
 * ones and those attached to an organization of their scope.
 */
const visibleTo = (scope: OrganizationScope) =>
  scope === 'all'
    ? sql`true`
    : sql`(not a.is_attached or exists (
        select 1 from ${knowledgeBaseArticleOrganizations} o
        where o.article_id = a.id and o.organization_id = any(${sql.param([...scope])}::int[])))`;

// ---- Folders ----------------------------------------------------------------------------------------

export type FolderRow = {
  id: number;
  name: string;
  parentId: number | null;
  articleCount: number;
  createdAt: Date | string;
  updatedAt: Date | string;
};

/** Every folder with the number of articles directly in it that the caller sees. */
export const listFolders = async (db: DbOrTx, scope: OrganizationScope): Promise<FolderRow[]> =>
  rowsOf<FolderRow>(
    await db.execute(sql`
      select f.id, f.name, f.parent_id as "parentId", f.created_at as "createdAt", f.updated_at as "updatedAt",
        (select count(*)::int from ${knowledgeBaseArticles} a where a.folder_id = f.id and ${visibleTo(scope)})
          as "articleCount"
      from ${knowledgeBaseFolders} f
      order by lower(f.name), f.id`),
  );

/** The folder tree's shape: what moving a folder is checked against. */
export const listFolderParents = async (db: DbOrTx) =>
  db
    .select({ id: knowledgeBaseFolders.id, parentId: knowledgeBaseFolders.parentId })
    .from(knowledgeBaseFolders);

export const findFolder = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(knowledgeBaseFolders).where(eq(knowledgeBaseFolders.id, id));
  return row;
};

/** Another folder of this name (whatever its case) beside it, under the same parent. */
export const findSiblingByName = async (
  db: DbOrTx,
  { name, parentId, exceptId }: { name: string; parentId: number | null; exceptId?: number },
) => {
  const result = await db.execute(sql`
    select id from ${knowledgeBaseFolders}
    where coalesce(parent_id, 0) = ${parentId ?? 0} and lower(name) = lower(${name})
      and id <> ${exceptId ?? 0}
    limit 1`);
  return rowsOf<{ id: number }>(result)[0];
};

export const insertFolder = async (
  db: DbOrTx,
  values: { name: string; parentId: number | null },
  actorId: number,
) => {
  const [row] = await db
    .insert(knowledgeBaseFolders)
    .values({ ...values, createdBy: actorId, updatedBy: actorId })
    .returning({ id: knowledgeBaseFolders.id });
  return row!.id;
};

export const updateFolder = async (
  db: DbOrTx,
  id: number,
  values: { name: string; parentId: number | null },
  actorId: number,
) => {
  await db
    .update(knowledgeBaseFolders)
    .set({ ...values, updatedBy: actorId, updatedAt: sql`now()` })
    .where(eq(knowledgeBaseFolders.id, id));
};

/** Whether any article (seen by the caller or not) or folder is in the folder. */
export const folderHasContent = async (db: DbOrTx, id: number) => {
  const result = await db.execute(sql`
    select exists (select 1 from ${knowledgeBaseArticles} where folder_id = ${id})
        or exists (select 1 from ${knowledgeBaseFolders} where parent_id = ${id}) as "hasContent"`);
  return rowsOf<{ hasContent: boolean }>(result)[0]?.hasContent === true;
};

export const deleteFolder = async (db: DbOrTx, id: number) => {
  const deleted = await db
    .delete(knowledgeBaseFolders)
    .where(eq(knowledgeBaseFolders.id, id))
    .returning({ id: knowledgeBaseFolders.id });
  return deleted.length > 0;
};

// ---- Articles ---------------------------------------------------------------------------------------

export type ArticleSummaryRow = {
  id: number;
  title: string;
  folderId: number | null;
  language: string;
  organizationIds: number[];
  createdAt: Date | string;
  createdBy: string | null;
  updatedAt: Date | string;
  updatedBy: string | null;
  rank?: number;
  snippet?: string;
};
export type ArticleRow = ArticleSummaryRow & { body: string; isAttached: boolean };

const summaryColumns = sql`a.id, a.title, a.folder_id as "folderId", a.language,
  a.created_at as "createdAt", a.updated_at as "updatedAt",
  (select name from ${users} u where u.id = a.created_by) as "createdBy",
  (select name from ${users} u where u.id = a.updated_by) as "updatedBy",
  coalesce((select array_agg(o.organization_id order by o.organization_id)
    from ${knowledgeBaseArticleOrganizations} o where o.article_id = a.id), '{}'::int[]) as "organizationIds"`;

export type ArticleFilter = {
  scope: OrganizationScope;
  folderId?: number;
  organizationId?: number;
};

const filterOf = ({ scope, folderId, organizationId }: ArticleFilter) =>
  sql.join(
    [
      visibleTo(scope),
      folderId === undefined ? undefined : sql`a.folder_id = ${folderId}`,
      organizationId === undefined
        ? undefined
        : sql`exists (select 1 from ${knowledgeBaseArticleOrganizations} o
            where o.article_id = a.id and o.organization_id = ${organizationId})`,
    ].filter((part) => part !== undefined),
    sql` and `,
  );

/** A page of the articles the caller sees, by title. */
export const listArticles = async (
  db: DbOrTx,
  filter: ArticleFilter,
  { limit, offset }: { limit: number; offset: number },
) => {
  const where = filterOf(filter);
  const [rows, total] = await Promise.all([
    db.execute(sql`
      select ${summaryColumns} from ${knowledgeBaseArticles} a
      where ${where}
      order by lower(a.title), a.id
      limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as count from ${knowledgeBaseArticles} a where ${where}`),
  ]);
  return { rows: rowsOf<ArticleSummaryRow>(rows), count: rowsOf<{ count: number }>(total)[0]?.count ?? 0 };
};

/**
 * A page of the matches among the articles the caller sees: `ts_rank_cd` (title A, body C; normalised to
 * below 1) plus 1 when the title matches, as the help search ranks, with a highlighted snippet of the body.
 */
export const searchArticles = async (
  db: DbOrTx,
  filter: ArticleFilter,
  { query, limit, offset }: { query: TextQuery; limit: number; offset: number },
) => {
  const matches = sql`
    from ${knowledgeBaseArticles} a
    cross join lateral (select ${tsQuery(query, sql`a.ts_config`)} as query) q
    where a.search @@ q.query and ${filterOf(filter)}`;
  const [rows, total] = await Promise.all([
    db.execute(sql`
      with matched as (
        select a.*, q.query,
          ts_rank_cd(a.search, q.query, 32)::float8
            + case when ts_filter(a.search, '{a}') @@ q.query then 1 else 0 end as rank
        ${matches}
        order by rank desc, lower(a.title), a.id
        limit ${limit} offset ${offset}
      )
      select ${summaryColumns}, a.rank,
        ts_headline(a.ts_config, a.plain_text, a.query, ${headlineOptions}) as snippet
      from matched a
      order by a.rank desc, lower(a.title), a.id`),
    db.execute(sql`select count(*)::int as count ${matches}`),
  ]);
  return {
    rows: rowsOf<ArticleSummaryRow>(rows).map((row) => ({ ...row, rank: Number(row.rank) })),
    count: rowsOf<{ count: number }>(total)[0]?.count ?? 0,
  };
};

/** One article, if the caller sees it. */
export const findArticle = async (
  db: DbOrTx,
  id: number,
  scope: OrganizationScope,
): Promise<ArticleRow | undefined> => {
  const result = await db.execute(sql`
    select ${summaryColumns}, a.body, a.is_attached as "isAttached"
    from ${knowledgeBaseArticles} a where a.id = ${id} and ${visibleTo(scope)}`);
  return rowsOf<ArticleRow>(result)[0];
};

export type ArticleValues = {
  title: string;
  body: string;
  plainText: string;
  folderId: number | null;
  language: string;
  tsConfig: string;
  isAttached: boolean;
};

const setOrganizations = async (db: DbOrTx, articleId: number, organizationIds: readonly number[]) => {
  await db
    .delete(knowledgeBaseArticleOrganizations)
    .where(eq(knowledgeBaseArticleOrganizations.articleId, articleId));
  if (organizationIds.length > 0)
    await db
      .insert(knowledgeBaseArticleOrganizations)
      .values(organizationIds.map((organizationId) => ({ articleId, organizationId })));
};

export const insertArticle = async (
  db: DbOrTx,
  values: ArticleValues,
  organizationIds: readonly number[],
  actorId: number,
) => {
  const [row] = await db
    .insert(knowledgeBaseArticles)
    .values({ ...values, createdBy: actorId, updatedBy: actorId })
    .returning({ id: knowledgeBaseArticles.id });
  await setOrganizations(db, row!.id, organizationIds);
  return row!.id;
};

export const updateArticle = async (
  db: DbOrTx,
  id: number,
  values: ArticleValues,
  organizationIds: readonly number[],
  actorId: number,
) => {
  await db
    .update(knowledgeBaseArticles)
    .set({ ...values, updatedBy: actorId, updatedAt: sql`now()` })
    .where(eq(knowledgeBaseArticles.id, id));
  await setOrganizations(db, id, organizationIds);
};

export const deleteArticle = async (db: DbOrTx, id: number) => {
  const deleted = await db
    .delete(knowledgeBaseArticles)
    .where(eq(knowledgeBaseArticles.id, id))
    .returning({ id: knowledgeBaseArticles.id });
  return deleted.length > 0;
};

/** Which of these organizations exist. */
export const existingOrganizationIds = async (db: DbOrTx, ids: readonly number[]) => {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(inArray(organizations.id, [...ids])));
  return new Set(rows.map((row) => row.id));
};

/** The newest articles attached to an organization (the caller sees them: it is in their scope). */
export const articlesOfOrganization = async (db: DbOrTx, organizationId: number, limit: number) =>
  rowsOf<{ id: number; title: string; updatedAt: Date | string }>(
    await db.execute(sql`
      select a.id, a.title, a.updated_at as "updatedAt"
      from ${knowledgeBaseArticles} a
      join ${knowledgeBaseArticleOrganizations} o on o.article_id = a.id
      where o.organization_id = ${organizationId}
      order by a.updated_at desc, a.id desc
      limit ${limit}`),
  );
