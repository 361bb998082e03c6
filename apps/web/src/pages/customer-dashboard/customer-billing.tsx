import { Anchor, Breadcrumbs } from '@mantine/core';
import { links } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { OrganizationBilling } from '../../features/billing/components/organization-billing.tsx';
import { useOrganizationQuery } from '../../lib/organizations.ts';

const parseId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : undefined;
};

const Billing = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  const query = useOrganizationQuery(organizationId);
  return (
    <QueryState query={query} notFoundTitle={t('organizations.notFound')}>
      {(organization) => (
        <>
          <Breadcrumbs mb="xs" fz="sm">
            <Anchor component={Link} to={links.organization(organization.id)}>
              {organization.name}
            </Anchor>
          </Breadcrumbs>
          <PageHeader title={t('routes.customerDashboard.billing')} />
          <OrganizationBilling organization={organization} />
        </>
      )}
    </QueryState>
  );
};

/** `/customerDashboard/:id/billing`: the organization's agreements, invoices and license drift. */
export const CustomerBillingPage = () => {
  const id = parseId(useParams().id);
  if (id === undefined) return <NotFoundPage />;
  return <Billing key={id} organizationId={id} />;
};
