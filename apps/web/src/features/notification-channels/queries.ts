import type { NotificationChannelInput } from '@rmm/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../lib/query-keys.ts';
import { type DeliveryParams, notificationChannelsApi } from './api.ts';

const root = queryRoots.notificationChannels;
const listKey = [...root, 'list'] as const;
const deliveriesKey = (id: number, params?: DeliveryParams) =>
  params ? ([...root, 'deliveries', id, params] as const) : ([...root, 'deliveries', id] as const);

/** How often a list with a delivery on its way is read again, until none is PENDING. */
export const PENDING_POLL_MS = 1000;

export const useChannelsQuery = () => useQuery({ queryKey: listKey, queryFn: notificationChannelsApi.list });

/** A channel's deliveries, newest first; read again every second while one of them is still on its way. */
export const useDeliveriesQuery = (id: number, params: DeliveryParams) =>
  useQuery({
    queryKey: deliveriesKey(id, params),
    queryFn: () => notificationChannelsApi.deliveries(id, params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => delivery.status === 'PENDING') ? PENDING_POLL_MS : false,
  });

const useInvalidateChannels = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: root });
};

export const useSaveChannelMutation = () => {
  const invalidate = useInvalidateChannels();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: NotificationChannelInput }) =>
      id === undefined ? notificationChannelsApi.create(body) : notificationChannelsApi.update(id, body),
    onSuccess: invalidate,
  });
};

export const useDeleteChannelMutation = () => {
  const invalidate = useInvalidateChannels();
  return useMutation({ mutationFn: notificationChannelsApi.remove, onSuccess: invalidate });
};

export const useTestChannelMutation = () => {
  const invalidate = useInvalidateChannels();
  return useMutation({ mutationFn: notificationChannelsApi.test, onSuccess: invalidate });
};

/**
 * The outcome of a test message: the first page of the channel's log, read every second until the queued
 * delivery is DELIVERED or FAILED (then the channel list is read again for its last delivery).
 */
export const useTestOutcomeQuery = (test: { channelId: number; deliveryId: number } | null) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...root, 'testOutcome', test?.deliveryId] as const,
    enabled: test !== null,
    queryFn: async () => {
      const page = await notificationChannelsApi.deliveries(test!.channelId, { page: 1, pageSize: 25 });
      const delivery = page.data.find((item) => item.id === test!.deliveryId) ?? null;
      if (delivery && delivery.status !== 'PENDING')
        await queryClient.invalidateQueries({ queryKey: listKey });
      return delivery;
    },
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'PENDING' ? false : PENDING_POLL_MS,
  });
};
