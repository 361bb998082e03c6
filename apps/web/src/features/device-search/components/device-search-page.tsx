import { Alert, Grid, Paper } from '@mantine/core';
import type { DeviceSearch } from '@rmm/domain';
import { helpTooltipIds } from '@rmm/domain/branding';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HelpTooltip } from '../../../components/help-tooltip.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useSearchesQuery } from '../queries.ts';
import { useCriteriaDraft } from '../use-criteria-draft.ts';
import { useListUrlState } from '../use-list-url-state.ts';
import { CriteriaPanel } from './criteria-panel.tsx';
import { SearchDevices } from './search-devices.tsx';
import { SearchList } from './search-list.tsx';

const ALL_DEVICES_PRESET_ID = -1;

/** The selected search's criteria, being edited, above the devices they match as they stand. */
const SearchWorkspace = ({ search, onSelect }: { search: DeviceSearch; onSelect: (id: number) => void }) => {
  const { t } = useTranslation();
  const { state, setState } = useListUrlState();
  // Other criteria, other devices: their first page.
  const criteria = useCriteriaDraft(
    search.id,
    search.criteria,
    () => state.page > 1 && setState({ page: 1 }),
  );
  return (
    <>
      <CriteriaPanel key={search.id} search={search} criteria={criteria} onSelect={onSelect} />
      <SearchDevices
        searchId={search.id}
        criteria={criteria.preview}
        columnsKey="rmm.deviceSearch.columns"
        emptyText={t('deviceSearch.empty')}
      />
    </>
  );
};

/** `/deviceSearch`: presets and saved searches, the criteria builder and the matching devices. */
export const DeviceSearchPage = () => {
  const { t } = useTranslation();
  const searches = useSearchesQuery();
  const { params, setState } = useListUrlState();
  const { pathname } = useLocation();
  const selectedId = Number(params.get('searchId') ?? ALL_DEVICES_PRESET_ID) || ALL_DEVICES_PRESET_ID;
  const hrefFor = (id: number) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    id === ALL_DEVICES_PRESET_ID ? next.delete('searchId') : next.set('searchId', String(id));
    const text = next.toString();
    return text ? `${pathname}?${text}` : pathname;
  };
  const select = (id: number) => setState({ searchId: id === ALL_DEVICES_PRESET_ID ? undefined : id });

  return (
    <>
      <PageHeader title={t('deviceSearch.title')} />
      <HelpTooltip id={helpTooltipIds.deviceSearch} title={t('helpTooltip.deviceSearch.title')}>
        {t('helpTooltip.deviceSearch.body')}
      </HelpTooltip>
      <QueryState query={searches}>
        {(list) => {
          const selected = list.find((s) => s.id === selectedId);
          return (
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 3, xl: 2 }}>
                <Paper withBorder p={4}>
                  <SearchList searches={list} selectedId={selectedId} hrefFor={hrefFor} />
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 9, xl: 10 }}>
                {selected ? (
                  <SearchWorkspace search={selected} onSelect={select} />
                ) : (
                  <Alert color="yellow">{t('deviceSearch.notFound')}</Alert>
                )}
              </Grid.Col>
            </Grid>
          );
        }}
      </QueryState>
    </>
  );
};
