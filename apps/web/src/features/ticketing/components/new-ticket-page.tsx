import { Alert, Button, Grid, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TICKET_MAX_ATTACHMENTS, TICKET_SUBJECT_MAX, TICKET_TEXT_MAX } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AttachmentUploader, usePastedImages } from '../../../components/attachments/attachment-uploader.tsx';
import { useAttachmentUploads } from '../../../components/attachments/use-attachment-uploads.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.tsx';
import {
  createRequestOf,
  type NewTicketValues,
  newTicketProblems,
  newTicketValues,
} from '../new-ticket-values.ts';
import { useCreateTicketMutation } from '../queries.ts';
import { NewTicketDetails } from './new-ticket-details.tsx';
import { VisibilityControl } from './ticket-description.tsx';

const idParam = (value: string | null) => {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : null;
};

/**
 * `/ticketing/new`: a new ticket (organization, location, device, form, subject, description, type, priority,
 * severity, assignee, tags, requester, attachments). An organization's or a device's tickets open it with
 * `?organizationId=` and `?deviceId=` filled in; once created, the ticket opens.
 */
export const NewTicketPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const create = useCreateTicketMutation();
  const uploads = useAttachmentUploads({ max: TICKET_MAX_ATTACHMENTS });
  const onPaste = usePastedImages(uploads.add);
  const [values, setValues] = useState<NewTicketValues>(() =>
    newTicketValues({
      organizationId: idParam(searchParams.get('organizationId')),
      deviceId: idParam(searchParams.get('deviceId')),
    }),
  );
  const [tried, setTried] = useState(false);
  const set = (changes: Partial<NewTicketValues>) => setValues((current) => ({ ...current, ...changes }));
  const problems = newTicketProblems(values);
  const isTouched = values.subject !== '' || values.description !== '' || uploads.items.length > 0;
  const guard = useUnsavedChangesGuard(isTouched && !create.isSuccess);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const body = createRequestOf(values, uploads.successIds);
    if (!body) return;
    create.mutate(body, {
      onSuccess: (answer) => {
        uploads.clear();
        guard.allowNextNavigation();
        notifications.show({
          color: 'green',
          message: t('ticketing.newTicketCreated', { id: answer.ticket.id }),
        });
        navigate(links.ticket(answer.ticket.id), { replace: true });
      },
    });
  };

  return (
    <>
      <PageHeader title={t('ticketing.newTicket')} />
      <form onSubmit={submit} onPaste={onPaste} noValidate>
        <fieldset disabled={create.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            {create.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {create.error.message}
              </Alert>
            )}
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Paper withBorder p="md">
                  <Stack>
                    <TextInput
                      label={t('ticketing.field.subject')}
                      withAsterisk
                      autoFocus
                      maxLength={TICKET_SUBJECT_MAX}
                      value={values.subject}
                      onChange={(event) => set({ subject: event.currentTarget.value })}
                      error={tried && problems.subject ? t('ticketing.required') : undefined}
                    />
                    <Textarea
                      label={t('ticketing.field.description')}
                      description={t('ticketing.markdownHint')}
                      rows={8}
                      resize="vertical"
                      maxLength={TICKET_TEXT_MAX}
                      value={values.description}
                      onChange={(event) => set({ description: event.currentTarget.value })}
                    />
                    <VisibilityControl
                      label={t('ticketing.field.descriptionVisibility')}
                      value={values.isDescriptionPublic}
                      onChange={(isDescriptionPublic) => set({ isDescriptionPublic })}
                    />
                    <AttachmentUploader uploads={uploads} disabled={create.isPending} />
                  </Stack>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <NewTicketDetails
                  values={values}
                  onChange={set}
                  problems={{
                    organizationId: tried && problems.organizationId,
                    requesterEmail: tried && problems.requesterEmail,
                  }}
                />
              </Grid.Col>
            </Grid>
            <Group justify="flex-end">
              <Button component={Link} to={links.ticketBoard()} variant="default">
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} disabled={uploads.isUploading}>
                {t('ticketing.create')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </>
  );
};
