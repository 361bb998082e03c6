import { Anchor, Group, Pagination, Paper, Table, Text } from '@mantine/core';
import type { DeviceStatusCounts } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { useDevicesByOrganizationQuery } from '../queries.ts';

const PAGE_SIZE = 25;

const Count = ({ value, color }: { value: number; color: string }) => (
  <Text span fw={value ? 700 : 400} c={value ? color : 'dimmed'}>
    {value}
  </Text>
);

const CountCells = ({ counts }: { counts: DeviceStatusCounts }) => (
  <>
    <Table.Td ta="right">
      <Count value={counts.up} color="green" />
    </Table.Td>
    <Table.Td ta="right">
      <Count value={counts.warning} color="yellow.7" />
    </Table.Td>
    <Table.Td ta="right">
      <Count value={counts.down} color="red" />
    </Table.Td>
    <Table.Td ta="right">{counts.total}</Table.Td>
  </>
);

/** Devices up, warning and down per organization, those with devices down first; page in the URL. */
export const DevicesByOrganizationTable = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useDevicesByOrganizationQuery({ page, pageSize: PAGE_SIZE });
  return (
    <QueryState query={query}>
      {(result) =>
        result.count === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Text c="dimmed">{t('dashboard.noOrganizations')}</Text>
          </Paper>
        ) : (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={560}>
              <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('dashboard.byOrganization')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('dashboard.organization')}</Table.Th>
                    <Table.Th ta="right">{t('devices.status.UP')}</Table.Th>
                    <Table.Th ta="right">{t('devices.status.WARNING')}</Table.Th>
                    <Table.Th ta="right">{t('devices.status.DOWN')}</Table.Th>
                    <Table.Th ta="right">{t('dashboard.total')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.data.map((row) => (
                    <Table.Tr key={row.organizationId}>
                      <Table.Td>
                        <Anchor component={Link} to={links.organization(row.organizationId)}>
                          {row.organizationName}
                        </Anchor>
                      </Table.Td>
                      <CountCells counts={row} />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr fw={700}>
                    <Table.Th>{t('dashboard.allOrganizations')}</Table.Th>
                    <CountCells counts={result.totals} />
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
            {result.count > PAGE_SIZE && (
              <Group justify="flex-end" p="sm">
                <Pagination
                  total={Math.ceil(result.count / PAGE_SIZE)}
                  value={page}
                  onChange={(next) =>
                    setParams((p) => {
                      p.set('page', String(next));
                      return p;
                    })
                  }
                />
              </Group>
            )}
          </Paper>
        )
      }
    </QueryState>
  );
};
