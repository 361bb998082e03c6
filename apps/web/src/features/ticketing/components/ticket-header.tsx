import { Anchor, Badge, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { TICKET_SUBJECT_MAX, type Ticket } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconBuilding, IconDeviceDesktop, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useTicketSetup } from '../setup-lookup.ts';
import type { TicketDraft } from '../ticket-draft.ts';
import { PriorityBadge, SeverityBadge, StatusBadge } from './ticket-badges.tsx';

/** The subject: a heading, or a field while it is being changed (Enter keeps it, Escape drops the change). */
const Subject = ({ ticket, draft, readOnly }: { ticket: Ticket; draft: TicketDraft; readOnly: boolean }) => {
  const { t } = useTranslation();
  const [isEditing, setEditing] = useState(false);
  const subject = draft.valueOf('subject') ?? ticket.subject;
  const error = subject.trim() === '' ? t('ticketing.required') : undefined;
  if (isEditing && !readOnly)
    return (
      <TextInput
        aria-label={t('ticketing.field.subject')}
        value={subject}
        maxLength={TICKET_SUBJECT_MAX}
        autoFocus
        size="md"
        error={error}
        onChange={(event) => draft.set('subject', event.currentTarget.value)}
        onBlur={() => !error && setEditing(false)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !error) setEditing(false);
          if (event.key === 'Escape') {
            draft.set('subject', ticket.subject);
            setEditing(false);
          }
        }}
        style={{ flex: 1 }}
      />
    );
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Title order={2} id="ticket-subject" style={{ overflowWrap: 'anywhere' }}>
        {subject}
      </Title>
      {!readOnly && (
        <LabelledActionIcon label={t('ticketing.ticket.editSubject')} onClick={() => setEditing(true)} mt={6}>
          <IconPencil size={16} />
        </LabelledActionIcon>
      )}
      {draft.isChanged('subject') && (
        <Badge size="xs" variant="dot" mt={10}>
          {t('ticketing.ticket.changed')}
        </Badge>
      )}
    </Group>
  );
};

/** The ticket's number, subject, status, priority and severity, its organization and device (linked). */
export const TicketHeader = ({
  ticket,
  draft,
  readOnly,
}: {
  ticket: Ticket;
  draft: TicketDraft;
  readOnly: boolean;
}) => {
  const { t } = useTranslation();
  const setup = useTicketSetup();
  return (
    <Stack gap={6} component="header" aria-labelledby="ticket-subject">
      <Text size="sm" c="dimmed">
        {t('ticketing.ticket.number', { id: ticket.id })} · {setup.label('types', ticket.type)} ·{' '}
        {t('ticketing.ticket.createdBy', { source: setup.label('sources', ticket.source) })}{' '}
        <RelativeTime value={ticket.createTime} size="sm" />
        {ticket.createdBy ? ` · ${ticket.createdBy}` : ''}
      </Text>
      <Subject ticket={ticket} draft={draft} readOnly={readOnly} />
      <Group gap="sm">
        <StatusBadge status={ticket.status} size="lg" />
        {/* "None" says nothing: only a priority or severity that is set shows. */}
        {ticket.priority !== 'NONE' && (
          <PriorityBadge
            priority={ticket.priority}
            label={setup.label('priorities', ticket.priority)}
            size="lg"
          />
        )}
        {ticket.severity !== 'NONE' && (
          <SeverityBadge
            severity={ticket.severity}
            label={setup.label('severities', ticket.severity)}
            size="lg"
          />
        )}
        <Group gap={4} wrap="nowrap">
          <IconBuilding size={16} aria-hidden />
          <Anchor component={Link} to={links.organization(ticket.organizationId, 'ticketing')} size="sm">
            {ticket.organizationName}
          </Anchor>
        </Group>
        {ticket.deviceId !== null && (
          <Group gap={4} wrap="nowrap">
            <IconDeviceDesktop size={16} aria-hidden />
            <Anchor component={Link} to={links.device(ticket.deviceId)} size="sm">
              {ticket.deviceName ?? `#${ticket.deviceId}`}
            </Anchor>
          </Group>
        )}
      </Group>
    </Stack>
  );
};
