import fp from 'fastify-plugin';
import { indexHelpArticles } from './index-articles.ts';

/**
 * Indexes the help articles of `HELP_ARTICLES_DIR` when the server starts (before it listens): changed files
 * are written again, deleted ones removed. A failure is logged and the server starts with the index it has.
 */
export const helpIndexPlugin = fp(async (app) => {
  const dir = app.config.helpArticlesDir;
  if (!dir) return;
  app.addHook('onReady', async () => {
    try {
      await indexHelpArticles({ db: app.db, dir, log: app.log });
    } catch (error) {
      app.log.error({ err: error, dir }, 'help articles could not be indexed');
    }
  });
});
