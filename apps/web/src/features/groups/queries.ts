import type { DeviceSearch } from '@rmm/domain';
import { useSearchesQuery } from '../device-search/queries.ts';
import { isDeviceGroup } from '../device-search/search-groups.ts';

const selectGroups = (searches: DeviceSearch[]) =>
  searches.filter(isDeviceGroup).sort((a, b) => a.search.localeCompare(b.search));

/** Groups are saved searches of the group search group (GET /searches, filtered here). */
export const useGroupsQuery = () => useSearchesQuery(selectGroups);
