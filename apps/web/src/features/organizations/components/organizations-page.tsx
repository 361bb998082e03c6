import { Anchor, Badge, Button, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { links } from '@rmm/domain/links';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { ListFooter } from '../../../components/list-footer.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useOrganizationsQuery } from '../../../lib/organizations.ts';

const PAGE_SIZE = 25;

/** `/administration/customers/organizations`: search and page live in the URL. */
export const OrganizationsPage = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const query = useOrganizationsQuery({
    page,
    pageSize: PAGE_SIZE,
    search: search || undefined,
    sort: 'name',
  });
  const canManage = useHasPermission('organizations.manage');
  const setSearch = useDebouncedCallback((value: string) => {
    setParams((p) => {
      value ? p.set('search', value) : p.delete('search');
      p.delete('page');
      return p;
    });
  }, 300);
  const from = { from: location.pathname + location.search };

  return (
    <>
      <PageHeader
        title={t('organizations.title')}
        actions={
          canManage && (
            <Button
              component={Link}
              to="/editor/customer/new"
              state={from}
              leftSection={<IconPlus size={16} />}
            >
              {t('organizations.new')}
            </Button>
          )
        }
      />
      <TextInput
        mb="md"
        maw={420}
        aria-label={t('common.search')}
        placeholder={t('organizations.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        defaultValue={search}
        onChange={(e) => setSearch(e.currentTarget.value.trim())}
      />
      <QueryState query={query}>
        {(result) =>
          result.count === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{search ? t('common.noResults') : t('organizations.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('common.name')}</Table.Th>
                    <Table.Th>{t('organizations.locations')}</Table.Th>
                    <Table.Th>{t('organizations.devices')}</Table.Th>
                    <Table.Th>{t('organizations.created')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.data.map((org) => (
                    <Table.Tr key={org.id}>
                      <Table.Td>
                        <Anchor component={Link} to={links.organization(org.id)} fw={500}>
                          {org.name}
                        </Anchor>
                        {org.description && (
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {org.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {org.locations.slice(0, 3).map((l) => (
                            <Badge key={l.id} variant="light" size="sm">
                              {l.name}
                            </Badge>
                          ))}
                          {org.locations.length > 3 && <Text size="xs">+{org.locations.length - 3}</Text>}
                        </Group>
                      </Table.Td>
                      <Table.Td>{org.deviceCount}</Table.Td>
                      <Table.Td>{dayjs(org.createTime).format('YYYY-MM-DD')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <ListFooter
                count={result.count}
                page={page}
                pageSize={PAGE_SIZE}
                onPageChange={(next) =>
                  setParams((p) => {
                    p.set('page', String(next));
                    return p;
                  })
                }
              />
            </Paper>
          )
        }
      </QueryState>
    </>
  );
};
