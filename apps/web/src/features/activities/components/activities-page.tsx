import { Badge, Group, Pagination, Paper, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useActivitiesQuery } from '../api.ts';

const PAGE_SIZE = 50;

/** `/administration/general/activities`: the audit log, filters and page in the URL. */
export const ActivitiesPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = {
    search: params.get('search') ?? undefined,
    action: params.get('action') ?? undefined,
    outcome: params.get('outcome') ?? undefined,
  };
  const query = useActivitiesQuery({ page, pageSize: PAGE_SIZE, ...filters });
  const setFilter = (key: string, value: string) =>
    setParams((p) => {
      if (key !== 'page') p.delete('page');
      value ? p.set(key, value) : p.delete(key);
      return p;
    });
  const setText = useDebouncedCallback(setFilter, 300);

  return (
    <>
      <PageHeader title={t('activities.title')} />
      <Group mb="md" align="flex-end">
        <TextInput
          aria-label={t('common.search')}
          placeholder={t('activities.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          defaultValue={filters.search}
          onChange={(e) => setText('search', e.currentTarget.value.trim())}
          w={300}
        />
        <TextInput
          aria-label={t('activities.filterAction')}
          placeholder={t('activities.filterAction')}
          defaultValue={filters.action}
          onChange={(e) => setText('action', e.currentTarget.value.trim())}
          w={220}
        />
        <SegmentedControl
          aria-label={t('activities.outcome')}
          value={filters.outcome ?? ''}
          onChange={(v) => setFilter('outcome', v)}
          data={[
            { value: '', label: t('common.all') },
            { value: 'SUCCESS', label: t('activities.outcome.SUCCESS') },
            { value: 'FAILURE', label: t('activities.outcome.FAILURE') },
          ]}
        />
      </Group>
      <QueryState query={query}>
        {(result) => (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={900}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('activities.time')}</Table.Th>
                    <Table.Th>{t('activities.actor')}</Table.Th>
                    <Table.Th>{t('activities.action')}</Table.Th>
                    <Table.Th>{t('activities.target')}</Table.Th>
                    <Table.Th>{t('activities.organization')}</Table.Th>
                    <Table.Th>{t('activities.outcome')}</Table.Th>
                    <Table.Th>{t('activities.detail')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.data.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Text c="dimmed" ta="center" py="md">
                          {t('activities.empty')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {result.data.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {dayjs(a.time).format('YYYY-MM-DD HH:mm:ss')}
                      </Table.Td>
                      <Table.Td>{a.actorName}</Table.Td>
                      <Table.Td>
                        <Text ff="monospace" size="sm">
                          {a.action}
                        </Text>
                      </Table.Td>
                      <Table.Td>{a.targetName ?? ''}</Table.Td>
                      <Table.Td>{a.organizationName ?? ''}</Table.Td>
                      <Table.Td>
                        <Badge color={a.outcome === 'SUCCESS' ? 'green' : 'red'} variant="light">
                          {t(`activities.outcome.${a.outcome}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {a.detail ?? ''}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" p="sm">
              <Text size="sm" c="dimmed">
                {t('common.total', { count: result.count })}
              </Text>
              <Pagination
                total={Math.max(1, Math.ceil(result.count / PAGE_SIZE))}
                value={page}
                onChange={(n) => setFilter('page', String(n))}
              />
            </Group>
          </Paper>
        )}
      </QueryState>
    </>
  );
};
