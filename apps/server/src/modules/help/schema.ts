import { sql } from 'drizzle-orm';
import { customType, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A text search configuration (`english`, `german`, `simple`, …), chosen by the article's locale. */
const regconfig = customType<{ data: string }>({ dataType: () => 'regconfig' });

/**
 * Help-centre articles, indexed from `docs/help/<locale>/<slug>.md` at start (`index-articles.ts`): a file
 * whose content hash is unchanged is left alone, a deleted one is removed. `search` is derived by the
 * database: the title weighs A, the summary B, the body's plain text C.
 */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Markdown, as written. */
    body: text('body').notNull(),
    /** The body without Markdown syntax: what is searched and what snippets are cut from. */
    plainText: text('plain_text').notNull(),
    /** Console route patterns (of the domain's route table) the article is suggested on. */
    routes: text('routes').array().notNull().default(sql`'{}'::text[]`),
    tsConfig: regconfig('ts_config').notNull(),
    /** SHA-256 of the file (and the indexer's version): unchanged files are not written again. */
    contentHash: text('content_hash').notNull(),
    /** The file, relative to the articles folder. */
    sourcePath: text('source_path').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector(ts_config, title), 'A') || setweight(to_tsvector(ts_config, summary), 'B') || setweight(to_tsvector(ts_config, plain_text), 'C')`,
      ),
    indexedAt: timestamp('indexed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('help_articles_slug_locale').on(t.slug, t.locale),
    index('help_articles_search_idx').using('gin', t.search),
    index('help_articles_routes_idx').using('gin', t.routes),
  ],
);
