import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { organizations } from '../organizations/schema.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const regconfig = customType<{ data: string }>({ dataType: () => 'regconfig' });

/**
 * The MSP's knowledge base: a tree of folders (MSP-wide, a name unique among its siblings whatever its
 * case; a folder with content is not deleted), and Markdown articles searched like the help articles.
 */
export const knowledgeBaseFolders = pgTable(
  'knowledge_base_folders',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => knowledgeBaseFolders.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('knowledge_base_folders_name_unique').on(
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
  ],
);

export const knowledgeBaseArticles = pgTable(
  'knowledge_base_articles',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Markdown, as written. */
    body: text('body').notNull(),
    /** The body without Markdown syntax: what is searched and what snippets are cut from. */
    plainText: text('plain_text').notNull(),
    folderId: integer('folder_id').references(() => knowledgeBaseFolders.id, { onDelete: 'restrict' }),
    /** A help language (`en`, `de`...): its text search configuration is `ts_config`. */
    language: text('language').notNull().default('en'),
    tsConfig: regconfig('ts_config').notNull(),
    /**
     * Saved with organizations: only technicians whose scope includes one of them see it. Stays true when
     * those organizations are deleted, so the article never turns MSP-wide by itself.
     */
    isAttached: boolean('is_attached').notNull().default(false),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector(ts_config, title), 'A') || setweight(to_tsvector(ts_config, plain_text), 'C')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('knowledge_base_articles_search_idx').using('gin', t.search),
    index('knowledge_base_articles_folder_idx').on(t.folderId),
  ],
);

/** The organizations an article is attached to. */
export const knowledgeBaseArticleOrganizations = pgTable(
  'knowledge_base_article_organizations',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => knowledgeBaseArticles.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.organizationId] }),
    index('knowledge_base_article_organizations_org_idx').on(t.organizationId),
  ],
);
