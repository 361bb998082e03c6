import type {
  DynamicPolicy,
  DynamicPolicyInput,
  OrganizationPolicies,
  Policy,
  UpdateDynamicPolicyRequest,
} from '@rmm/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DynamicPolicyListParams, type PolicyListParams, policiesApi } from './api.ts';

export const policyKeys = {
  all: ['policies'] as const,
  lists: ['policies', 'list'] as const,
  list: (params: PolicyListParams) => ['policies', 'list', params] as const,
  detail: (id: number) => ['policies', 'detail', id] as const,
  organization: (id: number) => ['policies', 'organization', id] as const,
  device: (id: number) => ['policies', 'device', id] as const,
  dynamic: ['policies', 'dynamic'] as const,
  dynamicList: (params: DynamicPolicyListParams) => ['policies', 'dynamic', params] as const,
  channels: ['policies', 'channels'] as const,
};

export const usePoliciesQuery = (params: PolicyListParams, enabled = true) =>
  useQuery({
    queryKey: policyKeys.list(params),
    queryFn: () => policiesApi.list(params),
    placeholderData: keepPreviousData,
    enabled,
  });

export const usePolicyQuery = (id: number | undefined) =>
  useQuery({
    queryKey: policyKeys.detail(id ?? 0),
    queryFn: () => policiesApi.get(id!),
    enabled: id !== undefined && Number.isInteger(id) && id > 0,
  });

/** After any policy change every policy view is read again: counts, parents and inherited conditions move together. */
const useRefreshPolicies = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: policyKeys.all });
};

export const useSavePolicyMutation = (id: number | undefined) => {
  const queryClient = useQueryClient();
  const refresh = useRefreshPolicies();
  return useMutation({
    mutationFn: (body: { policy: Parameters<typeof policiesApi.create>[0]; version: number }) =>
      id === undefined ? policiesApi.create(body.policy) : policiesApi.update(id, body),
    onSuccess: (policy: Policy) => {
      queryClient.setQueryData(policyKeys.detail(policy.id), policy);
      return refresh();
    },
  });
};

export const useDeletePolicyMutation = () => {
  const refresh = useRefreshPolicies();
  return useMutation({ mutationFn: policiesApi.remove, onSuccess: refresh });
};

export const useDryRunMutation = (id: number) =>
  useMutation({
    mutationFn: (body: Parameters<typeof policiesApi.dryRun>[1]) => policiesApi.dryRun(id, body),
  });

export const useOrganizationPoliciesQuery = (organizationId: number) =>
  useQuery({
    queryKey: policyKeys.organization(organizationId),
    queryFn: () => policiesApi.organizationPolicies(organizationId),
  });

export const useSetOrganizationPoliciesMutation = (organizationId: number) => {
  const queryClient = useQueryClient();
  const refresh = useRefreshPolicies();
  return useMutation({
    mutationFn: (body: OrganizationPolicies) => policiesApi.setOrganizationPolicies(organizationId, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(policyKeys.organization(organizationId), answer);
      return refresh();
    },
  });
};

export const useDevicePolicyQuery = (deviceId: number) =>
  useQuery({ queryKey: policyKeys.device(deviceId), queryFn: () => policiesApi.devicePolicy(deviceId) });

export const useSetDevicePolicyMutation = (deviceId: number) => {
  const queryClient = useQueryClient();
  const refresh = useRefreshPolicies();
  return useMutation({
    mutationFn: (policyId: number | null) => policiesApi.setDevicePolicy(deviceId, policyId),
    onSuccess: (answer) => {
      queryClient.setQueryData(policyKeys.device(deviceId), answer);
      return refresh();
    },
  });
};

export const useDynamicPoliciesQuery = (params: DynamicPolicyListParams) =>
  useQuery({
    queryKey: policyKeys.dynamicList(params),
    queryFn: () => policiesApi.dynamicList(params),
    placeholderData: keepPreviousData,
  });

export const useSaveDynamicPolicyMutation = (id: number | undefined) => {
  const refresh = useRefreshPolicies();
  return useMutation({
    mutationFn: (body: { dynamicPolicy: DynamicPolicyInput; version: number }) =>
      id === undefined
        ? policiesApi.dynamicCreate(body.dynamicPolicy)
        : policiesApi.dynamicUpdate(id, body as UpdateDynamicPolicyRequest),
    onSuccess: refresh,
  });
};

/** The list's switch: the dynamic policy saved again with only `enabled` changed. */
export const useSetDynamicPolicyEnabledMutation = () => {
  const refresh = useRefreshPolicies();
  return useMutation({
    mutationFn: ({ dynamicPolicy: d, enabled }: { dynamicPolicy: DynamicPolicy; enabled: boolean }) =>
      policiesApi.dynamicUpdate(d.id, {
        version: d.version,
        dynamicPolicy: {
          name: d.name,
          description: d.description,
          enabled,
          criteria: d.criteria,
          policyId: d.policyId,
          order: d.order,
        },
      }),
    onSuccess: refresh,
  });
};

export const useDeleteDynamicPolicyMutation = () => {
  const refresh = useRefreshPolicies();
  return useMutation({ mutationFn: policiesApi.dynamicRemove, onSuccess: refresh });
};

/** The channels a condition may notify (none, with a note, until the server has notification channels). */
export const useChannelOptionsQuery = () =>
  useQuery({ queryKey: policyKeys.channels, queryFn: policiesApi.channels, staleTime: 60_000 });
