import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useOrganizationQuery } from '../queries.ts';

/** `/customerDashboard/:id/overview`: the organization dashboard frame. */
export const CustomerDashboardOverview = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const location = useLocation();
  const query = useOrganizationQuery(Number(id));
  return (
    <QueryState query={query}>
      {(org) => (
        <>
          <PageHeader
            title={org.name}
            actions={
              <Button
                component={Link}
                to={`/editor/customer/${org.id}`}
                state={{ from: location.pathname }}
                variant="light"
                leftSection={<IconEdit size={16} />}
              >
                {t('organizations.openEditor')}
              </Button>
            }
          />
          {org.description && (
            <Text c="dimmed" mb="md">
              {org.description}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                {t('organizations.devices')}
              </Text>
              <Text size="xl" fw={700}>
                {org.deviceCount}
              </Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed" mb="xs">
                {t('organizations.locations')}
              </Text>
              <Stack gap={4}>
                {org.locations.length === 0 && <Text c="dimmed">{t('organizations.noLocations')}</Text>}
                {org.locations.map((l) => (
                  <Group key={l.id} gap="xs">
                    <Badge
                      variant="light"
                      component={Link}
                      to={`/customerDashboard/${org.id}/location/${l.id}`}
                      style={{ cursor: 'pointer' }}
                    >
                      {l.name}
                    </Badge>
                    <Text size="sm" c="dimmed">
                      {l.address}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Card>
          </SimpleGrid>
        </>
      )}
    </QueryState>
  );
};
