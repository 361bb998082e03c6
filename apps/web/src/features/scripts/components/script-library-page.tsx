import { Button, Tabs } from '@mantine/core';
import type { ScriptLibraryTab } from '@rmm/domain/links';
import { links } from '@rmm/domain/links';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { ScriptsList } from './scripts-list.tsx';
import { TemplatesList } from './templates-list.tsx';

const tabs: readonly ScriptLibraryTab[] = ['scripts', 'templates'];

/** `/administration/library/scripting/:page`: the library (`scripts`) and the shipped `templates`. */
export const ScriptLibraryPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { page = '' } = useParams();
  const canManage = useHasPermission('scripts.manage');
  if (!(tabs as readonly string[]).includes(page)) return <Navigate to={links.scriptLibrary()} replace />;
  const tab = page as ScriptLibraryTab;
  return (
    <>
      <PageHeader
        title={t('scripts.title')}
        actions={
          canManage && (
            <Button
              component={Link}
              to={links.scriptEditor('new')}
              state={{ from: location.pathname + location.search }}
              leftSection={<IconPlus size={16} />}
            >
              {t('scripts.new')}
            </Button>
          )
        }
      />
      <Tabs
        value={tab}
        onChange={(next) => next && navigate(links.scriptLibrary(next as ScriptLibraryTab))}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="scripts">{t('scripts.tab.scripts')}</Tabs.Tab>
          <Tabs.Tab value="templates">{t('scripts.tab.templates')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="scripts">
          <ScriptsList />
        </Tabs.Panel>
        <Tabs.Panel value="templates">
          <TemplatesList />
        </Tabs.Panel>
      </Tabs>
    </>
  );
};
