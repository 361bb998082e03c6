/**
 * Every console route pattern of spec §2, in one table. The console's router, the tests and the help centre's
 * suggestions (`route-match.ts`) read it. `ready` routes have a real screen; the others show a
 * "coming in a later release" page naming the area.
 */
import type { Permission } from './permissions.ts';

export type NavArea =
  | 'getStarted'
  | 'dashboard'
  | 'devices'
  | 'ticketing'
  | 'reporting'
  | 'remote'
  | 'administration'
  | 'account'
  | 'editor';

export type ConsoleRoute = {
  /** React Router pattern. */
  path: string;
  /** Stable id, also the i18n key of the title (`routes.<id>`). */
  id: string;
  title: string;
  area: NavArea;
  /** Editors open full-screen with a close button. */
  isEditor?: boolean;
  /** Implemented screen; otherwise a "coming in a later release" page. */
  ready?: boolean;
  /** Shown in the navigation menu (needs a path without parameters). */
  inNav?: boolean;
  /** Example concrete path for route-walk tests. */
  example?: string;
  /** The permission the screen needs; without it the console shows its "no access" page. */
  access?: Permission;
};

const dashboardTabs = (
  prefix: string,
  idPrefix: string,
  area: NavArea,
  tabs: [string, string][],
  example: (tab: string) => string,
): ConsoleRoute[] =>
  tabs.map(([tab, title]) => ({
    path: `${prefix}/${tab}`,
    id: `${idPrefix}.${tab.replace(/[/:*]/g, '_')}`,
    title,
    area,
    example: example(tab),
  }));

const fill = (tab: string) => tab.replace(':page', '1').replace(':location', '1').replace('*', 'main');

/** Integration pages under /administration/apps (spec §2 leaves their names to us). */
export const integrationApps: [string, string][] = [
  ['patching', 'Patching'],
  ['api', 'API'],
  ['ticketing', 'Ticketing'],
  ['backup', 'Backup'],
  ['documentation', 'Documentation'],
  ['remoteSupport', 'Remote support'],
  ['mdm', 'Mobile device management'],
  ['remoteAccess', 'Remote access'],
  ['teamviewer', 'TeamViewer'],
  ['splashtop', 'Splashtop'],
  ['connectwiseControl', 'ConnectWise Control'],
  ['connectwise', 'ConnectWise PSA'],
  ['autotask', 'Autotask PSA'],
  ['haloPsa', 'HaloPSA'],
  ['bitdefender', 'Bitdefender GravityZone'],
  ['sentinelOne', 'SentinelOne'],
  ['webroot', 'Webroot'],
  ['packageManager', 'Package manager'],
  ['notificationChannels', 'Notification channels'],
  ['vulnerabilityManagement', 'Vulnerability management'],
  ['qualys', 'Qualys'],
  ['rapid7', 'Rapid7'],
  ['tenable', 'Tenable'],
];

/** What an administration group's pages need, unless a page says otherwise. */
const adminGroupAccess: Record<string, Permission> = {
  general: 'settings.view',
  apps: 'settings.view',
  users: 'users.view',
  devices: 'devices.view',
  library: 'scripts.view',
  customers: 'organizations.view',
  policies: 'policies.view',
  billing: 'billing.view',
};

const adminPage = (
  group: string,
  page: string,
  title: string,
  extra: Partial<ConsoleRoute> = {},
): ConsoleRoute => ({
  path: `/administration/${group}/${page}`,
  id: `administration.${group}.${page.replace(/[/:*]/g, '_')}`,
  title,
  area: 'administration',
  example: `/administration/${group}/${fill(page)}`,
  ...(adminGroupAccess[group] ? { access: adminGroupAccess[group] } : {}),
  ...extra,
});

const editor = (
  path: string,
  id: string,
  title: string,
  example: string,
  access?: Permission,
): ConsoleRoute => ({
  path,
  id: `editor.${id}`,
  title,
  area: 'editor',
  isEditor: true,
  example,
  ...(access ? { access } : {}),
});

