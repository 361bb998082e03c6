import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import type { DeviceSearch } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconEdit, IconFilter, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useHasPermission } from '../../app/session/queries.ts';
import { describeCriteria } from '../../components/criteria/describe-criteria.ts';
import { SearchDevices } from '../../features/device-search/components/search-devices.tsx';
import { GroupsQueryState } from '../../features/groups/components/groups-query-state.tsx';
import { useGroupsQuery } from '../../features/groups/queries.ts';
import { useDeleteGroup } from '../../features/groups/use-delete-group.tsx';
import { GroupDialog } from './group-dialog.tsx';

const GroupView = ({ group }: { group: DeviceSearch }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useHasPermission('devices.manage');
  const [isEditing, setEditing] = useState(false);
  const confirmDelete = useDeleteGroup(() => navigate('/administration/devices/groups'));
  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {group.search}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            component={Link}
            to={links.deviceSearchOf(group.id)}
            leftSection={<IconFilter size={16} />}
          >
            {t('groups.editCriteria')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconEdit size={16} />}
            disabled={!canManage}
            onClick={() => setEditing(true)}
          >
            {t('groups.edit')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={!canManage}
            onClick={() => confirmDelete(group)}
          >
            {t('groups.delete')}
          </Button>
        </Group>
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        {describeCriteria(group.criteria, t)}
      </Text>
      <SearchDevices
        searchId={group.id}
        columnsKey="rmm.group.columns"
        emptyText={t('groups.empty.devices')}
      />
      {isEditing && <GroupDialog group={group} onClose={() => setEditing(false)} />}
    </>
  );
};

/** `/group/:id`: a group's devices, with the same table and bulk actions as the device search. */
export const GroupPage = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const groups = useGroupsQuery();
  return (
    <GroupsQueryState query={groups}>
      {(list) => {
        const group = list.find((g) => g.id === id);
        if (group) return <GroupView key={group.id} group={group} />;
        return (
          <Center py="xl">
            <Stack align="center" gap="xs">
              <Title order={2}>{t('groups.notFound')}</Title>
              <Text c="dimmed">{t('groups.notFoundBody')}</Text>
            </Stack>
          </Center>
        );
      }}
    </GroupsQueryState>
  );
};
