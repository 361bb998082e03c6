import {
  Button,
  Group,
  Alert as MantineAlert,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type Alert, alertSeverities, alertStatuses } from '@rmm/domain';
import { IconAlertCircle, IconBellOff, IconCheck, IconRotate, IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ALERT_PAGE_SIZE, type AlertListState, type AlertScope, isFiltered } from '../alert-list-params.ts';
import { useAcknowledgeAlertsMutation, useAlertsQuery, useResetAlertsMutation } from '../queries.ts';
import { AlertsTable } from './alerts-table.tsx';

const SKELETON_ROWS = 5;

const ackValues = ['any', 'false', 'true'] as const;

const Filters = ({
  state,
  onChange,
}: {
  state: AlertListState;
  onChange: (changes: Partial<AlertListState>) => void;
}) => {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState(state.search ?? '');
  const applySearch = useDebouncedCallback(
    (text: string) => onChange({ search: text.trim() || undefined }),
    300,
  );
  // The search box follows the list when its search changes elsewhere (Back, Clear filters).
  useEffect(
    () => setSearchText((text) => (text.trim() === (state.search ?? '') ? text : (state.search ?? ''))),
    [state.search],
  );
  return (
    <Group role="group" aria-label={t('alerts.filters')} align="flex-end" gap="sm" mb="sm" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="alerts-status-label">
          {t('alerts.filter.status')}
        </Text>
        <SegmentedControl
          aria-labelledby="alerts-status-label"
          value={state.status}
          onChange={(value) => onChange({ status: value as AlertListState['status'] })}
          data={alertStatuses.map((value) => ({ value, label: t(`alerts.status.${value}`) }))}
        />
      </Stack>
      <MultiSelect
        label={t('alerts.filter.severity')}
        placeholder={state.severities.length ? undefined : t('alerts.filter.severityPlaceholder')}
        data={[...alertSeverities]
          .reverse()
          .map((value) => ({ value, label: t(`alerts.severity.${value}`) }))}
        value={state.severities}
        onChange={(values) =>
          onChange({ severities: alertSeverities.filter((severity) => values.includes(severity)) })
        }
        clearable
        w={260}
      />
      <Select
        label={t('alerts.filter.acknowledged')}
        data={ackValues.map((value) => ({ value, label: t(`alerts.acknowledged.${value}`) }))}
        value={state.acknowledged === undefined ? 'any' : String(state.acknowledged)}
        onChange={(value) =>
          onChange({ acknowledged: value === 'true' ? true : value === 'false' ? false : undefined })
        }
        allowDeselect={false}
        w={180}
      />
      <TextInput
        label={t('alerts.filter.search')}
        placeholder={t('alerts.filter.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={searchText}
        onChange={(event) => {
          setSearchText(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        w={280}
      />
      {isFiltered(state) && (
        <Button
          variant="subtle"
          leftSection={<IconX size={14} />}
          onClick={() => {
            setSearchText('');
            onChange({ severities: [], acknowledged: undefined, search: undefined });
          }}
        >
          {t('alerts.filter.clear')}
        </Button>
      )}
    </Group>
  );
};

/** Rows of grey bars while the first page loads: the table's shape, not a spinner. */
const LoadingRows = () => {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" aria-busy="true" aria-label={t('app.loading')} role="status">
      <Table>
        <Table.Tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on.
            <Table.Tr key={row}>
              {[70, 60, 140, 180, 260, 90].map((width, cell) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have nothing else to key on.
                <Table.Td key={cell}>
                  <Skeleton height={14} width={width} radius="sm" />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
};

/** Acknowledge and reset (after asking), for a few alerts or one; the answer says how many changed. */
const useAlertActions = (onDone: () => void) => {
  const { t } = useTranslation();
  const acknowledge = useAcknowledgeAlertsMutation();
  const reset = useResetAlertsMutation();
  const report = (key: string) => (answer: { changed: number }) => {
    notifications.show(
      answer.changed > 0
        ? { color: 'green', message: t(key, { count: answer.changed }) }
        : { color: 'yellow', message: t('alerts.unchanged') },
    );
    onDone();
  };
  const fail = (error: Error) => notifications.show({ color: 'red', message: error.message });
  return {
    isBusy: acknowledge.isPending || reset.isPending,
    acknowledge: (ids: number[]) =>
      acknowledge.mutate(ids, { onSuccess: report('alerts.acknowledged'), onError: fail }),
    reset: (ids: number[]) =>
      modals.openConfirmModal({
        title: t('alerts.resetTitle', { count: ids.length }),
        children: <Text size="sm">{t('alerts.resetBody')}</Text>,
        labels: { confirm: t('alerts.resetConfirm'), cancel: t('common.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: () => reset.mutate(ids, { onSuccess: report('alerts.resetDone'), onError: fail }),
      }),
  };
};

const SelectionBar = ({
  count,
  isBusy,
  onAcknowledge,
  onReset,
  onClear,
}: {
  count: number;
  isBusy: boolean;
  onAcknowledge: () => void;
  onReset: () => void;
  onClear: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Group
      role="toolbar"
      aria-label={t('alerts.bulk')}
      justify="space-between"
      p="xs"
      mb="sm"
      bg="var(--mantine-primary-color-light)"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Text size="sm" fw={500} aria-live="polite">
        {t('alerts.selected', { count })}
      </Text>
      <Group gap="xs">
        <Button size="xs" leftSection={<IconCheck size={14} />} onClick={onAcknowledge} loading={isBusy}>
          {t('alerts.acknowledge')}
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconRotate size={14} />}
          onClick={onReset}
          disabled={isBusy}
        >
          {t('alerts.reset')}
        </Button>
        <Button size="xs" variant="subtle" onClick={onClear}>
          {t('alerts.clearSelection')}
        </Button>
      </Group>
    </Group>
  );
};

/**
 * The alerts of a scope (every organization, one, or one device) with their filters, sort, page, selection and
 * the bulk and per-row acknowledge and reset (with `alerts.manage`). Live updates come through the console's
 * event channel (queries.ts `alertEventKeys`).
 */
export const AlertsList = ({
  scope,
  state,
  onStateChange,
  showDevice = true,
  showOrganization = false,
  pageSize = ALERT_PAGE_SIZE,
}: {
  scope: AlertScope;
  state: AlertListState;
  onStateChange: (changes: Partial<AlertListState>) => void;
  showDevice?: boolean;
  showOrganization?: boolean;
  pageSize?: number;
}) => {
  const { t } = useTranslation();
  const canManage = useHasPermission('alerts.manage');
  const query = useAlertsQuery({ ...state, ...scope, pageSize });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const shown = query.data?.data ?? [];
  // Only what is on the page stays selected: an alert reset meanwhile (live) leaves the selection with its row.
  const selectedShown = new Set(shown.filter((alert) => selected.has(alert.id)).map((alert) => alert.id));
  const clearSelection = () => setSelected(new Set());
  const actions = useAlertActions(clearSelection);
  const selectionKey = JSON.stringify([scope, state]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another page or other filters start a new selection.
  useEffect(() => setSelected(new Set()), [selectionKey]);

  const select = (ids: number[], isSelected: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) isSelected ? next.add(id) : next.delete(id);
      return next;
    });

  const body = () => {
    if (query.isPending) return <LoadingRows />;
    if (query.isError)
      return (
        <MantineAlert color="red" icon={<IconAlertCircle size={18} />} title={t('common.error')} role="alert">
          {query.error.message}{' '}
          <Button size="xs" variant="subtle" onClick={() => query.refetch()}>
            {t('common.retry')}
          </Button>
        </MantineAlert>
      );
    const page = query.data;
    if (page.count === 0)
      return (
        <Paper withBorder p="xl" ta="center">
          <Stack align="center" gap="xs">
            <IconBellOff size={28} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text c="dimmed">
              {isFiltered(state) ? t('alerts.noMatches') : t(`alerts.empty.${state.status}`)}
            </Text>
          </Stack>
        </Paper>
      );
    return (
      <Paper withBorder style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <AlertsTable
          alerts={page.data}
          sort={state.sort}
          onSortChange={(sort) => onStateChange({ sort })}
          showDevice={showDevice}
          showOrganization={showOrganization}
          isResetList={state.status === 'RESET'}
          canManage={canManage}
          selected={selectedShown}
          onSelect={select}
          onAcknowledge={(alert: Alert) => actions.acknowledge([alert.id])}
          onReset={(alert: Alert) => actions.reset([alert.id])}
          isBusy={actions.isBusy}
        />
        <ListFooter
          count={page.count}
          page={state.page}
          pageSize={pageSize}
          onPageChange={(next) => onStateChange({ page: next })}
        />
      </Paper>
    );
  };

  return (
    <>
      <Filters state={state} onChange={onStateChange} />
      {canManage && state.status === 'ACTIVE' && selectedShown.size > 0 && (
        <SelectionBar
          count={selectedShown.size}
          isBusy={actions.isBusy}
          onAcknowledge={() => actions.acknowledge([...selectedShown])}
          onReset={() => actions.reset([...selectedShown])}
          onClear={clearSelection}
        />
      )}
      {body()}
    </>
  );
};
