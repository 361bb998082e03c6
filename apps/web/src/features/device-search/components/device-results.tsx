import { Box, Button, Group, Paper, Select, Text } from '@mantine/core';
import { type ActionTarget, EXECUTE_ACTION_MAX_DEVICES, type ListDevicesResponse } from '@rmm/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/list-footer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { type DeviceSelection, useDeviceSelection } from '../use-device-selection.ts';
import { type ListUrlState, pageSizes } from '../use-list-url-state.ts';
import { type BulkAction, BulkActions } from './bulk-actions.tsx';
import { ColumnPicker, useColumnChoice } from './column-picker.tsx';
import { type ColumnId, defaultSearchColumns } from './device-columns.tsx';
import { DeviceResultsTable } from './device-results-table.tsx';

export type DeviceResultsProps = {
  query: UseQueryResult<ListDevicesResponse>;
  state: ListUrlState;
  onStateChange: (patch: Partial<ListUrlState>) => void;
  /** The target of "all matching devices" for the search runner. */
  resolveAllMatching: () => Promise<ActionTarget>;
  actions: readonly BulkAction[];
  /** localStorage key of this table's column choice. */
  columnsKey: string;
  defaultColumns?: ColumnId[];
  emptyText: string;
  /** Changes when the list shows other devices (another search or filter): the selection resets. */
  selectionKey: string;
  /** Filters shown left of the page size and columns. */
  filters?: ReactNode;
  /** Offer the bulk "Tags" action. */
  withTags?: boolean;
};

const SelectionSummary = ({
  selection,
  count,
  pageIds,
}: {
  selection: DeviceSelection;
  count: number;
  pageIds: number[];
}) => {
  const { t } = useTranslation();
  const isPageSelected = pageIds.every((id) => selection.ids.has(id));
  if (selection.isAllMatching) {
    return (
      <>
        <Text size="sm" fw={500}>
          {t('deviceSearch.allMatchingSelected', { count })}
        </Text>
        {count > EXECUTE_ACTION_MAX_DEVICES && (
          <Text size="sm" c="orange">
            {t('deviceSearch.tooMany', { max: EXECUTE_ACTION_MAX_DEVICES })}
          </Text>
        )}
        <Button size="compact-sm" variant="subtle" onClick={selection.clear}>
          {t('deviceSearch.clearSelection')}
        </Button>
      </>
    );
  }
  return (
    <>
      <Text size="sm" fw={500}>
        {isPageSelected && count > pageIds.length
          ? t('deviceSearch.pageSelected', { count: pageIds.length })
          : t('deviceSearch.selectedCount', { count: selection.ids.size })}
      </Text>
      {isPageSelected && count > pageIds.length && (
        <Button size="compact-sm" variant="subtle" onClick={selection.selectAllMatching}>
          {t('deviceSearch.selectAllMatching', { count })}
        </Button>
      )}
      <Button size="compact-sm" variant="subtle" onClick={selection.clear}>
        {t('deviceSearch.clearSelection')}
      </Button>
    </>
  );
};

/** A device list with server-side paging and sort, column choice, selection and bulk actions. */
export const DeviceResults = ({
  query,
  state,
  onStateChange,
  resolveAllMatching,
  actions,
  columnsKey,
  defaultColumns = defaultSearchColumns,
  emptyText,
  selectionKey,
  filters,
  withTags = false,
}: DeviceResultsProps) => {
  const { t } = useTranslation();
  // Rows ticked while the last page still shows (loading the next) are not the next page's.
  const selection = useDeviceSelection(
    [selectionKey, state.page, state.pageSize, state.sort, state.q, query.isPlaceholderData].join('|'),
  );
  const columns = useColumnChoice(columnsKey, defaultColumns);
  const pageSizeLabelId = useId();

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm">
        <Group gap="sm">{filters}</Group>
        <Group gap="sm" ml="auto">
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed" id={pageSizeLabelId}>
              {t('deviceSearch.pageSize')}
            </Text>
            <Select
              aria-labelledby={pageSizeLabelId}
              w={84}
              size="sm"
              allowDeselect={false}
              data={pageSizes.map(String)}
              value={String(state.pageSize)}
              onChange={(value) => value && onStateChange({ pageSize: Number(value) })}
            />
          </Group>
          <ColumnPicker visible={columns.visible} onToggle={columns.toggle} />
        </Group>
      </Group>
      <QueryState query={query}>
        {(result) => {
          const pageIds = result.data.map((device) => device.id);
          const selectedCount = selection.isAllMatching
            ? Math.min(result.count, EXECUTE_ACTION_MAX_DEVICES)
            : selection.ids.size;
          return (
            <>
              <BulkActions
                actions={actions}
                selectedCount={selectedCount}
                resolveTarget={
                  selection.isAllMatching ? resolveAllMatching : async () => ({ nodeIds: [...selection.ids] })
                }
                onDone={selection.clear}
                summary={<SelectionSummary selection={selection} count={result.count} pageIds={pageIds} />}
                selectedDevices={result.data.filter(
                  (device) => selection.isAllMatching || selection.ids.has(device.id),
                )}
                isAllMatching={selection.isAllMatching}
                isDisabled={query.isPlaceholderData}
                withTags={withTags}
              />
              {result.count === 0 ? (
                <Paper withBorder p="xl" ta="center">
                  <Text c="dimmed">{emptyText}</Text>
                </Paper>
              ) : (
                <Paper withBorder>
                  <Box style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
                    <DeviceResultsTable
                      devices={result.data}
                      columns={columns.visible}
                      sort={state.sort}
                      onSortChange={(sort) => onStateChange({ sort })}
                      selection={selection}
                    />
                  </Box>
                  <ListFooter
                    count={result.count}
                    page={state.page}
                    pageSize={state.pageSize}
                    onPageChange={(page) => onStateChange({ page })}
                  />
                </Paper>
              )}
            </>
          );
        }}
      </QueryState>
    </>
  );
};
