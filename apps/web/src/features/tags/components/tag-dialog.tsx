import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { checkTag, type DeviceTag, TAG_DESCRIPTION_MAX } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../../components/inputs/use-domain-message.ts';
import { useCreateTagMutation, useUpdateTagMutation } from '../queries.ts';

/**
 * Creates a tag, or renames `tag` and changes its description. The name is held to the tag rules as it
 * is typed (the domain's messages); a name another tag has is the server's refusal, shown above.
 */
export const TagDialog = ({ tag, onClose }: { tag?: DeviceTag; onClose: () => void }) => {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const create = useCreateTagMutation();
  const update = useUpdateTagMutation();
  const save = tag ? update : create;
  const [name, setName] = useState(tag?.name ?? '');
  const [description, setDescription] = useState(tag?.description ?? '');
  const [isSubmitted, setSubmitted] = useState(false);
  const check = checkTag(name);
  // A blank name says so only once the user tried to save; a broken rule says so at once.
  const nameError = check.ok || (name === '' && !isSubmitted) ? undefined : translate(check.message);

  const done = () => {
    notifications.show({ color: 'green', message: t('tags.saved') });
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok) return;
    const body = { name, description: description.trim() || null };
    if (tag) update.mutate({ id: tag.id, body }, { onSuccess: done });
    else create.mutate(body, { onSuccess: done });
  };

  return (
    <Modal opened onClose={onClose} title={tag ? t('tags.dialog.edit') : t('tags.dialog.new')}>
      <form onSubmit={submit} noValidate>
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            {save.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {save.error.message}
              </Alert>
            )}
            <TextInput
              label={t('tags.dialog.name')}
              withAsterisk
              data-autofocus
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
            />
            <Textarea
              label={t('tags.dialog.description')}
              rows={3}
              maxLength={TAG_DESCRIPTION_MAX}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
};
