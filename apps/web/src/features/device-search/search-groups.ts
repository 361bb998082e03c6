import { DEFAULT_SEARCH_GROUP, DEVICE_GROUP_SEARCH_GROUP, type DeviceSearch } from '@rmm/domain';

export { DEVICE_GROUP_SEARCH_GROUP };

export const isDeviceGroup = (search: DeviceSearch) => search.searchGroup === DEVICE_GROUP_SEARCH_GROUP;

export type SearchSection = 'presets' | 'saved' | 'groups';

export const searchSection = (search: DeviceSearch): SearchSection =>
  search.isPreset || search.searchGroup === DEFAULT_SEARCH_GROUP
    ? 'presets'
    : isDeviceGroup(search)
      ? 'groups'
      : 'saved';
