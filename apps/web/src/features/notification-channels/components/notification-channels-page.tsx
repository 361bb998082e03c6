import { Badge, Button, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { NotificationChannel, NotificationDelivery } from '@rmm/domain';
import { IconEdit, IconList, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import {
  useChannelsQuery,
  useDeleteChannelMutation,
  useTestChannelMutation,
  useTestOutcomeQuery,
} from '../queries.ts';
import { ChannelDialog } from './channel-dialog.tsx';
import { DeliveryLog, DeliveryStatusBadge, type LogView } from './delivery-log.tsx';

/** The open log (`?log=<channel id>`), its page and status filter, kept in the URL (bookmarkable, Back works). */
const useLogParams = () => {
  const [params, setParams] = useSearchParams();
  const channelId = Number(params.get('log')) || undefined;
  const set = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      for (const [key, value] of Object.entries(changes))
        value ? current.set(key, value) : current.delete(key);
      return current;
    });
  const status = params.get('status');
  const view: LogView = {
    page: Math.max(1, Number(params.get('page')) || 1),
    status: status === 'PENDING' || status === 'DELIVERED' || status === 'FAILED' ? status : undefined,
    setPage: (page) => set({ page: page > 1 ? String(page) : undefined }),
    setStatus: (next) => set({ status: next, page: undefined }),
  };
  return {
    channelId,
    view,
    open: (id: number) => set({ log: String(id), page: undefined, status: undefined }),
    close: () => set({ log: undefined, page: undefined, status: undefined }),
  };
};

/** Where the channel sends: its recipients, or the address's host (the path of a chat webhook is a secret). */
const Target = ({ channel }: { channel: NotificationChannel }) => {
  const { t } = useTranslation();
  if (channel.type === 'EMAIL') {
    const recipients = channel.config.recipients ?? [];
    return (
      <Tooltip label={recipients.join(', ')} disabled={recipients.length === 0} multiline maw={360}>
        <Text size="sm" lineClamp={1}>
          {recipients.length === 1
            ? recipients[0]
            : t('notificationChannels.recipients', { count: recipients.length })}
        </Text>
      </Tooltip>
    );
  }
  let host = channel.config.url ?? '';
  try {
    host = new URL(host).host;
  } catch {
    // shown as stored
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" lineClamp={1}>
        {host}
      </Text>
      {channel.type === 'CHAT' && channel.config.format && (
        <Badge size="xs" variant="outline" color="gray">
          {t(`notificationChannels.format.${channel.config.format}`)}
        </Badge>
      )}
      {channel.type === 'WEBHOOK' && channel.config.hasSecret && (
        <Badge size="xs" variant="outline" color="gray">
          {t('notificationChannels.signed')}
        </Badge>
      )}
    </Group>
  );
};

