import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BUILT_IN_HELP_DESK,
  HELP_TICKET_BODY_MAX,
  HELP_TICKET_MAX_CC,
  HELP_TICKET_SUBJECT_MAX,
  helpTicketPriorities,
  toHelpTicket,
} from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentUploader, usePastedImages } from '../../../components/attachments/attachment-uploader.tsx';
import { useAttachmentUploads } from '../../../components/attachments/use-attachment-uploads.ts';
import { useDomainMessage } from '../../../components/inputs/use-domain-message.ts';
import { useHelpLocale, useSubmitHelpTicketMutation } from '../queries.ts';
import {
  emptyHelpTicketForm,
  type HelpTicketFormValues,
  helpTicketFormSchema,
} from '../ticket-form-schema.ts';

const Counter = ({ count, max }: { count: number; max: number }) => {
  const { t } = useTranslation();
  return (
    <Text component="span" size="xs" c={count > max ? 'red' : 'dimmed'}>
      {t('help.ticket.counter', { count: count.toLocaleString(), max: max.toLocaleString() })}
    </Text>
  );
};

/**
 * Spec §3 help ticket form: the inputs of the spec, checked by the domain's schema, with uploads that start
 * as soon as a file is chosen, dropped or pasted. Only SUCCESS uploads are sent; the language is the
 * console's, matched by the domain rule. A sent ticket empties the form (`onSubmitted` shows its id).
 */
export const HelpTicketForm = ({ onSubmitted }: { onSubmitted: (ticketId: string) => void }) => {
  const { t } = useTranslation();
  const locale = useHelpLocale();
  const domainMessage = useDomainMessage();
  const schema = useMemo(() => helpTicketFormSchema(t), [t]);
  const form = useForm<HelpTicketFormValues>({
    initialValues: emptyHelpTicketForm,
    validate: zod4Resolver(schema),
    validateInputOnBlur: true,
  });
  const uploads = useAttachmentUploads({ helpdesk: BUILT_IN_HELP_DESK });
  const onPaste = usePastedImages(uploads.add);
  const submit = useSubmitHelpTicketMutation(BUILT_IN_HELP_DESK);
  const values = form.getValues();

  /** Mantine's input props with a domain message shown in the console's words. */
  const field = (name: keyof HelpTicketFormValues) => {
    const props = form.getInputProps(name);
    return { ...props, error: domainMessage(props.error as string | undefined) };
  };

  const onSubmit = form.onSubmit((formValues) => {
    const parsed = schema.parse({ ...formValues, imageTokens: uploads.successIds });
    submit.mutate(toHelpTicket(parsed, locale), {
      onSuccess: ({ ticketId }) => {
        form.reset();
        uploads.clear();
        onSubmitted(ticketId);
      },
    });
  });

  const isBusy = submit.isPending;
  return (
    <form onSubmit={onSubmit} onPaste={onPaste} noValidate>
      <fieldset disabled={isBusy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {submit.error && (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} />}
              title={t('help.ticket.failedTitle')}
              role="alert"
            >
              {submit.error.message}
            </Alert>
          )}
          <Group grow align="flex-start" gap="xs">
            <NativeSelect
              label={t('help.ticket.priority')}
              data={helpTicketPriorities.map((priority) => ({
                value: priority,
                label: t(`help.ticket.priority.${priority}`),
              }))}
              {...field('ticketPriority')}
            />
            <TextInput
              label={t('help.ticket.category')}
              placeholder={t('help.ticket.categoryPlaceholder')}
              {...field('ticketCategory')}
            />
          </Group>
          <TextInput
            label={t('help.ticket.subject')}
            withAsterisk
            description={<Counter count={values.ticketSubject.length} max={HELP_TICKET_SUBJECT_MAX} />}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...field('ticketSubject')}
          />
          <Textarea
            label={t('help.ticket.body')}
            withAsterisk
            rows={5}
            resize="vertical"
            description={<Counter count={values.ticketBody.length} max={HELP_TICKET_BODY_MAX} />}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...field('ticketBody')}
          />
          <Group grow align="flex-end" gap="xs">
            <TextInput type="tel" label={t('help.ticket.phoneNumber')} {...field('ticketPhoneNumber')} />
            <Checkbox
              label={t('help.ticket.callback')}
              mb={8}
              {...form.getInputProps('ticketCallback', { type: 'checkbox' })}
            />
          </Group>
          <TextInput
            type="email"
            multiple
            label={t('help.ticket.cc')}
            description={t('help.ticket.ccHint', { max: HELP_TICKET_MAX_CC })}
            {...field('ticketCc')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('help.ticket.attachments')}
            </Text>
            <AttachmentUploader uploads={uploads} disabled={isBusy} />
            {uploads.hasUnsent && (
              <Text size="xs" c="dimmed">
                {t('attachments.notSent')}
              </Text>
            )}
          </Stack>
          {uploads.isUploading && (
            <Text size="xs" c="dimmed" id="help-ticket-uploading">
              {t('attachments.stillUploading')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={isBusy}
              disabled={uploads.isUploading}
              aria-describedby={uploads.isUploading ? 'help-ticket-uploading' : undefined}
            >
              {t('help.ticket.submit')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
};
