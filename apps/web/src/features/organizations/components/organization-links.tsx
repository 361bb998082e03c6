import { Button, Group } from '@mantine/core';
import { IconActivity, IconHourglass, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The organization's own dashboard pages, by path under `/customerDashboard/:id/` and route id. */
const pages = [
  { path: 'approvals/1', routeId: 'customerDashboard.approvals__page', icon: IconUserCheck },
  { path: 'pendingScripts', routeId: 'customerDashboard.pendingScripts', icon: IconHourglass },
  { path: 'activities/1', routeId: 'customerDashboard.activities__page', icon: IconActivity },
] as const;

/** Links from an organization's overview to its approvals, pending scripts and activities. */
export const OrganizationLinks = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('organizations.pages')}>
      <Group gap="xs" mb="md">
        {pages.map(({ path, routeId, icon: Icon }) => (
          <Button
            key={path}
            component={Link}
            to={`/customerDashboard/${organizationId}/${path}`}
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
