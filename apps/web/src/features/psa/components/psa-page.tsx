import { Alert, Tabs } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMeQuery } from '../../../app/session/queries.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { usePsaSettingsQuery } from '../queries.ts';
import { ConnectionPanel } from './connection-panel.tsx';
import { MappingsPanel } from './mappings-panel.tsx';
import { RuleMappingsPanel } from './rule-mappings-panel.tsx';
import { SyncPanel } from './sync-panel.tsx';

const tabs = ['mappings', 'connection', 'products', 'configurationTypes', 'sync'] as const;
type Tab = (typeof tabs)[number];

/**
 * Administration → Apps → ConnectWise PSA (issue 22): the connection, the organization mappings (spec §3, §4),
 * the product and configuration-type mappings and the sync. The tab is in the URL (`?tab=`).
 */
export const PsaPage = () => {
  const { t } = useTranslation();
  const me = useMeQuery();
  const isEnabled = me.data?.featureFlags.psa_connectwise ?? false;
  const [params, setParams] = useSearchParams();
  const settings = usePsaSettingsQuery(isEnabled);
  const asked = params.get('tab') as Tab | null;
  // Without a tab in the URL: the connection while there is none, as the page first found it (saving one stays).
  const firstTab = useRef<Tab | null>(null);
  if (settings.data && firstTab.current === null)
    firstTab.current = settings.data.configured ? 'mappings' : 'connection';
  const tab: Tab = asked && tabs.includes(asked) ? asked : (firstTab.current ?? 'mappings');
  const setTab = (next: string | null) =>
    setParams((current) => {
      const kept = new URLSearchParams();
      if (next) kept.set('tab', next);
      for (const key of ['search', 'state', 'page'])
        if (next === 'mappings' && current.get(key)) kept.set(key, current.get(key)!);
      return kept;
    });

  if (!isEnabled)
    return (
      <>
        <PageHeader title={t('psa.title')} />
        <Alert icon={<IconInfoCircle size={18} />} color="gray">
          {t('psa.disabled')}
        </Alert>
      </>
    );
  return (
    <>
      <PageHeader title={t('psa.title')} />
      <QueryState query={settings}>
        {(connection) => (
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="mappings">{t('psa.tabs.mappings')}</Tabs.Tab>
              <Tabs.Tab value="connection">{t('psa.tabs.connection')}</Tabs.Tab>
              <Tabs.Tab value="products">{t('psa.tabs.products')}</Tabs.Tab>
              <Tabs.Tab value="configurationTypes">{t('psa.tabs.configurationTypes')}</Tabs.Tab>
              <Tabs.Tab value="sync">{t('psa.tabs.sync')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="connection">
              <ConnectionPanel connection={connection} />
            </Tabs.Panel>
            {(['mappings', 'products', 'configurationTypes', 'sync'] as const).map((panel) => (
              <Tabs.Panel key={panel} value={panel}>
                {!connection.configured ? (
                  <Alert icon={<IconInfoCircle size={18} />} color="yellow">
                    {t('psa.notConnected')}
                  </Alert>
                ) : panel === 'mappings' ? (
                  <MappingsPanel />
                ) : panel === 'sync' ? (
                  <SyncPanel connection={connection} />
                ) : (
                  <RuleMappingsPanel kind={panel === 'products' ? 'product' : 'configurationType'} />
                )}
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </QueryState>
    </>
  );
};
