import { Group, Pagination, Paper, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { DeviceNode } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { DeviceDashboard } from './device-dashboard.tsx';

const PAGE_SIZE = 50;

/** The installed software (already in the device's inventory): filtered and paged here, kept in the URL. */
const DeviceSoftware = ({ device }: { device: DeviceNode }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(useParams().page) || 1);
  const search = params.get('search') ?? '';
  const software = device.inventory?.software;
  const matches = useMemo(() => {
    const needle = search.toLowerCase();
    return (software ?? [])
      .filter(
        (item) => !needle || `${item.name} ${item.publisher} ${item.version}`.toLowerCase().includes(needle),
      )
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [software, search]);
  const pages = Math.max(1, Math.ceil(matches.length / PAGE_SIZE));
  const goTo = (nextPage: number, nextSearch = search) =>
    navigate(links.devicePage(device.id, 'software', nextPage, { search: nextSearch || undefined }), {
      replace: nextSearch !== search,
    });
  const setSearch = useDebouncedCallback((value: string) => goTo(1, value), 300);

  if (!software) {
    return (
      <Paper withBorder p="xl" ta="center">
        <Text c="dimmed">{t('devices.noInventory')}</Text>
      </Paper>
    );
  }
  return (
    <>
      <TextInput
        mb="sm"
        maw={420}
        aria-label={t('devices.software.search')}
        placeholder={t('devices.software.search')}
        leftSection={<IconSearch size={16} />}
        defaultValue={search}
        onChange={(event) => setSearch(event.currentTarget.value.trim())}
      />
      {matches.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">{search ? t('common.noResults') : t('devices.software.empty')}</Text>
        </Paper>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('common.name')}</Table.Th>
                  <Table.Th>{t('devices.software.version')}</Table.Th>
                  <Table.Th>{t('devices.software.publisher')}</Table.Th>
                  <Table.Th>{t('devices.software.installDate')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {matches.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((item) => (
                  <Table.Tr key={`${item.name}|${item.version}|${item.publisher}`}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.name}</Table.Td>
                    <Table.Td ff="monospace">{item.version}</Table.Td>
                    <Table.Td>{item.publisher}</Table.Td>
                    <Table.Td>{item.installDate ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" p="sm">
            <Text size="sm" c="dimmed">
              {t('common.total', { count: matches.length })}
            </Text>
            <Pagination total={pages} value={Math.min(page, pages)} onChange={(next) => goTo(next)} />
          </Group>
        </Paper>
      )}
    </>
  );
};

/** `/deviceDashboard/:id/software/:page`. */
export const DeviceSoftwarePage = () => (
  <DeviceDashboard tab="software">{(device) => <DeviceSoftware device={device} />}</DeviceDashboard>
);
