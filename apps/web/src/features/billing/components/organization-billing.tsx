import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AgreementsPanel } from './agreements-panel.tsx';
import { InvoicesTable } from './invoices-table.tsx';
import { LicenseDriftTable } from './license-drift-table.tsx';

const tabs = ['agreements', 'invoices', 'drift'] as const;
type Tab = (typeof tabs)[number];

/** An organization's billing: its agreements, its invoices and its license drift (the tab in the URL). */
export const OrganizationBilling = ({ organization }: { organization: { id: number; name: string } }) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'agreements';
  return (
    <Tabs
      value={tab}
      onChange={(value) => setParams(value && value !== 'agreements' ? { tab: value } : {})}
      keepMounted={false}
    >
      <Tabs.List aria-label={t('billing.tabs.label')} mb="md">
        {tabs.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {t(`billing.tabs.${value}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="agreements">
        <AgreementsPanel organization={organization} />
      </Tabs.Panel>
      <Tabs.Panel value="invoices">
        <InvoicesTable organizationId={organization.id} />
      </Tabs.Panel>
      <Tabs.Panel value="drift">
        <LicenseDriftTable organizationId={organization.id} />
      </Tabs.Panel>
    </Tabs>
  );
};
