import { Button, Group } from '@mantine/core';
import { links } from '@rmm/domain/links';
import {
  IconActivity,
  IconAlertTriangle,
  IconBook,
  IconCalendarEvent,
  IconCloudUpload,
  IconHourglass,
  IconReceipt,
  IconTicket,
  IconUserCheck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';

/** The organization's own dashboard pages, by path under `/customerDashboard/:id/` and route id. */
const pages = [
  {
    path: (id: number) => links.organizationPage(id, 'approvals'),
    routeId: 'customerDashboard.approvals__page',
    icon: IconUserCheck,
  },
  {
    path: (id: number) => links.organization(id, 'pendingScripts'),
    routeId: 'customerDashboard.pendingScripts',
    icon: IconHourglass,
  },
  {
    path: (id: number) => links.organization(id, 'alerts'),
    routeId: 'customerDashboard.alerts',
    icon: IconAlertTriangle,
    isAlerts: true,
  },
  {
    path: (id: number) => links.organization(id, 'maintenance'),
    routeId: 'customerDashboard.maintenance',
    icon: IconCalendarEvent,
    isAlerts: true,
  },
  {
    path: (id: number) => links.organizationBackup(id),
    routeId: 'customerDashboard.backup__page',
    icon: IconCloudUpload,
  },
  {
    path: (id: number) => links.organizationPage(id, 'activities'),
    routeId: 'customerDashboard.activities__page',
    icon: IconActivity,
  },
  {
    path: (id: number) => links.organizationKnowledgeBase(id),
    routeId: 'customerDashboard.documentation__',
    icon: IconBook,
    isKnowledgeBase: true,
  },
  {
    path: (id: number) => links.organization(id, 'ticketing'),
    routeId: 'customerDashboard.ticketing',
    icon: IconTicket,
    isTicketing: true,
  },
  {
    path: (id: number) => links.organization(id, 'billing'),
    routeId: 'customerDashboard.billing',
    icon: IconReceipt,
    isBilling: true,
  },
] as const;

/**
 * Links from an organization's overview to its approvals, pending scripts, alerts, maintenance windows, backup,
 * activities, documentation, tickets and billing.
 */
export const OrganizationLinks = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  const canReadKnowledgeBase = useHasPermission('knowledgeBase.view');
  const canSeeAlerts = useHasPermission('alerts.view');
  const canSeeTickets = useHasPermission('ticketing.view');
  const canSeeBilling = useHasPermission('billing.view');
  const shown = pages.filter(
    (page) =>
      (canReadKnowledgeBase || !('isKnowledgeBase' in page)) &&
      (canSeeAlerts || !('isAlerts' in page)) &&
      (canSeeTickets || !('isTicketing' in page)) &&
      (canSeeBilling || !('isBilling' in page)),
  );
  return (
    <nav aria-label={t('organizations.pages')}>
      <Group gap="xs" mb="md">
        {shown.map(({ path, routeId, icon: Icon }) => (
          <Button
            key={routeId}
            component={Link}
            to={path(organizationId)}
            variant="default"
            size="xs"
            leftSection={<Icon size={14} />}
          >
            {t(`routes.${routeId}`)}
          </Button>
        ))}
      </Group>
    </nav>
  );
};
