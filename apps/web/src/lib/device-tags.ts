import type { ListTagsResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, toQuery } from './api.ts';
import { queryRoots } from './query-keys.ts';

/** A page of the MSP's tags, as GET /devices/tags takes it. */
export type TagListParams = { page: number; pageSize: number; search?: string };

/** The server's largest page: what the tag editors offer as suggestions. */
const SUGGESTIONS_PAGE_SIZE = 500;

/** GET /devices/tags, read by the tags page and by every tag editor's suggestions. */
export const tagListApi = {
  list: (params: TagListParams) =>
    apiRequest<ListTagsResponse>('GET', `${apiPaths.tags()}${toQuery(params)}`),
};

export const tagListKey = (params: TagListParams) => [...queryRoots.tags, 'list', params] as const;

/** The names of the MSP's tags (the first 500 by name): the suggestions of a tag editor. */
export const useTagNamesQuery = () =>
  useQuery({
    queryKey: tagListKey({ page: 1, pageSize: SUGGESTIONS_PAGE_SIZE }),
    queryFn: () => tagListApi.list({ page: 1, pageSize: SUGGESTIONS_PAGE_SIZE }),
    select: (answer) => answer.data.map((tag) => tag.name),
  });
