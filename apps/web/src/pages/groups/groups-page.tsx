import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { DeviceSearch } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasPermission } from '../../app/session/queries.ts';
import { describeCriteria } from '../../components/criteria/describe-criteria.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { GroupsQueryState } from '../../features/groups/components/groups-query-state.tsx';
import { useGroupsQuery } from '../../features/groups/queries.ts';
import { useDeleteGroup } from '../../features/groups/use-delete-group.tsx';
import { GroupDialog } from './group-dialog.tsx';

/** Which dialog is open: a new group, or the group being edited. */
type Editing = { group?: DeviceSearch } | null;

/** `/administration/devices/groups`: the device groups, with create, edit and delete. */
export const GroupsPage = () => {
  const { t } = useTranslation();
  const groups = useGroupsQuery();
  const canManage = useHasPermission('devices.manage');
  const [editing, setEditing] = useState<Editing>(null);
  const confirmDelete = useDeleteGroup();

  return (
    <>
      <PageHeader
        title={t('groups.title')}
        actions={
          <Button leftSection={<IconPlus size={16} />} disabled={!canManage} onClick={() => setEditing({})}>
            {t('groups.new')}
          </Button>
        }
      />
      <GroupsQueryState query={groups}>
        {(list) =>
          list.length === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{t('groups.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('common.name')}</Table.Th>
                    <Table.Th>{t('groups.criteria')}</Table.Th>
                    <Table.Th w={100}>
                      <VisuallyHidden>{t('groups.actionsColumn')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((group) => (
                    <Table.Tr key={group.id}>
                      <Table.Td>
                        <Anchor component={Link} to={links.group(group.id)} fw={500}>
                          {group.search}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {describeCriteria(group.criteria, t)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group
                          gap={4}
                          wrap="nowrap"
                          role="group"
                          aria-label={t('groups.actions', { name: group.search })}
                        >
                          <Tooltip label={t('groups.edit')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`${t('groups.edit')} ${group.search}`}
                              disabled={!canManage}
                              onClick={() => setEditing({ group })}
                            >
                              <IconEdit size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('groups.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`${t('groups.delete')} ${group.search}`}
                              disabled={!canManage}
                              onClick={() => confirmDelete(group)}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )
        }
      </GroupsQueryState>
      {editing && <GroupDialog group={editing.group} onClose={() => setEditing(null)} />}
    </>
  );
};
