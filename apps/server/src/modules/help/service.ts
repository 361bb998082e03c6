import {
  type HelpArticle,
  type HelpLanguage,
  type HelpSearchQuery,
  type HelpSearchResponse,
  type HelpSuggestionsResponse,
  helpSuggestions,
  matchConsoleRoute,
  type ReportClientErrorRequest,
} from '@rmm/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { knowledgeBaseSuggestions, searchKnowledgeBaseForHelp } from '../knowledge-base/help-sources.ts';
import * as repository from './repository.ts';
import { markSnippet, textQueryOf } from './text-query.ts';

export const searchHelp = async ({
  db,
  actor,
  query,
}: {
  db: Db;
  actor: Actor;
  query: HelpSearchQuery;
}): Promise<HelpSearchResponse> => {
  const text = textQueryOf(query.q);
  let rows = await repository.searchArticles(db, { query: text, locale: query.locale, limit: query.limit });
  // Nothing in the reader's language (their words, their translations): English is the fallback.
  if (rows.length === 0 && query.locale !== 'en')
    rows = await repository.searchArticles(db, { query: text, locale: 'en', limit: query.limit });
  const help = rows.map((row) => ({
    slug: row.slug,
    locale: row.locale as HelpLanguage,
    title: row.title,
    summary: row.summary,
    snippet: markSnippet(row.snippet),
    rank: row.rank,
    source: 'help' as const,
  }));
  // The MSP's own articles the caller may read, ranked alike and merged in.
  const knowledgeBase = await searchKnowledgeBaseForHelp({ db, actor, q: query.q, limit: query.limit });
  const results = [...help, ...knowledgeBase].sort((a, b) => b.rank - a.rank).slice(0, query.limit);
  return { results };
};

export const getHelpArticle = async ({
  db,
  slug,
  locale,
}: {
  db: Db;
  slug: string;
  locale: HelpLanguage;
}): Promise<HelpArticle> => {
  const row = await repository.findArticle(db, slug, locale);
  if (!row) throw notFound('There is no help article by this name.');
  return { ...row, locale: row.locale as HelpLanguage };
};

/** The articles suggested for the console path shown, matched to its route as the console's router does. */
export const suggestHelp = async ({
  db,
  actor,
  path,
  locale,
}: {
  db: Db;
  actor: Actor;
  path: string;
  locale: HelpLanguage;
}): Promise<HelpSuggestionsResponse> => {
  const match = matchConsoleRoute(path);
  if (!match) return { pattern: null, articles: [] };
  const rows = await repository.suggestedArticles(db, {
    pattern: match.pattern,
    locale,
    order: helpSuggestions[match.pattern] ?? [],
  });
  // An organization's dashboard also suggests the knowledge-base articles attached to it.
  const organizationId = match.pattern.startsWith('/customerDashboard/:id') ? Number(match.params.id) : NaN;
  const knowledgeBase =
    Number.isSafeInteger(organizationId) && organizationId > 0
      ? await knowledgeBaseSuggestions({ db, actor, organizationId })
      : undefined;
  return {
    pattern: match.pattern,
    articles: rows.map((row) => ({ ...row, locale: row.locale as HelpLanguage })),
    ...(knowledgeBase ? { knowledgeBase } : {}),
  };
};

/** A failed call of the console, written to the server's error log as the console reported it (no storage). */
export const reportClientError = ({
  log,
  actor,
  report,
}: {
  log: FastifyBaseLogger;
  actor: Actor;
  report: ReportClientErrorRequest;
}) => {
  log.error({ clientError: report, userId: actor.id }, `console reported a failed call: ${report.source}`);
};
