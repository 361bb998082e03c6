import type { ListNodeRolesResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';

/**
 * The node roles (GET /noderole/list), read once: device settings and the device search's criteria
 * offer them, the roles page lists them.
 */
export const nodeRoleKeys = { all: ['noderoles'] as const };

export const useNodeRolesQuery = () =>
  useQuery({
    queryKey: nodeRoleKeys.all,
    queryFn: () => apiRequest<ListNodeRolesResponse>('GET', apiPaths.nodeRoles()),
    staleTime: Number.POSITIVE_INFINITY,
  });
