import * as z from 'zod';
import { INT32_MAX } from './constants.ts';
import { ApprovalStatus } from './enums.ts';
import { listOf, PageQuery } from './http.ts';
import { DeviceStatus, HealthStatus } from './searches.ts';
import { RoleType } from './users.ts';

/**
 * Devices (nodes): node roles, the inventory an agent reports, list and query calls.
 * Every string here comes from an agent or a technician: stored and returned as plain data.
 */

// ---- node classes and roles (spec §7 GET /noderole/list) ----

export const nodeClasses = [
  'WINDOWS_SERVER',
  'WINDOWS_WORKSTATION',
  'MAC',
  'MAC_SERVER',
  'LINUX_SERVER',
  'LINUX_WORKSTATION',
  'VMWARE_VM_HOST',
  'VMWARE_VM_GUEST',
  'HYPERV_VMM_HOST',
  'HYPERV_VMM_GUEST',
  'ANDROID',
  'APPLE_IOS',
  'APPLE_IPADOS',
  'CLOUD_MONITOR_TARGET',
  'NMS_SWITCH',
  'NMS_ROUTER',
  'NMS_FIREWALL',
  'NMS_WAP',
  'NMS_PRINTER',
  'NMS_SERVER',
  'NMS_OTHER',
] as const;
export const NodeClass = /* @__PURE__ */ z.enum(nodeClasses);
export type NodeClass = z.infer<typeof NodeClass>;

/** The console screen that shows a node of a class (spec §2 dashboards). */
export const nodeDashboards = [
  'deviceDashboard',
  'mobileDashboard',
  'vmDashboard',
  'vmGuestDashboard',
  'nmsDashboard',
  'cloudMonitorDashboard',
] as const;
export const NodeDashboard = /* @__PURE__ */ z.enum(nodeDashboards);
export type NodeDashboard = z.infer<typeof NodeDashboard>;

export const NodeRole = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  nodeClass: NodeClass,
  /** Built-in roles are not custom; technicians' own roles (a later issue) are. */
  custom: z.boolean(),
  dashboard: NodeDashboard,
});
export type NodeRole = z.infer<typeof NodeRole>;

type RoleSeed = [id: number, nodeClass: NodeClass, name: string, dashboard: NodeDashboard];

/** Built-in roles with fixed ids (decided: the spec does not show them); custom roles start at 1000. */
const roleSeeds: RoleSeed[] = [
  [1, 'WINDOWS_SERVER', 'Windows Server', 'deviceDashboard'],
  [2, 'WINDOWS_WORKSTATION', 'Windows Workstation', 'deviceDashboard'],
  [3, 'MAC', 'Mac', 'deviceDashboard'],
  [4, 'MAC_SERVER', 'Mac Server', 'deviceDashboard'],
  [5, 'LINUX_SERVER', 'Linux Server', 'deviceDashboard'],
  [6, 'LINUX_WORKSTATION', 'Linux Workstation', 'deviceDashboard'],
  [7, 'VMWARE_VM_HOST', 'VMware Host', 'vmDashboard'],
  [8, 'VMWARE_VM_GUEST', 'VMware Guest', 'vmGuestDashboard'],
  [9, 'HYPERV_VMM_HOST', 'Hyper-V Host', 'vmDashboard'],
  [10, 'HYPERV_VMM_GUEST', 'Hyper-V Guest', 'vmGuestDashboard'],
  [11, 'ANDROID', 'Android', 'mobileDashboard'],
  [12, 'APPLE_IOS', 'iOS', 'mobileDashboard'],
  [13, 'APPLE_IPADOS', 'iPadOS', 'mobileDashboard'],
  [14, 'CLOUD_MONITOR_TARGET', 'Cloud Monitor Target', 'cloudMonitorDashboard'],
  [15, 'NMS_SWITCH', 'Switch', 'nmsDashboard'],
  [16, 'NMS_ROUTER', 'Router', 'nmsDashboard'],
  [17, 'NMS_FIREWALL', 'Firewall', 'nmsDashboard'],
  [18, 'NMS_WAP', 'Wireless Access Point', 'nmsDashboard'],
  [19, 'NMS_PRINTER', 'Printer', 'nmsDashboard'],
  [20, 'NMS_SERVER', 'Network Server', 'nmsDashboard'],
  [21, 'NMS_OTHER', 'Other Network Device', 'nmsDashboard'],
];

