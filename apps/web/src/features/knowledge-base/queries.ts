import type { SaveKnowledgeBaseArticleRequest, SaveKnowledgeBaseFolderRequest } from '@rmm/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ArticleListParams, knowledgeBaseApi } from './api.ts';

export const knowledgeBaseKeys = {
  all: ['knowledge-base'] as const,
  folders: ['knowledge-base', 'folders'] as const,
  lists: ['knowledge-base', 'list'] as const,
  list: (params: ArticleListParams) => ['knowledge-base', 'list', params] as const,
  article: (id: number) => ['knowledge-base', 'article', id] as const,
};

export const useFoldersQuery = () =>
  useQuery({
    queryKey: knowledgeBaseKeys.folders,
    queryFn: () => knowledgeBaseApi.folders().then((answer) => answer.folders),
  });

export const useArticlesQuery = (params: ArticleListParams) =>
  useQuery({
    queryKey: knowledgeBaseKeys.list(params),
    queryFn: () => knowledgeBaseApi.articles(params),
    placeholderData: keepPreviousData,
  });

export const useArticleQuery = (id: number | undefined) =>
  useQuery({
    queryKey: knowledgeBaseKeys.article(id ?? 0),
    queryFn: () => knowledgeBaseApi.article(id!).then((answer) => answer.article),
    enabled: id !== undefined,
  });

/** Creates (no id) or updates an article; the lists and the folders' counts change. */
export const useSaveArticleMutation = (id: number | undefined) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveKnowledgeBaseArticleRequest) =>
      (id === undefined ? knowledgeBaseApi.create(body) : knowledgeBaseApi.update(id, body)).then(
        (answer) => answer.article,
      ),
    onSuccess: (article) => {
      queryClient.setQueryData(knowledgeBaseKeys.article(article.id), article);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: knowledgeBaseKeys.lists }),
        queryClient.invalidateQueries({ queryKey: knowledgeBaseKeys.folders }),
      ]);
    },
  });
};

export const useDeleteArticleMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: knowledgeBaseApi.remove,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: knowledgeBaseKeys.article(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: knowledgeBaseKeys.lists }),
        queryClient.invalidateQueries({ queryKey: knowledgeBaseKeys.folders }),
      ]);
    },
  });
};

/** Creates (no id) or renames/moves a folder. */
export const useSaveFolderMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: SaveKnowledgeBaseFolderRequest }) =>
      (id === undefined ? knowledgeBaseApi.createFolder(body) : knowledgeBaseApi.updateFolder(id, body)).then(
        (answer) => answer.folder,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeBaseKeys.folders }),
  });
};

export const useDeleteFolderMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: knowledgeBaseApi.removeFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeBaseKeys.folders }),
  });
};
