import * as z from 'zod';
import { ActionTarget } from './device-searches.ts';
import { listOf, PageQuery } from './http.ts';
import { Tag } from './validators.ts';

/**
 * Device tags (issue 17 item 5; spec §1 "Screens for tags", §2 "Tag editor", §5 tag rules): MSP-wide names,
 * each unique whatever its case, put on devices. Reading needs `devices.view`, changing `devices.manage`.
 * A device's tags travel with it (`Device.tags`), and device searches filter by them (the `tags` field with
 * `hasAnyOf`, `hasAllOf`, `hasNoneOf`). The paths are ours (`apiPaths.tags`..., docs/decisions.md "Device tags").
 */

/** Tags one device may carry (decided). */
export const MAX_TAGS_PER_DEVICE = 50;
export const TAG_DESCRIPTION_MAX = 500;
/** Names one bulk call may add or remove. */
export const MAX_BULK_TAGS = 50;
export const TAG_SEARCH_MAX = 100;

export const DeviceTag = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** Devices carrying it in the caller's organization scope. */
  deviceCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type DeviceTag = z.infer<typeof DeviceTag>;

const description = /* @__PURE__ */ z.string().trim().max(TAG_DESCRIPTION_MAX);
/** Blank is no description. */
const descriptionInput = /* @__PURE__ */ description
  .nullish()
  .transform((text) => (text === undefined ? undefined : text || null));

export const CreateTagRequest = /* @__PURE__ */ z
  .object({ name: Tag, description: descriptionInput })
  .strict();
export type CreateTagRequest = z.input<typeof CreateTagRequest>;

/** Only the fields sent change; description null (or blank) clears it. */
export const UpdateTagRequest = /* @__PURE__ */ z
  .object({ name: Tag.optional(), description: descriptionInput })
  .strict();
export type UpdateTagRequest = z.input<typeof UpdateTagRequest>;

export const TagResponse = /* @__PURE__ */ z.object({ tag: DeviceTag });
export type TagResponse = z.infer<typeof TagResponse>;

export const ListTagsQuery = /* @__PURE__ */ PageQuery.extend({
  /** Part of the name, whatever its case. */
  search: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(TAG_SEARCH_MAX).optional(),
  ),
  pageSize: PageQuery.shape.pageSize.default(100),
});
export type ListTagsQuery = z.output<typeof ListTagsQuery>;
/** By name, whatever its case. */
export const ListTagsResponse = /* @__PURE__ */ listOf(DeviceTag);
export type ListTagsResponse = z.infer<typeof ListTagsResponse>;

/** The device's names after a change, by name. */
export const DeviceTagsResponse = /* @__PURE__ */ z.object({ tags: z.array(z.string()) });
export type DeviceTagsResponse = z.infer<typeof DeviceTagsResponse>;

/**
 * PUT the device's whole list. A name that differs only in case from a tag is that tag; a name no tag has
 * makes a new tag. Repeats (whatever their case) count once.
 */
export const SetDeviceTagsRequest = /* @__PURE__ */ z
  .object({ tags: z.array(Tag).max(MAX_TAGS_PER_DEVICE) })
  .strict();
export type SetDeviceTagsRequest = z.input<typeof SetDeviceTagsRequest>;

const tagList = /* @__PURE__ */ z.array(Tag).max(MAX_BULK_TAGS).default([]);

/**
 * Add and remove names on many devices at once: the devices a target names (a saved search, criteria or node
 * ids, as for a bulk action; up to EXECUTE_ACTION_MAX_DEVICES). Devices outside the caller's scope (or gone)
 * are left alone, and node ids of such devices are counted as `ignored`. A device that would pass
 * MAX_TAGS_PER_DEVICE refuses the call: nothing changes.
 */
export const BulkDeviceTagsRequest = /* @__PURE__ */ z
  .object({
    target: ActionTarget,
    add: tagList,
    remove: tagList,
  })
  .strict()
  .refine((body) => body.add.length + body.remove.length > 0, {
    message: 'Name at least one tag to add or remove',
    path: ['add'],
  })
  .refine(
    (body) => {
      const removed = new Set(body.remove.map((name) => name.toLowerCase()));
      return !body.add.some((name) => removed.has(name.toLowerCase()));
    },
    { message: 'A tag cannot be added and removed at once', path: ['remove'] },
  );
export type BulkDeviceTagsRequest = z.input<typeof BulkDeviceTagsRequest>;

export const BulkDeviceTagsResponse = /* @__PURE__ */ z.object({
  /** Devices the target matched in the caller's scope. */
  matched: z.number().int(),
  /** Devices whose tags changed (each with an activity). */
  affected: z.number().int(),
  /** Node ids named that are gone or outside the caller's scope. */
  ignored: z.number().int(),
});
export type BulkDeviceTagsResponse = z.infer<typeof BulkDeviceTagsResponse>;

export const tagErrorCodes = {
  TAG_NOT_FOUND: 404,
  TAG_NAME_TAKEN: 409,
  TAG_USED_OUTSIDE_SCOPE: 409,
  TOO_MANY_TAGS: 422,
} as const;
export type TagErrorCode = keyof typeof tagErrorCodes;

export const tagMessages = {
  TAG_NOT_FOUND: 'There is no such tag.',
  TAG_NAME_TAKEN: 'A tag with this name already exists.',
  TAG_USED_OUTSIDE_SCOPE:
    'This tag is also on devices of organizations you do not manage; only a technician who sees every organization can delete it.',
  TOO_MANY_TAGS: `A device can carry at most ${MAX_TAGS_PER_DEVICE} tags.`,
} as const satisfies Record<TagErrorCode, string>;
