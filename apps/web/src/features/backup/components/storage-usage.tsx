import {
  Anchor,
  Group,
  Paper,
  Progress,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { BackupStorageUsage } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFooter } from '../../../components/list-footer.tsx';
import { formatByteSize } from '../../../lib/format.ts';
import { useStorageQuery } from '../queries.ts';
import { BackupLoadError } from './backup-load-error.tsx';

const PAGE_SIZE = 25;

const QuotaLine = ({ usage }: { usage: BackupStorageUsage }) => {
  const { t } = useTranslation();
  if (usage.cloudQuotaBytes === null)
    return (
      <Text size="xs" c="dimmed">
        {t('backup.storage.noQuota')}
      </Text>
    );
  const ratio = usage.cloudQuotaBytes === 0 ? 1 : usage.cloudBytes / usage.cloudQuotaBytes;
  return (
    <Stack gap={2}>
      <Progress value={Math.min(100, ratio * 100)} color={ratio >= 0.9 ? 'red' : 'blue'} size="sm" />
      <Text size="xs" c="dimmed">
        {t('backup.storage.ofQuota', { quota: formatByteSize(usage.cloudQuotaBytes) })}
      </Text>
    </Stack>
  );
};

/** Cloud and local storage of one organization, as two figures. */
export const StorageSummary = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  const query = useStorageQuery({ page: 1, pageSize: 1, organizationId });
  const usage = query.data?.data[0];
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {t('backup.storage.title')}
      </Title>
      <BackupLoadError query={query} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('backup.storage.cloud')}
          </Text>
          <Text fw={600} data-testid="backup-storage-cloud">
            {usage ? formatByteSize(usage.cloudBytes) : '–'}
          </Text>
          {usage && <QuotaLine usage={usage} />}
        </Stack>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('backup.storage.local')}
          </Text>
          <Text fw={600} data-testid="backup-storage-local">
            {usage ? formatByteSize(usage.localBytes) : '–'}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('backup.storage.revisions')}
          </Text>
          <Text fw={600}>{usage ? usage.revisions.toLocaleString() : '–'}</Text>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
};

/** Storage used per organization of the user's scope, local and cloud. */
export const StorageTable = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useStorageQuery({ page, pageSize: PAGE_SIZE });
  const rows = query.data?.data ?? [];
  const totals = rows.reduce(
    (sum, row) => ({ cloud: sum.cloud + row.cloudBytes, local: sum.local + row.localBytes }),
    { cloud: 0, local: 0 },
  );
  return (
    <Paper withBorder>
      <Group justify="space-between" p="sm">
        <Title order={4}>{t('backup.storage.title')}</Title>
        {rows.length > 0 && query.data?.count === rows.length && (
          <Text size="sm" c="dimmed">
            {t('backup.storage.totals', {
              cloud: formatByteSize(totals.cloud),
              local: formatByteSize(totals.local),
            })}
          </Text>
        )}
      </Group>
      <BackupLoadError query={query} />
      {query.isSuccess && rows.length === 0 ? (
        <Text p="md" c="dimmed">
          {t('backup.storage.empty')}
        </Text>
      ) : (
        <ScrollArea>
          <Table verticalSpacing="xs" miw={640} aria-label={t('backup.storage.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backup.storage.organization')}</Table.Th>
                <Table.Th>{t('backup.storage.cloud')}</Table.Th>
                <Table.Th>{t('backup.storage.local')}</Table.Th>
                <Table.Th>{t('backup.storage.revisions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.organizationId}>
                  <Table.Td>
                    <Anchor component={Link} to={links.organizationBackup(row.organizationId)}>
                      {row.organizationName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm">{formatByteSize(row.cloudBytes)}</Text>
                      <QuotaLine usage={row} />
                    </Stack>
                  </Table.Td>
                  <Table.Td>{formatByteSize(row.localBytes)}</Table.Td>
                  <Table.Td>{row.revisions.toLocaleString()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {query.data && query.data.count > PAGE_SIZE && (
        <ListFooter count={query.data.count} page={page} pageSize={PAGE_SIZE} onPageChange={setPage} />
      )}
    </Paper>
  );
};