export const builtInNodeRoles: readonly NodeRole[] = roleSeeds.map(([id, nodeClass, name, dashboard]) => ({
  id,
  name,
  description: `Default role for ${name} devices`,
  nodeClass,
  custom: false,
  dashboard,
}));

export const findNodeRole = (id: number): NodeRole | undefined => builtInNodeRoles.find((r) => r.id === id);

/** The built-in role a device of this class gets on enrolment. */
export const defaultNodeRoleId = (nodeClass: NodeClass): number =>
  builtInNodeRoles.find((r) => r.nodeClass === nodeClass)!.id;

/** `GET /noderole/list` answers the list itself. */
export const ListNodeRolesResponse = /* @__PURE__ */ z.array(NodeRole);
export type ListNodeRolesResponse = z.infer<typeof ListNodeRolesResponse>;

// ---- inventory, as the agent reports it ----

/** `process.platform` of the agent, folded to what the collectors distinguish. */
export const agentPlatforms = ['linux', 'win32', 'darwin', 'other'] as const;
export const AgentPlatform = /* @__PURE__ */ z.enum(agentPlatforms);
export type AgentPlatform = z.infer<typeof AgentPlatform>;

/** The class assumed for an agent that does not say (older agents). */
export const defaultNodeClassOf = (platform: AgentPlatform): NodeClass =>
  platform === 'win32' ? 'WINDOWS_WORKSTATION' : platform === 'darwin' ? 'MAC' : 'LINUX_SERVER';

const text = (max = 500) => z.string().max(max);
const bytes = /* @__PURE__ */ z.number().nonnegative();

export const InventoryVolume = /* @__PURE__ */ z.object({
  mount: text(1000),
  fsType: text(100),
  label: text(),
  totalBytes: bytes,
  freeBytes: bytes,
});
export type InventoryVolume = z.infer<typeof InventoryVolume>;

export const InventoryDisk = /* @__PURE__ */ z.object({
  name: text(),
  model: text(),
  vendor: text(),
  mediaType: text(100),
  sizeBytes: bytes,
  serial: text(),
});
export type InventoryDisk = z.infer<typeof InventoryDisk>;

export const InventoryNetworkInterface = /* @__PURE__ */ z.object({
  name: text(),
  mac: text(64),
  ipv4: z.array(text(64)).max(64),
  /** The netmask of each ipv4 address, in the same order (newer agents; /24 is assumed without). */
  ipv4Netmasks: z.array(text(64)).max(64).optional(),
  ipv6: z.array(text(128)).max(64),
  isVirtual: z.boolean(),
  isInternal: z.boolean(),
  isDefault: z.boolean(),
});
export type InventoryNetworkInterface = z.infer<typeof InventoryNetworkInterface>;

export const InventorySoftware = /* @__PURE__ */ z.object({
  name: text(1000),
  version: text(),
  publisher: text(1000),
  installDate: text(100).nullable(),
});
export type InventorySoftware = z.infer<typeof InventorySoftware>;

