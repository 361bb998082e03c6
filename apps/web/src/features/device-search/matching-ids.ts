import { type ActionTarget, EXECUTE_ACTION_MAX_DEVICES, type ListDevicesResponse } from '@rmm/domain';

/** The server's largest page. */
const PAGE_SIZE = 500;

/**
 * The ids of every device a filtered list matches (up to what one action takes), for lists that
 * no saved search or criteria can describe: a text filter, or one organization's devices.
 */
export const collectMatchingIds = async (
  fetchPage: (page: number, pageSize: number) => Promise<ListDevicesResponse>,
): Promise<ActionTarget> => {
  const ids: number[] = [];
  for (let page = 1; ids.length < EXECUTE_ACTION_MAX_DEVICES; page += 1) {
    const result = await fetchPage(page, PAGE_SIZE);
    ids.push(...result.data.map((device) => device.id));
    if (result.data.length < PAGE_SIZE || ids.length >= result.count) break;
  }
  return { nodeIds: ids.slice(0, EXECUTE_ACTION_MAX_DEVICES) };
};
