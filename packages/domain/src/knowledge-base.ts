import * as z from 'zod';
import { listOf, PageQuery } from './http.ts';
import { links } from './links.ts';
import { HelpLanguage } from './tickets.ts';

/**
 * The MSP's own knowledge base (issue 16 item 6; spec §2 `/systemDashboard/knowledgeBase` and the
 * organization's `/customerDashboard/:id/documentation/*`): Markdown articles written by technicians, in a
 * tree of folders, searched with the help centre's full-text search. An article attached to organizations
 * is seen only by technicians whose scope includes one of them; one without organizations is MSP-wide.
 * Reading needs `knowledgeBase.view`, writing `knowledgeBase.manage`. The paths are ours
 * (`apiPaths.knowledgeBase*`, docs/decisions.md "Knowledge base").
 */

export const KB_FOLDER_NAME_MAX = 120;
export const KB_TITLE_MAX = 200;
/** Characters of an article's Markdown body (about a long manual chapter). */
export const KB_BODY_MAX = 100_000;
/** Organizations one article may be attached to. */
export const KB_MAX_ORGANIZATIONS = 200;
/** Folders may nest this deep (a root folder is depth 1). */
export const KB_MAX_FOLDER_DEPTH = 5;
export const KB_QUERY_MAX_LENGTH = 200;

const Id = z.number().int().positive().max(2147483647);

export const KnowledgeBaseFolder = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  /** The folder it is in; null: a top-level folder. */
  parentId: z.number().int().nullable(),
  /** Articles directly in this folder that the caller may see. */
  articleCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeBaseFolder = z.infer<typeof KnowledgeBaseFolder>;

export const SaveKnowledgeBaseFolderRequest = /* @__PURE__ */ z.object({
  name: z.string().trim().min(1).max(KB_FOLDER_NAME_MAX),
  parentId: Id.nullable().default(null),
});
export type SaveKnowledgeBaseFolderRequest = z.input<typeof SaveKnowledgeBaseFolderRequest>;

export const KnowledgeBaseFolderResponse = /* @__PURE__ */ z.object({ folder: KnowledgeBaseFolder });
export type KnowledgeBaseFolderResponse = z.infer<typeof KnowledgeBaseFolderResponse>;
/** Every folder, flat (name order); the console builds the tree from `parentId`. */
export const ListKnowledgeBaseFoldersResponse = /* @__PURE__ */ z.object({
  folders: z.array(KnowledgeBaseFolder),
});
export type ListKnowledgeBaseFoldersResponse = z.infer<typeof ListKnowledgeBaseFoldersResponse>;

export const KnowledgeBaseArticleSummary = /* @__PURE__ */ z.object({
  id: z.number().int(),
  title: z.string(),
  folderId: z.number().int().nullable(),
  /** The organizations it is attached to that the caller may see; empty: MSP-wide (or none of theirs). */
  organizationIds: z.array(z.number().int()),
  /** The language it is written in: chooses the stemming of its search. */
  language: HelpLanguage,
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  /** In a search only: body text around the matches, HTML-escaped, matches in `<mark>` (`snippetSegments`). */
  snippet: z.string().optional(),
  /** In a search only: higher is better; a title match ranks above body matches alone. */
  rank: z.number().optional(),
});
export type KnowledgeBaseArticleSummary = z.infer<typeof KnowledgeBaseArticleSummary>;

export const KnowledgeBaseArticle = /* @__PURE__ */ KnowledgeBaseArticleSummary.omit({
  snippet: true,
  rank: true,
}).extend({
  /** Markdown; the console renders it without raw HTML. */
  body: z.string(),
});
export type KnowledgeBaseArticle = z.infer<typeof KnowledgeBaseArticle>;

