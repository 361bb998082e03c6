import { Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { Ticket, TicketFieldChange, TicketLogEntry, TicketLogNames } from '@rmm/domain';
import { IconClock, IconEdit, IconMessage, IconSparkles } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { attachmentItemOf } from '../../../components/attachments/attachment-item.ts';
import { AttachmentList } from '../../../components/attachments/attachment-list.tsx';
import { MarkdownView } from '../../../components/markdown-view.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { formatDurationSeconds } from '../../../lib/format.ts';
import { type TicketSetupLookup, useTicketSetup } from '../setup-lookup.ts';
import { VisibilityBadge } from './ticket-description.tsx';

/** Fields whose change the log names without the values (long text, lists of files, form values). */
const withoutValues = new Set(['description', 'attachmentIds', 'fieldValues']);

/** The names of every loaded page of the log, merged. */
export const mergeLogNames = (pages: readonly { names: TicketLogNames }[]): TicketLogNames => ({
  locations: Object.assign({}, ...pages.map((page) => page.names.locations)),
  forms: Object.assign({}, ...pages.map((page) => page.names.forms)),
  tickets: Object.assign({}, ...pages.map((page) => page.names.tickets)),
  users: Object.assign({}, ...pages.map((page) => page.names.users)),
  agreements: Object.assign({}, ...pages.map((page) => page.names.agreements)),
});

/**
 * A logged value in words: setup items by name, what the server named with the log (locations, forms, problems,
 * people; what is gone stays `#id`), enum values by their label, times as dates.
 */
export const useValueText = (ticket: Ticket, names: TicketLogNames) => {
  const { t } = useTranslation();
  const setup: TicketSetupLookup = useTicketSetup();
  const person = (id: unknown) =>
    names.users[String(id)] ?? (id === ticket.assigneeId ? ticket.assigneeName : null) ?? `#${id}`;
  const none = t('ticketing.none');
  return (field: TicketFieldChange['field'], value: unknown): string => {
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return none;
    switch (field) {
      case 'statusId':
        return setup.nameById('statuses', Number(value)) ?? none;
      case 'teamId':
        return setup.nameById('teams', Number(value)) ?? none;
      case 'subtypeId':
        return setup.nameById('subtypes', Number(value)) ?? none;
      case 'itemId':
        return setup.nameById('items', Number(value)) ?? none;
      case 'impactId':
        return setup.nameById('impacts', Number(value)) ?? none;
      case 'type':
        return setup.label('types', String(value));
      case 'priority':
        return setup.label('priorities', String(value));
      case 'severity':
        return setup.label('severities', String(value));
      case 'assigneeId':
        return person(value);
      case 'additionalAssigneeIds':
        return (value as number[]).map(person).join(', ');
      case 'deviceId':
        return value === ticket.deviceId && ticket.deviceName ? ticket.deviceName : `#${value}`;
      case 'locationId':
        return names.locations[String(value)] ?? `#${value}`;
      case 'formId':
        return names.forms[String(value)] ?? `#${value}`;
      case 'parentTicketId': {
        const subject = names.tickets[String(value)];
        return subject === undefined ? `#${value}` : `#${value} ${subject}`;
      }
      case 'agreementId':
        return names.agreements[String(value)] ?? `#${value}`;
      case 'followUpTime':
        return dayjs(String(value)).format('YYYY-MM-DD HH:mm');
      case 'isDescriptionPublic':
        return t(value ? 'ticketing.public' : 'ticketing.internal');
      case 'requester': {
        const requester = value as { email?: string | null; name?: string | null; userId?: number | null };
        return requester.name || requester.email || (requester.userId ? `#${requester.userId}` : none);
      }
      default:
        return Array.isArray(value) ? value.join(', ') : String(value);
    }
  };
};

export type ValueText = ReturnType<typeof useValueText>;

const Change = ({ change, text }: { change: TicketFieldChange; text: ValueText }) => {
  const { t } = useTranslation();
  const field = t(`ticketing.logField.${change.field}`);
  if (withoutValues.has(change.field))
    return <List.Item>{t('ticketing.log.changedField', { field })}</List.Item>;
  return (
    <List.Item>
      {t('ticketing.log.change', {
        field,
        from: text(change.field, change.from),
        to: text(change.field, change.to),
      })}
    </List.Item>
  );
};

const icons = {
  CREATED: IconSparkles,
  CHANGE: IconEdit,
  COMMENT: IconMessage,
  TIME_ENTRY: IconClock,
} as const;

/** One entry of the log: who, when, and what (a comment as rich text, changes as "field: from → to"). */
export const LogEntry = ({ entry, valueText }: { entry: TicketLogEntry; valueText: ValueText }) => {
  const { t } = useTranslation();
  const setup = useTicketSetup();
  const Icon = icons[entry.type];
  const isComment = entry.type === 'COMMENT';
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      bg={isComment && !entry.isPublic ? 'var(--mantine-color-default-hover)' : undefined}
      aria-label={t(`ticketing.log.entry.${entry.type}`, { actor: entry.actorName })}
      data-log-type={entry.type}
    >
      <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Icon size={16} aria-hidden />
          <Text fw={600} size="sm" truncate>
            {entry.actorName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {t(`ticketing.log.entry.${entry.type}`, { actor: '' }).trim()} ·{' '}
            {setup.label('sources', entry.source)}
          </Text>
          {isComment && <VisibilityBadge isPublic={entry.isPublic} />}
        </Group>
        <RelativeTime value={entry.createTime} size="xs" c="dimmed" />
      </Group>
      {entry.type === 'COMMENT' && (
        <Stack gap="xs">
          <MarkdownView markdown={entry.body} />
          {entry.attachments.length > 0 && (
            <AttachmentList
              items={entry.attachments.map(attachmentItemOf)}
              label={t('ticketing.log.attachmentsOf', { actor: entry.actorName })}
            />
          )}
        </Stack>
      )}
      {entry.type === 'CHANGE' && (
        <List size="sm" spacing={2}>
          {entry.changes.map((change) => (
            <Change key={change.field} change={change} text={valueText} />
          ))}
        </List>
      )}
      {entry.type === 'TIME_ENTRY' && (
        <Stack gap={2}>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {formatDurationSeconds(entry.timeEntry.durationSeconds)}
            </Text>
            <Badge size="xs" variant="light">
              {t(`ticketing.time.method.${entry.timeEntry.method}`)}
            </Badge>
            <Badge size="xs" variant="light" color={entry.timeEntry.isBillable ? 'teal' : 'gray'}>
              {t(entry.timeEntry.isBillable ? 'ticketing.time.billable' : 'ticketing.time.notBillable')}
            </Badge>
          </Group>
          {entry.timeEntry.note && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {entry.timeEntry.note}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
};
