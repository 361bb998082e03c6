/**
 * Spec §2 "Suggested articles by route pattern": every route pattern listed there, and the help articles
 * (slugs of `docs/help/en/`) the help menu suggests on it, best first. Each pattern is a pattern of the route
 * table (`routes.ts`); a path is matched to it as the console's router matches (`route-match.ts`). Each
 * article's front matter lists the same patterns under `routes` (help-suggestions.test.ts holds the two
 * together). Plain data: the console's first load may import it.
 */
import { integrationApps } from './routes.ts';

const under = (prefix: string, pages: string[]) => pages.map((page) => `${prefix}/${page}`);

/** The patterns of spec §2's list, in its order. */
export const specHelpRoutePatterns: readonly string[] = [
  '/getStarted',
  ...under('/systemDashboard', [
    'overview',
    'maintenance',
    'pendingScripts',
    'alerts',
    'threats/:page',
    'approvals/:page',
    'software/:page',
    'osPatches/:page',
    'backup/:page',
    'activities/:page',
    'activities/remoteControl',
    'activities/remoteTools',
    'knowledgeBase',
  ]),
  ...under('/customerDashboard/:id', [
    'overview',
    'location/:location',
    'maintenance',
    'pendingScripts',
    'alerts',
    'threats/:page',
    'approvals/:page',
    'software/:page',
    'osPatches/:page',
    'backup/:page',
    'activities/:page',
    'documentation/*',
    'customFields/*',
    'ticketing',
  ]),
  ...under('/deviceDashboard/:id', [
    'overview',
    'details',
    'settings',
    'software/:page',
    'osPatches/:page',
    'tools/:page',
    'backup/:page',
    'activities/:page',
    'customFields',
    'ticketing',
  ]),
  ...under('/administration/general', ['settings', 'branding/:page', 'activities']),
  '/administration/apps',
  ...under(
    '/administration/apps',
    integrationApps.map(([page]) => page),
  ),
  ...under('/administration/users', [
    'technicianRoles',
    'singleSignOn',
    'securitySettings',
    'endUserRoles',
    'contacts',
  ]),
  ...under('/administration/devices', [
    'groups',
    'roles',
    'roleCustomFields',
    'globalCustomFields',
    'healthStatus',
    'cache',
  ]),
  ...under('/administration/library', ['downloads', 'snmpLibrary', 'scripting/:page']),
  '/administration/customers/organizations',
  ...under('/administration/policies', ['agent', 'nms', 'virtualization', 'mdm']),
  '/administration/dynamicPolicies',
  '/administration/tasks',
  '/deviceSearch',
  '/group/:id',
  '/remoteSupport',
  '/quickConnect/:page',
  '/reporting/*',
  '/ticketing/*',
  '/cloudMonitorDashboard/*',
  '/mobileDashboard/*',
  '/vmDashboard/*',
  '/vmGuestDashboard/*',
  '/nmsDashboard/*',
];

/** Route pattern → suggested article slugs, best first (generated from the articles' front matter). */
export const helpSuggestions: Readonly<Record<string, readonly string[]>> = {};
