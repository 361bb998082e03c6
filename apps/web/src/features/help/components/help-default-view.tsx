import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { IconBook, IconExternalLink, IconSchool, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { HelpFlagsShown } from '../../../app/branding/queries.ts';
import { useHasPermission } from '../../../app/session/queries.ts';
import { KNOWLEDGE_BASE_PATH } from '../help-links.ts';
import { useHelpSuggestionsQuery } from '../queries.ts';
import { HelpArticleList } from './help-article-list.tsx';
import { HelpLoading } from './help-loading.tsx';
import { HelpVideoTutorials } from './help-video-tutorials.tsx';

const Suggestions = ({ onOpenArticle }: { onOpenArticle: (slug: string) => void }) => {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const suggestions = useHelpSuggestionsQuery(pathname);
  if (suggestions.isPending) return <HelpLoading />;
  if (suggestions.isError) return <Alert color="red">{t('help.suggestedError')}</Alert>;
  const { articles, knowledgeBase = [] } = suggestions.data;
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Stack gap="sm">
      {articles.length > 0 ? (
        <HelpArticleList
          label={t('help.suggested')}
          items={articles.map((article) => ({ ...article, detail: article.summary }))}
          onOpen={onOpenArticle}
        />
      ) : (
        knowledgeBase.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('help.suggestedEmpty')}
          </Text>
        )
      )}
      {/* On an organization's dashboard: its own knowledge-base articles, opened on their console screen. */}
      {knowledgeBase.length > 0 && (
        <Stack gap={4}>
          <Title order={6}>{t('help.suggestedKnowledgeBase')}</Title>
          <HelpArticleList
            label={t('help.suggestedKnowledgeBase')}
            items={knowledgeBase.map((article) => ({
              slug: `knowledge-base-${article.id}`,
              title: article.title,
              detail: t('help.updatedOn', { date: updated.format(new Date(article.updatedAt)) }),
              path: article.path,
            }))}
            onOpen={onOpenArticle}
          />
        </Stack>
      )}
    </Stack>
  );
};

const iconProps = { size: 14, 'aria-hidden': true, style: { verticalAlign: 'middle' } } as const;

/**
 * Spec §2, §6, §9: the articles suggested for the screen shown, the video tutorials, then the ways to more
 * help; each part only when the branding shows it.
 */
export const HelpDefaultView = ({
  flags,
  onOpenArticle,
  onSubmitTicket,
}: {
  flags: HelpFlagsShown;
  onOpenArticle: (slug: string) => void;
  onSubmitTicket: () => void;
}) => {
  const { t } = useTranslation();
  const { isArticlesShown, isVideoTutorialsShown, academy } = flags;
  // The branding shows the link; the role decides whether this user may send one.
  const canSubmitTicket = useHasPermission('helpTickets.submit');
  const isSubmitTicketShown = flags.isSubmitTicketShown && canSubmitTicket;
  const hasMore = isArticlesShown || isSubmitTicketShown || academy !== null;
  return (
    <Stack gap="lg">
      {isArticlesShown && (
        <Stack gap="xs">
          <Title order={5}>{t('help.suggested')}</Title>
          <Suggestions onOpenArticle={onOpenArticle} />
        </Stack>
      )}
      {isVideoTutorialsShown && (
        <Stack gap="xs">
          <Title order={5}>{t('help.videoTutorials')}</Title>
          <HelpVideoTutorials />
        </Stack>
      )}
      {hasMore && (
        <Stack gap="xs">
          <Title order={5}>{t('help.more')}</Title>
          {isArticlesShown && (
            <Anchor component={Link} to={KNOWLEDGE_BASE_PATH} size="sm">
              <IconBook {...iconProps} /> {t('help.knowledgeBase')}
            </Anchor>
          )}
          {academy && (
            // A same-origin GET the server answers with a redirect to the academy (signed in when SSO is set).
            <Anchor href={academy.loginPath} target="_blank" rel="noopener" size="sm">
              <IconSchool {...iconProps} /> {academy.name} <IconExternalLink size={12} aria-hidden />
            </Anchor>
          )}
          {isSubmitTicketShown && (
            <Anchor component="button" type="button" size="sm" ta="left" onClick={onSubmitTicket}>
              <IconTicket {...iconProps} /> {t('help.submitTicket')}
            </Anchor>
          )}
        </Stack>
      )}
      {!isArticlesShown && !isVideoTutorialsShown && !hasMore && (
        <Text size="sm" c="dimmed">
          {t('help.nothingShown')}
        </Text>
      )}
    </Stack>
  );
};
