/**
 * The permission registry: one permission per area and action. Every server route declares one
 * of these (or `public` / `authenticated`), and roles hold a list of them.
 */
export const permissionAreas = {
  organizations: ['view', 'manage'],
  devices: ['view', 'manage', 'approve'],
  jobs: ['view', 'run', 'cancel'],
  activities: ['view'],
  settings: ['view', 'manage'],
  users: ['view', 'manage'],
  enrollment: ['manage'],
  backup: ['viewAndRestore', 'viewAndManage'],
  psa: ['configure'],
} as const;

type Areas = typeof permissionAreas;
export type Permission = { [A in keyof Areas]: `${A & string}.${Areas[A][number]}` }[keyof Areas];

export const allPermissions: readonly Permission[] = Object.entries(permissionAreas).flatMap(
  ([area, actions]) => actions.map((action) => `${area}.${action}` as Permission),
);

export const isPermission = (value: string): value is Permission =>
  (allPermissions as readonly string[]).includes(value);

/** What a route requires: a permission, any signed-in user, or nothing. */
export type RouteAccess = Permission | 'authenticated' | 'public';

export const ADMINISTRATOR_ROLE = 'Administrator';
