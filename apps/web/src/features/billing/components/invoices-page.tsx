import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { InvoicesTable } from './invoices-table.tsx';

/** `/administration/billing/invoices`: every invoice of the caller's organizations. */
export const InvoicesPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('billing.invoices.title')} />
      <InvoicesTable />
    </>
  );
};
