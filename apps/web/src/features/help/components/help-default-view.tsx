import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { IconBook, IconExternalLink, IconSchool, IconTicket, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type HelpMenuLinks, KNOWLEDGE_BASE_PATH } from '../help-links.ts';
import { useHelpSuggestionsQuery } from '../queries.ts';
import { HelpArticleList } from './help-article-list.tsx';
import { HelpLoading } from './help-loading.tsx';

const Suggestions = ({ onOpenArticle }: { onOpenArticle: (slug: string) => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const suggestions = useHelpSuggestionsQuery(pathname);
  if (suggestions.isPending) return <HelpLoading />;
  if (suggestions.isError) return <Alert color="red">{t('help.suggestedError')}</Alert>;
  if (suggestions.data.articles.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('help.suggestedEmpty')}
      </Text>
    );
  return (
    <HelpArticleList
      label={t('help.suggested')}
      items={suggestions.data.articles.map((article) => ({ ...article, detail: article.summary }))}
      onOpen={onOpenArticle}
    />
  );
};

const ExternalLink = ({ href, icon, label }: { href: string; icon: React.ReactNode; label: string }) => (
  <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
    {icon} {label} <IconExternalLink size={12} aria-hidden />
  </Anchor>
);

/** Spec §2: the articles suggested for the screen shown, then the ways to more help. */
export const HelpDefaultView = ({
  links,
  onOpenArticle,
  onSubmitTicket,
}: {
  links: HelpMenuLinks;
  onOpenArticle: (slug: string) => void;
  onSubmitTicket: () => void;
}) => {
  const { t } = useTranslation();
  const iconProps = { size: 14, 'aria-hidden': true, style: { verticalAlign: 'middle' } } as const;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={5}>{t('help.suggested')}</Title>
        <Suggestions onOpenArticle={onOpenArticle} />
      </Stack>
      <Stack gap="xs">
        <Title order={5}>{t('help.more')}</Title>
        <Anchor component={Link} to={KNOWLEDGE_BASE_PATH} size="sm">
          <IconBook {...iconProps} /> {t('help.knowledgeBase')}
        </Anchor>
        {links.videoTutorialsHref && (
          <ExternalLink
            href={links.videoTutorialsHref}
            icon={<IconVideo {...iconProps} />}
            label={t('help.videoTutorials')}
          />
        )}
        {links.academyHref && (
          <ExternalLink
            href={links.academyHref}
            icon={<IconSchool {...iconProps} />}
            label={t('help.academy')}
          />
        )}
        <Anchor component="button" type="button" size="sm" ta="left" onClick={onSubmitTicket}>
          <IconTicket {...iconProps} /> {t('help.submitTicket')}
        </Anchor>
      </Stack>
    </Stack>
  );
};
