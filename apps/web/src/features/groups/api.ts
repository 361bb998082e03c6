import { savedSearchesApi } from '../../lib/searches.ts';

/**
 * Device groups are saved device searches of the group search group (spec §7 `/searches`): listed
 * with the other searches and deleted like them. Creating or changing one is the search dialog's
 * (pages/groups/group-dialog.tsx).
 */
export const groupsApi = {
  /** Every saved search and preset, the groups among them (the device search lists the same). */
  searches: savedSearchesApi.list,
  remove: savedSearchesApi.remove,
};