export const SaveKnowledgeBaseArticleRequest = /* @__PURE__ */ z.object({
  title: z.string().trim().min(1).max(KB_TITLE_MAX),
  body: z.string().max(KB_BODY_MAX).default(''),
  folderId: Id.nullable().default(null),
  /** Attach to these organizations (each in the caller's scope); empty: MSP-wide. */
  organizationIds: z
    .array(Id)
    .max(KB_MAX_ORGANIZATIONS)
    .default([])
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  language: HelpLanguage.default('en'),
});
export type SaveKnowledgeBaseArticleRequest = z.input<typeof SaveKnowledgeBaseArticleRequest>;

export const KnowledgeBaseArticleResponse = /* @__PURE__ */ z.object({ article: KnowledgeBaseArticle });
export type KnowledgeBaseArticleResponse = z.infer<typeof KnowledgeBaseArticleResponse>;

const optionalId = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce.number().pipe(Id).optional(),
);

export const ListKnowledgeBaseArticlesQuery = /* @__PURE__ */ PageQuery.extend({
  /** Full-text search (ranked, with snippets); without it the list is by title. */
  q: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(KB_QUERY_MAX_LENGTH).optional(),
  ),
  /** Articles directly in this folder. */
  folderId: optionalId,
  /** Articles attached to this organization (in the caller's scope, else 404). */
  organizationId: optionalId,
});
export type ListKnowledgeBaseArticlesQuery = z.output<typeof ListKnowledgeBaseArticlesQuery>;
export const ListKnowledgeBaseArticlesResponse = /* @__PURE__ */ listOf(KnowledgeBaseArticleSummary);
export type ListKnowledgeBaseArticlesResponse = z.infer<typeof ListKnowledgeBaseArticlesResponse>;

/** A knowledge-base article named elsewhere (help suggestions): where the console opens it. */
export const KnowledgeBaseArticleLink = /* @__PURE__ */ z.object({
  id: z.number().int(),
  title: z.string(),
  updatedAt: z.string(),
  /** The console path that shows it (`knowledgeBaseArticlePath`). */
  path: z.string(),
});
export type KnowledgeBaseArticleLink = z.infer<typeof KnowledgeBaseArticleLink>;

/** The article in the MSP's knowledge base, or in the organization's when one is given. */
export const knowledgeBaseArticlePath = (articleId: number, organizationId?: number) =>
  organizationId === undefined
    ? links.knowledgeBase({ article: articleId })
    : links.organizationKnowledgeBase(organizationId, { article: articleId });

export const knowledgeBaseErrorCodes = {
  KB_ARTICLE_NOT_FOUND: 404,
  KB_FOLDER_NOT_FOUND: 404,
  KB_ORGANIZATION_NOT_FOUND: 404,
  KB_FOLDER_NAME_TAKEN: 409,
  KB_FOLDER_NOT_EMPTY: 409,
  KB_FOLDER_CYCLE: 422,
  KB_FOLDER_TOO_DEEP: 422,
} as const;
export type KnowledgeBaseErrorCode = keyof typeof knowledgeBaseErrorCodes;

export const knowledgeBaseMessages = {
  KB_ARTICLE_NOT_FOUND: 'There is no such knowledge-base article.',
  KB_FOLDER_NOT_FOUND: 'There is no such knowledge-base folder.',
  KB_ORGANIZATION_NOT_FOUND: 'There is no such organization.',
  KB_FOLDER_NAME_TAKEN: 'A folder with this name already exists here.',
  KB_FOLDER_NOT_EMPTY: 'The folder holds articles or folders; move or delete them first.',
  KB_FOLDER_CYCLE: 'A folder cannot be moved into itself or one of its subfolders.',
  KB_FOLDER_TOO_DEEP: `Folders nest at most ${KB_MAX_FOLDER_DEPTH} deep.`,
  saved: 'Article saved',
  deleted: 'Article deleted',
  folderSaved: 'Folder saved',
  folderDeleted: 'Folder deleted',
  loadError: 'Error loading the knowledge base',
} as const;
