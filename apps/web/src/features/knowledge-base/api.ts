import type {
  KnowledgeBaseArticleResponse,
  KnowledgeBaseFolderResponse,
  ListKnowledgeBaseArticlesResponse,
  ListKnowledgeBaseFoldersResponse,
  SaveKnowledgeBaseArticleRequest,
  SaveKnowledgeBaseFolderRequest,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

/** The article list's filters, page and search, as sent (`ListKnowledgeBaseArticlesQuery`). */
export type ArticleListParams = {
  page: number;
  pageSize: number;
  q?: string;
  folderId?: number;
  organizationId?: number;
};

/** The MSP's knowledge base: folders and articles. */
export const knowledgeBaseApi = {
  folders: () => apiRequest<ListKnowledgeBaseFoldersResponse>('GET', apiPaths.knowledgeBaseFolders()),
  createFolder: (body: SaveKnowledgeBaseFolderRequest) =>
    apiRequest<KnowledgeBaseFolderResponse>('POST', apiPaths.knowledgeBaseFolders(), body),
  updateFolder: (id: number, body: SaveKnowledgeBaseFolderRequest) =>
    apiRequest<KnowledgeBaseFolderResponse>('PUT', apiPaths.knowledgeBaseFolder(id), body),
  removeFolder: (id: number) => apiRequest<unknown>('DELETE', apiPaths.knowledgeBaseFolder(id)),
  articles: (params: ArticleListParams) =>
    apiRequest<ListKnowledgeBaseArticlesResponse>(
      'GET',
      `${apiPaths.knowledgeBaseArticles()}${toQuery(params)}`,
    ),
  article: (id: number) => apiRequest<KnowledgeBaseArticleResponse>('GET', apiPaths.knowledgeBaseArticle(id)),
  create: (body: SaveKnowledgeBaseArticleRequest) =>
    apiRequest<KnowledgeBaseArticleResponse>('POST', apiPaths.knowledgeBaseArticles(), body),
  update: (id: number, body: SaveKnowledgeBaseArticleRequest) =>
    apiRequest<KnowledgeBaseArticleResponse>('PUT', apiPaths.knowledgeBaseArticle(id), body),
  remove: (id: number) => apiRequest<unknown>('DELETE', apiPaths.knowledgeBaseArticle(id)),
};
