import type { Device, DeviceNode, UpdateTagRequest } from '@rmm/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TagListParams, tagListKey } from '../../lib/device-tags.ts';
import { queryRoots } from '../../lib/query-keys.ts';
import { tagsApi } from './api.ts';

/** The device dashboard's keys (features/devices/queries.ts builds the same under the devices root). */
const deviceDetailKey = (id: number) => [...queryRoots.devices, 'detail', id] as const;
const deviceSummaryKey = (id: number) => [...deviceDetailKey(id), 'summary'] as const;

export const useTagsQuery = (params: TagListParams) =>
  useQuery({
    queryKey: tagListKey(params),
    queryFn: () => tagsApi.list(params),
    placeholderData: keepPreviousData,
  });

export const useCreateTagMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: tagsApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.tags }),
  });
};

/** A rename shows on every device carrying the tag. */
export const useUpdateTagMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTagRequest }) => tagsApi.update(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.tags }),
        queryClient.invalidateQueries({ queryKey: queryRoots.devices }),
      ]),
  });
};

export const useDeleteTagMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: tagsApi.remove,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.tags }),
        queryClient.invalidateQueries({ queryKey: queryRoots.devices }),
      ]),
  });
};

/** The device's new list goes into its cached record at once; lists and tag counts are read again. */
export const useSetDeviceTagsMutation = (deviceId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tags: string[]) => tagsApi.setDeviceTags(deviceId, { tags }),
    onSuccess: ({ tags }) => {
      queryClient.setQueryData<DeviceNode>(deviceDetailKey(deviceId), (old) =>
        old ? { ...old, tags } : old,
      );
      queryClient.setQueryData<Device>(deviceSummaryKey(deviceId), (old) => (old ? { ...old, tags } : old));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.tags }),
        queryClient.invalidateQueries({ queryKey: queryRoots.deviceLists }),
      ]);
    },
  });
};
