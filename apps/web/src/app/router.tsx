import { type ConsoleRoute, consoleRoutes } from '@rmm/domain';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ComingSoonPage } from '../components/coming-soon-page.tsx';
import { NoAccessPage } from '../components/no-access-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { loadAreaStrings } from '../i18n/index.ts';
import { AppLayout } from './app-layout.tsx';
import { EditorLayout } from './editor-layout.tsx';
import { useHasPermission } from './session/queries.ts';
import { RequireAuth } from './session/require-auth.tsx';
import { StandaloneFrame } from './standalone-frame.tsx';

type Screen = LazyExoticComponent<ComponentType>;

/**
 * A screen whose code loads only when its route is first shown (the layouts keep the frame meanwhile),
 * together with the on-demand areas' strings unless it is part of the first load (the dashboard).
 */
const screen = <M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  { firstLoad = false }: { firstLoad?: boolean } = {},
): Screen =>
  lazy(async () => {
    const [module] = await Promise.all([load(), firstLoad ? undefined : loadAreaStrings()]);
    return { default: module[name] as ComponentType };
  });

const activities = () => import('../pages/activities/dashboard-activities-page.tsx');
const approvals = () => import('../pages/approvals/approvals-page.tsx');
const pendingJobs = () => import('../features/jobs/components/pending-jobs-page.tsx');
const users = () => import('../features/users/components/users-page.tsx');
const roles = () => import('../features/users/components/roles-page.tsx');
const userEditor = () => import('../features/users/components/user-editor.tsx');
const knowledgeBase = () => import('../features/knowledge-base/components/knowledge-base-page.tsx');
const backup = () => import('../pages/backup/backup-pages.tsx');
const alerts = () => import('../features/alerts/components/alerts-page.tsx');
const maintenance = () => import('../features/alerts/components/maintenance-page.tsx');
const backupEditor = screen(() => import('../features/backup/components/backup-editor.tsx'), 'BackupEditor');
const organizationEditor = screen(
  () => import('../pages/organizations/organization-editor-page.tsx'),
  'OrganizationEditorPage',
);
const policies = () => import('../features/policies/components/policies-page.tsx');

/**
 * Screens by route id, each loaded on demand: a new screen is one line here, never a static import.
 * Every other route of the table shows "coming in a later release".
 */
