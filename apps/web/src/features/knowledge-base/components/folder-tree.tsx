import { ActionIcon, Group, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { KnowledgeBaseFolder } from '@rmm/domain';
import { IconEdit, IconFolder, IconFolderPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { buildFolderTree, type FolderNode } from '../folder-tree-data.ts';
import { useDeleteFolderMutation, useFoldersQuery } from '../queries.ts';
import { FolderDialog } from './folder-dialog.tsx';

type DialogState =
  | { mode: 'create'; parent?: KnowledgeBaseFolder }
  | { mode: 'rename'; folder: KnowledgeBaseFolder };

const FolderItems = ({
  nodes,
  selectedId,
  onSelect,
}: {
  nodes: FolderNode[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
}) =>
  nodes.map((node) => (
    <NavLink
      key={node.id}
      component="button"
      type="button"
      label={node.name}
      leftSection={<IconFolder size={16} />}
      rightSection={
        <Text size="xs" c="dimmed">
          {node.articleCount}
        </Text>
      }
      active={node.id === selectedId}
      onClick={() => onSelect(node.id)}
      // Open by default: a knowledge base has few folders, and a click selects rather than toggles.
      opened
      childrenOffset="md"
    >
      {node.children.length > 0 ? (
        <FolderItems nodes={node.children} selectedId={selectedId} onSelect={onSelect} />
      ) : undefined}
    </NavLink>
  ));

/** The folder tree: "All articles", then each folder; managers add, rename and delete (empty) folders. */
export const FolderTree = ({
  selectedId,
  canManage,
  onSelect,
}: {
  selectedId: number | undefined;
  canManage: boolean;
  onSelect: (id: number | undefined) => void;
}) => {
  const { t } = useTranslation();
  const query = useFoldersQuery();
  const remove = useDeleteFolderMutation();
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const selected = query.data?.find((folder) => folder.id === selectedId);
  const confirmDelete = (folder: KnowledgeBaseFolder) =>
    modals.openConfirmModal({
      title: t('knowledgeBase.folder.deleteTitle', { name: folder.name }),
      children: <Text size="sm">{t('knowledgeBase.folder.deleteBody')}</Text>,
      labels: { confirm: t('knowledgeBase.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(folder.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('knowledgeBase.folder.deleted') });
            onSelect(folder.parentId ?? undefined);
          },
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  return (
    <Stack gap={4} component="nav" aria-label={t('knowledgeBase.folders')}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {t('knowledgeBase.folders')}
        </Text>
        {canManage && (
          <Group gap={2} wrap="nowrap">
            <Tooltip
              label={
                selected
                  ? t('knowledgeBase.folder.newIn', { name: selected.name })
                  : t('knowledgeBase.folder.new')
              }
            >
              <ActionIcon
                variant="subtle"
                aria-label={
                  selected
                    ? t('knowledgeBase.folder.newIn', { name: selected.name })
                    : t('knowledgeBase.folder.new')
                }
                onClick={() => setDialog({ mode: 'create', parent: selected })}
              >
                <IconFolderPlus size={18} />
              </ActionIcon>
            </Tooltip>
            {selected && (
              <>
                <Tooltip label={t('knowledgeBase.folder.rename')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('knowledgeBase.folder.rename')}
                    onClick={() => setDialog({ mode: 'rename', folder: selected })}
                  >
                    <IconEdit size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('knowledgeBase.folder.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('knowledgeBase.folder.delete')}
                    onClick={() => confirmDelete(selected)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </>
            )}
          </Group>
        )}
      </Group>
      <NavLink
        component="button"
        type="button"
        label={t('knowledgeBase.allArticles')}
        active={selectedId === undefined}
        onClick={() => onSelect(undefined)}
      />
      <QueryState query={query}>
        {(folders) => (
          <FolderItems nodes={buildFolderTree(folders)} selectedId={selectedId} onSelect={onSelect} />
        )}
      </QueryState>
      {dialog && (
        <FolderDialog
          folder={dialog.mode === 'rename' ? dialog.folder : undefined}
          parent={dialog.mode === 'create' ? dialog.parent : undefined}
          onClose={() => setDialog(null)}
          onSaved={(folder) => {
            setDialog(null);
            onSelect(folder.id);
          }}
        />
      )}
    </Stack>
  );
};
