import { ActionIcon, Box, CloseButton, Group, ScrollArea, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { HELP_SEARCH_DEBOUNCE_MS } from '@rmm/domain/constants';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrandingQuery, useHelpFlags } from '../../../app/branding/queries.ts';
import {
  canGoBack,
  currentHelpView,
  type HelpView,
  initialHelpViewStack,
  popHelpView,
  pushHelpView,
  showHelpResults,
} from '../view-stack.ts';
import { HelpDefaultView } from './help-default-view.tsx';
import { HelpLoading } from './help-loading.tsx';
import { HelpResultsView } from './help-results-view.tsx';

// The Markdown renderer loads with the first article opened, never with the console or the panel.
const HelpArticleView = lazy(() =>
  import('./help-article-view.tsx').then((module) => ({ default: module.HelpArticleView })),
);
// The ticket form (with its drop zone and uploads) loads when it is first opened.
const HelpTicketView = lazy(() =>
  import('./help-ticket-view.tsx').then((module) => ({ default: module.HelpTicketView })),
);

type HelpPanelProps = { onClose: () => void };

/**
 * The help side panel (spec §2 "Help menu", §4): a search box above the view on top of the view stack. Typing
 * switches to the article list; Back pops to the previous view. Escape and the close button are the frame's.
 * The parts shown follow the branding (spec §6): no articles, no search box.
 */
export const HelpPanel = ({ onClose }: HelpPanelProps) => {
  const { t } = useTranslation();
  const branding = useBrandingQuery();
  const flags = useHelpFlags();
  const [stack, setStack] = useState(initialHelpViewStack);
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query.trim(), HELP_SEARCH_DEBOUNCE_MS);
  const searchRef = useRef<HTMLInputElement>(null);
  const view = currentHelpView(stack);
  const open = (next: HelpView) => setStack((current) => pushHelpView(current, next));

  // Opening the panel puts the cursor in the search box (once the branding shows it), so a keyboard user can
  // type at once.
  useEffect(() => {
    if (flags.isArticlesShown) searchRef.current?.focus();
  }, [flags.isArticlesShown]);

  const search = (text: string) => {
    setQuery(text);
    setStack(showHelpResults);
  };

  return (
    <Stack h="100%" gap={0} role="complementary" aria-label={t('help.title')}>
      <Stack p="md" gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {canGoBack(stack) && (
              <ActionIcon variant="subtle" aria-label={t('help.back')} onClick={() => setStack(popHelpView)}>
                <IconArrowLeft size={18} />
              </ActionIcon>
            )}
            <Title order={4}>{t('help.title')}</Title>
          </Group>
          <CloseButton aria-label={t('help.close')} onClick={onClose} />
        </Group>
        {flags.isArticlesShown && (
          <TextInput
            ref={searchRef}
            type="search"
            aria-label={t('help.searchLabel')}
            placeholder={t('help.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(event) => search(event.currentTarget.value)}
          />
        )}
      </Stack>
      <ScrollArea style={{ flex: 1 }} px="md" pb="md">
        <Box pb="md">
          {view.kind === 'default' && branding.isPending && <HelpLoading />}
          {view.kind === 'default' && !branding.isPending && (
            <HelpDefaultView
              flags={flags}
              onOpenArticle={(slug) => open({ kind: 'article', slug })}
              onSubmitTicket={() => open({ kind: 'ticket' })}
            />
          )}
          {view.kind === 'results' && (
            <HelpResultsView
              query={debouncedQuery}
              isWaiting={query.trim() !== debouncedQuery}
              onOpenArticle={(slug) => open({ kind: 'article', slug })}
            />
          )}
          {view.kind === 'article' && (
            <Suspense fallback={<HelpLoading />}>
              <HelpArticleView key={view.slug} slug={view.slug} />
            </Suspense>
          )}
          {view.kind === 'ticket' && (
            <Suspense fallback={<HelpLoading />}>
              <HelpTicketView />
            </Suspense>
          )}
        </Box>
      </ScrollArea>
    </Stack>
  );
};
