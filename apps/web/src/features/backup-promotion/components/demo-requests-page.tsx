import { Anchor, Badge, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { DemoRequestRecord } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListFooter } from '../../../components/list-footer.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useDemoRequestsQuery } from '../queries.ts';

const PAGE_SIZE = 25;

const statusColor = { SENT: 'green', PENDING: 'yellow', FAILED: 'red' } as const;

/** Whether the request's mail went out; a failure shows its error, and how many attempts were made. */
const DeliveryStatus = ({ request }: { request: DemoRequestRecord }) => {
  const { t } = useTranslation();
  if (request.deliveryStatus === null) {
    return (
      <Tooltip label={t('backupPromotion.delivery.noneHint')}>
        <Badge color="gray" variant="light">
          {t('backupPromotion.delivery.none')}
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Stack gap={2}>
      <Badge color={statusColor[request.deliveryStatus]} variant="light">
        {t(`backupPromotion.delivery.${request.deliveryStatus}`)}
      </Badge>
      {request.deliveryStatus === 'FAILED' && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('backupPromotion.delivery.attempts', { count: request.deliveryAttempts })}:{' '}
          {request.deliveryError}
        </Text>
      )}
    </Stack>
  );
};

const DemoRequestsTable = ({ requests }: { requests: DemoRequestRecord[] }) => {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backupPromotion.list.received')}</Table.Th>
            <Table.Th>{t('backupPromotion.list.name')}</Table.Th>
            <Table.Th>{t('backupPromotion.list.email')}</Table.Th>
            <Table.Th>{t('backupPromotion.list.sentBy')}</Table.Th>
            <Table.Th>{t('backupPromotion.list.mail')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td>
                <RelativeTime value={request.requestedAt} size="sm" />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{request.userName}</Table.Td>
              <Table.Td>
                <Anchor href={`mailto:${request.userEmail}`} size="sm">
                  {request.userEmail}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{request.requestedBy.name}</Text>
                <Text size="xs" c="dimmed">
                  {request.requestedBy.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <DeliveryStatus request={request} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** `/administration/general/demoRequests`: the backup demos asked for, newest first (page in the URL). */
export const DemoRequestsPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useDemoRequestsQuery({ page, pageSize: PAGE_SIZE });
  return (
    <>
      <PageHeader title={t('backupPromotion.list.title')} />
      <Text size="sm" c="dimmed" mb="sm">
        {t('backupPromotion.list.explain')}
      </Text>
      <QueryState query={query}>
        {(result) =>
          result.count === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{t('backupPromotion.list.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder>
              <DemoRequestsTable requests={result.data} />
              <ListFooter
                count={result.count}
                page={page}
                pageSize={PAGE_SIZE}
                onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
              />
            </Paper>
          )
        }
      </QueryState>
    </>
  );
};
