import type { DeviceTag, ListTagsResponse } from '@rmm/domain';

let nextId = 700;

/** A device tag; every call gets its own id and name. */
export const createTag = (overrides: Partial<DeviceTag> = {}): DeviceTag => {
  const id = ++nextId;
  return {
    id,
    name: `tag-${id}`,
    description: null,
    deviceCount: 0,
    createTime: '2026-01-02T10:00:00.000Z',
    updateTime: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
};

/** GET /devices/tags's answer. */
export const tagPage = (tags: DeviceTag[], count = tags.length): ListTagsResponse => ({
  data: tags,
  count,
  page: 1,
  pageSize: 50,
});
