import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { KnowledgeBaseArticle } from '@rmm/domain';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDeleteArticleMutation } from '../queries.ts';

/** Asks first; a refusal is shown as the server's message. */
export const DeleteArticleButton = ({
  article,
  onDeleted,
}: {
  article: KnowledgeBaseArticle;
  onDeleted: () => void;
}) => {
  const { t } = useTranslation();
  const remove = useDeleteArticleMutation();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('knowledgeBase.deleteTitle', { title: article.title }),
      children: <Text size="sm">{t('knowledgeBase.deleteBody')}</Text>,
      labels: { confirm: t('knowledgeBase.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(article.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('knowledgeBase.deleted') });
            onDeleted();
          },
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  return (
    <Button
      variant="subtle"
      color="red"
      leftSection={<IconTrash size={16} />}
      onClick={confirm}
      loading={remove.isPending}
    >
      {t('knowledgeBase.delete')}
    </Button>
  );
};
