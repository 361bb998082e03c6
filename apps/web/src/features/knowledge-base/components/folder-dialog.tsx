import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type KnowledgeBaseFolder, SaveKnowledgeBaseFolderRequest } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSaveFolderMutation } from '../queries.ts';

/** Names a new folder (in `parent`, or at the top) or renames `folder` where it is. */
export const FolderDialog = ({
  folder,
  parent,
  onClose,
  onSaved,
}: {
  folder?: KnowledgeBaseFolder;
  parent?: KnowledgeBaseFolder;
  onClose: () => void;
  onSaved: (folder: KnowledgeBaseFolder) => void;
}) => {
  const { t } = useTranslation();
  const save = useSaveFolderMutation();
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t('spec.validation.mandatory'))
          .pipe(SaveKnowledgeBaseFolderRequest.shape.name),
      }),
    [t],
  );
  const form = useForm({ initialValues: { name: folder?.name ?? '' }, validate: zod4Resolver(schema) });
  const title = folder
    ? t('knowledgeBase.folder.rename')
    : parent
      ? t('knowledgeBase.folder.newIn', { name: parent.name })
      : t('knowledgeBase.folder.new');
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        onSubmit={form.onSubmit(({ name }) =>
          save.mutate(
            {
              id: folder?.id,
              body: { name: name.trim(), parentId: folder ? folder.parentId : (parent?.id ?? null) },
            },
            {
              onSuccess: (saved) => {
                notifications.show({ color: 'green', message: t('knowledgeBase.folder.saved') });
                onSaved(saved);
              },
            },
          ),
        )}
      >
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            {save.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {save.error.message}
              </Alert>
            )}
            <TextInput
              label={t('knowledgeBase.folder.name')}
              withAsterisk
              data-autofocus
              {...form.getInputProps('name')}
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
