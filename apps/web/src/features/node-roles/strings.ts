/** English strings of features/node-roles/ (keys under nodeRoles.); i18n/en.ts gathers every area's. */
export const nodeRolesStrings = {
  'nodeRoles.title': 'Roles',
  'nodeRoles.intro': 'Every device has a role; it decides which dashboard shows the device.',
  'nodeRoles.class': 'Device class',
  'nodeRoles.dashboard': 'Shown on',
  'nodeRoles.type': 'Type',
  'nodeRoles.builtIn': 'Built-in',
  'nodeRoles.custom': 'Custom',
  'nodeRoles.devices': 'Devices',
  'nodeRoles.empty': 'No roles.',
} as const;
