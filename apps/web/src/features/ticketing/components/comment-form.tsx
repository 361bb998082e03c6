import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TICKET_MAX_ATTACHMENTS, TICKET_TEXT_MAX, type Ticket } from '@rmm/domain';
import { IconAlertCircle, IconMessagePlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentUploader, usePastedImages } from '../../../components/attachments/attachment-uploader.tsx';
import { useAttachmentUploads } from '../../../components/attachments/use-attachment-uploads.ts';
import { useAddCommentMutation } from '../queries.ts';
import { VisibilityControl } from './ticket-description.tsx';

/**
 * A comment (Markdown), internal unless made public, with its attachments; it goes to the ticket's log at once
 * (no version needed: a comment changes no field, and the ticket's version stays).
 */
export const CommentForm = ({ ticket }: { ticket: Ticket }) => {
  const { t } = useTranslation();
  const add = useAddCommentMutation(ticket.id);
  const uploads = useAttachmentUploads({ max: TICKET_MAX_ATTACHMENTS });
  const onPaste = usePastedImages(uploads.add);
  const [body, setBody] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [tried, setTried] = useState(false);
  const error = tried && !body.trim() ? t('ticketing.required') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!body.trim()) return;
    add.mutate(
      { body: body.trim(), isPublic, attachmentIds: uploads.successIds },
      {
        onSuccess: () => {
          setBody('');
          setTried(false);
          uploads.clear();
          notifications.show({ color: 'green', message: t('ticketing.comment.added') });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} onPaste={onPaste} noValidate aria-label={t('ticketing.comment.title')}>
      <fieldset disabled={add.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="xs">
          {add.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {add.error.message}
            </Alert>
          )}
          <Textarea
            label={t('ticketing.comment.label')}
            description={t('ticketing.markdownHint')}
            rows={3}
            resize="vertical"
            maxLength={TICKET_TEXT_MAX}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Ctrl+Enter (⌘+Enter) sends, as in most ticket tools.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
            }}
            error={error}
          />
          <AttachmentUploader uploads={uploads} disabled={add.isPending} />
          <Group justify="space-between">
            <VisibilityControl
              label={t('ticketing.comment.visibility')}
              value={isPublic}
              onChange={setPublic}
            />
            <Button
              type="submit"
              leftSection={<IconMessagePlus size={16} />}
              loading={add.isPending}
              disabled={uploads.isUploading}
            >
              {t('ticketing.comment.add')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
};
