import type {
  CreatePolicyRequest,
  DevicePolicyResponse,
  DynamicPolicyInput,
  DynamicPolicyResponse,
  ListDynamicPoliciesResponse,
  ListPoliciesResponse,
  NodeClass,
  NotificationChannel,
  OrganizationPolicies,
  PolicyDryRunRequest,
  PolicyDryRunResponse,
  PolicyResponse,
  UpdateDynamicPolicyRequest,
  UpdatePolicyRequest,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { ApiError, apiRequest, toQuery } from '../../lib/api.ts';

export type PolicyListParams = { page: number; pageSize: number; search?: string; nodeClass?: NodeClass };
export type DynamicPolicyListParams = { page: number; pageSize: number; search?: string };

/** The notification channels a condition may name; `available: false` while the server has none to offer. */
export type ChannelOptions = { available: boolean; channels: NotificationChannel[] };

/** Policies, their assignment and dynamic policies (policies.ts). */
export const policiesApi = {
  list: (params: PolicyListParams) =>
    apiRequest<ListPoliciesResponse>('GET', `${apiPaths.policies()}${toQuery(params)}`),
  get: async (id: number) => (await apiRequest<PolicyResponse>('GET', apiPaths.policy(id))).policy,
  create: async (body: CreatePolicyRequest) =>
    (await apiRequest<PolicyResponse>('POST', apiPaths.policies(), body)).policy,
  update: async (id: number, body: UpdatePolicyRequest) =>
    (await apiRequest<PolicyResponse>('PUT', apiPaths.policy(id), body)).policy,
  remove: (id: number) => apiRequest<{ ok: true }>('DELETE', apiPaths.policy(id)),
  dryRun: (id: number, body: PolicyDryRunRequest) =>
    apiRequest<PolicyDryRunResponse>('POST', apiPaths.policyDryRun(id), body),

  organizationPolicies: (organizationId: number) =>
    apiRequest<OrganizationPolicies>('GET', apiPaths.organizationPolicies(organizationId)),
  setOrganizationPolicies: (organizationId: number, body: OrganizationPolicies) =>
    apiRequest<OrganizationPolicies>('PUT', apiPaths.organizationPolicies(organizationId), body),
  devicePolicy: (deviceId: number) =>
    apiRequest<DevicePolicyResponse>('GET', apiPaths.devicePolicy(deviceId)),
  setDevicePolicy: (deviceId: number, policyId: number | null) =>
    apiRequest<DevicePolicyResponse>('PUT', apiPaths.devicePolicy(deviceId), { policyId }),

  dynamicList: (params: DynamicPolicyListParams) =>
    apiRequest<ListDynamicPoliciesResponse>('GET', `${apiPaths.dynamicPolicies()}${toQuery(params)}`),
  dynamicCreate: async (body: DynamicPolicyInput) =>
    (await apiRequest<DynamicPolicyResponse>('POST', apiPaths.dynamicPolicies(), body)).dynamicPolicy,
  dynamicUpdate: async (id: number, body: UpdateDynamicPolicyRequest) =>
    (await apiRequest<DynamicPolicyResponse>('PUT', apiPaths.dynamicPolicy(id), body)).dynamicPolicy,
  dynamicRemove: (id: number) => apiRequest<{ ok: true }>('DELETE', apiPaths.dynamicPolicy(id)),

  /** A server without notification channels yet answers 404: the picker then offers none and says why. */
  channels: async (): Promise<ChannelOptions> => {
    try {
      const answer = await apiRequest<{ data: NotificationChannel[] }>(
        'GET',
        `${apiPaths.notificationChannels()}${toQuery({ page: 1, pageSize: 200 })}`,
      );
      return { available: true, channels: answer.data };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { available: false, channels: [] };
      throw error;
    }
  },
};
