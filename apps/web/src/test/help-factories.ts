import type { HelpArticle, HelpArticleSummary, HelpSearchResult } from '@rmm/domain';

let next = 1;

/** A help article as GET /help/articles/{slug} answers it; every call gets its own slug. */
export const createHelpArticle = (overrides: Partial<HelpArticle> = {}): HelpArticle => {
  const n = next++;
  return {
    slug: `article-${n}`,
    locale: 'en',
    title: `Article ${n}`,
    summary: `What article ${n} explains.`,
    body: `The body of article ${n}.`,
    routes: [],
    ...overrides,
  };
};

export const summaryOf = ({ slug, locale, title, summary }: HelpArticle): HelpArticleSummary => ({
  slug,
  locale,
  title,
  summary,
});

export const createHelpSearchResult = (overrides: Partial<HelpSearchResult> = {}): HelpSearchResult => {
  const n = next++;
  return {
    slug: `result-${n}`,
    locale: 'en',
    title: `Result ${n}`,
    summary: `What result ${n} explains.`,
    snippet: `Text around the <mark>match</mark> of result ${n}.`,
    rank: 1,
    ...overrides,
  };
};
