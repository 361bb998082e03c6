import { Button, Grid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useOrganizationQuery } from '../../../lib/organizations.ts';
import { useArticleQuery } from '../queries.ts';
import { type KnowledgeBaseParams, useKnowledgeBaseParams } from '../use-knowledge-base-params.ts';
import { ArticleEditor } from './article-editor.tsx';
import { ArticleList } from './article-list.tsx';
import { ArticleView } from './article-view.tsx';
import { FolderTree } from './folder-tree.tsx';

/** Typing waits this long before the search runs (and lands in the URL). */
export const KB_SEARCH_DEBOUNCE_MS = 300;

const SearchBox = ({ params }: { params: KnowledgeBaseParams }) => {
  const { t } = useTranslation();
  const [value, setValue] = useState(params.q ?? '');
  const search = useDebouncedCallback(params.setQuery, KB_SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      aria-label={t('knowledgeBase.searchLabel')}
      placeholder={t('knowledgeBase.searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      mb="sm"
    />
  );
};

const EditExisting = ({ id, params }: { id: number; params: KnowledgeBaseParams }) => {
  const { t } = useTranslation();
  const query = useArticleQuery(id);
  return (
    <QueryState query={query} notFoundTitle={t('knowledgeBase.notFound')}>
      {(article) => (
        <ArticleEditor
          article={article}
          onSaved={(saved) => params.openArticle(saved)}
          onCancel={() => params.openEditor(undefined)}
        />
      )}
    </QueryState>
  );
};

/** The folder tree beside the list, an article or the editor, as the URL says. */
const KnowledgeBaseScreen = ({ title, organizationId }: { title: ReactNode; organizationId?: number }) => {
  const { t } = useTranslation();
  const params = useKnowledgeBaseParams();
  const canManage = useHasPermission('knowledgeBase.manage');
  const content =
    params.edit === 'new' ? (
      <ArticleEditor
        defaults={{
          folderId: params.folderId === undefined ? null : String(params.folderId),
          organizationIds: organizationId === undefined ? [] : [String(organizationId)],
        }}
        onSaved={(id) => params.openArticle(id)}
        onCancel={() => params.openEditor(undefined)}
      />
    ) : params.edit !== undefined ? (
      <EditExisting id={params.edit} params={params} />
    ) : params.articleId !== undefined ? (
      <ArticleView
        id={params.articleId}
        canManage={canManage}
        onBack={() => params.openArticle(undefined)}
        onEdit={() => params.openEditor(params.articleId)}
      />
    ) : (
      <>
        <SearchBox params={params} />
        <ArticleList
          params={{
            page: params.page,
            pageSize: params.pageSize,
            q: params.q,
            folderId: params.folderId,
            organizationId,
          }}
          canManage={canManage}
          onOpen={params.openArticle}
          onPageChange={params.setPage}
        />
      </>
    );
  return (
    <>
      <PageHeader
        title={title}
        actions={
          canManage &&
          params.edit === undefined && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => params.openEditor('new')}>
              {t('knowledgeBase.new')}
            </Button>
          )
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <FolderTree selectedId={params.folderId} canManage={canManage} onSelect={params.setFolder} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>{content}</Grid.Col>
      </Grid>
    </>
  );
};

/** `/systemDashboard/knowledgeBase`: the MSP's own articles. */
export const KnowledgeBasePage = () => {
  const { t } = useTranslation();
  return <KnowledgeBaseScreen title={t('knowledgeBase.title')} />;
};

/** `/customerDashboard/:id/documentation/*`: the articles attached to the organization. */
export const OrganizationKnowledgeBasePage = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const query = useOrganizationQuery(Number(id) || undefined);
  return (
    <QueryState query={query} notFoundTitle={t('organizations.notFound')}>
      {(organization) => (
        <KnowledgeBaseScreen
          title={t('knowledgeBase.organizationTitle', { name: organization.name })}
          organizationId={organization.id}
        />
      )}
    </QueryState>
  );
};
