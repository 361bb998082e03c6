import type { UpdateOrganizationRequest } from '@rmm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventKeys } from '../../app/realtime/event-keys.ts';
import { organizationKeys } from '../../lib/organizations.ts';
import { organizationsApi } from './api.ts';

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