export const consoleRoutes: ConsoleRoute[] = [
  { path: '/getStarted', id: 'getStarted', title: 'Get started', area: 'getStarted', inNav: true },
  // Not in the spec: one's own second factors, sessions and API tokens (from the user menu).
  {
    path: '/account/:tab',
    id: 'account',
    title: 'My account',
    area: 'account',
    example: '/account/security',
  },
  ...dashboardTabs(
    '/systemDashboard',
    'systemDashboard',
    'dashboard',
    [
      ['overview', 'Dashboard'],
      ['maintenance', 'Maintenance'],
      ['pendingScripts', 'Pending scripts'],
      ['alerts', 'Alerts'],
      ['threats/:page', 'Threats'],
      ['approvals/:page', 'Approvals'],
      ['software/:page', 'Software'],
      ['osPatches/:page', 'OS patches'],
      ['backup/:page', 'Backup'],
      ['activities/:page', 'Activities'],
      ['activities/remoteControl', 'Remote control activities'],
      ['activities/remoteTools', 'Remote tools activities'],
      ['knowledgeBase', 'Knowledge base'],
    ],
    (tab) => `/systemDashboard/${fill(tab)}`,
  ),
  ...dashboardTabs(
    '/customerDashboard/:id',
    'customerDashboard',
    'dashboard',
    [
      ['overview', 'Organization overview'],
      ['location/:location', 'Location'],
      ['maintenance', 'Maintenance'],
      ['pendingScripts', 'Pending scripts'],
      ['alerts', 'Alerts'],
      ['threats/:page', 'Threats'],
      ['approvals/:page', 'Approvals'],
      ['software/:page', 'Software'],
      ['osPatches/:page', 'OS patches'],
      ['backup/:page', 'Backup'],
      ['activities/:page', 'Activities'],
      ['documentation/*', 'Documentation'],
      ['customFields/*', 'Custom fields'],
      ['ticketing', 'Ticketing'],
    ],
    (tab) => `/customerDashboard/1/${fill(tab)}`,
  ),
  // Issue 21: the organization's agreements, invoices and license drift.
  {
    path: '/customerDashboard/:id/billing',
    id: 'customerDashboard.billing',
    title: 'Billing',
    area: 'dashboard',
    ready: true,
    access: 'billing.view',
    example: '/customerDashboard/1/billing',
  },
  ...dashboardTabs(
    '/deviceDashboard/:id',
    'deviceDashboard',
    'devices',
    [
      ['overview', 'Device overview'],
      ['details', 'Details'],
      ['settings', 'Settings'],
      ['software/:page', 'Software'],
      ['osPatches/:page', 'OS patches'],
      ['tools/:page', 'Tools'],
      ['backup/:page', 'Backup'],
      ['activities/:page', 'Activities'],
      ['customFields', 'Custom fields'],
      ['ticketing', 'Ticketing'],
    ],
    (tab) => `/deviceDashboard/1/${fill(tab)}`,
  ),
  adminPage('general', 'settings', 'Settings'),
  // An unknown branding page is replaced by the general one: its example names a real one.
  adminPage('general', 'branding/:page', 'Branding', { example: '/administration/general/branding/general' }),
  adminPage('general', 'activities', 'Activities', { ready: true, inNav: true, access: 'activities.view' }),
  // Not in the spec: the backup demo requests received (issue 17), for those who see the settings.
  adminPage('general', 'demoRequests', 'Demo requests'),
  // The built-in help desk's tickets (issue 17; docs/decisions.md "Help tickets and attachments").
  adminPage('general', 'supportInbox', 'Support inbox', { ready: true, access: 'settings.manage' }),
  {
    path: '/administration/apps',
    id: 'administration.apps',
    title: 'Apps',
    area: 'administration',
    inNav: true,
  },
  // ConnectWise PSA (issue 22): spec §6's PSA access configuration permission, the PSA flag on (the page says so).
  ...integrationApps.map(([page, title]) =>
    adminPage('apps', page, title, page === 'connectwise' ? { access: 'psa.configure' } : {}),
  ),
  // The ticket rulesets (issue 20, spec §3 and §7): a page of the ticketing app, read with ticketing.view.
  adminPage('apps', 'ticketing/rulesets', 'Ticket rulesets', { ready: true, access: 'ticketing.view' }),
  adminPage('users', 'technicians', 'Technicians'),
  adminPage('users', 'technicianRoles', 'Technician roles'),
  adminPage('users', 'singleSignOn', 'Single sign-on'),
  adminPage('users', 'securitySettings', 'Security settings', { access: 'settings.view' }),
  adminPage('users', 'endUsers', 'End users'),
  adminPage('users', 'endUserRoles', 'End-user roles'),
  adminPage('users', 'contacts', 'Contacts', { access: 'organizations.view' }),
  adminPage('devices', 'groups', 'Groups'),
  adminPage('devices', 'roles', 'Roles'),
  // Not in spec §2's list: the MSP's device tags (issue 17), for those who may change them.
  adminPage('devices', 'tags', 'Tags', { ready: true, inNav: true, access: 'devices.manage' }),
  adminPage('devices', 'roleCustomFields', 'Role custom fields'),
  adminPage('devices', 'globalCustomFields', 'Global custom fields'),
  adminPage('devices', 'healthStatus', 'Health status', { access: 'settings.view' }),
  adminPage('devices', 'cache', 'Cache'),
  adminPage('library', 'downloads', 'Downloads', { access: 'devices.view' }),
  adminPage('library', 'snmpLibrary', 'SNMP library'),
  // `:page` is the tab: `scripts` (the library) or `templates`; any other value opens `scripts`.
  adminPage('library', 'scripting/:page', 'Scripting', {
    example: '/administration/library/scripting/scripts',
  }),
  adminPage('customers', 'organizations', 'Organizations', { ready: true, inNav: true }),
  // Not in spec §2's list: the product catalogue of the billing area (issue 21; spec §2's product dialogs).
  adminPage('billing', 'products', 'Products', { ready: true, inNav: true }),
  // Billing (issue 21): every organization's invoices, license drift, and the agreement templates.
  adminPage('billing', 'invoices', 'Invoices', { ready: true }),
  adminPage('billing', 'licenseDrift', 'License drift', { ready: true }),
  adminPage('billing', 'agreementTemplates', 'Agreement templates', { ready: true }),
  adminPage('policies', 'agent', 'Agent policies'),
  adminPage('policies', 'nms', 'NMS policies'),
  adminPage('policies', 'virtualization', 'Virtualization policies'),
  adminPage('policies', 'mdm', 'MDM policies'),
  {
    path: '/administration/dynamicPolicies',
    id: 'administration.dynamicPolicies',
    title: 'Dynamic policies',
    area: 'administration',
    access: 'policies.view',
  },
  {
    path: '/administration/tasks',
    id: 'administration.tasks',
    title: 'Scheduled tasks',
    area: 'administration',
    access: 'scheduledTasks.view',
  },
  {
    path: '/deviceSearch',
    id: 'deviceSearch',
    title: 'Device search',
    area: 'devices',
    inNav: true,
    access: 'devices.view',
  },
  {
    path: '/group/:id',
    id: 'group',
    title: 'Group',
    area: 'devices',
    example: '/group/1',
    access: 'devices.view',
  },
  {
    path: '/remoteSupport',
    id: 'remoteSupport',
    title: 'Remote support',
    area: 'remote',
    inNav: true,
    access: 'remoteAccess.connect',
  },
  {
    path: '/quickConnect/:page',
    id: 'quickConnect',
    title: 'Quick connect',
    area: 'remote',
    example: '/quickConnect/1',
  },
  {
    path: '/reporting/*',
    id: 'reporting',
    title: 'Reporting',
    area: 'reporting',
    inNav: true,
    access: 'reporting.view',
    example: '/reporting/main',
  },
  {
    path: '/ticketing/*',
    id: 'ticketing',
    title: 'Ticketing',
    area: 'ticketing',
    inNav: true,
    access: 'ticketing.view',
    // `board/:id` (board 1 is spec §9's fixed board; `/ticketing` opens it), `ticket/:id` and `new`.
    example: '/ticketing/board/1',
  },
  {
    path: '/cloudMonitorDashboard/*',
    id: 'cloudMonitorDashboard',
    title: 'Cloud monitors',
    area: 'devices',
    example: '/cloudMonitorDashboard/1',
  },
  {
    path: '/mobileDashboard/*',
    id: 'mobileDashboard',
    title: 'Mobile devices',
    area: 'devices',
    example: '/mobileDashboard/1',
  },
  {
    path: '/vmDashboard/*',
    id: 'vmDashboard',
    title: 'Virtual machine hosts',
    area: 'devices',
    example: '/vmDashboard/1',
  },
  {
    path: '/vmGuestDashboard/*',
    id: 'vmGuestDashboard',
    title: 'Virtual machine guests',
    area: 'devices',
    example: '/vmGuestDashboard/1',
  },
  {
    path: '/nmsDashboard/*',
    id: 'nmsDashboard',
    title: 'Network devices',
    area: 'devices',
    example: '/nmsDashboard/1',
  },
  // Editors (full screen, with a close button).
  editor('/editor/report/:id?', 'report', 'Report editor', '/editor/report', 'reporting.view'),
  // The network shares the organization's plans back up to, with their organization credential.
  editor(
    '/editor/customer/:id/backup/network-storage',
    'customerBackupNetworkStorage',
    'Network storage',
    '/editor/customer/1/backup/network-storage',
    'backup.viewAndRestore',
  ),
  // The organization's backup: plans (`plans`, `plans/new`, `plans/<planId>`), throttles, settings (issue 18).
  editor(
    '/editor/customer/:id/backup/*',
    'customerBackup',
    'Backup plans',
    '/editor/customer/1/backup/plans',
    'backup.viewAndRestore',
  ),
  editor(
    '/editor/customer/:id',
    'customer',
    'Organization editor',
    '/editor/customer/1',
    'organizations.view',
  ),
  editor(
    '/editor/customer/:id/*',
    'customerSection',
    'Organization editor',
    '/editor/customer/1/credentials',
    'organizations.view',
  ),
  // A policy (`new`, `<id>`, `<id>/conditions`; issue 19).
  editor('/editor/policy/*', 'policy', 'Policy editor', '/editor/policy/1', 'policies.view'),
  editor('/editor/vmpolicy/*', 'vmpolicy', 'Virtualization policy editor', '/editor/vmpolicy/1'),
  editor('/editor/androidpolicy/*', 'androidpolicy', 'Android policy editor', '/editor/androidpolicy/1'),
  editor('/editor/iospolicy/*', 'iospolicy', 'iOS policy editor', '/editor/iospolicy/1'),
  editor(
    '/editor/scheduledTask/*',
    'scheduledTask',
    'Scheduled task editor',
    '/editor/scheduledTask/1',
    'scheduledTasks.view',
  ),
  editor('/editor/user/:id/*', 'user', 'User editor', '/editor/user/1/general', 'users.view'),
  editor('/editor/role/:id/*', 'role', 'Role editor', '/editor/role/1/general', 'users.view'),
  editor('/editor/endUser/:id/*', 'endUser', 'End user editor', '/editor/endUser/1/general', 'users.view'),
  editor(
    '/editor/websiteBranding',
    'websiteBranding',
    'Website branding',
    '/editor/websiteBranding',
    'settings.view',
  ),
  editor('/editor/systray/general', 'systrayGeneral', 'Systray editor', '/editor/systray/general'),
  editor('/editor/systray/systrayMenu', 'systrayMenu', 'Systray menu', '/editor/systray/systrayMenu'),
  editor('/editor/systray/:id/general', 'systrayIdGeneral', 'Systray editor', '/editor/systray/1/general'),
  editor('/editor/systray/:id/systrayMenu', 'systrayIdMenu', 'Systray menu', '/editor/systray/1/systrayMenu'),
  editor('/editor/cloudMonitor/:id?', 'cloudMonitor', 'Cloud monitor editor', '/editor/cloudMonitor'),
  editor('/editor/script/:id', 'script', 'Script editor', '/editor/script/1', 'scripts.view'),
  editor(
    '/editor/templateScript/:id',
    'templateScript',
    'Template script editor',
    '/editor/templateScript/1',
    'scripts.view',
  ),
  editor('/editor/shadowProtect/*', 'shadowProtect', 'ShadowProtect editor', '/editor/shadowProtect/1'),
  editor('/editor/imageManager/*', 'imageManager', 'ImageManager editor', '/editor/imageManager/1'),
  {
    path: '/extensionBlocked',
    id: 'extensionBlocked',
    title: 'Browser extension blocked',
    area: 'remote',
    ready: true,
  },
];

