import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { DeviceTag } from '@rmm/domain';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { ListFooter } from '../../../components/list-footer.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDeleteTagMutation, useTagsQuery } from '../queries.ts';
import { TagDialog } from './tag-dialog.tsx';

const PAGE_SIZE = 50;

/** The search and page, kept in the URL (bookmarkable, Back works). */
const useTagListParams = () => {
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      for (const [key, value] of Object.entries(changes))
        value ? current.set(key, value) : current.delete(key);
      return current;
    });
  return {
    search,
    page,
    setSearch: (q: string) => set({ q: q.trim() || undefined, page: undefined }),
    setPage: (next: number) => set({ page: next > 1 ? String(next) : undefined }),
  };
};

/** Asks first, saying how many devices lose the tag; the server's refusal is shown as it says it. */
const useDeleteTag = () => {
  const { t } = useTranslation();
  const remove = useDeleteTagMutation();
  return (tag: DeviceTag) =>
    modals.openConfirmModal({
      title: t('tags.deleteTitle', { name: tag.name }),
      children: <Text size="sm">{t('tags.deleteBody', { count: tag.deviceCount })}</Text>,
      labels: { confirm: t('tags.deleteConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(tag.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('tags.deleted') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
};

const TagsTable = ({
  tags,
  canManage,
  onEdit,
  onDelete,
}: {
  tags: DeviceTag[];
  canManage: boolean;
  onEdit: (tag: DeviceTag) => void;
  onDelete: (tag: DeviceTag) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('tags.tableLabel')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('tags.column.name')}</Table.Th>
          <Table.Th>{t('tags.column.description')}</Table.Th>
          <Table.Th w={110} ta="right">
            {t('tags.column.devices')}
          </Table.Th>
          <Table.Th w={100}>
            <VisuallyHidden>{t('tags.actions', { name: '' })}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tags.map((tag) => (
          <Table.Tr key={tag.id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {tag.name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {tag.description ?? ''}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{tag.deviceCount.toLocaleString()}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" role="group" aria-label={t('tags.actions', { name: tag.name })}>
                <Tooltip label={t('tags.edit', { name: tag.name })}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('tags.edit', { name: tag.name })}
                    disabled={!canManage}
                    onClick={() => onEdit(tag)}
                  >
                    <IconEdit size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('tags.delete', { name: tag.name })}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('tags.delete', { name: tag.name })}
                    disabled={!canManage}
                    onClick={() => onDelete(tag)}
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
  );
};

/** Which dialog is open: a new tag, or the tag being edited. */
type Editing = { tag?: DeviceTag } | null;

/** `/administration/devices/tags`: the MSP's device tags with their device counts; create, rename, delete. */
export const TagsPage = () => {
  const { t } = useTranslation();
  const params = useTagListParams();
  const tags = useTagsQuery({ page: params.page, pageSize: PAGE_SIZE, search: params.search });
  const canManage = useHasPermission('devices.manage');
  const [editing, setEditing] = useState<Editing>(null);
  const [searchText, setSearchText] = useState(params.search ?? '');
  const applySearch = useDebouncedCallback(params.setSearch, 300);
  const confirmDelete = useDeleteTag();

  return (
    <>
      <PageHeader
        title={t('tags.title')}
        actions={
          <Button leftSection={<IconPlus size={16} />} disabled={!canManage} onClick={() => setEditing({})}>
            {t('tags.new')}
          </Button>
        }
      />
      <Text c="dimmed" mb="md">
        {t('tags.intro')}
      </Text>
      <TextInput
        label={t('tags.searchLabel')}
        placeholder={t('tags.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        maw={320}
        mb="md"
        value={searchText}
        onChange={(event) => {
          setSearchText(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
      />
      <QueryState query={tags}>
        {(result) =>
          result.count === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">
                {params.search ? t('tags.noMatches', { search: params.search }) : t('tags.empty')}
              </Text>
            </Paper>
          ) : (
            <Paper withBorder style={{ opacity: tags.isPlaceholderData ? 0.6 : 1 }}>
              <TagsTable
                tags={result.data}
                canManage={canManage}
                onEdit={(tag) => setEditing({ tag })}
                onDelete={confirmDelete}
              />
              <ListFooter
                count={result.count}
                page={params.page}
                pageSize={PAGE_SIZE}
                onPageChange={params.setPage}
              />
            </Paper>
          )
        }
      </QueryState>
      {editing && <TagDialog tag={editing.tag} onClose={() => setEditing(null)} />}
    </>
  );
};
