import { Alert, Anchor, Blockquote, Code, List, Stack, Table, Text, Title } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components } from 'react-markdown';
import { useNavigate } from 'react-router';
import remarkGfm from 'remark-gfm';
import { ApiError } from '../../../lib/api.ts';
import { isConsolePath } from '../help-links.ts';
import { useHelpArticleQuery } from '../queries.ts';
import { HelpLoading } from './help-loading.tsx';

type AnchorProps = ComponentProps<'a'>;

/** Markdown elements drawn with Mantine, so code, tables and links follow the theme (and dark mode). */
const markdownComponents = (navigate: (to: string) => void): Components => ({
  a: ({ href = '', children }: AnchorProps) =>
    isConsolePath(href) ? (
      // A console screen opens in place; the panel stays open (an editor route closes it).
      <Anchor
        href={href}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          navigate(href);
        }}
      >
        {children}
      </Anchor>
    ) : (
      <Anchor href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Anchor>
    ),
  p: ({ children }) => <Text size="sm">{children}</Text>,
  blockquote: ({ children }) => (
    <Blockquote p="sm" fz="sm">
      {children}
    </Blockquote>
  ),
  h1: ({ children }) => <Title order={4}>{children}</Title>,
  h2: ({ children }) => <Title order={5}>{children}</Title>,
  h3: ({ children }) => <Title order={6}>{children}</Title>,
  ul: ({ children }) => (
    <List size="sm" withPadding>
      {children}
    </List>
  ),
  ol: ({ children }) => (
    <List type="ordered" size="sm" withPadding>
      {children}
    </List>
  ),
  li: ({ children }) => <List.Item>{children}</List.Item>,
  pre: ({ children }) => <>{children}</>,
  code: ({ className, children }) =>
    // Fenced blocks carry a language class or span lines; inline code is a single line.
    className || String(children).includes('\n') ? (
      <Code block>{String(children).replace(/\n$/, '')}</Code>
    ) : (
      <Code>{children}</Code>
    ),
  table: ({ children }) => (
    <Table.ScrollContainer minWidth={300}>
      <Table withTableBorder withColumnBorders striped fz="sm">
        {children}
      </Table>
    </Table.ScrollContainer>
  ),
  thead: ({ children }) => <Table.Thead>{children}</Table.Thead>,
  tbody: ({ children }) => <Table.Tbody>{children}</Table.Tbody>,
  tr: ({ children }) => <Table.Tr>{children}</Table.Tr>,
  th: ({ children }) => <Table.Th>{children}</Table.Th>,
  td: ({ children }) => <Table.Td>{children}</Table.Td>,
  img: ({ alt }) => <Text span>{alt}</Text>,
});

/** One help article, rendered from its Markdown without raw HTML (spec §2, issue 16 item 5). */
export const HelpArticleView = ({ slug }: { slug: string }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const article = useHelpArticleQuery(slug);
  if (article.isPending) return <HelpLoading />;
  if (article.isError)
    return (
      <Alert color="red">
        {article.error instanceof ApiError && article.error.status === 404
          ? t('help.articleNotFound')
          : t('help.articleError')}
      </Alert>
    );
  const isFallback = article.data.locale === 'en' && !i18n.language.toLowerCase().startsWith('en');
  return (
    <Stack gap="sm">
      <Title order={4}>{article.data.title}</Title>
      {isFallback && (
        <Text size="xs" c="dimmed">
          {t('help.inEnglish')}
        </Text>
      )}
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={markdownComponents(navigate)}>
        {article.data.body}
      </Markdown>
    </Stack>
  );
};