/** Screens implemented so far (the rest show "coming in a later release"). */
const readyIds = new Set([
  'systemDashboard.overview',
  'customerDashboard.overview',
  'customerDashboard.location__location',
  'deviceDashboard.overview',
  'deviceDashboard.details',
  'deviceDashboard.settings',
  'deviceDashboard.software__page',
  'deviceDashboard.activities__page',
  'administration.library.downloads',
  'administration.library.scripting__page',
  'editor.script',
  'editor.templateScript',
  'systemDashboard.pendingScripts',
  'systemDashboard.approvals__page',
  'customerDashboard.approvals__page',
  'deviceSearch',
  'group',
  'administration.devices.groups',
  'administration.devices.roles',
  'customerDashboard.pendingScripts',
  'systemDashboard.activities__page',
  'customerDashboard.activities__page',
  'editor.customer',
  'editor.customerSection',
  'administration.general.settings',
  'account',
  'administration.users.technicians',
  'administration.users.technicianRoles',
  'administration.users.endUsers',
  'administration.users.endUserRoles',
  'administration.users.contacts',
  'administration.users.securitySettings',
  'administration.users.singleSignOn',
  'editor.user',
  'editor.role',
  'editor.endUser',
  'administration.tasks',
  'editor.scheduledTask',
  'administration.general.branding__page',
  'editor.websiteBranding',
  'systemDashboard.knowledgeBase',
  'customerDashboard.documentation__',
  // Backup (issue 18): the dashboards (the promotion where backup is not enabled) and the plan editor.
  'systemDashboard.backup__page',
  'customerDashboard.backup__page',
  'deviceDashboard.backup__page',
  'editor.customerBackup',
  'editor.customerBackupNetworkStorage',
  'administration.general.demoRequests',
  // Notification channels (issue 19): read with settings.view (the apps group's), changed with settings.manage.
  'administration.apps.notificationChannels',

  // Monitoring (issue 19): the alert lists, the maintenance windows and the health status settings.
  'systemDashboard.alerts',
  'customerDashboard.alerts',
  'systemDashboard.maintenance',
  'customerDashboard.maintenance',
  'administration.devices.healthStatus',

  // Policies (issue 19): the agent policies, their editor and the dynamic policies.
  'administration.policies.agent',
  'editor.policy',
  'administration.dynamicPolicies',

  // Ticketing (issue 20): boards, tickets, the device's and organization's tickets, and its settings.
  'ticketing',
  'deviceDashboard.ticketing',
  'customerDashboard.ticketing',
  'administration.apps.ticketing',

  // ConnectWise PSA (issue 22): connection, mappings, product and configuration-type mappings, sync.
  'administration.apps.connectwise',
]);
/** Dashboard tabs that need a permission (the tab helper declares none). */
const tabAccess: Record<string, Permission> = {
  'systemDashboard.knowledgeBase': 'knowledgeBase.view',
  'customerDashboard.documentation__': 'knowledgeBase.view',
  'systemDashboard.alerts': 'alerts.view',
  'customerDashboard.alerts': 'alerts.view',
  'systemDashboard.maintenance': 'alerts.view',
  'customerDashboard.maintenance': 'alerts.view',
  'deviceDashboard.ticketing': 'ticketing.view',
  'customerDashboard.ticketing': 'ticketing.view',
};
/** Dashboard tabs whose `:page` takes names, not numbers (the backup pages: docs/decisions.md "Backup console"). */
const tabExamples: Record<string, string> = {
  'systemDashboard.backup__page': '/systemDashboard/backup/overview',
  'customerDashboard.backup__page': '/customerDashboard/1/backup/overview',
  'deviceDashboard.backup__page': '/deviceDashboard/1/backup/overview',
};
for (const route of consoleRoutes) {
  if (readyIds.has(route.id)) route.ready = true;
  const access = tabAccess[route.id];
  if (access) route.access = access;
  const example = tabExamples[route.id];
  if (example) route.example = example;
}

export const routeExample = (route: ConsoleRoute): string => route.example ?? route.path;

/** The browser-extension isolation page text (spec §2). */
export const EXTENSION_BLOCKED_TEXT = 'Your admin has blocked this browser extension.';

export const TICKET_BOARD_ID = 1;
/** The fixed ticketing board path (spec §2, §9): /ticketing/board/1. Plain data, read by the navigation. */
export const ticketBoardPath = (boardId: number = TICKET_BOARD_ID): string => `/ticketing/board/${boardId}`;
export const TICKET_BOARD_PATH = ticketBoardPath();
