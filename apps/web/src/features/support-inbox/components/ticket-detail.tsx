import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SupportTicket } from '@rmm/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useSupportTicketQuery } from '../queries.ts';
import { ReplyForm } from './reply-form.tsx';
import { TicketActions } from './ticket-actions.tsx';
import { PriorityBadge, StatusBadge } from './ticket-badges.tsx';
import { TicketThread } from './ticket-thread.tsx';

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={0} style={{ minWidth: 0 }}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </Stack>
);

/** "Deutsch" for `de`, in the console's language; the code itself when the browser has no name for it. */
const useLanguageName = () => {
  const { i18n } = useTranslation();
  return (code: string) => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'language' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
};

/** The ticket's requester and custom fields (spec §3: phone, category, callback, language) and its cc. */
const TicketFacts = ({ ticket }: { ticket: SupportTicket }) => {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const none = (
    <Text span size="sm" c="dimmed">
      {t('supportInbox.none')}
    </Text>
  );
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="sm">
        <Fact label={t('supportInbox.field.requester')}>
          {ticket.requester.name}{' '}
          <Text span size="xs" c="dimmed">
            {ticket.requester.email}
          </Text>
        </Fact>
        <Fact label={t('supportInbox.field.phoneNumber')}>{ticket.phoneNumber || none}</Fact>
        <Fact label={t('supportInbox.field.category')}>{ticket.category || none}</Fact>
        <Fact label={t('supportInbox.field.callback')}>
          {t(ticket.callback ? 'common.yes' : 'common.no')}
        </Fact>
        <Fact label={t('supportInbox.field.language')}>{languageName(ticket.language)}</Fact>
        <Fact label={t('supportInbox.field.cc')}>
          {ticket.ccEmails.length > 0 ? ticket.ccEmails.join(', ') : none}
        </Fact>
        <Fact label={t('supportInbox.field.created')}>
          <RelativeTime value={ticket.createdAt} size="sm" />
        </Fact>
        {ticket.closedAt && (
          <Fact label={t('supportInbox.field.closed')}>
            <RelativeTime value={ticket.closedAt} size="sm" />
          </Fact>
        )}
      </SimpleGrid>
    </Paper>
  );
};

/** One ticket: its facts, the conversation with its attachments, and the reply box while it is open. */
export const TicketDetail = ({ id, onBack }: { id: number; onBack: () => void }) => {
  const { t } = useTranslation();
  const query = useSupportTicketQuery(id);
  return (
    <Stack gap="md">
      <Anchor component="button" type="button" size="sm" onClick={onBack} w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t('supportInbox.back')}
        </Group>
      </Anchor>
      <QueryState query={query} notFoundTitle={t('supportInbox.notFound')}>
        {(ticket) => (
          <Stack gap="md" component="article" aria-labelledby="support-ticket-subject">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Title order={3} id="support-ticket-subject" style={{ overflowWrap: 'anywhere' }}>
                  {ticket.subject}
                </Title>
                <Group gap="xs">
                  <Text size="sm" c="dimmed">
                    {t('supportInbox.ticketNumber', { id: ticket.id })}
                  </Text>
                  <StatusBadge status={ticket.status} />
                  <PriorityBadge priority={ticket.priority} />
                </Group>
              </Stack>
              <TicketActions ticket={ticket} />
            </Group>
            <TicketFacts ticket={ticket} />
            <TicketThread messages={ticket.messages} />
            {ticket.status === 'OPEN' ? (
              <ReplyForm key={ticket.id} ticketId={ticket.id} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('supportInbox.replyClosed')}
              </Text>
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
};
