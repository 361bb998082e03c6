import * as z from 'zod';
import { listOf, PageQuery } from './http.ts';

const name = /* @__PURE__ */ z.string().trim().min(1).max(200);
const text = /* @__PURE__ */ z.string().trim().max(2000);

export const Location = /* @__PURE__ */ z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  address: z.string(),
  description: z.string(),
});
export type Location = z.infer<typeof Location>;

export const Organization = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  nodeApprovalMode: z.enum(['AUTOMATIC', 'MANUAL', 'REJECT']),
  createTime: z.string(),
  updateTime: z.string(),
  locations: z.array(Location),
  deviceCount: z.number().int(),
});
export type Organization = z.infer<typeof Organization>;

export const LocationInput = z
  .object({ id: z.number().int().optional(), name, address: text.default(''), description: text.default('') })
  .strict();
export type LocationInput = z.input<typeof LocationInput>;

export const CreateOrganizationRequest = z
  .object({
    name,
    description: text.default(''),
    nodeApprovalMode: Organization.shape.nodeApprovalMode.default('AUTOMATIC'),
    locations: z.array(LocationInput).max(500).default([]),
  })
  .strict();
export type CreateOrganizationRequest = z.input<typeof CreateOrganizationRequest>;

export const UpdateOrganizationRequest = z
  .object({
    name: name.optional(),
    description: text.optional(),
    nodeApprovalMode: Organization.shape.nodeApprovalMode.optional(),
    /** When present, the full list: locations missing from it are removed. */
    locations: z.array(LocationInput).max(500).optional(),
  })
  .strict();
export type UpdateOrganizationRequest = z.input<typeof UpdateOrganizationRequest>;

export const ListOrganizationsQuery = /* @__PURE__ */ PageQuery.extend({
  search: z.string().trim().max(200).optional(),
  sort: z.enum(['name', '-name', 'createTime', '-createTime']).default('name'),
});
export type ListOrganizationsQuery = z.output<typeof ListOrganizationsQuery>;
export const ListOrganizationsResponse = /* @__PURE__ */ listOf(Organization);
export type ListOrganizationsResponse = z.infer<typeof ListOrganizationsResponse>;

/** `GET /client/{id}` keeps the spec's answer shape (§7): `resultCode` and `client`. */
export const GetClientResponse = /* @__PURE__ */ z.object({
  resultCode: z.literal('SUCCESS'),
  client: Organization,
});
export type GetClientResponse = z.infer<typeof GetClientResponse>;

export const SystemSummary = /* @__PURE__ */ z.object({
  organizations: z.number().int(),
  devices: z.number().int(),
});
export type SystemSummary = z.infer<typeof SystemSummary>;

/** Devices of one organization by status (UP, DOWN, WARNING), for the system dashboard. */
export const DeviceStatusCounts = /* @__PURE__ */ z.object({
  up: z.number().int(),
  down: z.number().int(),
  warning: z.number().int(),
  total: z.number().int(),
});
export type DeviceStatusCounts = z.infer<typeof DeviceStatusCounts>;

export const OrganizationDeviceCounts = /* @__PURE__ */ DeviceStatusCounts.extend({
  organizationId: z.number().int(),
  organizationName: z.string(),
});
export type OrganizationDeviceCounts = z.infer<typeof OrganizationDeviceCounts>;

/** `GET /dashboard/devices-by-organization`: organizations with devices down first, then by name. */
export const ListDevicesByOrganizationQuery = PageQuery;
export type ListDevicesByOrganizationQuery = z.output<typeof ListDevicesByOrganizationQuery>;

/** The page of organizations, and `totals` over every organization in the caller's scope. */
export const ListDevicesByOrganizationResponse = /* @__PURE__ */ listOf(OrganizationDeviceCounts).extend({
  totals: DeviceStatusCounts,
});
export type ListDevicesByOrganizationResponse = z.infer<typeof ListDevicesByOrganizationResponse>;
