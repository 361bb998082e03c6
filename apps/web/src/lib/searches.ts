import type { ListSearchesResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest } from './api.ts';

/** GET /searches and DELETE /searches/:id: the saved searches (device groups among them), read by several features. */
export const savedSearchesApi = {
  list: () => apiRequest<ListSearchesResponse>('GET', apiPaths.searches()),
  remove: (id: number) => apiRequest<{ ok: true }>('DELETE', apiPaths.search(id)),
};