const screens: Record<string, Screen> = {
  'systemDashboard.overview': screen(
    () => import('../features/dashboard/components/system-dashboard-overview.tsx'),
    'SystemDashboardOverview',
    { firstLoad: true },
  ),
  'systemDashboard.pendingScripts': screen(pendingJobs, 'SystemPendingJobsPage'),
  'systemDashboard.activities__page': screen(activities, 'SystemActivitiesPage'),
  'customerDashboard.pendingScripts': screen(pendingJobs, 'CustomerPendingJobsPage'),
  'customerDashboard.activities__page': screen(activities, 'CustomerActivitiesPage'),
  'customerDashboard.overview': screen(
    () => import('../pages/customer-dashboard/customer-dashboard-overview.tsx'),
    'CustomerDashboardOverview',
  ),
  'customerDashboard.location__location': screen(
    () => import('../pages/customer-dashboard/customer-location-dashboard.tsx'),
    'CustomerLocationDashboard',
  ),
  'deviceDashboard.overview': screen(
    () => import('../pages/device-dashboard/device-overview.tsx'),
    'DeviceOverviewPage',
  ),
  'deviceDashboard.details': screen(
    () => import('../pages/device-dashboard/device-details.tsx'),
    'DeviceDetailsPage',
  ),
  'deviceDashboard.settings': screen(
    () => import('../pages/device-dashboard/device-settings.tsx'),
    'DeviceSettingsPage',
  ),
  'deviceDashboard.software__page': screen(
    () => import('../pages/device-dashboard/device-software.tsx'),
    'DeviceSoftwarePage',
  ),
  'deviceDashboard.activities__page': screen(
    () => import('../pages/device-dashboard/device-activities.tsx'),
    'DeviceActivitiesPage',
  ),
  'administration.library.downloads': screen(
    () => import('../features/devices/components/downloads-page.tsx'),
    'DownloadsPage',
  ),
  'administration.library.scripting__page': screen(
    () => import('../features/scripts/components/script-library-page.tsx'),
    'ScriptLibraryPage',
  ),
  'editor.script': screen(() => import('../features/scripts/components/script-editor.tsx'), 'ScriptEditor'),
  'editor.templateScript': screen(
    () => import('../features/scripts/components/template-script-editor.tsx'),
    'TemplateScriptEditor',
  ),
  'administration.customers.organizations': screen(
    () => import('../features/organizations/components/organizations-page.tsx'),
    'OrganizationsPage',
  ),
  account: screen(() => import('../pages/account/account-page.tsx'), 'AccountPage'),
  'administration.users.securitySettings': screen(
    () => import('../features/settings/components/security-settings-page.tsx'),
    'SecuritySettingsPage',
  ),
  'administration.general.settings': screen(
    () => import('../features/settings/components/general-settings-page.tsx'),
    'GeneralSettingsPage',
  ),
  'administration.general.activities': screen(
    () => import('../pages/activities/activities-page.tsx'),
    'ActivitiesPage',
  ),
  'administration.general.supportInbox': screen(
    () => import('../features/support-inbox/components/support-inbox-page.tsx'),
    'SupportInboxPage',
  ),
  'editor.customer': organizationEditor,
  'editor.customerSection': organizationEditor,
  deviceSearch: screen(
    () => import('../features/device-search/components/device-search-page.tsx'),
    'DeviceSearchPage',
  ),
  group: screen(() => import('../pages/groups/group-page.tsx'), 'GroupPage'),
  'administration.devices.groups': screen(() => import('../pages/groups/groups-page.tsx'), 'GroupsPage'),
  'administration.devices.roles': screen(
    () => import('../features/node-roles/components/node-roles-page.tsx'),
    'NodeRolesPage',
  ),
  'administration.billing.products': screen(
    () => import('../features/products/components/products-page.tsx'),
    'ProductsPage',
  ),
  'administration.devices.tags': screen(
    () => import('../features/tags/components/tags-page.tsx'),
    'TagsPage',
  ),
  'administration.users.technicians': screen(users, 'TechniciansPage'),
  'administration.users.endUsers': screen(users, 'EndUsersPage'),
  'administration.users.technicianRoles': screen(roles, 'TechnicianRolesPage'),
  'administration.users.endUserRoles': screen(roles, 'EndUserRolesPage'),
  'administration.users.contacts': screen(
    () => import('../features/users/components/contacts-page.tsx'),
    'ContactsPage',
  ),
  'administration.users.singleSignOn': screen(
    () => import('../features/users/components/sso-settings-page.tsx'),
    'SsoSettingsPage',
  ),
  'editor.user': screen(userEditor, 'UserEditor'),
  'editor.endUser': screen(userEditor, 'EndUserEditor'),
  'editor.role': screen(() => import('../features/users/components/role-editor.tsx'), 'RoleEditor'),
  'administration.general.branding__page': screen(
    () => import('../features/branding/components/branding-page.tsx'),
    'BrandingPage',
  ),
  'editor.websiteBranding': screen(
    () => import('../features/branding/components/website-branding-editor.tsx'),
    'WebsiteBrandingEditor',
  ),
  'administration.tasks': screen(
    () => import('../features/scheduled-tasks/components/scheduled-tasks-page.tsx'),
    'ScheduledTasksPage',
  ),
  'editor.scheduledTask': screen(
    () => import('../pages/scheduled-tasks/scheduled-task-editor-page.tsx'),
    'ScheduledTaskEditorPage',
  ),
  'systemDashboard.approvals__page': screen(approvals, 'SystemApprovalsPage'),
  'customerDashboard.approvals__page': screen(approvals, 'CustomerApprovalsPage'),
  'systemDashboard.knowledgeBase': screen(knowledgeBase, 'KnowledgeBasePage'),
  'customerDashboard.documentation__': screen(knowledgeBase, 'OrganizationKnowledgeBasePage'),
  'systemDashboard.backup__page': screen(backup, 'SystemBackupPage'),
  'customerDashboard.backup__page': screen(backup, 'CustomerBackupPage'),
  'deviceDashboard.backup__page': screen(backup, 'DeviceBackupPage'),
  'editor.customerBackup': backupEditor,
  'editor.customerBackupNetworkStorage': backupEditor,
  'administration.apps.ticketing_rulesets': screen(
    () => import('../features/ticket-rulesets/components/ticket-rulesets-page.tsx'),
    'TicketRulesetsPage',
  ),
  'administration.apps.notificationChannels': screen(
    () => import('../features/notification-channels/components/notification-channels-page.tsx'),
    'NotificationChannelsPage',
  ),
  'systemDashboard.alerts': screen(alerts, 'SystemAlertsPage'),
  'customerDashboard.alerts': screen(alerts, 'CustomerAlertsPage'),
  'systemDashboard.maintenance': screen(maintenance, 'SystemMaintenancePage'),
  'customerDashboard.maintenance': screen(maintenance, 'CustomerMaintenancePage'),
  'administration.devices.healthStatus': screen(
    () => import('../features/alerts/components/health-status-page.tsx'),
    'HealthStatusPage',
  ),
  'administration.policies.agent': screen(policies, 'PoliciesPage'),
  'editor.policy': screen(() => import('../features/policies/components/policy-editor.tsx'), 'PolicyEditor'),
  'administration.dynamicPolicies': screen(
    () => import('../features/policies/components/dynamic-policies-page.tsx'),
    'DynamicPoliciesPage',
  ),
  // Ticketing (issue 20): `/ticketing/*` (boards, tickets, a new ticket), the dashboards' tabs, its settings.
  ticketing: screen(() => import('../pages/ticketing/ticketing-route.tsx'), 'TicketingRoute'),
  'deviceDashboard.ticketing': screen(
    () => import('../pages/device-dashboard/device-ticketing.tsx'),
    'DeviceTicketingPage',
  ),
  'customerDashboard.ticketing': screen(
    () => import('../pages/customer-dashboard/customer-ticketing.tsx'),
    'CustomerTicketingPage',
  ),
  'administration.apps.ticketing': screen(
    () => import('../pages/ticketing/ticketing-settings-page.tsx'),
    'TicketingSettingsPage',
  ),
  // Billing (issue 21): an organization's billing, invoices, license drift, agreement templates.
  'customerDashboard.billing': screen(
    () => import('../pages/customer-dashboard/customer-billing.tsx'),
    'CustomerBillingPage',
  ),
  'administration.billing.invoices': screen(
    () => import('../features/billing/components/invoices-page.tsx'),
    'InvoicesPage',
  ),
  'administration.billing.licenseDrift': screen(
    () => import('../features/billing/components/license-drift-page.tsx'),
    'LicenseDriftPage',
  ),
  'administration.billing.agreementTemplates': screen(
    () => import('../features/billing/components/agreement-templates-page.tsx'),
    'AgreementTemplatesPage',
  ),
  'administration.apps.connectwise': screen(
    () => import('../features/psa/components/psa-page.tsx'),
    'PsaPage',
  ),
  'administration.general.demoRequests': screen(
    () => import('../features/backup-promotion/components/demo-requests-page.tsx'),
    'DemoRequestsPage',
  ),
};

