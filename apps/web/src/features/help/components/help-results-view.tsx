import { Alert, Button, Mark, Text, Title } from '@mantine/core';
import { snippetSegments } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useHelpSearchQuery } from '../queries.ts';
import { HelpArticleList } from './help-article-list.tsx';
import { HelpLoading } from './help-loading.tsx';

/** A search snippet as text with its matches in <mark> elements (Mantine's, so dark mode fits): never parsed as HTML. */
export const HelpSnippet = ({ snippet }: { snippet: string }) =>
  snippetSegments(snippet).map((segment, index) =>
    segment.isMatch ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one snippet never move
      <Mark key={index}>{segment.text}</Mark>
    ) : (
      segment.text
    ),
  );

/**
 * The article list (search results) for `query`, the text of the search box once it has stood still for the
 * debounce (spec §9: 2000 ms); `isWaiting` while the user is still typing.
 */
export const HelpResultsView = ({
  query,
  isWaiting,
  onOpenArticle,
}: {
  query: string;
  isWaiting: boolean;
  onOpenArticle: (slug: string) => void;
}) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const results = useHelpSearchQuery(query, pathname);

  const body = () => {
    if (isWaiting || (query !== '' && results.isFetching)) return <HelpLoading label={t('help.searching')} />;
    if (query === '')
      return (
        <Text size="sm" c="dimmed">
          {t('help.searchHint')}
        </Text>
      );
    if (results.isError)
      return (
        <Alert color="red" title={t('spec.help.searchError')}>
          <Text size="sm">{t('help.searchReported')}</Text>
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void results.refetch()}>
            {t('help.retry')}
          </Button>
        </Alert>
      );
    if (!results.data) return <HelpLoading label={t('help.searching')} />;
    if (results.data.results.length === 0)
      return (
        <Text size="sm" c="dimmed">
          {t('help.noResults', { query })}
        </Text>
      );
    return (
      <HelpArticleList
        label={t('help.results')}
        items={results.data.results.map((result) => ({
          slug: result.slug,
          title: result.title,
          detail: result.snippet ? <HelpSnippet snippet={result.snippet} /> : result.summary,
          // A knowledge-base article opens on its console screen, not in the panel's article view.
          ...(result.source === 'knowledgeBase' && result.path ? { path: result.path } : {}),
        }))}
        onOpen={onOpenArticle}
      />
    );
  };

  return (
    <div aria-live="polite" aria-busy={isWaiting || results.isFetching}>
      <Title order={5} mb="xs">
        {t('help.results')}
      </Title>
      {body()}
    </div>
  );
};
