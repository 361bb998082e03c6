import type {
  KnowledgeBaseArticle,
  KnowledgeBaseArticleSummary,
  KnowledgeBaseFolder,
  ListKnowledgeBaseArticlesResponse,
} from '@rmm/domain';

let nextId = 500;

/** A folder; every call gets its own id. */
export const createKbFolder = (overrides: Partial<KnowledgeBaseFolder> = {}): KnowledgeBaseFolder => ({
  id: ++nextId,
  name: `Folder ${nextId}`,
  parentId: null,
  articleCount: 0,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  ...overrides,
});

/** An article as lists show it; every call gets its own id and title. */
export const createKbArticleSummary = (
  overrides: Partial<KnowledgeBaseArticleSummary> = {},
): KnowledgeBaseArticleSummary => ({
  id: ++nextId,
  title: `Article ${nextId}`,
  folderId: null,
  organizationIds: [],
  language: 'en',
  createdAt: '2026-01-02T10:00:00.000Z',
  createdBy: 'Tech',
  updatedAt: '2026-01-02T10:00:00.000Z',
  updatedBy: 'Tech',
  ...overrides,
});

/** A whole article with its Markdown body. */
export const createKbArticle = (overrides: Partial<KnowledgeBaseArticle> = {}): KnowledgeBaseArticle => {
  const { snippet: _snippet, rank: _rank, ...summary } = createKbArticleSummary(overrides);
  return { ...summary, body: '# Heading\n\nText.', ...overrides };
};

export const kbPage = (
  data: KnowledgeBaseArticleSummary[],
  count = data.length,
): ListKnowledgeBaseArticlesResponse => ({
  data,
  count,
  page: 1,
  pageSize: 25,
});
