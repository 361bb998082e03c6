import { Tabs } from '@mantine/core';
import { brandingPages, links, type BrandingPage as Page } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { AcademyForm } from './academy-form.tsx';
import { BrandingGeneralForm } from './branding-general-form.tsx';
import { HelpFlagsForm } from './help-flags-form.tsx';
import { VideoTutorialsForm } from './video-tutorials-form.tsx';

const isPage = (page: string | undefined): page is Page => brandingPages.includes(page as Page);

/** `/administration/general/branding/:page`: name, logo and colour; help menu; video tutorials; academy. */
export const BrandingPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page } = useParams();
  const canManage = useHasPermission('settings.manage');
  if (!isPage(page)) return <Navigate to={links.branding()} replace />;
  return (
    <>
      <PageHeader title={t('branding.title')} />
      <Tabs
        value={page}
        onChange={(next) => next && navigate(links.branding(next as Page))}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {brandingPages.map((p) => (
            <Tabs.Tab key={p} value={p}>
              {t(`branding.tab.${p}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="general">
          <BrandingGeneralForm canManage={canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="help">
          <HelpFlagsForm canManage={canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="videos">
          <VideoTutorialsForm canManage={canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="academy">
          <AcademyForm canManage={canManage} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
};