export const DeviceInventory = /* @__PURE__ */ z.object({
  collectedAt: z.iso.datetime({ offset: true }),
  hostname: text(),
  fqdn: text(),
  os: z.object({
    platform: AgentPlatform,
    name: text(),
    version: text(),
    build: text(),
    kernel: text(),
    arch: text(100),
  }),
  system: z.object({ manufacturer: text(), model: text(), serial: text(), isVirtual: z.boolean() }),
  cpu: z.object({
    manufacturer: text(),
    brand: text(),
    cores: z.number().int().nonnegative(),
    physicalCores: z.number().int().nonnegative(),
    speedGhz: z.number().nonnegative(),
  }),
  memory: z.object({ totalBytes: bytes }),
  disks: z.array(InventoryDisk).max(256),
  volumes: z.array(InventoryVolume).max(1024),
  networkInterfaces: z.array(InventoryNetworkInterface).max(256),
  loggedOnUsers: z.array(text(256)).max(256),
  lastBootTime: z.iso.datetime({ offset: true }).nullable(),
  pendingReboot: z.boolean(),
  software: z.array(InventorySoftware).max(50_000),
  /** The agent's guess of what it runs on; the server picks the default role from it. */
  nodeClass: NodeClass,
  /**
   * Problems of the agent's own install that it found while collecting (codes of `agentInstallIssues`,
   * or a newer agent's); the preset "Install issues" counts them. Left out by agents before it.
   */
  installIssues: z.array(text(100)).max(32).optional(),
});
export type DeviceInventory = z.infer<typeof DeviceInventory>;

/** What an agent reports as an install issue, and what each means (shown on the device page later). */
export const agentInstallIssues = {
  SYSTEM_FACTS_FAILED: 'The agent could not read the operating system and hardware facts.',
  SOFTWARE_INVENTORY_FAILED: 'The agent could not list the installed software.',
  PENDING_REBOOT_CHECK_FAILED: 'The agent could not tell whether the device needs a reboot.',
  STATE_DIR_NOT_WRITABLE: 'The agent cannot write its state folder, so job results may be lost on a restart.',
} as const;
export type AgentInstallIssue = keyof typeof agentInstallIssues;

export const DeviceMetrics = /* @__PURE__ */ z.object({
  cpuPercent: z.number().min(0).max(100),
  memoryPercent: z.number().min(0).max(100),
  /** The fullest local volume. */
  diskPercent: z.number().min(0).max(100),
});
export type DeviceMetrics = z.infer<typeof DeviceMetrics>;

// ---- devices as the console sees them ----

/**
 * The device's assigned owner (docs/decisions.md "Device owner"): a user of ours, an end user of the device's
 * organization or a technician who can see the device. A ruleset with `useOwnerAsRequester` makes them the
 * requester of the tickets it opens for the device.
 */
export const DeviceOwner = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  userType: RoleType,
});
export type DeviceOwner = z.infer<typeof DeviceOwner>;

/** The refusal of an owner who is not one of these (400 VALIDATION_FAILED, at `ownerUserId`). */
export const deviceOwnerMessages = {
  OWNER_NOT_ALLOWED:
    'The owner must be an enabled end user of the device’s organization or an enabled technician who can see the device.',
} as const;

export const Device = /* @__PURE__ */ z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  parentDeviceId: z.number().int().nullable(),
  displayName: z.string(),
  hostname: z.string(),
  nodeRoleId: z.number().int().nullable(),
  nodeClass: NodeClass.nullable(),
  approvalStatus: ApprovalStatus,
  status: DeviceStatus,
  /** From its active alerts and the health status settings (alerts.ts); UNKNOWN until it is first heard from. */
  healthStatus: HealthStatus,
  lastSeen: z.string().nullable(),
  platform: AgentPlatform,
  osName: z.string(),
  osVersion: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  loggedOnUser: z.string().nullable(),
  /** The assigned owner; null: none. */
  owner: DeviceOwner.nullable(),
  lastBootTime: z.string().nullable(),
  pendingReboot: z.boolean(),
  ipAddresses: z.array(z.string()),
  agentVersion: z.string(),
  metrics: DeviceMetrics.nullable(),
  /** Its tags' names (device-tags.ts), by name whatever their case. */
  tags: z.array(z.string()),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Device = z.infer<typeof Device>;

