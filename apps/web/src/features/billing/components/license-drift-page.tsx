import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { LicenseDriftTable } from './license-drift-table.tsx';

/** `/administration/billing/licenseDrift`: billed counts beside what is deployed, per organization. */
export const LicenseDriftPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('billing.drift.title')} />
      <LicenseDriftTable />
    </>
  );
};
