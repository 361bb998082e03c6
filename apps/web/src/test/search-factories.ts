import {
  CUSTOM_SEARCH_GROUP,
  DEFAULT_SEARCH_GROUP,
  type Device,
  type DeviceSearch,
  defaultFeatureFlags,
  defaultSearchPresets,
  type ExecuteActionResponse,
  type ListDevicesResponse,
  type MeResponse,
} from '@rmm/domain';
import { afterEach, beforeEach, vi } from 'vitest';
import { DEVICE_GROUP_SEARCH_GROUP } from '../features/device-search/search-groups.ts';

let nextId = 1;

/** The presets as GET /searches answers them. */
export const presetSearches = (): DeviceSearch[] =>
  defaultSearchPresets.map((preset) => ({
    id: preset.id,
    key: preset.key,
    search: preset.search,
    criteria: { match: preset.criteria.match, rules: [...preset.criteria.rules] },
    searchGroup: DEFAULT_SEARCH_GROUP,
    customFields: null,
    isPreset: true,
  }));

/** A stored search with overrides; every call gets its own id. */
export const createSearch = (overrides: Partial<DeviceSearch> = {}): DeviceSearch => {
  const id = nextId++;
  return {
    id,
    key: null,
    search: `Search ${id}`,
    criteria: { match: 'all', rules: [{ field: 'status', operator: 'equals', value: 'DOWN' }] },
    searchGroup: CUSTOM_SEARCH_GROUP,
    customFields: null,
    isPreset: false,
    ...overrides,
  };
};

export const createGroup = (overrides: Partial<DeviceSearch> = {}) =>
  createSearch({ searchGroup: DEVICE_GROUP_SEARCH_GROUP, ...overrides });

export const pageOf = (devices: Device[], count = devices.length, pageSize = 100): ListDevicesResponse => ({
  data: devices,
  count,
  page: 1,
  pageSize,
});

/** POST /search/runner/execute-action's answer: `affected` of `matched` devices, the rest skipped. */
export const createActionAnswer = (
  overrides: Partial<ExecuteActionResponse> & Pick<ExecuteActionResponse, 'action'>,
): ExecuteActionResponse => {
  const matched = overrides.matched ?? overrides.affected ?? 1;
  const affected = overrides.affected ?? matched;
  return { resultCode: 'SUCCESS', matched, affected, skipped: matched - affected, ...overrides };
};

/** GET /auth/me of a technician with the device permissions given. */
export const createMe = (
  permissions = ['devices.view', 'devices.manage', 'devices.approve'],
): MeResponse => ({
  user: {
    id: 1,
    email: 'tech@example.com',
    name: 'Tech',
    roleName: 'Technician',
    roleId: 2,
    organizationScope: 'all',
  },
  permissions,
  featureFlags: defaultFeatureFlags,
});

/**
 * jsdom lays nothing out: every test of the calling file gets scroll areas of this height, so the
 * virtualised table renders its rows. Call it at the top of a test file.
 */
export const withViewportHeight = (height = 800) => {
  let restore = () => {};
  beforeEach(() => {
    const spy = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
    restore = () => spy.mockRestore();
  });
  afterEach(() => restore());
};
