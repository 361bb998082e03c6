import { DEVICE_GROUP_SEARCH_GROUP, type DeviceSearch } from '@rmm/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../lib/query-keys.ts';
import { groupsApi } from './api.ts';

const selectGroups = (searches: DeviceSearch[]) =>
  searches
    .filter((search) => search.searchGroup === DEVICE_GROUP_SEARCH_GROUP)
    .sort((a, b) => a.search.localeCompare(b.search));

/**
 * Groups are saved searches of the group search group (GET /searches, filtered here), cached with the
 * device search's list of searches: a group saved or deleted on either side shows on both.
 */
export const useGroupsQuery = () =>
  useQuery({ queryKey: queryRoots.searches, queryFn: groupsApi.searches, select: selectGroups });

export const useDeleteGroupMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: groupsApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.searches }),
  });
};
