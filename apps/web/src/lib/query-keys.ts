import type { ApprovalStatus, DeviceStatus } from '@rmm/domain';

/**
 * The roots of cached data that more than one feature reads or refreshes. A feature builds its own
 * query keys under these (in its queries.ts); another feature refreshes a root after a change of its
 * own (approving devices refreshes the dashboard's counts) without importing that feature.
 */
export const queryRoots = {
  devices: ['devices'],
  deviceLists: ['devices', 'list'],
  dashboard: ['dashboard'],
  organizations: ['organizations'],
  /** The script library: its lists and scripts (the library screens and the run-script pickers). */
  scripts: ['scripts'],
  jobLists: ['jobs', 'list'],
  /** GET /searches: the saved searches and presets, device groups among them. */
  searches: ['searches'],
  /** GET /devices/tags: the MSP's device tags (the tags page, the tag editors' suggestions). */
  tags: ['tags'],
  /** GET /notification-channels and their deliveries (the channels page; the condition editor's channel picker). */
  notificationChannels: ['notificationChannels'],
} as const;

/** A device list's filters, sort and paging: GET /devices and a saved search's devices take the same. */
export type DeviceListParams = {
  page: number;
  pageSize: number;
  organizationId?: number;
  locationId?: number;
  status?: DeviceStatus;
  approvalStatus?: ApprovalStatus;
  nodeRoleId?: number;
  search?: string;
  sort?: string;
};

/** A page of GET /devices (the device list, approvals, a role's device count): device events refresh it. */
export const deviceListKey = (params: DeviceListParams) => [...queryRoots.deviceLists, params] as const;
