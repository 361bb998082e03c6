import { Checkbox, Table, UnstyledButton } from '@mantine/core';
import type { Device } from '@rmm/domain';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceSelection } from '../use-device-selection.ts';
import { type ColumnId, type DeviceColumn, type DeviceSort, deviceColumns } from './device-columns.tsx';

export const ROW_HEIGHT = 40;
const CHECKBOX_WIDTH = 44;

const SortHeader = ({
  column,
  sort,
  onSortChange,
}: {
  column: DeviceColumn;
  sort: DeviceSort;
  onSortChange: (sort: DeviceSort) => void;
}) => {
  const { t } = useTranslation();
  const label = t(`deviceSearch.column.${column.id}`);
  const field = column.sortField;
  if (!field) return <Table.Th>{label}</Table.Th>;
  const direction = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : undefined;
  const Icon =
    direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconSelector;
  return (
    <Table.Th aria-sort={direction ?? 'none'}>
      <UnstyledButton
        onClick={() => onSortChange(direction === 'ascending' ? `-${field}` : field)}
        fw={700}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
};

/**
 * One page of devices with only the rows in view rendered (spacer rows above and below stand in
 * for the rest), so a page of 500 scrolls like one of 20. Row heights are fixed for that reason.
 */
export const DeviceResultsTable = ({
  devices,
  columns,
  sort,
  onSortChange,
  selection,
}: {
  devices: Device[];
  columns: readonly ColumnId[];
  sort: DeviceSort;
  onSortChange: (sort: DeviceSort) => void;
  selection: DeviceSelection;
}) => {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: devices.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const shown = columns.map((id) => deviceColumns[id]);
  const isSelected = (id: number) => selection.isAllMatching || selection.ids.has(id);
  const selectedOnPage = devices.filter((d) => isSelected(d.id)).length;
  const width = CHECKBOX_WIDTH + shown.reduce((sum, c) => sum + c.width, 0);
  const spacer = (height: number) =>
    height > 0 && (
      <tr aria-hidden>
        <td colSpan={shown.length + 1} style={{ height, padding: 0, border: 0 }} />
      </tr>
    );

  return (
    <section
      ref={scrollRef}
      aria-label={t('deviceSearch.tableLabel')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must scroll with the keyboard too.
      tabIndex={0}
      style={{ maxHeight: 'max(320px, calc(100dvh - 360px))', overflow: 'auto' }}
    >
      <Table
        stickyHeader
        layout="fixed"
        highlightOnHover
        miw={width}
        w="100%"
        aria-rowcount={devices.length + 1}
        style={{ whiteSpace: 'nowrap' }}
      >
        <colgroup>
          <col style={{ width: CHECKBOX_WIDTH }} />
          {shown.map((c) => (
            <col key={c.id} style={{ width: c.width }} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            <Table.Th>
              <Checkbox
                aria-label={t('deviceSearch.selectPage')}
                checked={selectedOnPage > 0 && selectedOnPage === devices.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < devices.length}
                onChange={(event) =>
                  selection.setPage(
                    devices.map((d) => d.id),
                    event.currentTarget.checked,
                  )
                }
              />
            </Table.Th>
            {shown.map((column) => (
              <SortHeader key={column.id} column={column} sort={sort} onSortChange={onSortChange} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {spacer(before)}
          {items.map((item) => {
            const device = devices[item.index]!;
            const isRowSelected = isSelected(device.id);
            return (
              <Table.Tr
                key={device.id}
                aria-rowindex={item.index + 2}
                aria-selected={isRowSelected}
                bg={isRowSelected ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ height: ROW_HEIGHT }}
              >
                <Table.Td py={0}>
                  <Checkbox
                    aria-label={t('deviceSearch.selectRow', { name: device.displayName })}
                    checked={isRowSelected}
                    onChange={() =>
                      selection.toggle(
                        device.id,
                        devices.map((d) => d.id),
                      )
                    }
                  />
                </Table.Td>
                {shown.map((column) => (
                  <Table.Td key={column.id} py={0} style={{ overflow: 'hidden' }}>
                    {column.render(device)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
          {spacer(after)}
        </Table.Tbody>
      </Table>
    </section>
  );
};