const LoginPage = screen(() => import('../features/auth/components/login-page.tsx'), 'LoginPage', {
  firstLoad: true,
});
const InvitationPage = screen(
  () => import('../features/users/components/invitation-page.tsx'),
  'InvitationPage',
);
const ExtensionBlockedPage = screen(
  () => import('../components/extension-blocked-page.tsx'),
  'ExtensionBlockedPage',
);

/** The screen, or the "no access" page when the route needs a permission the user lacks. */
const Guarded = ({ route, children }: { route: ConsoleRoute & { access: string }; children: ReactNode }) =>
  useHasPermission(route.access) ? children : <NoAccessPage name={route.title} />;

const toRouteObject = (route: ConsoleRoute): RouteObject => {
  const Screen = screens[route.id];
  const element = Screen ? <Screen /> : <ComingSoonPage name={route.title} />;
  return {
    path: route.path,
    element: route.access ? <Guarded route={{ ...route, access: route.access }}>{element}</Guarded> : element,
    handle: { routeId: route.id },
  };
};

export const routeObjects: RouteObject[] = [
  {
    element: <StandaloneFrame />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/invitation/:token', element: <InvitationPage /> },
      { path: '/extensionBlocked', element: <ExtensionBlockedPage /> },
    ],
  },
  {
    element: (
      <RequireAuth>
        <EditorLayout />
      </RequireAuth>
    ),
    children: consoleRoutes.filter((r) => r.isEditor).map(toRouteObject),
  },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to="/systemDashboard/overview" replace /> },
      ...consoleRoutes.filter((r) => !r.isEditor && r.id !== 'extensionBlocked').map(toRouteObject),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routeObjects);
