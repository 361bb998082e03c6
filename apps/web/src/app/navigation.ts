import { consoleRoutes, TICKET_BOARD_PATH } from '@rmm/domain';

export type NavLinkItem = { label: string; to: string };
export type NavSection = { key: string; labelKey: string; to?: string; links?: NavLinkItem[] };

const adminGroups: [string, string][] = [
  ['general', 'General'],
  ['customers', 'Customers'],
  ['users', 'Users'],
  ['devices', 'Devices'],
  ['library', 'Library'],
  ['policies', 'Policies'],
  ['apps', 'Apps'],
];

const firstPath = (path: string) => path.replace(/\/:page$/, '/1').replace(/\/\*$/, '');

/** Administration links, grouped, straight from the route table (apps subroutes collapse to one link). */
export const administrationLinks = (): { group: string; links: NavLinkItem[] }[] =>
  adminGroups.map(([group, label]) => ({
    group: label,
    links: consoleRoutes
      .filter((r) => r.path.startsWith(`/administration/${group}/`) && group !== 'apps')
      .map((r) => ({ label: r.title, to: firstPath(r.path) }))
      .concat(group === 'apps' ? [{ label: 'Apps', to: '/administration/apps' }] : [])
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
      { label: 'Backup', to: '/systemDashboard/backup/1' },
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
