import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type PsaAccountMappingRow, psaMappingStates } from '@rmm/domain';
import { IconEraser, IconLink, IconMapPin, IconSearch, IconWand } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { reportPsaError, useClearPsaMappingMutation, usePsaMappingsQuery } from '../queries.ts';
import { AutoMapDialog } from './auto-map-dialog.tsx';
import { LocationMappingsDialog } from './location-mappings-dialog.tsx';
import { MappingDialog } from './mapping-dialog.tsx';

const PAGE_SIZE = 25;
type State = (typeof psaMappingStates)[number];

/** Search, mapped-or-not and page in the URL. */
const useListParams = () => {
  const [params, setParams] = useSearchParams();
  const state = (psaMappingStates as readonly string[]).includes(params.get('state') ?? '')
    ? (params.get('state') as State)
    : 'ALL';
  const set = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      for (const [key, value] of Object.entries(changes))
        value ? current.set(key, value) : current.delete(key);
      return current;
    });
  return {
    search: params.get('search') ?? '',
    state,
    page: Math.max(1, Number(params.get('page')) || 1),
    set,
  };
};

const MappingRow = ({
  row,
  onMap,
  onLocations,
  onClear,
}: {
  row: PsaAccountMappingRow;
  onMap: () => void;
  onLocations: () => void;
  onClear: () => void;
}) => {
  const { t } = useTranslation();
  const mappedLocations = row.locationSiteMappings.filter((location) => location.mapped).length;
  const isMapped = row.companyId !== null;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {row.clientName}
        </Text>
      </Table.Td>
      <Table.Td>
        {isMapped ? (
          <Text size="sm">{row.companyName}</Text>
        ) : (
          <Badge variant="light" color="gray">
            {t('psa.mappings.notMapped')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{row.productMappingName ?? t('psa.mappings.none')}</Table.Td>
      <Table.Td>{row.configurationTypeMappingName ?? t('psa.mappings.none')}</Table.Td>
      <Table.Td>
        {t('psa.mappings.locationsMapped', {
          mapped: mappedLocations,
          total: row.locationSiteMappings.length,
        })}
      </Table.Td>
      <Table.Td>
        {row.syncError ? (
          <Tooltip label={row.syncError} multiline maw={420}>
            <Badge color="red" variant="light">
              {t('psa.sync.level.ERROR')}
            </Badge>
          </Tooltip>
        ) : isMapped && row.lastSyncTime ? (
          <RelativeTime value={row.lastSyncTime} size="sm" />
        ) : (
          <Text size="sm" c="dimmed">
            {isMapped ? t('psa.mappings.neverSynced') : t('psa.mappings.none')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <LabelledActionIcon label={t('psa.mappings.map', { name: row.clientName })} onClick={onMap}>
            <IconLink size={16} />
          </LabelledActionIcon>
          <LabelledActionIcon
            label={t('psa.mappings.locations', { name: row.clientName })}
            onClick={onLocations}
            disabled={!isMapped}
          >
            <IconMapPin size={16} />
          </LabelledActionIcon>
          <LabelledActionIcon
            label={t('psa.mappings.clear', { name: row.clientName })}
            color="red"
            onClick={onClear}
            disabled={!isMapped}
          >
            <IconEraser size={16} />
          </LabelledActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
};

/** The organizations with their mapping: search, filter, auto-map, map, location mappings and clear. */
export const MappingsPanel = () => {
  const { t } = useTranslation();
  const list = useListParams();
  const [search, setSearch] = useState(list.search);
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if (debounced !== list.search) list.set({ search: debounced || undefined, page: undefined });
  }, [debounced, list]);
  const query = usePsaMappingsQuery({
    search: list.search || undefined,
    state: list.state,
    page: list.page,
    pageSize: PAGE_SIZE,
  });
  const clear = useClearPsaMappingMutation();
  const [editing, setEditing] = useState<{ row: PsaAccountMappingRow; dialog: 'map' | 'locations' } | null>(
    null,
  );
  const [isAutoMapOpen, setAutoMapOpen] = useState(false);

  const confirmClear = (row: PsaAccountMappingRow) =>
    modals.openConfirmModal({
      title: t('psa.mappings.clearTitle', { name: row.clientName }),
      children: <Text size="sm">{t('psa.mappings.clearBody')}</Text>,
      labels: { confirm: t('psa.mappings.clearConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        clear.mutate(row.clientId, {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: t('psa.mappings.cleared', { name: row.clientName }),
            }),
          onError: (error) => {
            void reportPsaError('clearMapping', error);
            notifications.show({ color: 'red', message: error.message });
          },
        }),
    });

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('psa.mappings.intro')}
      </Text>
      <Group justify="space-between">
        <Group>
          <TextInput
            aria-label={t('psa.mappings.search')}
            placeholder={t('psa.mappings.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <SegmentedControl
            value={list.state}
            onChange={(value) => list.set({ state: value === 'ALL' ? undefined : value, page: undefined })}
            data={psaMappingStates.map((state) => ({
              value: state,
              label: t(`psa.mappings.state.${state}`),
            }))}
          />
        </Group>
        <Button leftSection={<IconWand size={16} />} onClick={() => setAutoMapOpen(true)}>
          {t('psa.mappings.autoMap')}
        </Button>
      </Group>
      <QueryState query={query}>
        {(page) => (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('psa.mappings.tableLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('psa.mappings.column.client')}</Table.Th>
                    <Table.Th>{t('psa.mappings.column.company')}</Table.Th>
                    <Table.Th>{t('psa.mappings.column.product')}</Table.Th>
                    <Table.Th>{t('psa.mappings.column.configurationType')}</Table.Th>
                    <Table.Th>{t('psa.mappings.column.locations')}</Table.Th>
                    <Table.Th>{t('psa.mappings.column.sync')}</Table.Th>
                    <Table.Th w={120}>
                      <VisuallyHidden>{t('psa.mappings.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.data.map((row) => (
                    <MappingRow
                      key={row.clientId}
                      row={row}
                      onMap={() => setEditing({ row, dialog: 'map' })}
                      onLocations={() => setEditing({ row, dialog: 'locations' })}
                      onClear={() => confirmClear(row)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {page.data.length === 0 && (
              <Text c="dimmed" ta="center" p="md">
                {t('psa.mappings.empty')}
              </Text>
            )}
            <ListFooter
              count={page.count}
              page={list.page}
              pageSize={PAGE_SIZE}
              onPageChange={(next) => list.set({ page: next > 1 ? String(next) : undefined })}
            />
          </Paper>
        )}
      </QueryState>
      {editing?.dialog === 'map' && <MappingDialog mapping={editing.row} onClose={() => setEditing(null)} />}
      {editing?.dialog === 'locations' && (
        <LocationMappingsDialog mapping={editing.row} onClose={() => setEditing(null)} />
      )}
      {isAutoMapOpen && <AutoMapDialog onClose={() => setAutoMapOpen(false)} />}
    </Stack>
  );
};
