import { Button, Group } from '@mantine/core';
import { links } from '@rmm/domain/links';
import { IconActivity, IconHourglass, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

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
    path: (id: number) => links.organizationPage(id, 'activities'),
    routeId: 'customerDashboard.activities__page',
    icon: IconActivity,
  },
] as const;

/** Links from an organization's overview to its approvals, pending scripts and activities. */
export const OrganizationLinks = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('organizations.pages')}>
      <Group gap="xs" mb="md">
        {pages.map(({ path, routeId, icon: Icon }) => (
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
