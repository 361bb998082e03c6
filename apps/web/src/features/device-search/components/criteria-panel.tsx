import { Alert, Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { CUSTOM_SEARCH_GROUP, type DeviceSearch } from '@rmm/domain';
import { IconArrowBackUp, IconDeviceFloppy, IconFolderPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { isCriteriaComplete } from '../../../components/criteria/criteria.ts';
import { CriteriaBuilder } from '../../../components/criteria/criteria-builder.tsx';
import { useCreateSearchMutation, useDeleteSearchMutation, useUpdateSearchMutation } from '../queries.ts';
import { DEVICE_GROUP_SEARCH_GROUP, isDeviceGroup } from '../search-groups.ts';
import type { CriteriaDraft } from '../use-criteria-draft.ts';
import { SearchDialog } from './search-dialog.tsx';

type SaveKind = 'search' | 'group';

/** The criteria differ from the saved ones; the results below already follow them. */
const UnsavedHint = ({ onReset }: { onReset: () => void }) => {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Badge variant="dot" color="orange" size="lg" tt="none" fw={500}>
        {t('deviceSearch.unsaved')}
      </Badge>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconArrowBackUp size={14} />}
        onClick={onReset}
      >
        {t('deviceSearch.reset')}
      </Button>
    </Group>
  );
};

/**
 * The selected search's criteria, editable; the list below follows the edits. Saving makes a new
 * search or group (or saves the changes of a stored one); Reset goes back to the saved criteria.
 */
export const CriteriaPanel = ({
  search,
  criteria,
  onSelect,
}: {
  search: DeviceSearch;
  criteria: CriteriaDraft;
  onSelect: (id: number) => void;
}) => {
  const { t } = useTranslation();
  const canManage = useHasPermission('devices.manage');
  const { draft, isChanged } = criteria;
  const [saveKind, setSaveKind] = useState<SaveKind | null>(null);
  const [isDialogOpen, dialog] = useDisclosure();
  const create = useCreateSearchMutation();
  const update = useUpdateSearchMutation();
  const remove = useDeleteSearchMutation();
  const isComplete = isCriteriaComplete(draft);

  const openSave = (kind: SaveKind) => {
    create.reset();
    setSaveKind(kind);
    dialog.open();
  };
  const save = ({ search: name }: { search: string }) =>
    create.mutate(
      {
        search: name,
        criteria: draft,
        searchGroup: saveKind === 'group' ? DEVICE_GROUP_SEARCH_GROUP : CUSTOM_SEARCH_GROUP,
      },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t(saveKind === 'group' ? 'deviceSearch.groupSaved' : 'deviceSearch.searchSaved'),
          });
          dialog.close();
          onSelect(saved.id);
        },
      },
    );
  const saveChanges = () =>
    update.mutate(
      { id: search.id, body: { criteria: draft } },
      { onSuccess: () => notifications.show({ color: 'green', message: t('deviceSearch.searchSaved') }) },
    );
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('deviceSearch.deleteSearchTitle', { name: search.search }),
      children: <Text size="sm">{t('deviceSearch.deleteSearchBody')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(search.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('deviceSearch.searchDeleted') });
            onSelect(-1);
          },
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  return (
    <Paper withBorder p="md" mb="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" miw={0}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {search.search}
          </Title>
          {isDeviceGroup(search) && <Badge variant="light">{t('deviceSearch.groupBadge')}</Badge>}
        </Group>
        {!search.isPreset && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            disabled={!canManage}
            onClick={confirmDelete}
          >
            {isDeviceGroup(search) ? t('groups.delete') : t('deviceSearch.deleteSearch')}
          </Button>
        )}
      </Group>
      <CriteriaBuilder value={draft} onChange={criteria.change} />
      {update.error && (
        <Alert color="red" role="alert" mt="sm" py="xs">
          {update.error.message}
        </Alert>
      )}
      <Group justify="space-between" gap="xs" mt="sm">
        {isChanged ? <UnsavedHint onReset={criteria.reset} /> : <span />}
        <Group justify="flex-end" gap="xs">
          {!search.isPreset && isChanged && (
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              disabled={!canManage || !isComplete}
              loading={update.isPending}
              onClick={saveChanges}
            >
              {t('deviceSearch.saveChanges')}
            </Button>
          )}
          <Button
            variant={isChanged && search.isPreset ? 'filled' : 'default'}
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={!canManage || !isComplete}
            onClick={() => openSave('search')}
          >
            {t('deviceSearch.saveSearch')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFolderPlus size={16} />}
            disabled={!canManage || !isComplete}
            onClick={() => openSave('group')}
          >
            {t('deviceSearch.saveAsGroup')}
          </Button>
        </Group>
      </Group>
      {isDialogOpen && (
        <SearchDialog
          title={t(saveKind === 'group' ? 'deviceSearch.saveGroupTitle' : 'deviceSearch.saveSearchTitle')}
          initialValues={{ search: '', criteria: draft }}
          isSubmitting={create.isPending}
          error={create.error?.message}
          onSubmit={save}
          onClose={dialog.close}
        />
      )}
    </Paper>
  );
};
