import { allPermissions, endUserPermissions } from '@rmm/domain/permissions';

export type PermissionGroup = { area: string; permissions: { permission: string; action: string }[] };

/** Permissions grouped by area (the part before the dot), in the registry's order. */
export const groupPermissions = (permissions: readonly string[]): PermissionGroup[] => {
  const groups = new Map<string, PermissionGroup>();
  for (const permission of permissions) {
    const [area = permission, action = ''] = permission.split('.');
    const group = groups.get(area) ?? { area, permissions: [] };
    group.permissions.push({ permission, action });
    groups.set(area, group);
  }
  return [...groups.values()];
};

/** What a role of this kind may hold; the PSA area only while the `psa_connectwise` flag is on. */
export const permissionsOfRoleType = (roleType: 'TECHNICIAN' | 'END_USER', psaEnabled: boolean) =>
  roleType === 'END_USER'
    ? [...endUserPermissions]
    : allPermissions.filter((permission) => psaEnabled || !permission.startsWith('psa.'));
