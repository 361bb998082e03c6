import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ColumnId, columnIds } from './device-columns.tsx';

const isColumnId = (value: unknown): value is ColumnId => columnIds.includes(value as ColumnId);

/** The columns a table shows, kept in this browser per table; the name column always shows. */
export const useColumnChoice = (storageKey: string, defaults: ColumnId[]) => {
  const [chosen, setChosen] = useLocalStorage<ColumnId[]>({
    key: storageKey,
    defaultValue: defaults,
    getInitialValueInEffect: false,
    deserialize: (text) => {
      try {
        const value: unknown = JSON.parse(text ?? '');
        return Array.isArray(value) ? value.filter(isColumnId) : defaults;
      } catch {
        return defaults;
      }
    },
  });
  const visible = columnIds.filter((id) => id === 'name' || chosen.includes(id));
  const toggle = (id: ColumnId) =>
    setChosen((current) => (current.includes(id) ? current.filter((c) => c !== id) : [...current, id]));
  return { visible, toggle };
};

export const ColumnPicker = ({
  visible,
  onToggle,
}: {
  visible: readonly ColumnId[];
  onToggle: (id: ColumnId) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" width={220} shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" size="sm" leftSection={<IconColumns size={16} />}>
          {t('deviceSearch.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('deviceSearch.columns')}>
          {columnIds
            .filter((id) => id !== 'name')
            .map((id) => (
              <Checkbox
                key={id}
                label={t(`deviceSearch.column.${id}`)}
                checked={visible.includes(id)}
                onChange={() => onToggle(id)}
              />
            ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
