import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SupportTicketMessage } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { attachmentItemOf } from '../../../components/attachments/attachment-item.ts';
import { AttachmentList } from '../../../components/attachments/attachment-list.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';

/** One message: what the requester or an administrator wrote, shown as the text it is (never as HTML). */
const Message = ({ message }: { message: SupportTicketMessage }) => {
  const { t } = useTranslation();
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      bg={message.isFromRequester ? undefined : 'var(--mantine-color-default-hover)'}
      aria-label={message.author.name}
    >
      <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            {message.author.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {message.author.email}
          </Text>
          <Badge size="xs" variant="light" color={message.isFromRequester ? 'gray' : 'blue'}>
            {t(message.isFromRequester ? 'supportInbox.fromRequester' : 'supportInbox.fromSupport')}
          </Badge>
        </Group>
        <RelativeTime value={message.createdAt} size="xs" c="dimmed" />
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Text>
      {message.attachments.length > 0 && (
        <Stack mt="sm" gap={4}>
          <AttachmentList
            items={message.attachments.map(attachmentItemOf)}
            label={t('supportInbox.attachmentsOf', { name: message.author.name })}
          />
        </Stack>
      )}
    </Paper>
  );
};

/** The ticket's messages, oldest first. */
export const TicketThread = ({ messages }: { messages: readonly SupportTicketMessage[] }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={4}>{t('supportInbox.thread')}</Title>
      <Stack component="ol" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
      </Stack>
    </Stack>
  );
};
