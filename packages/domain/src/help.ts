import * as z from 'zod';
import { KnowledgeBaseArticleLink } from './knowledge-base.ts';
import { helpLanguages, matchHelpLanguage } from './tickets.ts';

/**
 * The help centre's articles, search and suggestions (issue 16; spec §1, §2 "Suggested articles by route
 * pattern", §7 "Help article search returns results for a query and locale; its call shape is not shown").
 * The paths are ours (`apiPaths.help*` in api-paths.ts, docs/decisions.md "Help centre").
 */

/** Highlight marks in a search snippet: the only markup in it, everything else is HTML-escaped text. */
export const HELP_SNIPPET_MARK_START = '<mark>';
export const HELP_SNIPPET_MARK_END = '</mark>';
export const HELP_SEARCH_DEFAULT_LIMIT = 10;
export const HELP_SEARCH_MAX_LIMIT = 50;
export const HELP_QUERY_MAX_LENGTH = 200;

export const HELP_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const HelpSlug = /* @__PURE__ */ z.string().max(120).regex(HELP_SLUG_PATTERN);

/** Any locale tag the console sends ("de-AT", "pt_BR"); the server reads its primary subtag, else English. */
export const HelpLocaleParam = /* @__PURE__ */ z
  .string()
  .max(35)
  .optional()
  .transform((locale) => matchHelpLanguage(locale));

export const HelpSearchQuery = /* @__PURE__ */ z.object({
  q: z.string().trim().min(1).max(HELP_QUERY_MAX_LENGTH),
  locale: HelpLocaleParam,
  limit: z.coerce.number().int().min(1).max(HELP_SEARCH_MAX_LIMIT).default(HELP_SEARCH_DEFAULT_LIMIT),
});
export type HelpSearchQuery = z.infer<typeof HelpSearchQuery>;

export const HelpSearchResult = /* @__PURE__ */ z.object({
  slug: z.string(),
  /** The article's language: the one asked for, or English when the article has no translation. */
  locale: z.enum(helpLanguages),
  title: z.string(),
  summary: z.string(),
  /** Body text around the matches, HTML-escaped, matches between `<mark>` and `</mark>` (`snippetSegments`). */
  snippet: z.string(),
  /** Higher is better; a match in the title always ranks above matches only in summary or body. */
  rank: z.number(),
  /**
   * Where the article comes from: the help centre, or the MSP's knowledge base (one the caller may see; its
   * `slug` is then `knowledge-base-<id>` and it opens at `path`, not through `/help/articles`). Absent: help.
   */
  source: z.enum(['help', 'knowledgeBase']).optional(),
  /** A knowledge-base result: the article's id. */
  knowledgeBaseArticleId: z.number().int().optional(),
  /** A knowledge-base result: the console path that shows it. */
  path: z.string().optional(),
});
export type HelpSearchResult = z.infer<typeof HelpSearchResult>;

export const HelpSearchResponse = /* @__PURE__ */ z.object({ results: z.array(HelpSearchResult) });
export type HelpSearchResponse = z.infer<typeof HelpSearchResponse>;

export const HelpArticleParams = /* @__PURE__ */ z.object({ slug: HelpSlug });
export const HelpArticleQuery = /* @__PURE__ */ z.object({ locale: HelpLocaleParam });

export const HelpArticle = /* @__PURE__ */ z.object({
  slug: z.string(),
  locale: z.enum(helpLanguages),
  title: z.string(),
  summary: z.string(),
  /** Markdown; the console renders it without raw HTML. */
  body: z.string(),
  /** Console route patterns (of the route table) the article is suggested on. */
  routes: z.array(z.string()),
});
export type HelpArticle = z.infer<typeof HelpArticle>;

export const HelpArticleSummary = /* @__PURE__ */ HelpArticle.pick({
  slug: true,
  locale: true,
  title: true,
  summary: true,
});
export type HelpArticleSummary = z.infer<typeof HelpArticleSummary>;

export const HelpSuggestionsQuery = /* @__PURE__ */ z.object({
  /** The console path being shown, e.g. `/deviceDashboard/12/overview` (a query string is ignored). */
  path: z.string().min(1).max(2048).startsWith('/'),
  locale: HelpLocaleParam,
});
export type HelpSuggestionsQuery = z.infer<typeof HelpSuggestionsQuery>;

export const HelpSuggestionsResponse = /* @__PURE__ */ z.object({
  /** The route-table pattern the path matched, or null when no console route shows it. */
  pattern: z.string().nullable(),
  articles: z.array(HelpArticleSummary),
  /**
   * On an organization's dashboard (`/customerDashboard/:id/...`): the knowledge-base articles attached to
   * that organization that the caller may see (newest first). Absent elsewhere.
   */
  knowledgeBase: z.array(KnowledgeBaseArticleLink).optional(),
});
export type HelpSuggestionsResponse = z.infer<typeof HelpSuggestionsResponse>;

export const CLIENT_ERROR_MAX_BODY_BYTES = 8192;

/** A failed call the console reports (written to the server's error log, nothing stored). */
export const ReportClientErrorRequest = /* @__PURE__ */ z.object({
  /** What failed, e.g. `help.search`. */
  source: z
    .string()
    .max(64)
    .regex(/^[a-zA-Z][\w.-]*$/),
  message: z.string().max(1000),
  /** The console path the user was on. */
  path: z.string().max(2048).optional(),
  /** The HTTP status of the failed call, when there was an answer. */
  status: z.number().int().min(0).max(599).optional(),
  /** The error code of the answer (`{error:{code}}`), when there was one. */
  code: z.string().max(100).optional(),
});
export type ReportClientErrorRequest = z.infer<typeof ReportClientErrorRequest>;

export type SnippetSegment = { text: string; isMatch: boolean };

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** A search snippet as text pieces, the matches marked: render each as text (no HTML needed). */
export const snippetSegments = (snippet: string): SnippetSegment[] => {
  const segments: SnippetSegment[] = [];
  const parts = snippet.split(/(<mark>|<\/mark>)/);
  let isMatch = false;
  for (const part of parts) {
    if (part === HELP_SNIPPET_MARK_START) isMatch = true;
    else if (part === HELP_SNIPPET_MARK_END) isMatch = false;
    else if (part !== '')
      segments.push({ text: part.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => entities[e] ?? e), isMatch });
  }
  return segments;
};
