import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type HelpArticleFile, parseHelpArticleFile } from './help-articles.ts';
import { helpSuggestions, specHelpRoutePatterns } from './help-suggestions.ts';
import { matchConsoleRoute } from './route-match.ts';
import { consoleRoutes, routeExample } from './routes.ts';

const helpDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/help');
const readArticles = (locale: string): HelpArticleFile[] =>
  fs
    .readdirSync(path.join(helpDir, locale))
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const article = parseHelpArticleFile(fs.readFileSync(path.join(helpDir, locale, name), 'utf8'));
      expect(`${article.slug}.md`).toBe(name);
      return article;
    });
const english = readArticles('en');
const bySlug = new Map(english.map((article) => [article.slug, article]));
const routePaths = new Set(consoleRoutes.map((route) => route.path));

describe('the help articles suggested per route pattern (spec §2)', () => {
  it('has at least 30 English articles, each with a title, summary and body', () => {
    expect(english.length).toBeGreaterThanOrEqual(30);
    for (const article of english) expect(article.body.length).toBeGreaterThan(200);
  });

  it('lists every pattern of the spec, each a route of the table that its own paths resolve to', () => {
    expect(specHelpRoutePatterns).toHaveLength(97);
    for (const pattern of specHelpRoutePatterns) {
      expect(routePaths, pattern).toContain(pattern);
      const route = consoleRoutes.find((r) => r.path === pattern)!;
      expect(matchConsoleRoute(routeExample(route))?.pattern, pattern).toBe(pattern);
    }
  });

  it('maps every pattern to at least one existing article, exactly as the articles say', () => {
    expect(Object.keys(helpSuggestions).sort()).toEqual([...specHelpRoutePatterns].sort());
    for (const pattern of specHelpRoutePatterns) {
      const slugs = helpSuggestions[pattern]!;
      expect(slugs.length, pattern).toBeGreaterThan(0);
      const fromArticles = english.filter((a) => a.routes.includes(pattern)).map((a) => a.slug);
      expect([...slugs].sort(), pattern).toEqual(fromArticles.sort());
      for (const slug of slugs) expect(bySlug.has(slug), `${pattern}: ${slug}`).toBe(true);
    }
  });

  it('names only route patterns of the table in the articles, and no unknown console links', () => {
    for (const article of [...english, ...readArticles('de')]) {
      for (const route of article.routes) expect(routePaths, `${article.slug}: ${route}`).toContain(route);
      for (const [, href] of article.body.matchAll(/\]\((\/[^)\s]*)\)/g))
        expect(matchConsoleRoute(href!), `${article.slug}: ${href}`).toBeDefined();
    }
  });

  it('translates only articles that exist in English, with the same routes', () => {
    for (const article of readArticles('de'))
      expect(article.routes).toEqual(bySlug.get(article.slug)?.routes);
  });
});
