import {
  type HelpLanguage,
  type HelpSearchResult,
  type KnowledgeBaseArticleLink,
  knowledgeBaseArticlePath,
} from '@rmm/domain';
import type { Db } from '../../db/database.ts';
import { scopeAllows } from '../../lib/scope.ts';
import type { Actor } from '../../types.ts';
import { markSnippet, textQueryOf } from '../help/text-query.ts';
import * as repo from './repository.ts';

/** Knowledge-base articles in the help centre: its search and its suggestions on an organization's dashboard. */

/** Articles an organization's dashboard suggests (the newest first). */
export const KB_SUGGESTIONS_LIMIT = 10;

const canRead = (actor: Actor) => actor.permissions.has('knowledgeBase.view');

/** The caller's knowledge-base matches as help search results (none without `knowledgeBase.view`). */
export const searchKnowledgeBaseForHelp = async ({
  db,
  actor,
  q,
  limit,
}: {
  db: Db;
  actor: Actor;
  q: string;
  limit: number;
}): Promise<HelpSearchResult[]> => {
  if (!canRead(actor)) return [];
  const { rows } = await repo.searchArticles(
    db,
    { scope: actor.scope },
    { query: textQueryOf(q), limit, offset: 0 },
  );
  return rows.map((row) => ({
    slug: `knowledge-base-${row.id}`,
    locale: row.language as HelpLanguage,
    title: row.title,
    summary: '',
    snippet: markSnippet(row.snippet ?? ''),
    rank: row.rank ?? 0,
    source: 'knowledgeBase',
    knowledgeBaseArticleId: row.id,
    path: knowledgeBaseArticlePath(row.id),
  }));
};

/** The articles attached to the organization of the dashboard shown, when the caller may read them there. */
export const knowledgeBaseSuggestions = async ({
  db,
  actor,
  organizationId,
}: {
  db: Db;
  actor: Actor;
  organizationId: number;
}): Promise<KnowledgeBaseArticleLink[]> => {
  if (!canRead(actor) || !scopeAllows(actor.scope, organizationId)) return [];
  const rows = await repo.articlesOfOrganization(db, organizationId, KB_SUGGESTIONS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    updatedAt: new Date(row.updatedAt).toISOString(),
    path: knowledgeBaseArticlePath(row.id, organizationId),
  }));
};
