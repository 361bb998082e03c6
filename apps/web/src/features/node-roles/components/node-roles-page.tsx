import { Badge, Paper, Skeleton, Table, Text } from '@mantine/core';
import type { NodeRole } from '@rmm/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useNodeRolesQuery } from '../../../lib/node-roles.ts';
import { useRoleDeviceCounts } from '../queries.ts';

const DeviceCount = ({ count }: { count: UseQueryResult<number> }) => {
  if (count.isPending) return <Skeleton h={14} w={32} />;
  if (count.isError) return <Text c="dimmed">–</Text>;
  return <Text size="sm">{count.data.toLocaleString()}</Text>;
};

const RolesTable = ({ roles }: { roles: NodeRole[] }) => {
  const { t } = useTranslation();
  const counts = useRoleDeviceCounts(roles);
  if (roles.length === 0) {
    return (
      <Paper withBorder p="xl" ta="center">
        <Text c="dimmed">{t('nodeRoles.empty')}</Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('common.name')}</Table.Th>
              <Table.Th>{t('nodeRoles.class')}</Table.Th>
              <Table.Th>{t('nodeRoles.dashboard')}</Table.Th>
              <Table.Th>{t('nodeRoles.type')}</Table.Th>
              <Table.Th>{t('nodeRoles.devices')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roles.map((role, index) => (
              <Table.Tr key={role.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {role.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {role.description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {role.nodeClass}
                  </Text>
                </Table.Td>
                <Table.Td>{t(`devices.roleGroup.${role.dashboard}`)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={role.custom ? 'blue' : 'gray'}>
                    {role.custom ? t('nodeRoles.custom') : t('nodeRoles.builtIn')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <DeviceCount count={counts[index]!} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
};

/** `/administration/devices/roles`: the node roles (GET /noderole/list) and how many devices have each. */
export const NodeRolesPage = () => {
  const { t } = useTranslation();
  const roles = useNodeRolesQuery();
  return (
    <>
      <PageHeader title={t('nodeRoles.title')} />
      <Text c="dimmed" mb="md">
        {t('nodeRoles.intro')}
      </Text>
      <QueryState query={roles}>{(list) => <RolesTable roles={list} />}</QueryState>
    </>
  );
};
