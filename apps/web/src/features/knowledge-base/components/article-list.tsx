import { Anchor, Badge, Card, Group, Mark, Stack, Text } from '@mantine/core';
import { type KnowledgeBaseArticleSummary, snippetSegments } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/list-footer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import type { ArticleListParams } from '../api.ts';
import { useArticlesQuery } from '../queries.ts';

/** Search matches in bold-marked text pieces (the snippet is never read as HTML). */
const Snippet = ({ snippet }: { snippet: string }) => (
  <Text size="sm" c="dimmed" lineClamp={3}>
    {snippetSegments(snippet).map((segment, index) =>
      // Pieces of one snippet never change order: the index is a stable key.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      segment.isMatch ? <Mark key={index}>{segment.text}</Mark> : <span key={index}>{segment.text}</span>,
    )}
  </Text>
);

const Attachment = ({ article }: { article: KnowledgeBaseArticleSummary }) => {
  const { t } = useTranslation();
  const count = article.organizationIds.length;
  if (count === 0)
    return (
      <Badge variant="light" color="gray">
        {t('knowledgeBase.mspWide')}
      </Badge>
    );
  return (
    <Badge variant="light">
      {count === 1 ? t('knowledgeBase.oneOrganization') : t('knowledgeBase.organizationCount', { count })}
    </Badge>
  );
};

/** A page of articles (by title, or ranked with snippets when searching); a title opens the article. */
export const ArticleList = ({
  params,
  canManage,
  onOpen,
  onPageChange,
}: {
  params: ArticleListParams;
  canManage: boolean;
  onOpen: (id: number) => void;
  onPageChange: (page: number) => void;
}) => {
  const { t } = useTranslation();
  const query = useArticlesQuery(params);
  return (
    <QueryState query={query}>
      {(answer) =>
        answer.data.length === 0 ? (
          <Text c="dimmed" py="xl" ta="center">
            {params.q
              ? t('knowledgeBase.noMatches', { q: params.q })
              : t(canManage ? 'knowledgeBase.emptyManage' : 'knowledgeBase.empty')}
          </Text>
        ) : (
          <Stack gap="xs">
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {answer.data.map((article) => (
                <Card key={article.id} withBorder padding="sm" component="li">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Anchor
                      component="button"
                      type="button"
                      fw={600}
                      ta="left"
                      onClick={() => onOpen(article.id)}
                    >
                      {article.title}
                    </Anchor>
                    <Attachment article={article} />
                  </Group>
                  {article.snippet && <Snippet snippet={article.snippet} />}
                  <Text size="xs" c="dimmed">
                    {t('knowledgeBase.updated')} <RelativeTime value={article.updatedAt} size="xs" />
                  </Text>
                </Card>
              ))}
            </Stack>
            <ListFooter
              count={answer.count}
              page={params.page}
              pageSize={params.pageSize}
              onPageChange={onPageChange}
            />
          </Stack>
        )
      }
    </QueryState>
  );
};