/** A device with its last reported inventory (GET /devices/{id}, POST /query/device). */
export const DeviceNode = /* @__PURE__ */ Device.extend({
  inventory: DeviceInventory.nullable(),
  inventoryUpdateTime: z.string().nullable(),
});
export type DeviceNode = z.infer<typeof DeviceNode>;

export const deviceSorts = [
  'displayName',
  '-displayName',
  'lastSeen',
  '-lastSeen',
  'status',
  '-status',
  'createTime',
  '-createTime',
] as const;

export const ListDevicesQuery = /* @__PURE__ */ PageQuery.extend({
  organizationId: z.coerce.number().int().positive().optional(),
  locationId: z.coerce.number().int().positive().optional(),
  status: DeviceStatus.optional(),
  approvalStatus: ApprovalStatus.optional(),
  nodeRoleId: z.coerce.number().int().positive().optional(),
  nodeClass: NodeClass.optional(),
  /** Matched literally against display name, hostname, OS, logged-on user and IP addresses. */
  search: z.string().trim().max(200).optional(),
  sort: z.enum(deviceSorts).default('displayName'),
});
export type ListDevicesQuery = z.output<typeof ListDevicesQuery>;
export const ListDevicesResponse = /* @__PURE__ */ listOf(Device);
export type ListDevicesResponse = z.infer<typeof ListDevicesResponse>;

const displayName = /* @__PURE__ */ z.string().trim().min(1).max(200);

export const UpdateDeviceRequest = z
  .object({
    displayName: displayName.optional(),
    nodeRoleId: z.number().int().positive().optional(),
    locationId: z.number().int().positive().nullable().optional(),
    /** Needs devices.approve besides devices.manage. */
    approvalStatus: z.enum(['APPROVED', 'REJECTED']).optional(),
    /** The owner's user id (DeviceOwner); null clears it. */
    ownerUserId: z.number().int().positive().max(INT32_MAX).nullable().optional(),
  })
  .strict();
export type UpdateDeviceRequest = z.input<typeof UpdateDeviceRequest>;

/** At most this many owner candidates are answered at once; the search narrows them. */
export const DEVICE_OWNER_CANDIDATES_MAX = 50;

/** `GET /devices/{id}/owner-candidates`: who may own the device, by name or email. */
export const ListDeviceOwnerCandidatesQuery = /* @__PURE__ */ z.object({
  search: z.string().trim().max(200).optional(),
});
export type ListDeviceOwnerCandidatesQuery = z.output<typeof ListDeviceOwnerCandidatesQuery>;
/** End users of the device's organization first, then technicians, each by name; at most DEVICE_OWNER_CANDIDATES_MAX. */
export const ListDeviceOwnerCandidatesResponse = /* @__PURE__ */ z.object({ data: z.array(DeviceOwner) });
export type ListDeviceOwnerCandidatesResponse = z.infer<typeof ListDeviceOwnerCandidatesResponse>;

export const DeviceMetricSample = /* @__PURE__ */ DeviceMetrics.extend({ time: z.string() });
export type DeviceMetricSample = z.infer<typeof DeviceMetricSample>;

