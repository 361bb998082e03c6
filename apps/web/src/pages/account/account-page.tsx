import { Tabs } from '@mantine/core';
import { type AccountTab, links } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useMeQuery } from '../../app/session/queries.ts';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SecurityTab } from '../../features/auth/components/security-tab.tsx';
import { ApiTokensTab } from '../../features/users/components/api-tokens-tab.tsx';
import { SessionsTab } from '../../features/users/components/sessions-tab.tsx';

const tabs: readonly AccountTab[] = ['security', 'sessions', 'apiTokens'];

/** `/account/<tab>`: every technician's own second factors, sessions and API tokens (no users.view needed). */
export const AccountPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab = 'security' } = useParams();
  const me = useMeQuery().data;
  if (!tabs.includes(tab as AccountTab)) return <NotFoundPage />;
  if (!me) return null;
  const self = { id: me.user.id, roleId: me.user.roleId };
  return (
    <>
      <PageHeader title={t('account.title')} />
      <Tabs
        value={tab}
        onChange={(value) => value && navigate(links.account(value as AccountTab), { replace: true })}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="security">{t('account.security')}</Tabs.Tab>
          <Tabs.Tab value="sessions">{t('account.sessions')}</Tabs.Tab>
          <Tabs.Tab value="apiTokens">{t('account.apiTokens')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="security">{tab === 'security' && <SecurityTab />}</Tabs.Panel>
        <Tabs.Panel value="sessions">{tab === 'sessions' && <SessionsTab user={self} />}</Tabs.Panel>
        <Tabs.Panel value="apiTokens">{tab === 'apiTokens' && <ApiTokensTab user={self} />}</Tabs.Panel>
      </Tabs>
    </>
  );
};
