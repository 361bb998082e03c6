import { Paper, Text } from '@mantine/core';
import { type DeviceStatus, deviceStatuses } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListFooter } from '../../../components/list-footer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDevicesQuery } from '../queries.ts';
import { DeviceListFilters, type DeviceListFilterValues } from './device-list-filters.tsx';
import { DevicesTable } from './devices-table.tsx';

const PAGE_SIZE = 25;

const asStatus = (value: string | null): DeviceStatus | undefined =>
  deviceStatuses.find((status) => status === value);

/** The devices of an organization or one of its locations; search, status and page live in the URL. */
export const DeviceList = ({
  organizationId,
  locationId,
}: {
  organizationId: number;
  locationId?: number;
}) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const status = asStatus(params.get('status'));
  const query = useDevicesQuery({
    page,
    pageSize: PAGE_SIZE,
    organizationId,
    locationId,
    status,
    search: search || undefined,
    sort: 'displayName',
  });
  const setFilter = (key: keyof DeviceListFilterValues | 'page', value: string) =>
    setParams((p) => {
      if (key !== 'page') p.delete('page');
      value ? p.set(key, value) : p.delete(key);
      return p;
    });
  const isFiltered = Boolean(search || status);

  return (
    <>
      <DeviceListFilters values={{ search, status: status ?? '' }} onChange={setFilter} />
      <QueryState query={query}>
        {(result) =>
          result.count === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{isFiltered ? t('common.noResults') : t('devices.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder>
              <DevicesTable devices={result.data} showLocation={locationId === undefined} />
              <ListFooter
                count={result.count}
                page={page}
                pageSize={PAGE_SIZE}
                onPageChange={(next) => setFilter('page', String(next))}
              />
            </Paper>
          )
        }
      </QueryState>
    </>
  );
};
