import type {
  CreateCredentialRequest,
  CreateOrganizationRequest,
  Credential,
  Organization,
  UpdateCredentialRequest,
  UpdateOrganizationRequest,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest } from '../../lib/api.ts';

/** Creating, changing and deleting organizations; reading them is shared (lib/organizations.ts). */
export const organizationsApi = {
  create: (body: CreateOrganizationRequest) =>
    apiRequest<Organization>('POST', apiPaths.organizations(), body),
  update: (id: number, body: UpdateOrganizationRequest) =>
    apiRequest<Organization>('PATCH', apiPaths.organization(id), body),
  remove: (id: number) => apiRequest<{ ok: true }>('DELETE', apiPaths.organization(id)),
  createCredential: (organizationId: number, body: CreateCredentialRequest) =>
    apiRequest<Credential>('POST', apiPaths.createCredential(organizationId), body),
  updateCredential: (id: number, body: UpdateCredentialRequest) =>
    apiRequest<Credential>('PUT', apiPaths.credential(id), body),
  removeCredential: (id: number) => apiRequest<{ ok: true }>('DELETE', apiPaths.credential(id)),
};
