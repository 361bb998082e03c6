import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Ticket } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { attachmentItemOf } from '../../../components/attachments/attachment-item.ts';
import { AttachmentList } from '../../../components/attachments/attachment-list.tsx';
import { AttachmentUploader } from '../../../components/attachments/attachment-uploader.tsx';
import type { AttachmentUploads } from '../../../components/attachments/use-attachment-uploads.ts';
import type { TicketDraft } from '../ticket-draft.ts';

/**
 * The ticket's files (spec §3 Attachment, §4 tile) and, for those who may change it, the upload area: new
 * files and removed ones are saved with the ticket's other changes.
 */
export const TicketAttachments = ({
  ticket,
  draft,
  uploads,
  readOnly,
}: {
  ticket: Ticket;
  draft: TicketDraft;
  uploads: AttachmentUploads;
  readOnly: boolean;
}) => {
  const { t } = useTranslation();
  const keptIds = draft.valueOf('attachmentIds') ?? ticket.attachments.map((a) => a.id);
  const kept = ticket.attachments.filter((attachment) => keptIds.includes(attachment.id));
  const removedCount = ticket.attachments.length - kept.length;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="ticket-attachments-title">
      <Group gap="xs" mb="xs">
        <Title order={3} size="h4" id="ticket-attachments-title">
          {t('ticketing.attachments.title')}
        </Title>
        {(removedCount > 0 || uploads.successIds.length > 0) && (
          <Badge size="xs" variant="dot">
            {t('ticketing.ticket.changed')}
          </Badge>
        )}
      </Group>
      <Stack gap="xs">
        {kept.length === 0 && uploads.items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('ticketing.attachments.none')}
          </Text>
        )}
        <AttachmentList
          items={kept.map(attachmentItemOf)}
          label={t('ticketing.attachments.title')}
          onRemove={
            readOnly
              ? undefined
              : (item) =>
                  draft.set(
                    'attachmentIds',
                    keptIds.filter((id) => id !== item.id),
                  )
          }
        />
        {!readOnly && <AttachmentUploader uploads={uploads} disabled={readOnly} />}
        {uploads.isUploading && (
          <Text size="xs" c="dimmed">
            {t('attachments.stillUploading')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
};
