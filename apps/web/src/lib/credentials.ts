import type { ListCredentialsResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { queryRoots } from './query-keys.ts';

/**
 * An organization's credentials as the credentials tab and the run-as pickers read them; changing them is
 * the organizations feature's (it refreshes this key). Never a password: the API answers none.
 */
export const credentialKeys = {
  list: (organizationId: number) => [...queryRoots.organizations, organizationId, 'credentials'] as const,
};

/**
 * `GET /credential/organization/{id}/list` (spec §7: `resultCode`, `credentials`). Spec §8: a failed load
 * shows "Error loading credentials" and the list is empty (callers read `data ?? []` and show the error).
 */
export const useOrganizationCredentialsQuery = (organizationId: number | undefined) =>
  useQuery({
    queryKey: credentialKeys.list(organizationId ?? 0),
    queryFn: async () =>
      (await apiRequest<ListCredentialsResponse>('GET', apiPaths.organizationCredentials(organizationId!)))
        .credentials,
    enabled: organizationId !== undefined,
    retry: false,
  });
