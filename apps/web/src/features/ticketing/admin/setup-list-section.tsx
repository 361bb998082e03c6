import { Badge, Button, Group, Paper, Switch, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { isCustomSetupList, type TicketSetupItem, type TicketTemplateSetupList } from '@rmm/domain';
import { IconArrowDown, IconArrowUp, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDeleteSetupItemMutation, useSaveSetupItemMutation } from '../queries.ts';
import { useTicketSetup } from '../setup-lookup.ts';
import { SetupItemDialog } from './setup-item-dialog.tsx';

/** What an item belongs to, in words: a status's category, a subtype's type, an item's subtype. */
const useParentText = (list: TicketTemplateSetupList) => {
  const { t } = useTranslation();
  const setup = useTicketSetup();
  return (item: TicketSetupItem) => {
    if (list === 'statuses' && item.category) return t(`ticketing.category.${item.category}`);
    if (list === 'subtypes' && item.parentKey) return setup.label('types', item.parentKey);
    if (list === 'items') return setup.nameById('subtypes', item.parentId) ?? '';
    return null;
  };
};

/** The whole item as the save takes it, with some of it changed. */
const bodyOf = (item: TicketSetupItem, changes: { isActive?: boolean; position?: number }) => ({
  name: item.name,
  isActive: changes.isActive ?? item.isActive,
  position: changes.position ?? item.position,
  ...(item.category ? { category: item.category } : {}),
  ...(item.parentKey ? { parentKey: item.parentKey } : {}),
  ...(item.parentId !== null ? { parentId: item.parentId } : {}),
});

/**
 * One ticket template setup list (spec §3): its items in order, each renamed, reordered, switched off and, in the
 * MSP's own lists (not the spec's enumerations, not system statuses), added and deleted.
 */
export const SetupListSection = ({
  list,
  canManage,
}: {
  list: Exclude<TicketTemplateSetupList, 'boards'>;
  canManage: boolean;
}) => {
  const { t } = useTranslation();
  const setup = useTicketSetup();
  const save = useSaveSetupItemMutation(list);
  const remove = useDeleteSetupItemMutation(list);
  const parentText = useParentText(list);
  const [dialog, setDialog] = useState<{ item?: TicketSetupItem } | null>(null);
  const items = setup.itemsOf(list);
  const isCustom = isCustomSetupList(list);
  const hasParent = list === 'statuses' || list === 'subtypes' || list === 'items';
  const fail = (error: Error) => notifications.show({ color: 'red', message: error.message });

  /** Moves an item one place: the list is numbered again from 0 and the items whose place changed are saved. */
  const move = (index: number, by: -1 | 1) => {
    const order = [...items];
    const [item] = order.splice(index, 1);
    if (!item) return;
    order.splice(index + by, 0, item);
    order.forEach((each, position) => {
      if (each.position !== position)
        save.mutate({ id: each.id, body: bodyOf(each, { position }) }, { onError: fail });
    });
  };

  const confirmDelete = (item: TicketSetupItem) =>
    modals.openConfirmModal({
      title: t('ticketing.settings.deleteTitle', { name: item.name }),
      children: <Text size="sm">{t('ticketing.settings.deleteBody')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('ticketing.settings.deleted') }),
          onError: fail,
        }),
    });

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed" maw={640}>
          {t(`ticketing.settings.explain.${list}`)}
        </Text>
        {canManage && isCustom && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({})}>
            {t(`ticketing.settings.new.${list}`)}
          </Button>
        )}
      </Group>
      <QueryState query={setup.query} notFoundTitle={t('ticketing.settings.notFound')}>
        {() =>
          items.length === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{t('ticketing.settings.emptyList')}</Text>
            </Paper>
          ) : (
            <Paper withBorder>
              <Table striped verticalSpacing="xs" aria-label={t(`ticketing.settings.section.${list}`)}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('ticketing.settings.itemName')}</Table.Th>
                    {hasParent && <Table.Th>{t(`ticketing.settings.parentColumn.${list}`)}</Table.Th>}
                    <Table.Th w={110}>{t('ticketing.settings.active')}</Table.Th>
                    <Table.Th w={170} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item, index) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>
                        <Group gap="xs">
                          <Text size="sm" fw={500}>
                            {item.name}
                          </Text>
                          {item.isSystem && (
                            <Badge size="xs" variant="light" color="gray">
                              {t('ticketing.settings.system')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      {hasParent && (
                        <Table.Td>
                          <Text size="sm">{parentText(item)}</Text>
                        </Table.Td>
                      )}
                      <Table.Td>
                        <Switch
                          aria-label={t('ticketing.settings.activeOf', { name: item.name })}
                          checked={item.isActive}
                          disabled={!canManage}
                          onChange={(event) =>
                            save.mutate(
                              { id: item.id, body: bodyOf(item, { isActive: event.currentTarget.checked }) },
                              { onError: fail },
                            )
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        {canManage && (
                          <Group gap={2} justify="flex-end" wrap="nowrap">
                            <LabelledActionIcon
                              label={t('ticketing.settings.moveUp', { name: item.name })}
                              disabled={index === 0}
                              onClick={() => move(index, -1)}
                            >
                              <IconArrowUp size={16} />
                            </LabelledActionIcon>
                            <LabelledActionIcon
                              label={t('ticketing.settings.moveDown', { name: item.name })}
                              disabled={index === items.length - 1}
                              onClick={() => move(index, 1)}
                            >
                              <IconArrowDown size={16} />
                            </LabelledActionIcon>
                            <LabelledActionIcon
                              label={t('ticketing.settings.editItem', { name: item.name })}
                              onClick={() => setDialog({ item })}
                            >
                              <IconEdit size={16} />
                            </LabelledActionIcon>
                            {isCustom && !item.isSystem && (
                              <LabelledActionIcon
                                label={t('ticketing.settings.deleteItem', { name: item.name })}
                                color="red"
                                onClick={() => confirmDelete(item)}
                              >
                                <IconTrash size={16} />
                              </LabelledActionIcon>
                            )}
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )
        }
      </QueryState>
      {dialog && <SetupItemDialog list={list} item={dialog.item} onClose={() => setDialog(null)} />}
    </>
  );
};
