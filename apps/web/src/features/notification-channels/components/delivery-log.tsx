import { Badge, Drawer, Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import {
  type NotificationChannel,
  type NotificationDelivery,
  notificationDeliveryStatuses,
} from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/list-footer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useDeliveriesQuery } from '../queries.ts';

export const LOG_PAGE_SIZE = 20;

const statusColors: Record<NotificationDelivery['status'], string> = {
  PENDING: 'yellow',
  DELIVERED: 'green',
  FAILED: 'red',
};

export const DeliveryStatusBadge = ({ status }: { status: NotificationDelivery['status'] }) => {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={statusColors[status]}>
      {t(`notificationChannels.status.${status}`)}
    </Badge>
  );
};

const DeliveriesTable = ({ deliveries }: { deliveries: NotificationDelivery[] }) => {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" aria-label={t('notificationChannels.log.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('notificationChannels.log.time')}</Table.Th>
            <Table.Th>{t('notificationChannels.log.event')}</Table.Th>
            <Table.Th>{t('notificationChannels.log.status')}</Table.Th>
            <Table.Th ta="right">{t('notificationChannels.log.attempts')}</Table.Th>
            <Table.Th>{t('notificationChannels.log.error')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td>
                <RelativeTime value={delivery.createTime} size="sm" />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`notificationChannels.event.${delivery.event}`)}</Text>
                {delivery.alertId !== null && (
                  <Text size="xs" c="dimmed">
                    {t('notificationChannels.log.alert', { id: delivery.alertId })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <DeliveryStatusBadge status={delivery.status} />
                  {delivery.status === 'PENDING' && delivery.nextAttemptTime && delivery.attempts > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('notificationChannels.log.nextAttempt')}{' '}
                      <RelativeTime value={delivery.nextAttemptTime} size="xs" />
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td ta="right">{delivery.attempts}</Table.Td>
              <Table.Td>
                {/* The receiver's answer is text: shown as it is, never as markup. */}
                <Text
                  size="xs"
                  c={delivery.lastError ? undefined : 'dimmed'}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {delivery.lastError ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

export type LogView = {
  page: number;
  status: NotificationDelivery['status'] | undefined;
  setPage: (page: number) => void;
  setStatus: (status: NotificationDelivery['status'] | undefined) => void;
};

/** The log of one channel: its deliveries newest first, by status, paged; read again while one is on its way. */
export const DeliveryLog = ({
  channel,
  view,
  onClose,
}: {
  channel: NotificationChannel;
  view: LogView;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const deliveries = useDeliveriesQuery(channel.id, {
    page: view.page,
    pageSize: LOG_PAGE_SIZE,
    ...(view.status ? { status: view.status } : {}),
  });
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={t('notificationChannels.log.title', { name: channel.name })}
    >
      <Stack>
        <Group>
          <Text size="sm" fw={500} id="delivery-status-filter">
            {t('notificationChannels.log.filter')}
          </Text>
          <SegmentedControl
            aria-labelledby="delivery-status-filter"
            size="xs"
            value={view.status ?? 'ALL'}
            onChange={(value) =>
              view.setStatus(value === 'ALL' ? undefined : (value as NotificationDelivery['status']))
            }
            data={[
              { value: 'ALL', label: t('notificationChannels.log.all') },
              ...notificationDeliveryStatuses.map((status) => ({
                value: status,
                label: t(`notificationChannels.status.${status}`),
              })),
            ]}
          />
        </Group>
        <QueryState query={deliveries}>
          {(page) =>
            page.count === 0 ? (
              <Paper withBorder p="xl" ta="center">
                <Text c="dimmed">{t('notificationChannels.log.empty')}</Text>
              </Paper>
            ) : (
              <Paper withBorder style={{ opacity: deliveries.isPlaceholderData ? 0.6 : 1 }}>
                <DeliveriesTable deliveries={page.data} />
                <ListFooter
                  count={page.count}
                  page={view.page}
                  pageSize={LOG_PAGE_SIZE}
                  onPageChange={view.setPage}
                />
              </Paper>
            )
          }
        </QueryState>
      </Stack>
    </Drawer>
  );
};
