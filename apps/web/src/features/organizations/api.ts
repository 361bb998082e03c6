import type {
  CreateOrganizationRequest,
  GetClientResponse,
  ListOrganizationsResponse,
  Organization,
  UpdateOrganizationRequest,
} from '@rmm/domain';
import { apiRequest, toQuery } from '../../lib/api.ts';

export type OrganizationListParams = { page: number; pageSize: number; search?: string; sort?: string };

export const organizationsApi = {
  list: (params: OrganizationListParams) =>
    apiRequest<ListOrganizationsResponse>('GET', `/organizations${toQuery(params)}`),
  /** Spec §7 call: `GET /client/{id}` answers `resultCode` and `client`. */
  get: async (id: number) => (await apiRequest<GetClientResponse>('GET', `/client/${id}`)).client,
  create: (body: CreateOrganizationRequest) => apiRequest<Organization>('POST', '/organizations', body),
  update: (id: number, body: UpdateOrganizationRequest) =>
    apiRequest<Organization>('PATCH', `/organizations/${id}`, body),
  remove: (id: number) => apiRequest<{ ok: true }>('DELETE', `/organizations/${id}`),
};
