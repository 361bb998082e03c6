import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { TICKET_TEXT_MAX, type Ticket } from '@rmm/domain';
import { IconLock, IconPencil, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../../components/markdown-view.tsx';
import type { TicketDraft } from '../ticket-draft.ts';

/** Whether text is shown to the requester (public) or to technicians only (internal). */
export const VisibilityBadge = ({ isPublic }: { isPublic: boolean }) => {
  const { t } = useTranslation();
  const Icon = isPublic ? IconWorld : IconLock;
  return (
    <Badge
      size="sm"
      variant="light"
      color={isPublic ? 'teal' : 'gray'}
      leftSection={<Icon size={12} aria-hidden />}
    >
      {t(isPublic ? 'ticketing.public' : 'ticketing.internal')}
    </Badge>
  );
};

/** Public or internal, as a two-way switch with a label of its own. */
export const VisibilityControl = ({
  value,
  onChange,
  label,
  disabled,
}: {
  value: boolean;
  onChange: (isPublic: boolean) => void;
  label: string;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" aria-hidden>
        {label}
      </Text>
      <SegmentedControl
        aria-label={label}
        size="xs"
        disabled={disabled}
        value={value ? 'public' : 'internal'}
        onChange={(next) => onChange(next === 'public')}
        data={[
          { value: 'internal', label: t('ticketing.internal') },
          { value: 'public', label: t('ticketing.public') },
        ]}
      />
    </Group>
  );
};

/**
 * The description: Markdown shown as rich text without raw HTML (`<script>` typed is shown as text), or the
 * text being changed with its visibility. The change is saved with the ticket's other fields.
 */
export const TicketDescription = ({
  ticket,
  draft,
  readOnly,
}: {
  ticket: Ticket;
  draft: TicketDraft;
  readOnly: boolean;
}) => {
  const { t } = useTranslation();
  const [isEditing, setEditing] = useState(false);
  const description = draft.valueOf('description') ?? ticket.description;
  const isPublic = draft.valueOf('isDescriptionPublic') ?? ticket.isDescriptionPublic;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="ticket-description-title">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={3} size="h4" id="ticket-description-title">
            {t('ticketing.field.description')}
          </Title>
          <VisibilityBadge isPublic={isPublic} />
          {(draft.isChanged('description') || draft.isChanged('isDescriptionPublic')) && (
            <Badge size="xs" variant="dot">
              {t('ticketing.ticket.changed')}
            </Badge>
          )}
        </Group>
        {!readOnly && !isEditing && (
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing(true)}
          >
            {t('common.edit')}
          </Button>
        )}
      </Group>
      {isEditing && !readOnly ? (
        <Stack gap="xs">
          <Textarea
            aria-label={t('ticketing.field.description')}
            description={t('ticketing.markdownHint')}
            rows={8}
            resize="vertical"
            maxLength={TICKET_TEXT_MAX}
            value={description}
            onChange={(event) => draft.set('description', event.currentTarget.value)}
            autoFocus
          />
          <Group justify="space-between">
            <VisibilityControl
              label={t('ticketing.field.descriptionVisibility')}
              value={isPublic}
              onChange={(value) => draft.set('isDescriptionPublic', value)}
            />
            <Button variant="default" size="xs" onClick={() => setEditing(false)}>
              {t('common.done')}
            </Button>
          </Group>
        </Stack>
      ) : description.trim() ? (
        <MarkdownView markdown={description} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('ticketing.ticket.noDescription')}
        </Text>
      )}
    </Paper>
  );
};
