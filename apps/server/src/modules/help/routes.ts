import {
  CLIENT_ERROR_MAX_BODY_BYTES,
  HelpArticle,
  HelpArticleParams,
  HelpArticleQuery,
  HelpSearchQuery,
  HelpSearchResponse,
  HelpSuggestionsQuery,
  HelpSuggestionsResponse,
  ReportClientErrorRequest,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { actorOf } from '../../lib/actor.ts';
import * as service from './service.ts';

const tags = ['help'];
/** Reports a console may send per minute from one address; more are refused (429), not logged. */
export const CLIENT_ERROR_REPORTS_PER_MINUTE = 30;

/** The help centre (issue 16): search, articles, suggestions per screen; any signed-in user may read them. */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/help/search',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Search the help articles (full-text, ranked, with highlighted snippets; English fallback)',
        querystring: HelpSearchQuery,
        response: { 200: HelpSearchResponse },
      },
    },
    async (request) => service.searchHelp({ db: app.db, actor: actorOf(request), query: request.query }),
  );

  app.get(
    '/help/articles/:slug',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'One help article in the reader’s language, or in English when it has no translation',
        params: HelpArticleParams,
        querystring: HelpArticleQuery,
        response: { 200: HelpArticle },
      },
    },
    async (request) =>
      service.getHelpArticle({ db: app.db, slug: request.params.slug, locale: request.query.locale }),
  );

  app.get(
    '/help/suggestions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'The articles suggested for a console path (matched to its route as the console’s router does)',
        querystring: HelpSuggestionsQuery,
        response: { 200: HelpSuggestionsResponse },
      },
    },
    async (request) =>
      service.suggestHelp({
        db: app.db,
        actor: actorOf(request),
        path: request.query.path,
        locale: request.query.locale,
      }),
  );

  app.post(
    '/help/client-errors',
    {
      config: {
        access: 'authenticated',
        rateLimit: { max: CLIENT_ERROR_REPORTS_PER_MINUTE, timeWindow: 60_000 },
      },
      bodyLimit: CLIENT_ERROR_MAX_BODY_BYTES,
      schema: {
        tags,
        summary: 'Report a failed call of the console (a failed help search) to the server’s error log',
        body: ReportClientErrorRequest,
        response: { 202: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      service.reportClientError({ log: request.log, actor: actorOf(request), report: request.body });
      return reply.code(202).send({ ok: true as const });
    },
  );
};
