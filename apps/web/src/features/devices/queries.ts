import type { DeviceNode, UpdateDeviceRequest } from '@rmm/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventKeys } from '../../app/realtime/event-keys.ts';
import { type DeviceListParams, deviceListKey, queryRoots } from '../../lib/query-keys.ts';
import { devicesApi, type EnrollmentTokenListParams, enrollmentApi } from './api.ts';

/** Live values (current metrics, samples) are polled this often while a device overview is open. */
export const LIVE_POLL_MS = 30_000;

/** A device's summary and metrics sit under its detail key, so one invalidation refreshes all three. */
export const deviceKeys = {
  all: queryRoots.devices,
  lists: queryRoots.deviceLists,
  list: deviceListKey,
  detail: (id: number) => [...queryRoots.devices, 'detail', id] as const,
  summary: (id: number) => [...queryRoots.devices, 'detail', id, 'summary'] as const,
  metrics: (id: number) => [...queryRoots.devices, 'detail', id, 'metrics'] as const,
  ownerCandidates: (id: number, search: string | undefined) =>
    [...queryRoots.devices, 'owner-candidates', id, search ?? ''] as const,
};

export const enrollmentKeys = {
  lists: ['enrollment-tokens', 'list'] as const,
  list: (params: EnrollmentTokenListParams) => ['enrollment-tokens', 'list', params] as const,
};

export const useDevicesQuery = (params: DeviceListParams) =>
  useQuery({
    queryKey: deviceKeys.list(params),
    queryFn: () => devicesApi.list(params),
    placeholderData: keepPreviousData,
  });

export const useDeviceQuery = (id: number) =>
  useQuery({ queryKey: deviceKeys.detail(id), queryFn: () => devicesApi.get(id) });

export const useDeviceSummaryQuery = (id: number) =>
  useQuery({
    queryKey: deviceKeys.summary(id),
    queryFn: () => devicesApi.getSummary(id),
    refetchInterval: LIVE_POLL_MS,
  });

export const useDeviceMetricsQuery = (id: number) =>
  useQuery({
    queryKey: deviceKeys.metrics(id),
    queryFn: () => devicesApi.metrics(id),
    refetchInterval: LIVE_POLL_MS,
  });

/** Who may own the device; only while `enabled` (the owner picker is open for someone who may change it). */
export const useDeviceOwnerCandidatesQuery = (id: number, search: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: deviceKeys.ownerCandidates(id, search),
    queryFn: () => devicesApi.ownerCandidates(id, search),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useUpdateDeviceMutation = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDeviceRequest) => devicesApi.update(id, body),
    onSuccess: (device: DeviceNode) => {
      queryClient.setQueryData(deviceKeys.detail(id), device);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceKeys.lists }),
        queryClient.invalidateQueries({ queryKey: deviceKeys.summary(id) }),
      ]);
    },
  });
};

export const useDeleteDeviceMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: devicesApi.remove,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: deviceKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceKeys.lists }),
        queryClient.invalidateQueries({ queryKey: queryRoots.dashboard }),
        queryClient.invalidateQueries({ queryKey: queryRoots.organizations }),
      ]);
    },
  });
};

/** Changes nothing the console caches: the device turns UP by itself once it wakes. */
export const useWakeUpMutation = () => useMutation({ mutationFn: devicesApi.wakeUp });

export const useEnrollmentTokensQuery = (params: EnrollmentTokenListParams) =>
  useQuery({
    queryKey: enrollmentKeys.list(params),
    queryFn: () => enrollmentApi.list(params),
    placeholderData: keepPreviousData,
  });

export const useCreateEnrollmentTokenMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollmentApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrollmentKeys.lists }),
  });
};

export const useRevokeEnrollmentTokenMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollmentApi.revoke,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrollmentKeys.lists }),
  });
};

/** Device events: the device lists and the device itself are read again; everything after a reconnect. */
export const deviceEventKeys: EventKeys = {
  forEvent: (event) => {
    switch (event.type) {
      case 'device.created':
        return [deviceKeys.lists];
      case 'device.status':
      case 'device.deleted':
        return [deviceKeys.lists, deviceKeys.detail(event.deviceId)];
      case 'device.updated':
        return [deviceKeys.lists, deviceKeys.detail(event.device.id)];
      default:
        return [];
    }
  },
  resync: [deviceKeys.all],
};
