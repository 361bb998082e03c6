/**
 * The permission registry: one permission per area and action. Every server route declares one
 * of these (or `public` / `authenticated`), and technician roles hold a list of them. Areas that
 * later features check are named here already, so a role made today covers them.
 */
export const permissionAreas = {
  organizations: ['view', 'manage'],
  devices: ['view', 'manage', 'approve'],
  jobs: ['view', 'run', 'cancel'],
  /** `run`: library scripts only; running ad-hoc code is `jobs.run`. `manage`: edit the library. */
  scripts: ['view', 'run', 'manage'],
  credentials: ['view', 'manage'],
  scheduledTasks: ['view', 'manage'],
  remoteAccess: ['connect'],
  /** Spec §6: canViewAndRestoreBackupData, canViewAndManageBackupData. */
  backup: ['viewAndRestore', 'viewAndManage'],
  policies: ['view', 'manage'],
  alerts: ['view', 'manage'],
  ticketing: ['view', 'manage'],
  billing: ['view', 'manage'],
  /** Spec §6: PSA access configuration, shown only when the PSA feature flag is on. */
  psa: ['configure'],
  reporting: ['view', 'manage'],
  helpTickets: ['submit'],
  /** The MSP's own knowledge base: `view` reads it (within the organization scope), `manage` writes it. */
  knowledgeBase: ['view', 'manage'],
  activities: ['view'],
  enrollment: ['manage'],
  settings: ['view', 'manage'],
  users: ['view', 'manage'],
} as const;

type Areas = typeof permissionAreas;
export type PermissionArea = keyof Areas;
export type Permission = { [A in keyof Areas]: `${A & string}.${Areas[A][number]}` }[keyof Areas];

export const allPermissions: readonly Permission[] = Object.entries(permissionAreas).flatMap(
  ([area, actions]) => actions.map((action) => `${area}.${action}` as Permission),
);

export const isPermission = (value: string): value is Permission =>
  (allPermissions as readonly string[]).includes(value);

/** The areas a technician needs administration rights for: users, roles and the general settings. */
export const administrationAreas: readonly PermissionArea[] = ['settings', 'users'];

const areaOf = (permission: Permission) => permission.split('.')[0] as PermissionArea;

/** Permissions of end-user roles (the portal and the device tray); they never open the console. */
export const endUserPermissions = [
  'portal.viewDevices',
  'portal.remoteAccess',
  'portal.submitTickets',
  'portal.viewTickets',
] as const;
export type EndUserPermission = (typeof endUserPermissions)[number];

export const isEndUserPermission = (value: string): value is EndUserPermission =>
  (endUserPermissions as readonly string[]).includes(value);

/** What a route requires: a permission, any signed-in user, or nothing. */
export type RouteAccess = Permission | 'authenticated' | 'public';

export const ADMINISTRATOR_ROLE = 'Administrator';

/** The built-in roles (docs/decisions.md): created on start, kept up to date, never deleted. */
export const builtInRoles = [
  {
    name: ADMINISTRATOR_ROLE,
    roleType: 'TECHNICIAN',
    description: 'Everything, including users, roles and settings.',
    permissions: allPermissions,
  },
  {
    name: 'Technician',
    roleType: 'TECHNICIAN',
    description: 'Everything but administration (users, roles, settings).',
    permissions: allPermissions.filter((p) => !administrationAreas.includes(areaOf(p))),
  },
  {
    name: 'Helpdesk',
    roleType: 'TECHNICIAN',
    description: 'Views devices, runs library scripts, works tickets.',
    permissions: [
      'organizations.view',
      'devices.view',
      'jobs.view',
      'scripts.view',
      'scripts.run',
      'activities.view',
      'ticketing.view',
      'ticketing.manage',
      'helpTickets.submit',
      'knowledgeBase.view',
    ] satisfies Permission[],
  },
  {
    name: 'Read-only',
    roleType: 'TECHNICIAN',
    description: 'Sees everything outside administration; changes nothing.',
    permissions: allPermissions.filter(
      (p) => p.endsWith('.view') && !administrationAreas.includes(areaOf(p)),
    ),
  },
  {
    name: 'End user',
    roleType: 'END_USER',
    description: 'Sees their own devices and tickets in the portal, and submits tickets.',
    permissions: ['portal.viewDevices', 'portal.viewTickets', 'portal.submitTickets'],
  },
] as const satisfies readonly {
  name: string;
  roleType: 'TECHNICIAN' | 'END_USER';
  description: string;
  permissions: readonly string[];
}[];

/** Organizations a technician may see: all of them, or these ids (plain data; `OrganizationScope` is its schema). */
export type ScopeValue = 'all' | readonly number[];

/** The organizations both scopes allow: a user sees what their own scope and their role's both allow. */
export const intersectScopes = (a: ScopeValue, b: ScopeValue): 'all' | number[] => {
  if (a === 'all') return b === 'all' ? 'all' : [...b];
  if (b === 'all') return [...a];
  const inB = new Set(b);
  return a.filter((id) => inB.has(id));
};

/** Whether `inner` allows nothing that `outer` does not (who may grant what: no one widens their own). */
export const scopeWithin = (inner: ScopeValue, outer: ScopeValue): boolean =>
  outer === 'all' || (inner !== 'all' && inner.every((id) => outer.includes(id)));
