import { consoleRoutes, TICKET_BOARD_PATH } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { matchPath } from 'react-router';

export type NavLinkItem = { label: string; to: string };
export type NavSection = { key: string; labelKey: string; to?: string; links?: NavLinkItem[] };

/**
 * The Administration menu lists a group's pages to those who may change what the group configures; its
 * pages themselves open for those who may view them (the route table's `access`), by URL or link.
 */
const adminGroupManage: Record<string, string> = {
  General: 'settings.manage',
  Customers: 'organizations.manage',
  Users: 'users.manage',
  Devices: 'devices.manage',
  Library: 'scripts.manage',
  Policies: 'policies.manage',
  Apps: 'settings.manage',
  Billing: 'billing.manage',
};

/** Links of a group that answer to a permission of their own rather than the group's. */
const adminLinkManage: Record<string, string> = {
  '/administration/tasks': 'scheduledTasks.manage',
  // A list to read, nothing to configure: whoever may view the settings.
  '/administration/general/demoRequests': 'settings.view',
  // Which severities make a device unhealthy: a setting, for whoever may change the settings.
  '/administration/devices/healthStatus': 'settings.manage',
  // Lists to read: whoever may view billing.
  '/administration/billing/invoices': 'billing.view',
  '/administration/billing/licenseDrift': 'billing.view',
};

/** The permission the screen at this path needs (from the route table), if any. */
export const accessOfPath = (to: string): string | undefined =>
  consoleRoutes.find((route) => matchPath({ path: route.path, end: true }, to))?.access;

const mayOpen = (to: string, held: ReadonlySet<string>) => {
  const access = accessOfPath(to);
  return access === undefined || held.has(access);
};

/** The main sections with only the links the user may open; a section left empty is dropped. */
export const visibleNavSections = (held: ReadonlySet<string>): NavSection[] =>
  navSections.flatMap((section) => {
    if (section.to) return mayOpen(section.to, held) ? [section] : [];
    const links = (section.links ?? []).filter((link) => mayOpen(link.to, held));
    return links.length > 0 ? [{ ...section, links }] : [];
  });

/** The Administration menu's groups the user may manage, each with the pages they may open. */
export const visibleAdministrationLinks = (held: ReadonlySet<string>) =>
  administrationLinks()
    .map((group) => ({
      ...group,
      links: group.links.filter(
        (link) =>
          held.has(adminLinkManage[link.to] ?? adminGroupManage[group.group] ?? 'settings.manage') &&
          mayOpen(link.to, held),
      ),
    }))
    .filter((group) => group.links.length > 0);

const adminGroups: [string, string][] = [
  ['general', 'General'],
  ['customers', 'Customers'],
  ['users', 'Users'],
  ['devices', 'Devices'],
  ['library', 'Library'],
  ['policies', 'Policies'],
  ['billing', 'Billing'],
  ['apps', 'Apps'],
];

const firstPath = (path: string) => path.replace(/\/:page$/, '/1').replace(/\/\*$/, '');
/** Where an administration link goes: its first page, or the first tab of a page with tabs. */
const adminLinkOf = (path: string) =>
  path === '/administration/library/scripting/:page'
    ? links.scriptLibrary()
    : path === '/administration/general/branding/:page'
      ? links.branding()
      : firstPath(path);

/** Administration links, grouped, straight from the route table (apps subroutes collapse to Apps and Ticket rulesets). */
export const administrationLinks = (): { group: string; links: NavLinkItem[] }[] =>
  adminGroups.map(([group, label]) => ({
    group: label,
    links: consoleRoutes
      .filter((r) => r.path.startsWith(`/administration/${group}/`) && group !== 'apps')
      .map((r) => ({ label: r.title, to: adminLinkOf(r.path) }))
      .concat(
        group === 'apps'
          ? [
              { label: 'Apps', to: '/administration/apps' },
              { label: 'Ticketing', to: '/administration/apps/ticketing' },
              { label: 'Ticket rulesets', to: links.ticketRulesets() },
            ]
          : [],
      )
      .concat(
        group === 'policies'
          ? [
              { label: 'Dynamic policies', to: '/administration/dynamicPolicies' },
              { label: 'Scheduled tasks', to: '/administration/tasks' },
            ]
          : [],
      ),
  }));

export const navSections: NavSection[] = [
  { key: 'getStarted', labelKey: 'nav.getStarted', to: '/getStarted' },
  {
    key: 'dashboard',
    labelKey: 'nav.dashboard',
    links: [
      { label: 'Overview', to: '/systemDashboard/overview' },
      { label: 'Maintenance', to: '/systemDashboard/maintenance' },
      { label: 'Pending scripts', to: '/systemDashboard/pendingScripts' },
      { label: 'Alerts', to: '/systemDashboard/alerts' },
      { label: 'Threats', to: '/systemDashboard/threats/1' },
      { label: 'Approvals', to: '/systemDashboard/approvals/1' },
      { label: 'Software', to: '/systemDashboard/software/1' },
      { label: 'OS patches', to: '/systemDashboard/osPatches/1' },
      { label: 'Backup', to: '/systemDashboard/backup/overview' },
      { label: 'Activities', to: '/systemDashboard/activities/1' },
      { label: 'Knowledge base', to: '/systemDashboard/knowledgeBase' },
    ],
  },
  {
    key: 'devices',
    labelKey: 'nav.devices',
    links: [
      { label: 'Device search', to: '/deviceSearch' },
      { label: 'Network devices', to: '/nmsDashboard/all' },
      { label: 'Mobile devices', to: '/mobileDashboard/all' },
      { label: 'Virtual machines', to: '/vmDashboard/all' },
      { label: 'Cloud monitors', to: '/cloudMonitorDashboard/all' },
    ],
  },
  { key: 'organizations', labelKey: 'nav.organizations', to: '/administration/customers/organizations' },
  // The fixed board of spec §2 and §9, as the domain builds it.
  { key: 'ticketing', labelKey: 'nav.ticketing', to: TICKET_BOARD_PATH },
  { key: 'reporting', labelKey: 'nav.reporting', to: '/reporting/reports' },
  {
    key: 'remote',
    labelKey: 'nav.remoteSupport',
    links: [
      { label: 'Remote support', to: '/remoteSupport' },
      { label: 'Quick connect', to: '/quickConnect/1' },
    ],
  },
];
