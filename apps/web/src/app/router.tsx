import { type ConsoleRoute, consoleRoutes } from '@rmm/domain';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ComingSoonPage } from '../components/coming-soon-page.tsx';
import { ExtensionBlockedPage } from '../components/extension-blocked-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { ActivitiesPage } from '../features/activities/components/activities-page.tsx';
import {
  CustomerActivitiesPage,
  SystemActivitiesPage,
} from '../features/activities/components/dashboard-activities-page.tsx';
import {
  CustomerApprovalsPage,
  SystemApprovalsPage,
} from '../features/approvals/components/approvals-page.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { SystemDashboardOverview } from '../features/dashboard/components/system-dashboard-overview.tsx';
import { DeviceSearchPage } from '../features/device-search/components/device-search-page.tsx';
import { DeviceActivitiesPage } from '../features/devices/components/device-activities.tsx';
import { DeviceDetailsPage } from '../features/devices/components/device-details.tsx';
import { DeviceOverviewPage } from '../features/devices/components/device-overview.tsx';
import { DeviceSettingsPage } from '../features/devices/components/device-settings.tsx';
import { DeviceSoftwarePage } from '../features/devices/components/device-software.tsx';
import { DownloadsPage } from '../features/devices/components/downloads-page.tsx';
import { GroupPage } from '../features/groups/components/group-page.tsx';
import { GroupsPage } from '../features/groups/components/groups-page.tsx';
import {
  CustomerPendingJobsPage,
  SystemPendingJobsPage,
} from '../features/jobs/components/pending-jobs-page.tsx';
import { NodeRolesPage } from '../features/node-roles/components/node-roles-page.tsx';
import { CustomerDashboardOverview } from '../features/organizations/components/customer-dashboard-overview.tsx';
import { CustomerLocationDashboard } from '../features/organizations/components/customer-location-dashboard.tsx';
import { OrganizationEditor } from '../features/organizations/components/organization-editor.tsx';
import { OrganizationsPage } from '../features/organizations/components/organizations-page.tsx';
import { AppLayout } from './app-layout.tsx';
import { EditorLayout } from './editor-layout.tsx';

/** Screens by route id; every other route of the table shows "coming in a later release". */
const screens: Record<string, ComponentType> = {
  'systemDashboard.overview': SystemDashboardOverview,
  'systemDashboard.pendingScripts': SystemPendingJobsPage,
  'systemDashboard.activities__page': SystemActivitiesPage,
  'customerDashboard.pendingScripts': CustomerPendingJobsPage,
  'customerDashboard.activities__page': CustomerActivitiesPage,
  'customerDashboard.overview': CustomerDashboardOverview,
  'customerDashboard.location__location': CustomerLocationDashboard,
  'deviceDashboard.overview': DeviceOverviewPage,
  'deviceDashboard.details': DeviceDetailsPage,
  'deviceDashboard.settings': DeviceSettingsPage,
  'deviceDashboard.software__page': DeviceSoftwarePage,
  'deviceDashboard.activities__page': DeviceActivitiesPage,
  'administration.library.downloads': DownloadsPage,
  'administration.customers.organizations': OrganizationsPage,
  'administration.general.activities': ActivitiesPage,
  'editor.customer': OrganizationEditor,
  'editor.customerSection': OrganizationEditor,
  deviceSearch: DeviceSearchPage,
  group: GroupPage,
  'administration.devices.groups': GroupsPage,
  'administration.devices.roles': NodeRolesPage,
  'systemDashboard.approvals__page': SystemApprovalsPage,
  'customerDashboard.approvals__page': CustomerApprovalsPage,
};

const toRouteObject = (route: ConsoleRoute): RouteObject => {
  const Screen = screens[route.id];
  return {
    path: route.path,
    element: Screen ? <Screen /> : <ComingSoonPage name={route.title} />,
    handle: { routeId: route.id },
  };
};

export const routeObjects: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/extensionBlocked', element: <ExtensionBlockedPage /> },
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
