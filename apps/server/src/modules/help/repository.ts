import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { helpArticles } from '../../db/schema.ts';

/** Queries of the help centre's articles. Search is PostgreSQL full-text search (on PGlite too). */

export type IndexedArticle = {
  slug: string;
  locale: string;
  title: string;
  summary: string;
  body: string;
  plainText: string;
  routes: string[];
  tsConfig: string;
  contentHash: string;
  sourcePath: string;
};

/** Taken by the indexer's transaction: processes starting together index one after another. */
export const lockIndex = async (db: DbOrTx) => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('help_articles'))`);
};

export const listHashes = async (db: DbOrTx) =>
  db
    .select({ slug: helpArticles.slug, locale: helpArticles.locale, contentHash: helpArticles.contentHash })
    .from(helpArticles);

export const upsertArticle = async (db: DbOrTx, article: IndexedArticle) => {
  const values = { ...article, indexedAt: sql`now()` };
  await db
    .insert(helpArticles)
    .values(values)
    .onConflictDoUpdate({ target: [helpArticles.slug, helpArticles.locale], set: values });
};

export const deleteArticle = async (db: DbOrTx, locale: string, slug: string) => {
  await db.delete(helpArticles).where(and(eq(helpArticles.locale, locale), eq(helpArticles.slug, slug)));
};

/**
 * The articles a reader of `locale` sees: each slug in their language when it has a translation, else in
 * English.
 */
const visible = (locale: string) => sql`(
  select a.* from ${helpArticles} a
  where a.locale = ${locale}
     or (a.locale = 'en' and not exists (
       select 1 from ${helpArticles} t where t.slug = a.slug and t.locale = ${locale}))
)`;

/** Highlight sentinels in ts_headline's output (private-use characters, stripped from indexed text). */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';
export const headlineOptions = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;

export type TextQuery = { websearch: string } | { head: string; prefix: string };

/** The tsquery of the reader's text in an article's own text search configuration. */
export const tsQuery = (query: TextQuery, config: SQL): SQL =>
  'websearch' in query
    ? sql`websearch_to_tsquery(${config}, ${query.websearch})`
    : sql`(websearch_to_tsquery(${config}, ${query.head}) && to_tsquery(${config}, ${query.prefix} || ':*'))`;

export type SearchRow = {
  slug: string;
  locale: string;
  title: string;
  summary: string;
  rank: number;
  snippet: string;
};

/**
 * Ranked matches: `ts_rank_cd` (title A, summary B, body C; normalised to below 1) plus 1 when the title
 * matches, so a title match always ranks above matches in the summary or body alone.
 */
export const searchArticles = async (
  db: DbOrTx,
  { query, locale, limit }: { query: TextQuery; locale: string; limit: number },
): Promise<SearchRow[]> => {
  const result = await db.execute(sql`
    with matched as (
      select v.slug, v.locale, v.title, v.summary, v.plain_text, v.ts_config, q.query,
        ts_rank_cd(v.search, q.query, 32)::float8
          + case when ts_filter(v.search, '{a}') @@ q.query then 1 else 0 end as rank
      from ${visible(locale)} v
      cross join lateral (select ${tsQuery(query, sql`v.ts_config`)} as query) q
      where v.search @@ q.query
      order by rank desc, v.title, v.slug
      limit ${limit}
    )
    select slug, locale, title, summary, rank,
      ts_headline(ts_config, plain_text, query, ${headlineOptions}) as snippet
    from matched
    order by rank desc, title, slug`);
  return (result as unknown as { rows: SearchRow[] }).rows.map((row) => ({ ...row, rank: Number(row.rank) }));
};

export type ArticleRow = {
  slug: string;
  locale: string;
  title: string;
  summary: string;
  body: string;
  routes: string[];
};

export const findArticle = async (
  db: DbOrTx,
  slug: string,
  locale: string,
): Promise<ArticleRow | undefined> => {
  const result = await db.execute(sql`
    select slug, locale, title, summary, body, routes from ${visible(locale)} v where v.slug = ${slug}`);
  return (result as unknown as { rows: ArticleRow[] }).rows[0];
};

/** The articles suggested on a route pattern, in `order` (slugs) first, then by title. */
export const suggestedArticles = async (
  db: DbOrTx,
  { pattern, locale, order }: { pattern: string; locale: string; order: readonly string[] },
) => {
  const result = await db.execute(sql`
    select slug, locale, title, summary from ${visible(locale)} v
    where ${pattern}::text = any(v.routes)
    order by array_position(${sql.param(order)}::text[], v.slug::text) nulls last, v.title, v.slug`);
  return (result as unknown as { rows: Omit<ArticleRow, 'body' | 'routes'>[] }).rows;
};
