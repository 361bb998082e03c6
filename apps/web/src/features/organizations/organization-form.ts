import type { Organization } from '@rmm/domain';

/** The organization editor's form (General and Locations sections), as its fields hold it. */
export type OrganizationFormValues = {
  name: string;
  description: string;
  nodeApprovalMode: Organization['nodeApprovalMode'];
  locations: { id?: number; key: string; name: string; address: string; description: string }[];
};

export const toFormValues = (org?: Organization): OrganizationFormValues => ({
  name: org?.name ?? '',
  description: org?.description ?? '',
  nodeApprovalMode: org?.nodeApprovalMode ?? 'AUTOMATIC',
  locations: (org?.locations ?? []).map(({ id, name, address, description }) => ({
    id,
    name,
    address,
    description,
    key: String(id),
  })),
});
