import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../../components/markdown-view.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useArticleQuery } from '../queries.ts';
import { DeleteArticleButton } from './delete-article-button.tsx';

/** One article, rendered from its Markdown, with Edit and Delete for those who manage the knowledge base. */
export const ArticleView = ({
  id,
  canManage,
  onBack,
  onEdit,
}: {
  id: number;
  canManage: boolean;
  onBack: () => void;
  onEdit: () => void;
}) => {
  const { t } = useTranslation();
  const query = useArticleQuery(id);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          {t('knowledgeBase.back')}
        </Button>
        {canManage && query.data && (
          <Group gap="xs">
            <Button variant="light" leftSection={<IconEdit size={16} />} onClick={onEdit}>
              {t('knowledgeBase.edit')}
            </Button>
            <DeleteArticleButton article={query.data} onDeleted={onBack} />
          </Group>
        )}
      </Group>
      <QueryState query={query} notFoundTitle={t('knowledgeBase.notFound')}>
        {(article) => (
          <Paper withBorder p="lg" component="article">
            <Title order={2} mb={4}>
              {article.title}
            </Title>
            <Text size="xs" c="dimmed" mb="md">
              {t('knowledgeBase.updated')} <RelativeTime value={article.updatedAt} size="xs" />
              {article.updatedBy ? ` · ${article.updatedBy}` : ''}
            </Text>
            {article.body.trim() ? (
              <MarkdownView markdown={article.body} />
            ) : (
              <Text c="dimmed">{t('knowledgeBase.emptyBody')}</Text>
            )}
          </Paper>
        )}
      </QueryState>
    </Stack>
  );
};
