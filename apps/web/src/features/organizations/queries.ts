import type { UpdateOrganizationRequest } from '@rmm/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventKeys } from '../../app/realtime/event-keys.ts';
import { type OrganizationListParams, organizationsApi } from './api.ts';

export const organizationKeys = {
  all: ['organizations'] as const,
  list: (params: OrganizationListParams) => ['organizations', 'list', params] as const,
  detail: (id: number) => ['organizations', 'detail', id] as const,
};

export const useOrganizationsQuery = (params: OrganizationListParams) =>
  useQuery({
    queryKey: organizationKeys.list(params),
    queryFn: () => organizationsApi.list(params),
    placeholderData: keepPreviousData,
  });

export const useOrganizationQuery = (id: number | undefined) =>
  useQuery({
    queryKey: organizationKeys.detail(id ?? 0),
    queryFn: () => organizationsApi.get(id!),
    enabled: id !== undefined,
  });

export const useCreateOrganizationMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: organizationsApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organizations', 'list'] }),
  });
};

export const useUpdateOrganizationMutation = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrganizationRequest) => organizationsApi.update(id, body),
    onSuccess: (organization) => {
      queryClient.setQueryData(organizationKeys.detail(id), organization);
      return queryClient.invalidateQueries({ queryKey: ['organizations', 'list'] });
    },
  });
};

export const useDeleteOrganizationMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: organizationsApi.remove,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: organizationKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: ['organizations', 'list'] });
    },
  });
};

/** A device created or deleted changes its organization's device count. */
export const organizationEventKeys: EventKeys = {
  forEvent: (event) =>
    event.type === 'device.created' || event.type === 'device.deleted' ? [organizationKeys.all] : [],
  resync: [organizationKeys.all],
};