const ChannelsTable = ({
  channels,
  canManage,
  testingId,
  onTest,
  onLog,
  onEdit,
  onDelete,
}: {
  channels: NotificationChannel[];
  canManage: boolean;
  testingId: number | undefined;
  onTest: (channel: NotificationChannel) => void;
  onLog: (channel: NotificationChannel) => void;
  onEdit: (channel: NotificationChannel) => void;
  onDelete: (channel: NotificationChannel) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('notificationChannels.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('notificationChannels.column.name')}</Table.Th>
            <Table.Th>{t('notificationChannels.column.type')}</Table.Th>
            <Table.Th>{t('notificationChannels.column.target')}</Table.Th>
            <Table.Th>{t('notificationChannels.column.enabled')}</Table.Th>
            <Table.Th>{t('notificationChannels.column.lastDelivery')}</Table.Th>
            <Table.Th w={150}>
              <VisuallyHidden>{t('notificationChannels.actions', { name: '' })}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {channels.map((channel) => (
            <Table.Tr key={channel.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {channel.name}
                </Text>
              </Table.Td>
              <Table.Td>{t(`notificationChannels.type.${channel.type}`)}</Table.Td>
              <Table.Td maw={280}>
                <Target channel={channel} />
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={channel.enabled ? 'green' : 'gray'}>
                  {channel.enabled ? t('notificationChannels.enabled') : t('notificationChannels.disabled')}
                </Badge>
              </Table.Td>
              <Table.Td>
                {channel.lastDeliveryStatus ? (
                  <Group gap="xs" wrap="nowrap">
                    <DeliveryStatusBadge status={channel.lastDeliveryStatus} />
                    <RelativeTime value={channel.lastDeliveryTime} size="xs" c="dimmed" />
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('notificationChannels.noDelivery')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group
                  gap={4}
                  wrap="nowrap"
                  role="group"
                  aria-label={t('notificationChannels.actions', { name: channel.name })}
                >
                  <LabelledActionIcon
                    label={t('notificationChannels.sendTest', { name: channel.name })}
                    disabled={!canManage}
                    loading={testingId === channel.id}
                    onClick={() => onTest(channel)}
                  >
                    <IconSend size={16} />
                  </LabelledActionIcon>
                  <LabelledActionIcon
                    label={t('notificationChannels.showLog', { name: channel.name })}
                    onClick={() => onLog(channel)}
                  >
                    <IconList size={16} />
                  </LabelledActionIcon>
                  <LabelledActionIcon
                    label={t('notificationChannels.edit', { name: channel.name })}
                    disabled={!canManage}
                    onClick={() => onEdit(channel)}
                  >
                    <IconEdit size={16} />
                  </LabelledActionIcon>
                  <LabelledActionIcon
                    label={t('notificationChannels.delete', { name: channel.name })}
                    color="red"
                    disabled={!canManage}
                    onClick={() => onDelete(channel)}
                  >
                    <IconTrash size={16} />
                  </LabelledActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

const useDeleteChannel = () => {
  const { t } = useTranslation();
  const remove = useDeleteChannelMutation();
  return (channel: NotificationChannel) =>
    modals.openConfirmModal({
      title: t('notificationChannels.deleteTitle', { name: channel.name }),
      children: <Text size="sm">{t('notificationChannels.deleteBody')}</Text>,
      labels: { confirm: t('notificationChannels.deleteConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(channel.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('notificationChannels.deleted') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
};

type PendingTest = { channelId: number; deliveryId: number; name: string };

/**
 * "Send test": queues a test message, then says how it went once the server has sent it (DELIVERED, or
 * FAILED with the receiver's answer as text).
 */
const useSendTest = () => {
  const { t } = useTranslation();
  const test = useTestChannelMutation();
  const [pending, setPending] = useState<PendingTest | null>(null);
  const outcome = useTestOutcomeQuery(pending);
  const delivery: NotificationDelivery | null | undefined = outcome.data;
  useEffect(() => {
    if (!pending || !delivery || delivery.status === 'PENDING') return;
    // The "on its way" notice becomes the outcome.
    notifications.update({
      id: `test-${delivery.id}`,
      loading: false,
      withCloseButton: true,
      color: delivery.status === 'DELIVERED' ? 'green' : 'red',
      autoClose: delivery.status === 'DELIVERED' ? 4000 : false,
      message: t(`notificationChannels.test.${delivery.status}`, {
        name: pending.name,
        error: delivery.lastError ?? '',
      }),
    });
    setPending(null);
  }, [delivery, pending, t]);
  return {
    testingId: test.isPending ? test.variables : pending?.channelId,
    send: (channel: NotificationChannel) =>
      test.mutate(channel.id, {
        onSuccess: (queued) => {
          notifications.show({
            id: `test-${queued.id}`,
            loading: true,
            autoClose: false,
            message: t('notificationChannels.test.queued', { name: channel.name }),
          });
          setPending({ channelId: channel.id, deliveryId: queued.id, name: channel.name });
        },
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      }),
  };
};

/** Which dialog is open: a new channel, or the channel being edited. */
type Editing = { channel?: NotificationChannel } | null;

/**
 * `/administration/apps/notificationChannels`: where alerts are sent. The channels with their last delivery;
 * create, edit, delete, send a test message; each channel's delivery log in a drawer.
 */
export const NotificationChannelsPage = () => {
  const { t } = useTranslation();
  const channels = useChannelsQuery();
  const canManage = useHasPermission('settings.manage');
  const [editing, setEditing] = useState<Editing>(null);
  const confirmDelete = useDeleteChannel();
  const sendTest = useSendTest();
  const log = useLogParams();
  const logChannel = channels.data?.data.find((channel) => channel.id === log.channelId);

  return (
    <>
      <PageHeader
        title={t('notificationChannels.title')}
        actions={
          <Button leftSection={<IconPlus size={16} />} disabled={!canManage} onClick={() => setEditing({})}>
            {t('notificationChannels.new')}
          </Button>
        }
      />
      <Text c="dimmed" mb="md" maw={820}>
        {t('notificationChannels.intro')}
      </Text>
      <QueryState query={channels}>
        {(result) =>
          result.data.length === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Stack align="center">
                <Text c="dimmed">{t('notificationChannels.empty')}</Text>
              </Stack>
            </Paper>
          ) : (
            <Paper withBorder>
              <ChannelsTable
                channels={result.data}
                canManage={canManage}
                testingId={sendTest.testingId}
                onTest={sendTest.send}
                onLog={(channel) => log.open(channel.id)}
                onEdit={(channel) => setEditing({ channel })}
                onDelete={confirmDelete}
              />
            </Paper>
          )
        }
      </QueryState>
      {editing && <ChannelDialog channel={editing.channel} onClose={() => setEditing(null)} />}
      {logChannel && <DeliveryLog channel={logChannel} view={log.view} onClose={log.close} />}
    </>
  );
};
