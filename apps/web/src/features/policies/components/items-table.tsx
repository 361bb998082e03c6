import { ActionIcon, Badge, Group, Paper, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconCopyCheck, IconEdit, IconPlayerPause, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deactivateItem, type ItemLists, type ItemRow, removeOwnItem, revertItem } from '../item-model.ts';

type Item = { id: string; name: string; enabled: boolean };

const stateColors: Record<ItemRow<Item>['state'], string> = {
  OWN: 'blue',
  INHERITED: 'gray',
  OVERRIDDEN: 'violet',
  DEACTIVATED: 'dark',
  PARENT_INACTIVE: 'dark',
};

export type ItemsTableProps<T extends Item> = {
  rows: ItemRow<T>[];
  /** The table's accessible name and its columns' headers. */
  label: string;
  nameHeader: string;
  whatHeader: string;
  emptyText: string;
  /** One line of what the item does (its destination and schedule, its scripts and schedule). */
  describe: (item: T) => string;
  readOnly: boolean;
  /** Opens the item's dialog: its own item edited, or an inherited one overridden. */
  onOpen: (mode: 'edit' | 'override', item: T) => void;
  onChange: (change: (lists: ItemLists<T>) => ItemLists<T>) => void;
};

const RowActions = <T extends Item>({
  row,
  readOnly,
  onOpen,
  onChange,
}: { row: ItemRow<T> } & Pick<ItemsTableProps<T>, 'readOnly' | 'onOpen' | 'onChange'>) => {
  const { t } = useTranslation();
  const name = row.item.name;
  const action = (label: string, icon: ReactNode, onClick: () => void, color?: string) => (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} disabled={readOnly} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t('policies.items.actions', { name })}>
      {row.state === 'OWN' && (
        <>
          {action(t('policies.items.editOwn', { name }), <IconEdit size={16} />, () =>
            onOpen('edit', row.item),
          )}
          {action(
            t('policies.items.remove', { name }),
            <IconTrash size={16} />,
            () => onChange((lists) => removeOwnItem(lists, row.id)),
            'red',
          )}
        </>
      )}
      {(row.state === 'INHERITED' || row.state === 'PARENT_INACTIVE') &&
        action(t('policies.items.override', { name }), <IconCopyCheck size={16} />, () =>
          onOpen('override', row.item),
        )}
      {row.state === 'INHERITED' &&
        action(t('policies.items.deactivate', { name }), <IconPlayerPause size={16} />, () =>
          onChange((lists) => deactivateItem(lists, row.id)),
        )}
      {row.state === 'OVERRIDDEN' &&
        action(t('policies.items.editOverride', { name }), <IconEdit size={16} />, () =>
          onOpen('override', row.item),
        )}
      {(row.state === 'OVERRIDDEN' || row.state === 'DEACTIVATED') &&
        action(t('policies.items.revert', { name }), <IconArrowBackUp size={16} />, () =>
          onChange((lists) => revertItem(lists, row.id)),
        )}
    </Group>
  );
};

/** A policy's backup plans or scheduled scripts as they apply: inherited ones first, then its own. */
export const ItemsTable = <T extends Item>(props: ItemsTableProps<T>) => {
  const { t } = useTranslation();
  const { rows, label, nameHeader, whatHeader, emptyText, describe } = props;
  if (rows.length === 0)
    return (
      <Paper withBorder p="xl" ta="center">
        <Text c="dimmed">{emptyText}</Text>
      </Paper>
    );
  return (
    <Paper withBorder>
      <Table verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{nameHeader}</Table.Th>
            <Table.Th>{whatHeader}</Table.Th>
            <Table.Th w={220}>{t('policies.items.column.source')}</Table.Th>
            <Table.Th w={100}>
              <VisuallyHidden>{t('policies.items.actions', { name: '' })}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const isInactive = row.state === 'DEACTIVATED' || row.state === 'PARENT_INACTIVE';
            return (
              <Table.Tr key={row.id} style={{ opacity: isInactive ? 0.55 : 1 }}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500} td={isInactive ? 'line-through' : undefined}>
                      {row.item.name}
                    </Text>
                    {!row.item.enabled && (
                      <Badge size="xs" variant="outline" color="gray">
                        {t('policies.items.disabled')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {describe(row.item)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={stateColors[row.state]} tt="none" fw={500}>
                    {t(`policies.conditions.state.${row.state}`, { name: row.definedByName })}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <RowActions row={row} {...props} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
};
