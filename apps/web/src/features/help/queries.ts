import type { HelpTicketRequest } from '@rmm/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { helpApi } from './api.ts';

export const helpKeys = {
  all: ['help'] as const,
  search: (q: string, locale: string) => ['help', 'search', q, locale] as const,
  article: (slug: string, locale: string) => ['help', 'article', slug, locale] as const,
  suggestions: (path: string, locale: string) => ['help', 'suggestions', path, locale] as const,
};

/** Articles only change when the server restarts with new files. */
const ARTICLE_STALE_MS = 5 * 60_000;

/** The console's language, sent with every help call (the server falls back to English). */
export const useHelpLocale = () => useTranslation().i18n.language;

export const useHelpSuggestionsQuery = (path: string) => {
  const locale = useHelpLocale();
  return useQuery({
    queryKey: helpKeys.suggestions(path, locale),
    queryFn: () => helpApi.suggestions(path, locale),
    staleTime: ARTICLE_STALE_MS,
  });
};

/**
 * Spec §8 "Help search fails: error state shown and reported": the failure goes to the server's error log (a
 * report that fails itself is dropped: there is nowhere further to report it).
 */
const reportFailedSearch = (error: unknown, path: string) =>
  helpApi
    .reportClientError({
      source: 'help.search',
      message: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
      path,
      ...(error instanceof ApiError ? { status: error.status, code: error.code.slice(0, 100) } : {}),
    })
    .catch(() => undefined);

/**
 * The search for `q` (already debounced by the caller); nothing is fetched for an empty query. A failure is
 * reported once, with `path`, the console screen it happened on.
 */
export const useHelpSearchQuery = (q: string, path: string) => {
  const locale = useHelpLocale();
  return useQuery({
    queryKey: helpKeys.search(q, locale),
    queryFn: async () => {
      try {
        return await helpApi.search(q, locale);
      } catch (error) {
        void reportFailedSearch(error, path);
        throw error;
      }
    },
    enabled: q !== '',
    staleTime: ARTICLE_STALE_MS,
    // A failed search is shown and reported at once, not retried behind a spinner.
    retry: false,
  });
};

export const useHelpArticleQuery = (slug: string) => {
  const locale = useHelpLocale();
  return useQuery({
    queryKey: helpKeys.article(slug, locale),
    queryFn: () => helpApi.article(slug, locale),
    staleTime: ARTICLE_STALE_MS,
  });
};

/** Submits a help ticket to the built-in help desk (the support inbox); nothing cached changes. */
export const useSubmitHelpTicketMutation = (helpdesk: string) =>
  useMutation({ mutationFn: (ticket: HelpTicketRequest) => helpApi.submitTicket(helpdesk, ticket) });
