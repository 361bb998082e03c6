import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type HelpLanguage,
  helpLanguages,
  type KnowledgeBaseArticle,
  SaveKnowledgeBaseArticleRequest,
} from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MarkdownView } from '../../../components/markdown-view.tsx';
import { useOrganizationsQuery } from '../../../lib/organizations.ts';
import { folderOptions } from '../folder-tree-data.ts';
import { useFoldersQuery, useSaveArticleMutation } from '../queries.ts';

export type ArticleFormValues = {
  title: string;
  body: string;
  folderId: string | null;
  organizationIds: string[];
  language: HelpLanguage;
};

const languageNames: Record<HelpLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
  pl: 'Polski',
  ja: '日本語',
  zh: '中文',
};

const valuesOf = (
  article?: KnowledgeBaseArticle,
  defaults: Partial<ArticleFormValues> = {},
): ArticleFormValues => ({
  title: article?.title ?? '',
  body: article?.body ?? '',
  folderId: article?.folderId == null ? (defaults.folderId ?? null) : String(article.folderId),
  organizationIds: article ? article.organizationIds.map(String) : (defaults.organizationIds ?? []),
  language: article?.language ?? 'en',
});

/**
 * Writes a new article or edits one: title, Markdown text with a preview tab, folder, organizations and
 * the language its search stems by. Checked by the domain's schema before sending.
 */
export const ArticleEditor = ({
  article,
  defaults,
  onSaved,
  onCancel,
}: {
  article?: KnowledgeBaseArticle;
  /** A new article's folder and organizations (the folder or organization shown). */
  defaults?: Partial<ArticleFormValues>;
  onSaved: (id: number) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('write');
  const folders = useFoldersQuery();
  const organizations = useOrganizationsQuery({ page: 1, pageSize: 500 });
  const save = useSaveArticleMutation(article?.id);
  const schema = useMemo(
    () =>
      z.object({
        title: z
          .string()
          .trim()
          .min(1, t('knowledgeBase.validation.title'))
          .pipe(SaveKnowledgeBaseArticleRequest.shape.title),
        body: SaveKnowledgeBaseArticleRequest.shape.body,
      }),
    [t],
  );
  const form = useForm<ArticleFormValues>({
    initialValues: valuesOf(article, defaults),
    validate: zod4Resolver(schema),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      {
        title: values.title.trim(),
        body: values.body,
        folderId: values.folderId === null ? null : Number(values.folderId),
        organizationIds: values.organizationIds.map(Number),
        language: values.language,
      },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('knowledgeBase.saved') });
          onSaved(saved.id);
        },
      },
    ),
  );
  const body = form.getValues().body;
  return (
    <Paper withBorder p="lg">
      <form onSubmit={submit}>
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <Title order={3}>
              {article
                ? t('knowledgeBase.editor.edit', { title: article.title })
                : t('knowledgeBase.editor.new')}
            </Title>
            {save.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {save.error.message}
              </Alert>
            )}
            <TextInput
              label={t('knowledgeBase.field.title')}
              withAsterisk
              data-autofocus
              {...form.getInputProps('title')}
            />
            <Group grow align="flex-start">
              <Select
                label={t('knowledgeBase.field.folder')}
                placeholder={t('knowledgeBase.noFolder')}
                data={folderOptions(folders.data ?? [])}
                clearable
                searchable
                {...form.getInputProps('folderId')}
              />
              <Select
                label={t('knowledgeBase.field.language')}
                data={helpLanguages.map((language) => ({ value: language, label: languageNames[language] }))}
                allowDeselect={false}
                {...form.getInputProps('language')}
              />
            </Group>
            <MultiSelect
              label={t('knowledgeBase.field.organizations')}
              description={t('knowledgeBase.field.organizationsHint')}
              data={(organizations.data?.data ?? []).map((org) => ({
                value: String(org.id),
                label: org.name,
              }))}
              searchable
              clearable
              {...form.getInputProps('organizationIds')}
            />
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="write">{t('knowledgeBase.tab.write')}</Tabs.Tab>
                <Tabs.Tab value="preview">{t('knowledgeBase.tab.preview')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="write" pt="sm">
                <Textarea
                  label={t('knowledgeBase.field.body')}
                  description={t('knowledgeBase.field.bodyHint')}
                  rows={16}
                  resize="vertical"
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  {...form.getInputProps('body')}
                />
              </Tabs.Panel>
              <Tabs.Panel value="preview" pt="sm">
                {body.trim() ? (
                  <MarkdownView markdown={body} />
                ) : (
                  <Text c="dimmed">{t('knowledgeBase.previewEmpty')}</Text>
                )}
              </Tabs.Panel>
            </Tabs>
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
};