export const ListDeviceMetricsQuery = /* @__PURE__ */ z.object({
  /** ISO times; the default window is the last 24 hours. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type ListDeviceMetricsQuery = z.output<typeof ListDeviceMetricsQuery>;
export const ListDeviceMetricsResponse = /* @__PURE__ */ z.object({ data: z.array(DeviceMetricSample) });
export type ListDeviceMetricsResponse = z.infer<typeof ListDeviceMetricsResponse>;

// ---- spec §7 POST /query/device ----

/** FULL answers each node with its inventory, SUMMARY without (decided: the spec names `mode` only). */
export const QueryDeviceMode = /* @__PURE__ */ z.enum(['FULL', 'SUMMARY']);
export type QueryDeviceMode = z.infer<typeof QueryDeviceMode>;

export const QUERY_DEVICE_MAX_NODES = 1000;
export const QUERY_DEVICE_MAX_CACHE_SECONDS = 86_400;

export const QueryDeviceRequest = /* @__PURE__ */ z.object({
  nodeIds: z.array(z.number().int().positive()).max(QUERY_DEVICE_MAX_NODES),
  /** Adds the parents of the named nodes and their children (VM hosts and guests, NMS gateways). */
  includeParentsAndChildren: z.boolean().default(false),
  /** Seconds the caller wants to keep the answer (decided); capped at one day. */
  cacheExpiration: z.number().int().min(0).max(QUERY_DEVICE_MAX_CACHE_SECONDS).default(300),
  mode: QueryDeviceMode.default('FULL'),
});
export type QueryDeviceRequest = z.input<typeof QueryDeviceRequest>;

export const QueryDeviceResponse = /* @__PURE__ */ z.object({
  nodes: z.array(DeviceNode),
  /** Epoch milliseconds after which the caller should ask again. */
  cacheExpiration: z.number().int(),
});
export type QueryDeviceResponse = z.infer<typeof QueryDeviceResponse>;

// ---- enrolment tokens ----

export const ENROLLMENT_TOKEN_MAX_TTL_HOURS = 8760;

export const CreateEnrollmentTokenRequest = z
  .object({
    organizationId: z.number().int().positive(),
    locationId: z.number().int().positive().nullable().default(null),
    /** Fractions allowed (0.25 = 15 minutes); at most a year. */
    ttlHours: z.number().positive().max(ENROLLMENT_TOKEN_MAX_TTL_HOURS).default(24),
  })
  .strict();
export type CreateEnrollmentTokenRequest = z.input<typeof CreateEnrollmentTokenRequest>;

/** The token is shown once: only its hash is stored. */
export const CreateEnrollmentTokenResponse = /* @__PURE__ */ z.object({
  id: z.number().int(),
  token: z.string(),
  expiresAt: z.string(),
});
export type CreateEnrollmentTokenResponse = z.infer<typeof CreateEnrollmentTokenResponse>;

export const EnrollmentTokenStatus = /* @__PURE__ */ z.enum(['ACTIVE', 'EXPIRED', 'REVOKED']);
export type EnrollmentTokenStatus = z.infer<typeof EnrollmentTokenStatus>;

export const EnrollmentToken = /* @__PURE__ */ z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  locationId: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  createTime: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  usedCount: z.number().int(),
  lastUsedAt: z.string().nullable(),
  status: EnrollmentTokenStatus,
});
export type EnrollmentToken = z.infer<typeof EnrollmentToken>;

export const ListEnrollmentTokensQuery = /* @__PURE__ */ PageQuery.extend({
  organizationId: z.coerce.number().int().positive().optional(),
  status: EnrollmentTokenStatus.optional(),
});
export type ListEnrollmentTokensQuery = z.output<typeof ListEnrollmentTokensQuery>;
export const ListEnrollmentTokensResponse = /* @__PURE__ */ listOf(EnrollmentToken);
export type ListEnrollmentTokensResponse = z.infer<typeof ListEnrollmentTokensResponse>;

/** What an agent is told when the server refuses it; the agent prints the text as it is. */
export const agentRefusalMessages = {
  ENROLLMENT_TOKEN_INVALID: 'This enrolment token is not valid. Ask for a new one.',
  ENROLLMENT_TOKEN_REVOKED: 'This enrolment token has been revoked. Ask for a new one.',
  ENROLLMENT_TOKEN_EXPIRED: 'This enrolment token has expired. Ask for a new one.',
  ORGANIZATION_REJECTS_DEVICES: 'This organization does not accept new devices.',
  DEVICE_UNAUTHENTICATED: 'This device identity is not recognised. Enrol the agent again with a new token.',
  DEVICE_REJECTED: 'This device was rejected by a technician.',
} as const;
export type AgentRefusalCode = keyof typeof agentRefusalMessages;
