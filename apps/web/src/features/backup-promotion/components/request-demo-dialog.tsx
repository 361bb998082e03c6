import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { submitDemoRequestErrors } from '@rmm/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRequestDemoMutation } from '../queries.ts';

/**
 * The Request Demo dialog of the backup promotion (spec §2, §5): name and email, both marked required; the
 * domain's message under a field once it was left or the form submitted; Submit only while both are valid.
 * Mounted while open, so each opening starts empty.
 */
export const RequestDemoDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const request = useRequestDemoMutation();
  const form = useForm({
    initialValues: { userName: '', userEmail: '' },
    validate: (values) => submitDemoRequestErrors(values),
    validateInputOnBlur: true,
  });
  const isValid = Object.keys(submitDemoRequestErrors(form.values)).length === 0;

  return (
    <Modal opened onClose={onClose} title={t('backupPromotion.dialog.title')}>
      {request.isSuccess ? (
        <Stack>
          <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
            {t('backupPromotion.dialog.sent')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit(({ userName, userEmail }) =>
            request.mutate({ userName: userName.trim(), userEmail: userEmail.trim() }),
          )}
        >
          <fieldset disabled={request.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack>
              <Text size="sm">{t('backupPromotion.dialog.intro')}</Text>
              {request.error && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  {request.error.message}
                </Alert>
              )}
              <TextInput
                label={t('backupPromotion.dialog.name')}
                required
                autoComplete="name"
                data-autofocus
                {...form.getInputProps('userName')}
              />
              <TextInput
                label={t('backupPromotion.dialog.email')}
                type="email"
                required
                autoComplete="email"
                {...form.getInputProps('userEmail')}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" disabled={!isValid} loading={request.isPending}>
                  {t('backupPromotion.dialog.submit')}
                </Button>
              </Group>
            </Stack>
          </fieldset>
        </form>
      )}
    </Modal>
  );
};
