import type {
  CreateCredentialRequest,
  UpdateCredentialRequest,
  UpdateOrganizationRequest,
} from '@rmm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventKeys } from '../../app/realtime/event-keys.ts';
import { credentialKeys, useOrganizationCredentialsQuery } from '../../lib/credentials.ts';
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

const credentialsKey = credentialKeys.list;

/** An organization's credentials (shared with the run-as pickers: lib/credentials.ts). */
export const useCredentialsQuery = (organizationId: number) =>
  useOrganizationCredentialsQuery(organizationId);

export const useSaveCredentialMutation = (organizationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateCredentialRequest | UpdateCredentialRequest }) =>
      id === undefined
        ? organizationsApi.createCredential(organizationId, body as CreateCredentialRequest)
        : organizationsApi.updateCredential(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialsKey(organizationId) }),
  });
};

export const useDeleteCredentialMutation = (organizationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: organizationsApi.removeCredential,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialsKey(organizationId) }),
  });
};
