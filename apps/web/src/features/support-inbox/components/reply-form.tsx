import { Alert, Button, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { BUILT_IN_HELP_DESK, HELP_TICKET_BODY_MAX, RequiredText } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AttachmentUploader, usePastedImages } from '../../../components/attachments/attachment-uploader.tsx';
import { useAttachmentUploads } from '../../../components/attachments/use-attachment-uploads.ts';
import { useDomainMessage } from '../../../components/inputs/use-domain-message.ts';
import { useReplySupportTicketMutation } from '../queries.ts';

/** An administrator's reply with its attachments; only SUCCESS uploads are sent. */
export const ReplyForm = ({ ticketId }: { ticketId: number }) => {
  const { t } = useTranslation();
  const domainMessage = useDomainMessage();
  const reply = useReplySupportTicketMutation(ticketId);
  const uploads = useAttachmentUploads({ helpdesk: BUILT_IN_HELP_DESK });
  const onPaste = usePastedImages(uploads.add);
  const schema = useMemo(
    () =>
      z.object({
        body: RequiredText.max(
          HELP_TICKET_BODY_MAX,
          t('supportInbox.tooLong', { max: HELP_TICKET_BODY_MAX.toLocaleString() }),
        ),
      }),
    [t],
  );
  const form = useForm({ initialValues: { body: '' }, validate: zod4Resolver(schema) });
  const submit = form.onSubmit((values) =>
    reply.mutate(
      { body: values.body.trim(), uploads: uploads.successIds },
      {
        onSuccess: () => {
          form.reset();
          uploads.clear();
          notifications.show({ color: 'green', message: t('supportInbox.replySent') });
        },
      },
    ),
  );
  const bodyProps = form.getInputProps('body');
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} onPaste={onPaste} noValidate>
        <fieldset disabled={reply.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm">
            <Title order={4}>{t('supportInbox.reply')}</Title>
            {reply.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {reply.error.message}
              </Alert>
            )}
            <Textarea
              label={t('supportInbox.replyLabel')}
              rows={5}
              resize="vertical"
              {...bodyProps}
              error={domainMessage(bodyProps.error as string | undefined)}
            />
            <AttachmentUploader uploads={uploads} disabled={reply.isPending} />
            <Group justify="flex-end">
              <Button type="submit" loading={reply.isPending} disabled={uploads.isUploading}>
                {t('supportInbox.replySend')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
};
