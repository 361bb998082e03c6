import { describe, expect, it } from 'vitest';
import {
  BulkDeviceTagsRequest,
  CreateTagRequest,
  ListTagsQuery,
  MAX_TAGS_PER_DEVICE,
  SetDeviceTagsRequest,
  UpdateTagRequest,
} from './device-tags.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('tag requests', () => {
  it('holds names to the tag rules of spec §5, with their messages', () => {
    expect(CreateTagRequest.parse({ name: 'linux-servers' })).toEqual({ name: 'linux-servers' });
    expect(messagesOf(CreateTagRequest.safeParse({ name: 'two words' }))).toEqual([
      'Tag cannot contain spaces',
    ]);
    expect(messagesOf(CreateTagRequest.safeParse({ name: 'say"hi' }))).toEqual(['Tag cannot contain quotes']);
    expect(messagesOf(CreateTagRequest.safeParse({ name: 'a,b' }))).toEqual(['Tag cannot contain commas']);
    expect(messagesOf(CreateTagRequest.safeParse({ name: 'x'.repeat(26) }))).toEqual([
      'Exceeds max character limit of 25',
    ]);
    expect(messagesOf(SetDeviceTagsRequest.safeParse({ tags: ['ok', 'not ok'] }))).toEqual([
      'Tag cannot contain spaces',
    ]);
  });

  it('clears a blank description and changes only what an update names', () => {
    expect(CreateTagRequest.parse({ name: 'a', description: '  ' })).toEqual({
      name: 'a',
      description: null,
    });
    expect(UpdateTagRequest.parse({ description: ' Servers ' })).toEqual({ description: 'Servers' });
    expect(UpdateTagRequest.parse({})).toEqual({});
    expect(UpdateTagRequest.safeParse({ name: 'a', extra: 1 }).success).toBe(false);
  });

  it('caps the tags of a device', () => {
    const tags = Array.from({ length: MAX_TAGS_PER_DEVICE + 1 }, (_, i) => `t${i}`);
    expect(SetDeviceTagsRequest.safeParse({ tags }).success).toBe(false);
    expect(SetDeviceTagsRequest.safeParse({ tags: tags.slice(1) }).success).toBe(true);
  });

  it('needs devices and a tag to add or remove in a bulk change', () => {
    expect(BulkDeviceTagsRequest.parse({ target: { nodeIds: [1] }, add: ['a'] })).toEqual({
      target: { nodeIds: [1] },
      add: ['a'],
      remove: [],
    });
    expect(BulkDeviceTagsRequest.safeParse({ target: { searchId: -1 }, remove: ['a'] }).success).toBe(true);
    expect(BulkDeviceTagsRequest.safeParse({ target: { nodeIds: [1] } }).success).toBe(false);
    expect(BulkDeviceTagsRequest.safeParse({ target: { nodeIds: [] }, add: ['a'] }).success).toBe(false);
    expect(
      BulkDeviceTagsRequest.safeParse({ target: { nodeIds: [1] }, add: ['a'], remove: ['A'] }).success,
    ).toBe(false);
  });

  it('lists a hundred tags a page unless asked, and ignores a blank search', () => {
    expect(ListTagsQuery.parse({ search: ' ' })).toEqual({ page: 1, pageSize: 100 });
    expect(ListTagsQuery.parse({ search: 'lin', pageSize: '5' })).toEqual({
      page: 1,
      pageSize: 5,
      search: 'lin',
    });
  });
});
