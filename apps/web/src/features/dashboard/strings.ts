/** English strings of features/dashboard/ (keys under dashboard.); i18n/en.ts gathers every area's. */
export const dashboardStrings = {
  'dashboard.title': 'Dashboard',
  'dashboard.organizations': 'Organizations',
  'dashboard.devices': 'Devices',
  'dashboard.refreshEvery': 'Refresh every',
  'dashboard.refreshNow': 'Refresh now',
  'dashboard.byOrganization': 'Devices by organization',
  'dashboard.organization': 'Organization',
  'dashboard.allOrganizations': 'All organizations',
  'dashboard.total': 'Total',
  'dashboard.devicesWithStatus': 'Devices {status}',
  'dashboard.noOrganizations': 'No organizations yet. Create the first one to start enrolling devices.',
} as const;
